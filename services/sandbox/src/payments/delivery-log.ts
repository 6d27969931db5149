import type { WebhookDelivery } from './webhook-delivery.model.js';

/** The latest deliveries of a provider's webhooks, oldest first, for the hooks that list them. */
export class DeliveryLog {
  private readonly entries: WebhookDelivery[] = [];

  constructor(private readonly limit = 10_000) {}

  add(delivery: WebhookDelivery): void {
    this.entries.push(delivery);
    if (this.entries.length > this.limit) this.entries.shift();
  }

  all(): WebhookDelivery[] {
    return [...this.entries];
  }

  clear(): void {
    this.entries.length = 0;
  }
}
