import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { EVENTS, type Plan, type SubscriptionStatus } from '@platform/contracts';
import { Outbox } from '@platform/messaging';
import { AccountEntity } from './account.entity.js';

export interface PlanState {
  plan: Plan;
  subscriptionStatus: SubscriptionStatus;
  subscriptionId?: string | null;
}

/**
 * The one way an account's plan or status changes: the row and its EVENTS.billing.planChanged
 * commit together (outbox). `occurredAt` only moves forward per account, even across replicas
 * whose clocks differ, because identity applies a change only if it is not older than the last one.
 */
@Injectable()
export class PlanChanges {
  constructor(private readonly outbox: Outbox) {}

  /** Whether anything changed; the caller's transaction holds the account row locked. */
  async apply(manager: EntityManager, account: AccountEntity, next: PlanState): Promise<boolean> {
    const subscriptionId = next.subscriptionId === undefined ? account.subscriptionId : next.subscriptionId;
    if (account.plan === next.plan && account.subscriptionStatus === next.subscriptionStatus && account.subscriptionId === subscriptionId) return false;
    const announce = account.plan !== next.plan || account.subscriptionStatus !== next.subscriptionStatus;
    const occurredAt = new Date(Math.max(Date.now(), (account.planChangedAt?.getTime() ?? 0) + 1));
    await manager.update(AccountEntity, { userId: account.userId }, {
      plan: next.plan, subscriptionStatus: next.subscriptionStatus, subscriptionId, ...(announce ? { planChangedAt: occurredAt } : {}),
    });
    if (announce) {
      await this.outbox.add(manager, EVENTS.billing.planChanged, {
        eventId: randomUUID(), userId: account.userId, plan: next.plan, subscriptionStatus: next.subscriptionStatus, occurredAt: occurredAt.toISOString(),
      });
    }
    Object.assign(account, { plan: next.plan, subscriptionStatus: next.subscriptionStatus, subscriptionId });
    return announce;
  }
}
