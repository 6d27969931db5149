import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { AGENT_MESSAGES as M, ApiError, EVENTS, illegalTransition, type AgentStatus } from '@platform/contracts';
import { Db } from '@platform/database';
import { Outbox } from '@platform/messaging';
import { AgentEntity } from './agent.entity.js';
import { allows, nextStatus, type AgentAction } from './agent-state-machine.js';

/** Web callers see their own agents only (row-level security); bearer routes and workers see all. */
export type Scope = { userId: string } | 'system';

export interface TransitionChanges {
  reason?: string | null;
  runtimeUrl?: string | null;
  startedAt?: Date;
}

/** A runtime URL outlives none of these (a suspended agent's runtime may still exist, but serves nothing). */
const WITHOUT_RUNTIME: readonly AgentStatus[] = ['stopped', 'suspended', 'error', 'deleted'];

/** Statuses whose reason is kept on the agent for the owner to read. */
const WITH_REASON: readonly AgentStatus[] = ['error', 'degraded', 'suspended'];

/**
 * The one place an agent's status changes: the state machine's table decides, and the change and its
 * status-changed event commit together through the outbox.
 */
@Injectable()
export class AgentLifecycle {
  constructor(private readonly db: Db, private readonly outbox: Outbox) {}

  inScope<T>(scope: Scope, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return scope === 'system' ? this.db.asSystem(work) : this.db.withUser(scope.userId, work);
  }

  /** Another user's agent is invisible under row-level security, and a malformed id never reaches the uuid column: a 404 like a missing one. */
  async find(scope: Scope, id: string): Promise<AgentEntity> {
    const agent = isUUID(id) ? await this.inScope(scope, (manager) => manager.findOneBy(AgentEntity, { id })) : null;
    if (!agent) throw new ApiError(404, M.agentNotFound);
    return agent;
  }

  /** Inserts a new agent in its first status and announces it; `before` runs first in the same transaction. */
  async create(
    scope: Scope,
    fields: Omit<AgentEntity, 'createdAt' | 'updatedAt'>,
    before: (manager: EntityManager) => Promise<void> = async () => undefined,
  ): Promise<AgentEntity> {
    const agent = await this.inScope(scope, async (manager) => {
      await before(manager);
      const created = await manager.save(manager.create(AgentEntity, fields));
      await this.announce(manager, created);
      return created;
    });
    void this.outbox.flush();
    return agent;
  }

  /**
   * 404 for an agent the scope cannot see, 409 when the table does not allow the action from its
   * status. `precondition` sees the locked row first and may throw its own refusal.
   */
  async transition(
    scope: Scope, id: string, action: AgentAction, changes: TransitionChanges = {}, precondition?: (agent: AgentEntity) => void,
  ): Promise<AgentEntity> {
    if (!isUUID(id)) throw new ApiError(404, M.agentNotFound);
    const agent = await this.inScope(scope, async (manager) => {
      const current = await manager.findOne(AgentEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!current) throw new ApiError(404, M.agentNotFound);
      precondition?.(current);
      if (!allows(action, current.status)) throw new ApiError(409, illegalTransition(action, current.status));
      const previousStatus = current.status;
      const status = nextStatus(action, previousStatus);
      if (status === previousStatus) return current;
      const runtimeUrl = WITHOUT_RUNTIME.includes(status) ? null : changes.runtimeUrl ?? current.runtimeUrl;
      const reason = WITH_REASON.includes(status) ? changes.reason ?? null : null;
      // Set here rather than by the database so the returned entity carries it: provisioning job ids include it.
      const updatedAt = new Date();
      if (status === 'deleted') {
        await manager.delete(AgentEntity, { id });
      } else {
        await manager.update(AgentEntity, { id }, {
          status, runtimeUrl, statusReason: reason, updatedAt, ...(changes.startedAt ? { startedAt: changes.startedAt } : {}),
        });
      }
      const changed = Object.assign(current, { status, runtimeUrl, statusReason: reason, updatedAt });
      await this.announce(manager, changed, previousStatus);
      return changed;
    });
    void this.outbox.flush();
    return agent;
  }

  /** For jobs and the watchdog: a transition another actor made moot is not an error, just nothing to do. */
  async tryTransition(id: string, action: AgentAction, changes: TransitionChanges = {}): Promise<AgentEntity | null> {
    try {
      return await this.transition('system', id, action, changes);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) return null;
      throw error;
    }
  }

  /** Announces the same status again with a new runtime URL (a runtime re-created at boot on another port). */
  async moveRuntime(id: string, runtimeUrl: string): Promise<void> {
    await this.db.asSystem(async (manager) => {
      const agent = await manager.findOne(AgentEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!agent || agent.runtimeUrl === runtimeUrl) return;
      await manager.update(AgentEntity, { id }, { runtimeUrl });
      await this.announce(manager, Object.assign(agent, { runtimeUrl }), agent.status);
    });
    void this.outbox.flush();
  }

  private async announce(manager: EntityManager, agent: AgentEntity, previousStatus?: AgentStatus): Promise<void> {
    await this.outbox.add(manager, EVENTS.agents.statusChanged, {
      eventId: randomUUID(),
      agentId: agent.id,
      userId: agent.userId,
      status: agent.status,
      ...(previousStatus ? { previousStatus } : {}),
      ...(agent.statusReason ? { reason: agent.statusReason } : {}),
      ...(agent.runtimeUrl ? { runtimeUrl: agent.runtimeUrl } : {}),
      occurredAt: new Date().toISOString(),
    });
  }
}
