export type RecurringInterval = 'day' | 'week' | 'month' | 'year';

export interface StripeRecurring {
  interval: RecurringInterval;
  interval_count: number;
}

/** An inline price (`price_data`) as Stripe reports it back on a subscription item. */
export interface StripePrice {
  id: string;
  object: 'price';
  currency: string;
  unit_amount: number;
  recurring: StripeRecurring | null;
}
