import type { StripeInvoice } from './stripe-invoice.model.js';
import { newStripeId } from './stripe-id.js';
import type { StripeSubscription } from './stripe-subscription.model.js';

/** The invoice for the subscription's next period, as it stands after its first failed charge. */
export function toRenewalInvoice(subscription: StripeSubscription, created: number): StripeInvoice {
  return {
    id: newStripeId('in'),
    object: 'invoice',
    customer: subscription.customer,
    subscription: subscription.id,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
    },
    status: 'open',
    billing_reason: 'subscription_cycle',
    attempt_count: 1,
    amount_due: subscription.items.data.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0),
    currency: subscription.currency,
    created,
    livemode: false,
  };
}
