import { Injectable } from '@nestjs/common';
import { Clock } from '../clock.service.js';
import { billingPeriod } from './billing-period.js';
import type { CheckoutLineItem } from './checkout-line-item.model.js';
import type { EmittedEvent } from './emitted-event.model.js';
import { PaymentEvents } from './payment-events.service.js';
import { PaymentsError } from './payments-error.js';
import { PaymentsStore } from './payments-store.service.js';
import { toRenewalInvoice } from './renewal-invoice.mapper.js';
import type { StripeMetadata } from './stripe-metadata.model.js';
import type { StripeSubscription } from './stripe-subscription.model.js';
import type { SubscriptionRecord } from './subscription.record.js';
import { toSubscription } from './subscription.mapper.js';
import type { UpdateSubscription } from './update-subscription.dto.js';

export interface SubscriptionChange {
  subscription: StripeSubscription;
  emitted: EmittedEvent;
}

@Injectable()
export class Subscriptions {
  constructor(
    private readonly store: PaymentsStore,
    private readonly events: PaymentEvents,
    private readonly clock: Clock,
  ) {}

  /** Called for a paid subscription-mode checkout, whose items include a recurring price. */
  start(customer: string, lineItems: CheckoutLineItem[], metadata: StripeMetadata): StripeSubscription {
    const [recurring] = lineItems.flatMap((item) => (item.recurring ? [item.recurring] : []));
    const subscription = toSubscription(customer, lineItems, recurring, metadata, this.seconds());
    this.store.subscriptions.set(subscription.id, { subscription, recurring, period: 0 });
    return subscription;
  }

  get(id: string): StripeSubscription {
    return this.record(id).subscription;
  }

  update(id: string, { metadata }: UpdateSubscription): SubscriptionChange {
    const { subscription } = this.record(id);
    subscription.metadata = applyMetadata(subscription.metadata, metadata);
    return this.changed(subscription, 'customer.subscription.updated');
  }

  cancel(id: string): SubscriptionChange {
    const { subscription } = this.record(id);
    if (subscription.status === 'canceled') throw new PaymentsError('state_conflict', 'Subscription already canceled');
    const now = this.seconds();
    Object.assign(subscription, { status: 'canceled', canceled_at: now, ended_at: now });
    return this.changed(subscription, 'customer.subscription.deleted');
  }

  /** The renewal charge is declined: the subscription waits, past due, for a later attempt. */
  failRenewal(id: string): SubscriptionChange {
    const { subscription } = this.live(id);
    subscription.status = 'past_due';
    return { subscription, emitted: this.events.emit('invoice.payment_failed', toRenewalInvoice(subscription, this.seconds())) };
  }

  /** The renewal charge goes through: the next period starts and the subscription is active again. */
  payRenewal(id: string): SubscriptionChange {
    const record = this.live(id);
    const { subscription } = record;
    record.period += 1;
    const { start, end } = billingPeriod(subscription.billing_cycle_anchor, record.recurring, record.period);
    for (const holder of [subscription, ...subscription.items.data]) {
      holder.current_period_start = start;
      holder.current_period_end = end;
    }
    subscription.status = 'active';
    return this.changed(subscription, 'customer.subscription.updated');
  }

  private changed(subscription: StripeSubscription, type: string): SubscriptionChange {
    return { subscription, emitted: this.events.emit(type, subscription) };
  }

  private live(id: string): SubscriptionRecord {
    const record = this.record(id);
    if (record.subscription.status === 'canceled') throw new PaymentsError('state_conflict', 'Subscription is canceled');
    return record;
  }

  private record(id: string): SubscriptionRecord {
    const record = this.store.subscriptions.get(id);
    if (!record) throw new PaymentsError('resource_missing', `No such subscription: '${id}'`, 'id');
    return record;
  }

  private seconds(): number {
    return Math.floor(this.clock.now() / 1000);
  }
}

/** Stripe merges metadata into what is there, and a key sent empty is removed. */
function applyMetadata(current: StripeMetadata, update: StripeMetadata): StripeMetadata {
  const merged = { ...current, ...update };
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== ''));
}
