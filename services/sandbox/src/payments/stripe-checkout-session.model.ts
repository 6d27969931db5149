import type { StripeMetadata } from './stripe-metadata.model.js';

export type CheckoutMode = 'payment' | 'subscription';

export interface StripeCheckoutSession {
  id: string;
  object: 'checkout.session';
  /** The sandbox's own page for this session, on the host the creating request was sent to. */
  url: string;
  mode: CheckoutMode;
  customer: string | null;
  metadata: StripeMetadata;
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  subscription: string | null;
  payment_intent: string | null;
  success_url: string | null;
  cancel_url: string | null;
  created: number;
  livemode: false;
}
