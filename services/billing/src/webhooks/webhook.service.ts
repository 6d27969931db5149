import { Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import {
  ApiError, BILLING_EVENT_TYPES as TYPES, BILLING_MESSAGES as M, CHECKOUT_METADATA as META, type ReceivedReply,
} from '@platform/contracts';
import { Db } from '@platform/database';
import { Outbox } from '@platform/messaging';
import { ServiceMetrics, WebhookMetrics } from '@platform/ops';
import { CreditPurchases } from '../accounts/credit-purchases.js';
import { PaymentProcessor, type ProcessorEvent } from '../processor/payment-processor.js';
import { RANK, statusOf } from '../subscriptions/subscription-events.js';
import { SubscriptionLifecycle, type Applied, type SubscriptionFacts } from '../subscriptions/subscription-lifecycle.js';
import { WalletTopUps } from './wallet-top-ups.js';
import { WebhookEventEntity, type WebhookOutcome } from './webhook-event.entity.js';

/** The sender in webhook_events_total. */
const SOURCE = 'payments';

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  (typeof value === 'string' ? value : value?.id ?? null);

/**
 * The processor's webhooks. An event is stored, by id, in the transaction that acts on it: a
 * redelivery (or a concurrent duplicate, which waits on the first one's row) finds it and does
 * nothing, and an event nobody can act on (an unknown user, a type we do not handle) is still kept.
 */
@Injectable()
export class WebhookService {
  private readonly metrics: WebhookMetrics;

  constructor(
    private readonly db: Db,
    private readonly processor: PaymentProcessor,
    private readonly subscriptions: SubscriptionLifecycle,
    private readonly credits: CreditPurchases,
    private readonly topUps: WalletTopUps,
    private readonly outbox: Outbox,
    metrics: ServiceMetrics,
  ) {
    this.metrics = metrics.of(WebhookMetrics);
  }

  async receive(rawBody: string | undefined, signature: string | undefined): Promise<ReceivedReply> {
    const event = this.processor.verify(rawBody ?? '', signature);
    if (!event) {
      this.metrics.refused(SOURCE);
      throw new ApiError(400, M.invalidSignature);
    }
    const handled = await this.db.asSystem(async (manager): Promise<WebhookOutcome | 'duplicate'> => {
      const stored = await manager.createQueryBuilder().insert().into(WebhookEventEntity)
        .values({ id: event.id, type: event.type, outcome: 'ignored', created: event.created, payload: event as object })
        .orIgnore().returning(['id']).updateEntity(false).execute();
      if (!stored.raw.length) return 'duplicate';
      const { outcome, userId } = await this.act(manager, event);
      await manager.update(WebhookEventEntity, { id: event.id }, { outcome, userId });
      return outcome;
    });
    // Counted once committed: a transaction that failed is the processor's to redeliver, and counted then.
    this.metrics.counted(SOURCE, event.type, handled);
    // Published now rather than at the relay's next pass: identity, agents and the AI layer act on them.
    void this.outbox.flush();
    return { received: true };
  }

  private act(manager: EntityManager, event: ProcessorEvent): Promise<Applied> {
    const position = (rank: number) => ({ created: event.created, rank });
    // Signed but without the object every handled type carries: kept, never a 500 the processor would retry forever.
    if (typeof event.data?.object !== 'object' || event.data.object === null) return Promise.resolve({ outcome: 'ignored', userId: null });
    switch (event.type) {
      case TYPES.checkoutCompleted:
        return this.checkoutCompleted(manager, event.data.object, event);
      case TYPES.subscriptionUpdated:
        return this.subscriptions.changed(manager, subscriptionFacts(event.data.object), statusOf(event.data.object.status), position(RANK.changed));
      case TYPES.subscriptionDeleted:
        return this.subscriptions.changed(manager, subscriptionFacts(event.data.object), 'canceled', position(RANK.ended));
      case TYPES.invoicePaymentFailed:
        return this.paymentFailed(manager, event.data.object, position(RANK.changed));
      default:
        return Promise.resolve({ outcome: 'ignored', userId: null });
    }
  }

  private checkoutCompleted(manager: EntityManager, session: Stripe.Checkout.Session, event: ProcessorEvent): Promise<Applied> {
    const metadata = session.metadata ?? {};
    switch (metadata[META.type]) {
      case 'subscription': {
        const id = idOf(session.subscription);
        if (!id) return Promise.resolve({ outcome: 'ignored', userId: null });
        return this.subscriptions.paid(manager, {
          id, customerId: idOf(session.customer), plan: metadata[META.plan], userId: metadata[META.userId],
        }, { created: event.created, rank: RANK.paid });
      }
      case 'credit_pack':
        return this.credits.paid(manager, session.id, metadata);
      case 'wallet_top_up':
        return this.topUps.paid(manager, session.id, metadata, event.created);
      default:
        return Promise.resolve({ outcome: 'ignored', userId: null });
    }
  }

  /** Older API versions name the subscription on the invoice, newer ones under `parent`. */
  private paymentFailed(manager: EntityManager, invoice: Stripe.Invoice, position: { created: number; rank: number }): Promise<Applied> {
    const legacy = (invoice as Stripe.Invoice & { subscription?: string | { id: string } | null }).subscription;
    const id = idOf(legacy) ?? idOf(invoice.parent?.subscription_details?.subscription);
    if (!id) return Promise.resolve({ outcome: 'ignored', userId: null });
    return this.subscriptions.changed(manager, { id, customerId: idOf(invoice.customer) }, 'past_due', position);
  }
}

function subscriptionFacts(subscription: Stripe.Subscription): SubscriptionFacts {
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer),
    plan: subscription.metadata?.[META.plan],
    userId: subscription.metadata?.[META.userId],
  };
}
