import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { BILLING_MESSAGES as M } from '@platform/contracts';
import { BILLING_ENV } from '../billing.tokens.js';
import type { BillingEnv } from '../billing.env.js';

export type ProcessorEvent = Stripe.Event;

export interface CheckoutRequest {
  mode: 'subscription' | 'payment';
  /** None for a payment nobody signed in makes (a wallet top-up): the processor takes the card details alone. */
  customerId?: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  productName: string;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
}

/** A checkout session: its id names the payment in the processor's events. */
export interface CheckoutSession {
  id: string;
  url: string;
}

/** The processor was not configured (no key): the platform runs without taking payments. */
export class ProcessorNotConfiguredError extends Error {
  constructor() {
    super(M.notConfigured);
  }
}

/**
 * The payment processor, through its own SDK only. BILLING_PROCESSOR_URL points the SDK at the
 * sandbox in development and tests; production leaves it at the processor's API.
 */
@Injectable()
export class PaymentProcessor {
  private readonly stripe?: Stripe;

  constructor(@Inject(BILLING_ENV) private readonly env: BillingEnv) {
    if (!env.BILLING_PROCESSOR_KEY) return;
    const api = new URL(env.BILLING_PROCESSOR_URL);
    this.stripe = new Stripe(env.BILLING_PROCESSOR_KEY, {
      host: api.hostname,
      port: api.port || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol === 'https:' ? 'https' : 'http',
      timeout: env.BILLING_PROCESSOR_TIMEOUT_MS,
      maxNetworkRetries: 1,
      telemetry: false,
    });
  }

  get configured(): boolean {
    return this.stripe !== undefined;
  }

  async createCustomer(userId: string, email: string): Promise<string> {
    const customer = await this.client().customers.create({ email, metadata: { userId } }, { idempotencyKey: `customer-${userId}` });
    return customer.id;
  }

  /** The session, with the URL the paying customer is sent to. */
  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const session = await this.client().checkout.sessions.create({
      mode: request.mode,
      ...(request.customerId ? { customer: request.customerId } : {}),
      line_items: [{
        quantity: 1,
        price_data: {
          currency: request.currency,
          unit_amount: request.amount,
          product_data: { name: request.productName },
          ...(request.mode === 'subscription' ? { recurring: { interval: 'month' as const } } : {}),
        },
      }],
      metadata: request.metadata,
      ...(request.mode === 'subscription' ? { subscription_data: { metadata: request.metadata } } : {}),
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
    if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
    return { id: session.id, url: session.url };
  }

  /**
   * The processor's event, if `signature` (`t=…,v1=…`) signs exactly `rawBody` with
   * BILLING_WEBHOOK_SECRET within 300 s; otherwise undefined.
   */
  verify(rawBody: string, signature: string | undefined): ProcessorEvent | undefined {
    if (!signature || !rawBody || !this.env.BILLING_WEBHOOK_SECRET) return undefined;
    try {
      return Stripe.webhooks.constructEvent(rawBody, signature, this.env.BILLING_WEBHOOK_SECRET, 300);
    } catch {
      return undefined;
    }
  }

  private client(): Stripe {
    if (!this.stripe) throw new ProcessorNotConfiguredError();
    return this.stripe;
  }
}
