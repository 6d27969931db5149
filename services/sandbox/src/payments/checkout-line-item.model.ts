import type { StripeRecurring } from './stripe-price.model.js';

/** One `line_items[n]` of a checkout session as the sandbox keeps it: Stripe only shows them on request. */
export interface CheckoutLineItem {
  productName: string;
  currency: string;
  unitAmount: number;
  quantity: number;
  recurring: StripeRecurring | null;
}
