import { LIVE_AGENT_STATUSES as LIVE, type AgentStatus } from '@platform/contracts';

/** States a provisioning job is working on; the job ends each in `running` or `error`. */
export const IN_PROGRESS: AgentStatus[] = ['provisioning', 'restarting', 'updating', 'repairing'];

/** Statuses in which the agent should have a live runtime process. */
export const HAS_RUNTIME: readonly AgentStatus[] = [...LIVE, ...IN_PROGRESS];

/**
 * The agent state machine as data (drawn in docs/agents.md). Every status change goes through
 * `AgentLifecycle.transition`, which refuses an action whose `from` does not hold the agent's
 * status: 409 for a caller, a no-op for a stale job. `to: null` marks an action that needs the
 * state but does not change it.
 */
export const TRANSITIONS = {
  /** First deploy of a pending agent, or start of a stopped, failed or suspended one (a suspended one only for a paying caller). */
  start: { from: ['pending', 'stopped', 'error', 'suspended'], to: 'provisioning' },
  stop: { from: [...LIVE, 'error', 'suspended'], to: 'stopping' },
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
  /**
   * Billing: a canceled subscription pauses every runtime the agent has or is getting (a job in
   * flight finds the agent suspended and cannot bring it to running); an active one brings it back
   * through the provisioning job.
   */
  suspend: { from: HAS_RUNTIME, to: 'suspended' },
  resume: { from: ['suspended'], to: 'provisioning' },
  delete: {
    from: [
      'pending', 'provisioning', 'running', 'active', 'degraded', 'repairing', 'restarting', 'updating', 'stopping', 'stopped',
      'suspended', 'error',
    ],
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

/**
 * Whether the action would give the agent a runtime it has not got (start, or repair from error), or
 * asks for one while billing holds the agent suspended: what a caller must pay for. A suspended agent
 * counts whatever the action, so a restart of one says why (402) rather than 409.
 */
export function wantsRuntime(action: AgentAction, status: AgentStatus): boolean {
  return status === 'suspended' || (allows(action, status) && !HAS_RUNTIME.includes(status));
}
