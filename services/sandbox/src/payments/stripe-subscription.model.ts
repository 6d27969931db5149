import type { StripeList } from './stripe-list.model.js';
import type { StripeMetadata } from './stripe-metadata.model.js';
import type { StripePrice } from './stripe-price.model.js';

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled';

export interface StripeSubscriptionItem {
  id: string;
  object: 'subscription_item';
  subscription: string;
  price: StripePrice;
  quantity: number;
  /** Where API versions since 2025-03-31 (the SDK's types included) report the period. */
  current_period_start: number;
  current_period_end: number;
  created: number;
}

export interface StripeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: SubscriptionStatus;
  metadata: StripeMetadata;
  currency: string;
  /** Also kept at the top level, where older API versions report it. */
  current_period_start: number;
  current_period_end: number;
  billing_cycle_anchor: number;
  cancel_at_period_end: false;
  canceled_at: number | null;
  ended_at: number | null;
  start_date: number;
  items: StripeList<StripeSubscriptionItem>;
  created: number;
  livemode: false;
}
