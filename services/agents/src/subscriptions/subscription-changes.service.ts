import { Injectable, Logger } from '@nestjs/common';
import { In } from 'typeorm';
import { AGENT_MESSAGES as M, type AgentStatus, type PlanChangedEvent } from '@platform/contracts';
import { Db } from '@platform/database';
import { AgentEntity } from '../agents/agent.entity.js';
import { AgentLifecycle } from '../agents/agent-lifecycle.service.js';
import { TRANSITIONS } from '../agents/agent-state-machine.js';
import { ProvisioningService } from '../agents/provisioning.service.js';
import { SubscriptionStateEntity } from './subscription-state.entity.js';
import { SUBSCRIPTION_EFFECTS, supersedes, type SubscriptionEffect } from './subscription-policy.js';

/**
 * Agents a change touches. A canceled subscription also takes agents suspended already, so that a
 * redelivered event pauses a runtime a crash left running.
 */
const TOUCHED: Readonly<Record<Exclude<SubscriptionEffect, null>, readonly AgentStatus[]>> = {
  suspend: [...TRANSITIONS.suspend.from, 'suspended'],
  resume: TRANSITIONS.resume.from,
};

/**
 * Billing's plan changes applied to a user's agents: canceled suspends, active resumes what billing
 * suspended (a stopped agent stays stopped), past_due and inactive change nothing (docs/agents.md).
 * The event is the only input: nothing else is asked.
 */
@Injectable()
export class SubscriptionChanges {
  private readonly logger = new Logger(SubscriptionChanges.name);

  constructor(
    private readonly db: Db,
    private readonly lifecycle: AgentLifecycle,
    private readonly provisioning: ProvisioningService,
  ) {}

  /**
   * One user's events are applied one at a time, across replicas (an advisory lock held for the
   * whole change). The event is recorded as the last applied in the same transaction, after its
   * effects: a failure or crash in between leaves it unrecorded, and the redelivered event applies
   * again, finding done what was done.
   */
  async apply(event: PlanChangedEvent): Promise<void> {
    const { userId, eventId, subscriptionStatus } = event;
    const occurredAt = new Date(event.occurredAt);
    await this.db.asSystem(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`subscription-of:${userId}`]);
      const last = await manager.findOneBy(SubscriptionStateEntity, { userId });
      if (!supersedes({ eventId, occurredAt }, last)) {
        this.logger.log({ userId, msg: `plan change ${eventId} (${subscriptionStatus} at ${event.occurredAt}) ignored: not newer than the one applied` });
        return;
      }
      const effect = SUBSCRIPTION_EFFECTS[subscriptionStatus];
      const changed = effect ? await this.applyToAgents(userId, effect) : 0;
      await manager.upsert(SubscriptionStateEntity, { userId, subscriptionStatus, eventId, occurredAt }, ['userId']);
      this.logger.log({ userId, msg: `subscription ${subscriptionStatus}: ${effect ? `${changed} agent(s) ${effect === 'suspend' ? 'suspended' : 'resumed'}` : 'agents unchanged'}` });
    });
  }

  private async applyToAgents(userId: string, effect: Exclude<SubscriptionEffect, null>): Promise<number> {
    const agents = await this.lifecycle.inScope('system', (manager) =>
      manager.find(AgentEntity, { where: { userId, status: In([...TOUCHED[effect]]) }, select: { id: true } }));
    let changed = 0;
    for (const { id } of agents) {
      const moved = effect === 'suspend' ? await this.provisioning.suspend(id, M.subscriptionCanceled) : await this.provisioning.resume(id);
      if (moved) changed += 1;
    }
    return changed;
  }
}
