import { StripeParams } from './stripe-params.js';
import type { StripeMetadata } from './stripe-metadata.model.js';

export interface CreateCustomer {
  email: string | null;
  name: string | null;
  metadata: StripeMetadata;
}

export function readCreateCustomer(body: unknown): CreateCustomer {
  const params = StripeParams.of(body);
  return { email: params.string('email') ?? null, name: params.string('name') ?? null, metadata: params.metadata() };
}
