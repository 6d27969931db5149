import type { StripeRecurring } from './stripe-price.model.js';
import type { StripeSubscription } from './stripe-subscription.model.js';

export interface SubscriptionRecord {
  subscription: StripeSubscription;
  recurring: StripeRecurring;
  /** Periods are counted from the start, so a month-end anchor is kept (Jan 31, Feb 28, Mar 31). */
  period: number;
}
