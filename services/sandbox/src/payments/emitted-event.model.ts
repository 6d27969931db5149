import type { StripeEvent } from './stripe-event.model.js';
import type { DeliveryStatus } from './webhook-sender.service.js';

/**
 * An event and its delivery, already under way: a hook waits for it and answers with the status;
 * the Stripe API answers at once, since Stripe delivers asynchronously and a caller holding a lock
 * across its API call must not wait on its own webhook handler.
 */
export interface EmittedEvent {
  event: StripeEvent;
  delivered: Promise<DeliveryStatus>;
}
