import { Injectable, Logger } from '@nestjs/common';
import type { AgentStatus, AgentStatusChangedEvent, WatchTarget } from '@platform/contracts';
import { AgentsClient } from '../agents/agents.client.js';
import { CHECKED_STATUSES, FRESH_START, UNWATCHED_STATUSES } from '../checks/check-state.js';
import { CheckStateStore } from '../checks/check-state.store.js';
import { logDecision } from '../checks/decision-log.js';
import { Clock } from '../clock.js';
import { CheckSchedules, type CheckPace } from './check-schedules.js';

const RECONCILE_BATCH = 25;

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
    // Without a state, the agent may have been unwatched by a newer status: its time outlives the state.
    const newest = state ? { status: state.status, at: state.statusAt } : { status: 'unwatched', at: await this.store.goneAt(agentId) };
    if (newest.at !== undefined && at < newest.at) {
      logDecision(this.logger, agentId, 'stale event ignored', { reason: `${status} at ${event.occurredAt} is older than ${newest.status}` });
      return;
    }
    if (UNWATCHED_STATUSES.has(status)) {
      await this.schedules.unwatch(agentId);
      await this.store.remove(agentId, at);
      logDecision(this.logger, agentId, 'unwatched', { reason: `agent is ${status}` });
      return;
    }
    if (!CHECKED_STATUSES.has(status)) {
      if (state) {
        await this.store.patch(agentId, { status, statusAt: at, watchedAt: now });
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
      pace: paceOf(status),
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
    await inBatches(targets, RECONCILE_BATCH, (target) => this.watchTarget(target, startedAt));
    const listed = new Set(targets.map((target) => target.agentId));
    const unlisted = (await this.schedules.watched()).filter((agentId) => !listed.has(agentId));
    const dropped = await inBatches(unlisted, RECONCILE_BATCH, (agentId) => this.dropUnlisted(agentId, startedAt));
    this.logger.log(`Reconciled: ${targets.length} agent(s) watched, ${dropped.filter(Boolean).length} schedule(s) dropped`);
  }

  private async watchTarget(target: WatchTarget, startedAt: number): Promise<void> {
    const state = await this.store.get(target.agentId);
    // An event handled while the list was on its way is newer than the list, and set the schedule itself.
    if (state && state.watchedAt >= startedAt) return;
    const pace = paceOf(target.status);
    await this.store.put(target.agentId, {
      userId: target.userId, runtimeUrl: target.runtimeUrl, status: target.status, pace,
      ...(state ? {} : { ...FRESH_START, repairs: 0, failed: false, statusAt: 0 }),
    }, this.clock.now());
    const change = await this.schedules.watch(target.agentId, pace, this.clock.now());
    if (change !== 'unchanged') logDecision(this.logger, target.agentId, change === 'created' ? 'watched' : `pace ${pace}`, { reason: 'boot reconciliation' });
  }

  private async dropUnlisted(agentId: string, startedAt: number): Promise<boolean> {
    const state = await this.store.get(agentId);
    if (state && state.watchedAt >= startedAt) return false;
    await this.schedules.unwatch(agentId);
    // Not listed when the list was asked for: an event from before then cannot watch it again.
    await this.store.remove(agentId, startedAt);
    logDecision(this.logger, agentId, 'unwatched', { reason: 'boot reconciliation: no longer running' });
    return true;
  }
}

/** A few at a time: thousands of agents reconcile in seconds without flooding Redis. */
async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let index = 0; index < items.length; index += size) {
    results.push(...(await Promise.all(items.slice(index, index + size).map(work))));
  }
  return results;
}
