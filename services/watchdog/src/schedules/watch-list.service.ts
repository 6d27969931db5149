import { Injectable, Logger } from '@nestjs/common';
import type { AgentStatus, AgentStatusChangedEvent } from '@platform/contracts';
import { AgentsClient } from '../agents/agents.client.js';
import { CHECKED_STATUSES } from '../checks/agent-checks.service.js';
import { FRESH_START } from '../checks/check-state.js';
import { CheckStateStore } from '../checks/check-state.store.js';
import { logDecision } from '../checks/decision-log.js';
import { Clock } from '../clock.js';
import { CheckSchedules, type CheckPace } from './check-schedules.js';

/** Statuses that end watching: the schedule and the check state go. */
const UNWATCHED_STATUSES: ReadonlySet<AgentStatus> = new Set(['stopped', 'error', 'deleted']);

const paceOf = (status: AgentStatus): CheckPace => (status === 'degraded' ? 'degraded' : 'normal');

/** Which agents are watched, kept in step with the agents service by its events and by a reconciliation at boot. */
@Injectable()
export class WatchList {
  private readonly logger = new Logger('Watchdog');

  constructor(
    private readonly store: CheckStateStore,
    private readonly schedules: CheckSchedules,
    private readonly agents: AgentsClient,
    private readonly clock: Clock,
  ) {}

  async apply(event: AgentStatusChangedEvent): Promise<void> {
    const { agentId, status } = event;
    const at = Date.parse(event.occurredAt);
    const now = this.clock.now();
    const state = await this.store.get(agentId);
    if (state && at < state.statusAt) {
      logDecision(this.logger, agentId, 'stale event ignored', { reason: `${status} at ${event.occurredAt} is older than ${state.status}` });
      return;
    }
    if (UNWATCHED_STATUSES.has(status)) {
      await this.schedules.unwatch(agentId);
      await this.store.remove(agentId);
      logDecision(this.logger, agentId, 'unwatched', { reason: `agent is ${status}` });
      return;
    }
    if (!CHECKED_STATUSES.has(status)) {
      if (state) {
        await this.store.patch(agentId, { status, statusAt: at }, now);
        logDecision(this.logger, agentId, 'checks paused', { reason: `agent is ${status}` });
      }
      return;
    }
    const runtimeUrl = event.runtimeUrl ?? state?.runtimeUrl;
    if (!runtimeUrl) {
      this.logger.warn({ agentId, msg: `agent ${agentId}: not watched: ${status} without a runtime URL` });
      return;
    }
    // Running after anything but degraded is a (re)start of the runtime: startup grace again.
    const restarted = !state || (status === 'running' && event.previousStatus !== 'degraded');
    await this.store.put(agentId, {
      userId: event.userId, runtimeUrl, status, statusAt: at, failed: false,
      ...(restarted ? FRESH_START : {}),
      ...(state ? {} : { repairs: 0 }),
    }, now);
    const change = await this.schedules.watch(agentId, paceOf(status), now);
    if (change !== 'unchanged') logDecision(this.logger, agentId, change === 'created' ? 'watched' : `pace ${paceOf(status)}`, { reason: `agent is ${status}` });
  }

  /** Watches every agent the agents service lists and drops schedules of agents it no longer lists. */
  async reconcile(): Promise<void> {
    const startedAt = this.clock.now();
    const targets = await this.agents.watchTargets();
    for (const target of targets) {
      const state = await this.store.get(target.agentId);
      // An event handled while the list was on its way is newer than the list.
      if (!state || state.updatedAt < startedAt) {
        await this.store.put(target.agentId, {
          userId: target.userId, runtimeUrl: target.runtimeUrl, status: target.status,
          ...(state ? {} : { ...FRESH_START, repairs: 0, failed: false, statusAt: 0 }),
        }, this.clock.now());
      }
      const change = await this.schedules.watch(target.agentId, paceOf(target.status), this.clock.now());
      if (change !== 'unchanged') logDecision(this.logger, target.agentId, change === 'created' ? 'watched' : `pace ${paceOf(target.status)}`, { reason: 'boot reconciliation' });
    }
    const listed = new Set(targets.map((target) => target.agentId));
    let dropped = 0;
    for (const agentId of await this.schedules.watched()) {
      if (listed.has(agentId)) continue;
      const state = await this.store.get(agentId);
      if (state && state.updatedAt >= startedAt) continue;
      await this.schedules.unwatch(agentId);
      await this.store.remove(agentId);
      dropped += 1;
      logDecision(this.logger, agentId, 'unwatched', { reason: 'boot reconciliation: no longer running' });
    }
    this.logger.log(`Reconciled: ${targets.length} agent(s) watched, ${dropped} schedule(s) dropped`);
  }
}
