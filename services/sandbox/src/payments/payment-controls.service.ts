import { Injectable } from '@nestjs/common';

/** How the processor misbehaves, set by a test through PUT /stripe/controls. */
export interface PaymentControlSettings {
  /** Refuse every new checkout session with a 500, for the platform's checkout_failed path. */
  failCheckouts: boolean;
}

const DEFAULTS: PaymentControlSettings = { failCheckouts: false };

@Injectable()
export class PaymentControls {
  private settings: PaymentControlSettings = { ...DEFAULTS };

  get current(): PaymentControlSettings {
    return { ...this.settings };
  }

  set(settings: PaymentControlSettings): PaymentControlSettings {
    this.settings = { ...settings };
    return this.current;
  }

  reset(): void {
    this.settings = { ...DEFAULTS };
  }
}
