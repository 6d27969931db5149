import { billingPeriod } from './billing-period.js';
import type { CheckoutLineItem } from './checkout-line-item.model.js';
import type { StripeMetadata } from './stripe-metadata.model.js';
import { newStripeId } from './stripe-id.js';
import type { StripeRecurring } from './stripe-price.model.js';
import type { StripeSubscription } from './stripe-subscription.model.js';

/**
 * The subscription a paid checkout starts, in its first period. Only recurring items become
 * subscription items; a one-time item was paid with the checkout.
 */
export function toSubscription(
  customer: string,
  lineItems: CheckoutLineItem[],
  recurring: StripeRecurring,
  metadata: StripeMetadata,
  created: number,
): StripeSubscription {
  const id = newStripeId('sub');
  const { start, end } = billingPeriod(created, recurring, 0);
  return {
    id,
    object: 'subscription',
    customer,
    status: 'active',
    metadata,
    currency: lineItems[0].currency,
    current_period_start: start,
    current_period_end: end,
    billing_cycle_anchor: created,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    start_date: created,
    items: {
      object: 'list',
      data: lineItems
        .filter((item) => item.recurring)
        .map((item) => ({
          id: newStripeId('si'),
          object: 'subscription_item',
          subscription: id,
          price: { id: newStripeId('price'), object: 'price', currency: item.currency, unit_amount: item.unitAmount, recurring: item.recurring },
          quantity: item.quantity,
          current_period_start: start,
          current_period_end: end,
          created,
        })),
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    created,
    livemode: false,
  };
}
