import { Injectable } from '@nestjs/common';
import { BoundedMap } from './bounded-map.js';
import type { CheckoutSessionRecord } from './checkout-session.record.js';
import type { StripeCustomer } from './stripe-customer.model.js';
import type { StripeEvent } from './stripe-event.model.js';
import type { SubscriptionRecord } from './subscription.record.js';

/** Per kind of object; the oldest are forgotten first. */
const PAYMENTS_STORE_CAPACITY = 10_000;

/** The processor's account, in memory: a restart starts a fresh account. */
@Injectable()
export class PaymentsStore {
  readonly customers = new BoundedMap<StripeCustomer>(PAYMENTS_STORE_CAPACITY);
  readonly checkoutSessions = new BoundedMap<CheckoutSessionRecord>(PAYMENTS_STORE_CAPACITY);
  readonly subscriptions = new BoundedMap<SubscriptionRecord>(PAYMENTS_STORE_CAPACITY);
  readonly events = new BoundedMap<StripeEvent>(PAYMENTS_STORE_CAPACITY);
}
