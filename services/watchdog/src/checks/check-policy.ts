import { FRESH_START, type CheckState } from './check-state.js';
import type { ProbeResult } from './probe-result.js';

export interface CheckPolicy {
  startupFailureThreshold: number;
  maxRepairAttempts: number;
  crashLoopThreshold: number;
  crashLoopWindowMs: number;
}

export type Decision =
  | 'healthy' | 'recovered' | 'startup-grace' | 'degraded' | 'not-ready'
  | 'repair' | 'crash-loop' | 'repairs-exhausted';

/** What to do after one check, and how the agent's check state changes. */
export interface Outcome {
  decision: Decision;
  /** A health report to send to the agents service (running <-> degraded). */
  report?: 'healthy' | 'degraded';
  /** Ask for a repair, or give up on the agent (it goes to `error`). */
  action: 'none' | 'repair' | 'fail';
  reason?: string;
  /** The runtime's uptime went backwards since the previous check: it restarted under us. */
  restarted: boolean;
  patch: Partial<CheckState>;
}

/**
 * The watchdog's rules (docs/watchdog.md), pure so every row can be tested alone:
 * - liveness failing counts toward a repair; readiness failing only makes the agent degraded;
 * - after a (re)start nothing is reported until `startupFailureThreshold` consecutive failures
 *   (startup grace); once the runtime has been healthy, the first failure reports degraded;
 * - `startupFailureThreshold` consecutive liveness failures ask for a repair, at most
 *   `maxRepairAttempts` per episode; a healthy check ends the episode;
 * - `crashLoopThreshold` restarts (repairs asked for plus restarts seen through uptime) inside
 *   `crashLoopWindowMs` end the repairs: the agent is failed with the reason.
 * `restartsInWindow` counts the restarts recorded before this check.
 */
export function decide(state: CheckState, probe: ProbeResult, restartsInWindow: number, policy: CheckPolicy): Outcome {
  const restarted = restartedSince(state, probe);
  const restarts = restartsInWindow + (restarted ? 1 : 0);
  const crashLoop = `crash loop: ${restarts} restarts within ${Math.round(policy.crashLoopWindowMs / 1000)} s`;
  const seenHealthy = state.seenHealthy && !restarted;
  const degraded = state.status === 'degraded';
  const uptime = { lastUptimeMs: probe.uptimeMs ?? (restarted ? null : state.lastUptimeMs) };

  if (restarted && restarts >= policy.crashLoopThreshold) {
    return { decision: 'crash-loop', action: 'fail', reason: crashLoop, restarted, patch: {} };
  }

  if (probe.live && probe.ready) {
    return {
      decision: degraded ? 'recovered' : 'healthy',
      report: degraded ? 'healthy' : undefined,
      action: 'none',
      restarted,
      patch: { ...uptime, failures: 0, livenessFailures: 0, repairs: 0, seenHealthy: true },
    };
  }

  // A restart seen through uptime starts the grace over, as a `running` event or a repair does.
  const failures = (restarted ? 0 : state.failures) + 1;
  const counted = seenHealthy || failures >= policy.startupFailureThreshold;
  const report = counted && !degraded ? 'degraded' : undefined;

  const failing = { report, action: 'none', reason: probe.reason, restarted } as const;
  if (probe.live) {
    return { ...failing, decision: counted ? 'not-ready' : 'startup-grace', patch: { ...uptime, failures, livenessFailures: 0, seenHealthy } };
  }
  const livenessFailures = state.livenessFailures + 1;
  if (livenessFailures < policy.startupFailureThreshold) {
    return { ...failing, decision: counted ? 'degraded' : 'startup-grace', patch: { failures, livenessFailures, seenHealthy } };
  }
  if (restarts >= policy.crashLoopThreshold) {
    return { decision: 'crash-loop', action: 'fail', reason: crashLoop, restarted, patch: {} };
  }
  if (state.repairs >= policy.maxRepairAttempts) {
    return {
      decision: 'repairs-exhausted',
      action: 'fail',
      reason: `still failing after ${state.repairs} repair(s): ${probe.reason}`,
      restarted,
      patch: {},
    };
  }
  return {
    decision: 'repair',
    report,
    action: 'repair',
    reason: probe.reason,
    restarted,
    patch: { ...FRESH_START, repairs: state.repairs + 1 },
  };
}

/** Whether decide() looks at the restarts in the window: only for a restart seen now or a repair due, so most checks skip reading them. */
export function needsRestarts(state: CheckState, probe: ProbeResult, policy: CheckPolicy): boolean {
  return restartedSince(state, probe) || (!probe.live && state.livenessFailures + 1 >= policy.startupFailureThreshold);
}

function restartedSince(state: CheckState, probe: ProbeResult): boolean {
  return probe.uptimeMs !== undefined && state.lastUptimeMs !== null && probe.uptimeMs < state.lastUptimeMs;
}
