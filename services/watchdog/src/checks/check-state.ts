import { LIVE_AGENT_STATUSES, type AgentStatus } from '@platform/contracts';
import type { CheckPace } from '../schedules/check-schedules.js';

/** What the watchdog keeps per agent between checks (in Redis, so a restart of the watchdog keeps it). */
export interface CheckState {
  agentId: string;
  userId: string;
  runtimeUrl: string;
  /** The agent's status as the last event or reply told it. */
  status: AgentStatus;
  /** occurredAt of the event that set `status` (ms): an older event is stale. */
  statusAt: number;
  /** When an event or the boot reconciliation last wrote the state (ms), never a check: boot reconciliation spares newer entries. */
  watchedAt: number;
  /** Consecutive checks that were not healthy (not live or not ready). */
  failures: number;
  /** Consecutive checks whose liveness probe failed. */
  livenessFailures: number;
  /** Repairs asked for since the episode began (the first failure after a healthy check). */
  repairs: number;
  /** A healthy check has been seen since the runtime last (re)started; before that, startup grace. */
  seenHealthy: boolean;
  /** Uptime the runtime reported at the previous check; null right after a (re)start. */
  lastUptimeMs: number | null;
  /** The watchdog gave up on this agent (crash loop or repairs exhausted). */
  failed: boolean;
  /** The pace its schedule was last set to, so a check touches the scheduler only to change it; unknown: the next check sets it. */
  pace?: CheckPace;
}

/** Statuses in which an agent is probed (the agents service's own list, legacy `active` included); in the others (repairing, restarting, ...) checks wait. */
export const CHECKED_STATUSES: ReadonlySet<AgentStatus> = new Set(LIVE_AGENT_STATUSES);

/**
 * Statuses that end watching: the schedule and the check state go, whether an event or a reply told
 * it. A suspended agent's runtime is paused on purpose (billing): nothing to check or repair until
 * it runs again, which watches it afresh.
 */
export const UNWATCHED_STATUSES: ReadonlySet<AgentStatus> = new Set(['stopped', 'suspended', 'error', 'deleted']);

/** A runtime (re)started: failures start over and the startup grace applies again. */
export const FRESH_START: Pick<CheckState, 'failures' | 'livenessFailures' | 'seenHealthy' | 'lastUptimeMs'> = {
  failures: 0,
  livenessFailures: 0,
  seenHealthy: false,
  lastUptimeMs: null,
};
