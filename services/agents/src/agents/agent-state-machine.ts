import { LIVE_AGENT_STATUSES as LIVE, type AgentStatus } from '@platform/contracts';

/** States a provisioning job is working on; the job ends each in `running` or `error`. */
export const IN_PROGRESS: AgentStatus[] = ['provisioning', 'restarting', 'updating', 'repairing'];

/**
 * The agent state machine as data (drawn in docs/agents.md). Every status change goes through
 * `AgentLifecycle.transition`, which refuses an action whose `from` does not hold the agent's
 * status: 409 for a caller, a no-op for a stale job. `to: null` marks an action that needs the
 * state but does not change it.
 */
export const TRANSITIONS = {
  /** First deploy of a pending agent, or start of a stopped or failed one. */
  start: { from: ['pending', 'stopped', 'error'], to: 'provisioning' },
  stop: { from: [...LIVE, 'error'], to: 'stopping' },
  restart: { from: LIVE, to: 'restarting' },
  update: { from: LIVE, to: 'updating' },
  repair: { from: [...LIVE, 'error'], to: 'repairing' },
  'reset-memory': { from: LIVE, to: null },
  message: { from: LIVE, to: null },
  /** The provisioning job's outcomes. */
  ready: { from: IN_PROGRESS, to: 'running' },
  fail: { from: ['pending', ...IN_PROGRESS, ...LIVE, 'stopping'], to: 'error' },
  halted: { from: ['stopping'], to: 'stopped' },
  /** The watchdog's verdicts; it repairs live agents only, never one in error. */
  degrade: { from: ['running', 'active'], to: 'degraded' },
  heal: { from: LIVE, to: 'repairing' },
  recover: { from: ['degraded'], to: 'running' },
  delete: {
    from: ['pending', 'provisioning', 'running', 'active', 'degraded', 'repairing', 'restarting', 'updating', 'stopping', 'stopped', 'error'],
    to: 'deleted',
  },
} as const satisfies Record<string, { from: readonly AgentStatus[]; to: AgentStatus | null }>;

export type AgentAction = keyof typeof TRANSITIONS;

export function allows(action: AgentAction, status: AgentStatus): boolean {
  return (TRANSITIONS[action].from as readonly AgentStatus[]).includes(status);
}

/** The status an action leads to from `status`, or null when it keeps the status. */
export function nextStatus(action: AgentAction, status: AgentStatus): AgentStatus {
  return TRANSITIONS[action].to ?? status;
}

/** Statuses in which the agent should have a live runtime process. */
export const HAS_RUNTIME: readonly AgentStatus[] = [...LIVE, ...IN_PROGRESS];
