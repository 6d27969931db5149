import type { CheckoutLineItem } from './checkout-line-item.model.js';
import type { StripeCheckoutSession } from './stripe-checkout-session.model.js';
import type { StripeMetadata } from './stripe-metadata.model.js';

/** A session with what Stripe keeps behind it: the items it sells and the subscription-to-be's metadata. */
export interface CheckoutSessionRecord {
  session: StripeCheckoutSession;
  lineItems: CheckoutLineItem[];
  subscriptionMetadata: StripeMetadata;
}
