import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AgentStatus } from '@platform/contracts';
import { ServiceMetrics } from '@platform/ops';
import { AgentsClient } from '../agents/agents.client.js';
import { Clock } from '../clock.js';
import { ContainerMetricsService } from '../metrics/container-metrics.service.js';
import { CheckSchedules } from '../schedules/check-schedules.js';
import { WATCHDOG_ENV } from '../watchdog.tokens.js';
import type { WatchdogEnv } from '../watchdog.env.js';
import { decide, needsRestarts, type CheckPolicy, type Outcome } from './check-policy.js';
import { CHECKED_STATUSES, UNWATCHED_STATUSES, type CheckState } from './check-state.js';
import { CheckStateStore } from './check-state.store.js';
import { logDecision } from './decision-log.js';
import { DecisionMetrics } from './decision.metrics.js';
import { HostUsage } from './host-usage.js';
import { RuntimeProbe } from './runtime-probe.js';

/** One scheduled check of one agent: probe, sample, decide, tell the agents service. */
@Injectable()
export class AgentChecks {
  private readonly logger = new Logger('Watchdog');
  private readonly policy: CheckPolicy;
  private readonly lockTtlMs: number;
  private readonly decisions: DecisionMetrics;

  constructor(
    private readonly store: CheckStateStore,
    private readonly probe: RuntimeProbe,
    private readonly schedules: CheckSchedules,
    private readonly agents: AgentsClient,
    private readonly metrics: ContainerMetricsService,
    private readonly hostUsage: HostUsage,
    private readonly clock: Clock,
    @Inject(WATCHDOG_ENV) env: WatchdogEnv,
    serviceMetrics: ServiceMetrics,
  ) {
    this.decisions = serviceMetrics.of(DecisionMetrics);
    this.policy = {
      startupFailureThreshold: env.WATCHDOG_STARTUP_FAILURE_THRESHOLD,
      maxRepairAttempts: env.WATCHDOG_MAX_REPAIR_ATTEMPTS,
      crashLoopThreshold: env.WATCHDOG_CRASH_LOOP_THRESHOLD,
      crashLoopWindowMs: env.WATCHDOG_CRASH_LOOP_WINDOW * 1000,
    };
    // Long enough for the slowest check: two probe rounds, a repair and the other requests.
    this.lockTtlMs = Math.round((2 * env.WATCHDOG_PROBE_TIMEOUT + env.WATCHDOG_REPAIR_TIMEOUT) * 1000 + 3 * env.NATS_REQUEST_TIMEOUT_MS + 5000);
  }

  async check(agentId: string): Promise<void> {
    const token = await this.store.lock(agentId, this.lockTtlMs);
    if (!token) {
      // Routine while a slow probe outlasts the degraded interval: not worth an info line each time.
      this.logger.debug({ agentId, msg: `agent ${agentId}: skipped, the previous check is still running` });
      return;
    }
    try {
      await this.run(agentId);
    } finally {
      await this.store.unlock(agentId, token);
    }
  }

  private async run(agentId: string): Promise<void> {
    const state = await this.store.get(agentId);
    if (!state) {
      await this.schedules.unwatch(agentId);
      logDecision(this.logger, agentId, 'unwatched', { reason: 'no watch state: the agent is no longer watched' });
      return;
    }
    if (UNWATCHED_STATUSES.has(state.status)) {
      // Kept by a watchdog from before replies with such a status ended watching.
      await this.unwatch(agentId, state.statusAt, `agent is ${state.status}`);
      return;
    }
    if (state.failed || !CHECKED_STATUSES.has(state.status)) {
      logDecision(this.logger, agentId, 'skipped', { reason: state.failed ? 'given up on' : `agent is ${state.status}` });
      return;
    }
    const probe = await this.probe.probe(agentId, state.runtimeUrl);
    const now = this.clock.now();
    if (probe.health) {
      const sample = await this.hostUsage.over(agentId, probe.health);
      await this.metrics.record(agentId, state.userId, new Date(now), sample).catch((error: unknown) => {
        this.logger.warn({ agentId, err: error, msg: `agent ${agentId}: metrics sample not stored` });
      });
    }
    const restarts = needsRestarts(state, probe, this.policy) ? await this.store.restartsSince(agentId, now - this.policy.crashLoopWindowMs) : 0;
    const outcome = decide(state, probe, restarts, this.policy);
    if (outcome.restarted) await this.store.recordRestart(agentId, now, this.policy.crashLoopWindowMs);
    if (!(await this.store.patch(agentId, outcome.patch))) {
      // Unwatched while it was probed: acting now would bring back the schedule, or report on an agent no longer running.
      logDecision(this.logger, agentId, 'skipped', { reason: 'no longer watched when the check finished' });
      return;
    }
    this.decisions.decided(outcome.decision);
    if (outcome.decision === 'healthy') {
      // Nothing changes: at debug, or 500 agents would write a line every quarter second.
      this.logger.debug({ agentId, decision: outcome.decision, msg: `agent ${agentId}: healthy` });
    } else {
      const { reason, restarted, patch } = outcome;
      logDecision(this.logger, agentId, outcome.decision, { reason, restarted, failures: patch.failures, repairs: patch.repairs ?? state.repairs });
    }
    await this.act(state, outcome, now);
  }

  private async act(state: CheckState, outcome: Outcome, now: number): Promise<void> {
    const { agentId } = state;
    const reason = outcome.reason ?? outcome.decision;
    if (outcome.action === 'fail') {
      // Unwatched only once the agents service took it; until then the next check decides again.
      const status = await this.tell(state, now, () => this.agents.fail({ agentId, reason }));
      if (status && !UNWATCHED_STATUSES.has(status)) {
        await this.store.patch(agentId, { failed: true });
        await this.schedules.unwatch(agentId);
      }
      return;
    }
    let status = state.status;
    if (outcome.report) {
      status = await this.tell(state, now, () => this.agents.report({ agentId, state: outcome.report!, reason })) ?? status;
    }
    if (outcome.action === 'repair' && !UNWATCHED_STATUSES.has(status)) {
      await this.store.recordRestart(agentId, now, this.policy.crashLoopWindowMs);
      status = await this.tell(state, now, () => this.agents.repair({ agentId, reason })) ?? status;
    }
    const failing = (outcome.patch.failures ?? state.failures) > 0;
    const pace = status === 'degraded' || failing ? 'degraded' : 'normal';
    if (!CHECKED_STATUSES.has(status) || pace === state.pace) return;
    if ((await this.schedules.watch(agentId, pace, now)) === 'changed') {
      logDecision(this.logger, agentId, `pace ${pace}`, { reason: pace === 'degraded' ? 'rechecked every WATCHDOG_DEGRADED_CHECK_INTERVAL' : 'back to WATCHDOG_CHECK_INTERVAL' });
    }
    await this.store.patch(agentId, { pace });
  }

  /**
   * A request to the agents service; the status it answers is kept, and one that ends watching (the
   * agent was stopped, suspended or deleted meanwhile, or failed) unwatches it at once rather than leaving it
   * scheduled and skipped. A failed request is logged, not thrown: the next check retries.
   */
  private async tell(state: CheckState, now: number, request: () => Promise<{ status: AgentStatus }>): Promise<AgentStatus | undefined> {
    let status: AgentStatus;
    try {
      ({ status } = await request());
    } catch (error) {
      this.logger.warn({ agentId: state.agentId, err: error, msg: `agent ${state.agentId}: agents service did not take the request: ${String(error)}` });
      return undefined;
    }
    if (UNWATCHED_STATUSES.has(status)) await this.unwatch(state.agentId, now, `the agents service answered ${status}`);
    else await this.store.patch(state.agentId, { status });
    return status;
  }

  private async unwatch(agentId: string, statusAt: number, reason: string): Promise<void> {
    await this.schedules.unwatch(agentId);
    await this.store.remove(agentId, statusAt);
    logDecision(this.logger, agentId, 'unwatched', { reason });
  }
}
