import { StripeParams } from './stripe-params.js';
import type { StripeMetadata } from './stripe-metadata.model.js';

export interface UpdateSubscription {
  /** Merged into the subscription's; a key sent empty is removed, as at Stripe. */
  metadata: StripeMetadata;
}

export function readUpdateSubscription(body: unknown): UpdateSubscription {
  return { metadata: StripeParams.of(body).metadata() };
}
