import { Counter, type Registry } from 'prom-client';

/** Not the type: the sender's signature was missing or wrong, so nothing in the body is believed. */
export const UNVERIFIED_TYPE = 'unverified';

/**
 * Signed webhooks from third parties (the payment processor, the streaming provider), counted once
 * handled: by sender, event type and what acting on it did, `duplicate` for a redelivery found
 * stored and `refused` for a signature not accepted. A sender retrying refusals, or events nobody
 * can act on piling up, show here before a user notices.
 */
export class WebhookMetrics {
  private readonly events: Counter<'source' | 'type' | 'outcome'>;

  constructor(registry: Registry) {
    this.events = new Counter({
      name: 'webhook_events_total',
      help: 'Webhook events received, by source, event type and outcome (applied, ignored, duplicate, refused, ...).',
      labelNames: ['source', 'type', 'outcome'],
      registers: [registry],
    });
  }

  counted(source: string, type: string, outcome: string): void {
    this.events.inc({ source, type, outcome });
  }

  refused(source: string): void {
    this.counted(source, UNVERIFIED_TYPE, 'refused');
  }
}
