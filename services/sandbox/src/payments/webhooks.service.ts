import { BILLING_SIGNATURE_HEADER } from '@platform/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../clock.service.js';
import { SANDBOX_CONFIG, type SandboxConfig } from '../sandbox.config.js';
import type { StripeEvent } from './stripe-event.model.js';
import type { WebhookDelivery } from './webhook-delivery.model.js';
import { WebhookSender, type DeliveryStatus } from './webhook-sender.service.js';
import { signWebhookPayload } from './webhook-signature.js';

/** The delivery log keeps the latest deliveries only. */
const DELIVERY_LOG_LIMIT = 10_000;

export interface WebhookTarget {
  url: string;
  secret: string;
}

/** Signs and sends events to the one configured endpoint, and logs each delivery. */
@Injectable()
export class Webhooks {
  private target: WebhookTarget;
  private readonly log: WebhookDelivery[] = [];

  constructor(
    @Inject(SANDBOX_CONFIG) config: SandboxConfig,
    private readonly sender: WebhookSender,
    private readonly clock: Clock,
  ) {
    this.target = { url: config.billingWebhookUrl, secret: config.billingWebhookSecret };
  }

  /** Tests start the sandbox before the platform, so the endpoint is learned late. Without a secret, the current one stays. */
  retarget(url: string, secret?: string): { url: string } {
    this.target = { url, secret: secret ?? this.target.secret };
    return { url };
  }

  /** Signed afresh each time, so a redelivery carries a current timestamp. */
  async deliver(event: StripeEvent): Promise<DeliveryStatus> {
    const { url, secret } = this.target;
    const body = JSON.stringify(event);
    const signature = signWebhookPayload(body, secret, Math.floor(this.clock.now() / 1000));
    const status = await this.sender.post(url, body, {
      'content-type': 'application/json',
      [BILLING_SIGNATURE_HEADER]: signature,
      // The SDK's own header name, for a receiver written against Stripe's documentation.
      'stripe-signature': signature,
    });
    this.log.push({ eventId: event.id, type: event.type, status, at: new Date(this.clock.now()).toISOString() });
    if (this.log.length > DELIVERY_LOG_LIMIT) this.log.shift();
    return status;
  }

  /** Oldest first. */
  deliveries(): WebhookDelivery[] {
    return [...this.log];
  }

  clearDeliveries(): void {
    this.log.length = 0;
  }
}
