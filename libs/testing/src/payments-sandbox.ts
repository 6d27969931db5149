import { sandboxHook } from './sandbox-hook.js';

/** What a sandbox hook answers after delivering a signed event to the platform. */
export interface Delivery {
  /** The platform's HTTP status for the webhook. */
  delivered: number;
  eventId: string;
  subscriptionId?: string;
}

/**
 * The sandbox payment processor's customer-side hooks (docs/sandbox.md): what a person does at the
 * processor's pages, done over HTTP as a script would.
 */
export class PaymentsSandbox {
  constructor(private readonly sandboxUrl: string) {}

  /** Where the processor delivers webhooks, and only there (the gateway's address is known only once it listens). */
  async useWebhook(url: string): Promise<void> {
    await this.hook('PUT', '/stripe/webhook', { url });
  }

  /** One more endpoint the processor delivers every webhook to, as a processor account with several does. */
  async addWebhook(url: string): Promise<void> {
    await this.hook('POST', '/stripe/webhooks', { url });
  }

  /** The checkout session a checkout URL of the sandbox names. */
  static sessionIdOf(checkoutUrl: string): string {
    const match = /\/stripe\/checkout\/([^/?#]+)/.exec(checkoutUrl);
    if (!match) throw new Error(`not a sandbox checkout URL: ${checkoutUrl}`);
    return match[1]!;
  }

  /** Pays a checkout: the processor then sends `checkout.session.completed`. */
  complete(checkoutUrl: string): Promise<Delivery> {
    return this.hook('POST', `/stripe/checkout/${PaymentsSandbox.sessionIdOf(checkoutUrl)}/complete`);
  }

  cancel(subscriptionId: string): Promise<Delivery> {
    return this.hook('POST', `/stripe/subscriptions/${subscriptionId}/cancel`);
  }

  failRenewal(subscriptionId: string): Promise<Delivery> {
    return this.hook('POST', `/stripe/subscriptions/${subscriptionId}/fail-renewal`);
  }

  payRenewal(subscriptionId: string): Promise<Delivery> {
    return this.hook('POST', `/stripe/subscriptions/${subscriptionId}/pay-renewal`);
  }

  redeliver(eventId: string): Promise<Delivery> {
    return this.hook('POST', `/stripe/events/${eventId}/redeliver`);
  }

  /** While on, the processor refuses to create checkout sessions (500). */
  async failCheckouts(on: boolean): Promise<void> {
    await (on ? this.hook('PUT', '/stripe/controls', { failCheckouts: true }) : this.hook('DELETE', '/stripe/controls'));
  }

  private hook<T = Delivery>(method: string, path: string, body?: unknown): Promise<T> {
    return sandboxHook<T>(this.sandboxUrl, method, path, body);
  }
}
