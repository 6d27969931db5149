import { BILLING_SIGNATURE_HEADER } from '@platform/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../clock.service.js';
import { SANDBOX_CONFIG, type SandboxConfig } from '../sandbox.config.js';
import { DeliveryLog } from './delivery-log.js';
import type { StripeEvent } from './stripe-event.model.js';
import type { WebhookDelivery } from './webhook-delivery.model.js';
import { WebhookSender, type DeliveryStatus } from './webhook-sender.service.js';
import { signWebhookPayload } from './webhook-signature.js';

export interface WebhookTarget {
  url: string;
  secret: string;
}

/**
 * Signs and sends events to every configured endpoint, as a processor with several webhook
 * endpoints does (each its own secret), and logs each delivery.
 */
@Injectable()
export class Webhooks {
  private targets: WebhookTarget[];
  private readonly log = new DeliveryLog();

  constructor(
    @Inject(SANDBOX_CONFIG) config: SandboxConfig,
    private readonly sender: WebhookSender,
    private readonly clock: Clock,
  ) {
    this.targets = [{ url: config.billingWebhookUrl, secret: config.billingWebhookSecret }];
  }

  /**
   * The one endpoint from now on (the others are dropped). Tests start the sandbox before the
   * platform, so the endpoint is learned late. Without a secret, the first endpoint's stays.
   */
  retarget(url: string, secret?: string): { url: string } {
    this.targets = [{ url, secret: secret ?? this.targets[0]!.secret }];
    return { url };
  }

  /** One more endpoint (or, for a URL already there, its new secret). Without a secret, the first endpoint's. */
  addTarget(url: string, secret?: string): { urls: string[] } {
    const target = { url, secret: secret ?? this.targets[0]!.secret };
    const index = this.targets.findIndex((existing) => existing.url === url);
    if (index === -1) this.targets.push(target);
    else this.targets[index] = target;
    return { urls: this.urls() };
  }

  urls(): string[] {
    return this.targets.map((target) => target.url);
  }

  /**
   * Signed afresh each time, so a redelivery carries a current timestamp. Sent to every endpoint at
   * once; the answer is the first endpoint's status, or the first failure (no answer, not 2xx) of any.
   */
  async deliver(event: StripeEvent): Promise<DeliveryStatus> {
    const statuses = await Promise.all(this.targets.map((target) => this.deliverTo(target, event)));
    return statuses.find((status) => status === null || status < 200 || status > 299) ?? statuses[0]!;
  }

  /** Oldest first. */
  deliveries(): WebhookDelivery[] {
    return this.log.all();
  }

  clearDeliveries(): void {
    this.log.clear();
  }

  private async deliverTo({ url, secret }: WebhookTarget, event: StripeEvent): Promise<DeliveryStatus> {
    const body = JSON.stringify(event);
    const signature = signWebhookPayload(body, secret, Math.floor(this.clock.now() / 1000));
    const status = await this.sender.post(url, body, {
      'content-type': 'application/json',
      [BILLING_SIGNATURE_HEADER]: signature,
      // The SDK's own header name, for a receiver written against Stripe's documentation.
      'stripe-signature': signature,
    });
    this.log.add({ eventId: event.id, type: event.type, url, status, at: new Date(this.clock.now()).toISOString() });
    return status;
  }
}
