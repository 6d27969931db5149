import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isSellablePlan, type SubscriptionStatus } from '@platform/contracts';
import { AccountEntity } from '../accounts/account.entity.js';
import { PlanChanges } from '../accounts/plan-changes.js';
import type { WebhookOutcome } from '../webhooks/webhook-event.entity.js';
import { isNewer, type EventPosition } from './subscription-events.js';
import { SubscriptionEntity } from './subscription.entity.js';

/** What the processor said about one subscription, whichever event said it. */
export interface SubscriptionFacts {
  id: string;
  customerId: string | null;
  /** From the metadata the platform gave the checkout; absent on invoices. */
  plan?: string;
  userId?: string;
}

export interface Applied {
  outcome: WebhookOutcome;
  userId: string | null;
}

/**
 * A subscription's life from the processor's events, applied in the webhook's transaction. The
 * account row is always locked before the subscription row, on every path, so two events of one
 * user wait for each other instead of deadlocking. The account follows its current subscription
 * (the one most recently paid for); events of an older subscription update only that one.
 */
@Injectable()
export class SubscriptionLifecycle {
  constructor(private readonly planChanges: PlanChanges) {}

  /** Checkout completed: the subscription is paid and becomes the account's current one. */
  async paid(manager: EntityManager, facts: SubscriptionFacts, position: EventPosition): Promise<Applied> {
    if (!facts.userId || !isSellablePlan(facts.plan)) return { outcome: 'ignored', userId: null };
    const account = await lockAccount(manager, { userId: facts.userId });
    if (!account) return { outcome: 'unknown_user', userId: null };
    const { row, moved } = await this.record(manager, account, facts, 'active', position);
    if (!account.customerId && facts.customerId) await manager.update(AccountEntity, { userId: account.userId }, { customerId: facts.customerId });
    const changed = await this.planChanges.apply(manager, account, { plan: row.plan, subscriptionStatus: row.status, subscriptionId: row.id });
    return { outcome: moved || changed ? 'applied' : 'stale', userId: account.userId };
  }

  /** Updated, renewal failed, or ended. */
  async changed(manager: EntityManager, facts: SubscriptionFacts, status: SubscriptionStatus, position: EventPosition): Promise<Applied> {
    const known = await manager.findOneBy(SubscriptionEntity, { id: facts.id });
    const account = await lockAccount(manager, known ? { userId: known.userId } : facts.customerId ? { customerId: facts.customerId } : null);
    if (!account) return { outcome: 'unknown_user', userId: null };
    const { row, moved } = await this.record(manager, account, facts, status, position);
    if (!moved) return { outcome: 'stale', userId: account.userId };
    // A subscription heard of before its checkout completed becomes current only if there is none yet.
    if (account.subscriptionId === row.id || !account.subscriptionId) {
      await this.planChanges.apply(manager, account, { plan: row.plan, subscriptionStatus: row.status, subscriptionId: row.id });
    }
    return { outcome: 'applied', userId: account.userId };
  }

  /**
   * The subscription row after this event; `moved` is false when the event was older than what it
   * holds. Its plan is the checkout's, else the row's, else (an invoice heard of first) the account's.
   */
  private async record(
    manager: EntityManager, account: AccountEntity, facts: SubscriptionFacts, status: SubscriptionStatus, position: EventPosition,
  ): Promise<{ row: SubscriptionEntity; moved: boolean }> {
    const current = await manager.findOne(SubscriptionEntity, { where: { id: facts.id }, lock: { mode: 'pessimistic_write' } });
    if (current && !isNewer(position, { created: current.eventCreated, rank: current.eventRank, status: current.status })) {
      return { row: current, moved: false };
    }
    const plan = isSellablePlan(facts.plan) ? facts.plan : current?.plan ?? account.plan;
    const row = manager.create(SubscriptionEntity, { id: facts.id, userId: account.userId, plan, status, eventCreated: position.created, eventRank: position.rank });
    await manager.save(row);
    return { row, moved: true };
  }
}

function lockAccount(manager: EntityManager, where: { userId: string } | { customerId: string } | null): Promise<AccountEntity | null> {
  return where ? manager.findOne(AccountEntity, { where, lock: { mode: 'pessimistic_write' } }) : Promise.resolve(null);
}
