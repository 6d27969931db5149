import type { StripeMetadata } from './stripe-metadata.model.js';

export interface StripeCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: StripeMetadata;
  created: number;
  livemode: false;
}
