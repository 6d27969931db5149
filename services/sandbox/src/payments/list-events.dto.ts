import { StripeParams } from './stripe-params.js';

/** Stripe's default page size and its largest. */
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;

export interface ListEvents {
  limit: number;
  /** An event id: the page starts after it, as the SDK's auto-pagination asks. */
  startingAfter?: string;
}

export function readListEvents(query: unknown): ListEvents {
  const params = StripeParams.of(query);
  return { limit: params.integer('limit', 1, MAX_LIMIT) ?? DEFAULT_LIMIT, startingAfter: params.string('starting_after') };
}
