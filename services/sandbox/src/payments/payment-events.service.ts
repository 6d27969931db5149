import { Injectable } from '@nestjs/common';
import { Clock } from '../clock.service.js';
import type { EmittedEvent } from './emitted-event.model.js';
import type { ListEvents } from './list-events.dto.js';
import { PaymentsError } from './payments-error.js';
import { PaymentsStore } from './payments-store.service.js';
import type { StripeEvent } from './stripe-event.model.js';
import { newStripeId } from './stripe-id.js';
import type { StripeList } from './stripe-list.model.js';
import type { DeliveryStatus } from './webhook-sender.service.js';
import { Webhooks } from './webhooks.service.js';

/** The API version of the `stripe` SDK the platform pins (a spec holds them equal); events are rendered in it. */
const STRIPE_API_VERSION = '2026-10-28.endive';

@Injectable()
export class PaymentEvents {
  constructor(
    private readonly store: PaymentsStore,
    private readonly webhooks: Webhooks,
    private readonly clock: Clock,
  ) {}

  /** The object is copied: the event shows it as it was, whatever happens to it later. */
  emit(type: string, object: object): EmittedEvent {
    const event: StripeEvent = {
      id: newStripeId('evt'),
      object: 'event',
      type,
      created: Math.floor(this.clock.now() / 1000),
      data: { object: structuredClone(object) },
      livemode: false,
      api_version: STRIPE_API_VERSION,
    };
    this.store.events.set(event.id, event);
    return { event, delivered: this.webhooks.deliver(event) };
  }

  get(id: string): StripeEvent {
    const event = this.store.events.get(id);
    if (!event) throw new PaymentsError('resource_missing', `No such event: '${id}'`, 'id');
    return event;
  }

  /** Newest first, as Stripe lists them. */
  list({ limit, startingAfter }: ListEvents): StripeList<StripeEvent> {
    const events = this.store.events.newestFirst();
    const from = startingAfter === undefined ? 0 : indexAfter(events, startingAfter);
    return { object: 'list', data: events.slice(from, from + limit), has_more: events.length > from + limit, url: '/v1/events' };
  }

  redeliver(id: string): Promise<DeliveryStatus> {
    return this.webhooks.deliver(this.get(id));
  }
}

function indexAfter(events: StripeEvent[], id: string): number {
  const index = events.findIndex((event) => event.id === id);
  if (index === -1) throw new PaymentsError('parameter_invalid', `No such event: '${id}'`, 'starting_after');
  return index + 1;
}
