import type { StripeMetadata } from './stripe-metadata.model.js';

export interface StripeInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  /** Older API versions' place for it; newer ones (and the SDK's types) read parent.subscription_details. */
  subscription: string;
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: StripeMetadata };
  };
  status: 'open';
  billing_reason: 'subscription_cycle';
  attempt_count: number;
  amount_due: number;
  currency: string;
  created: number;
  livemode: false;
}
