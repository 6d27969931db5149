/**
 * Agent status values. The spec shows pending, provisioning, running, active and error; the rest are
 * ours (docs/agents.md draws the state machine). `deleted` only ever travels in events.
 */
export const AGENT_STATUSES = [
  'pending', 'provisioning', 'running', 'active', 'degraded', 'repairing', 'restarting',
  'updating', 'stopping', 'stopped', 'suspended', 'error', 'deleted',
] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

/**
 * Statuses with a runtime serving, the ones the watchdog checks. `active` is the spec's legacy word
 * for running: never written, accepted wherever running is.
 */
export const LIVE_AGENT_STATUSES: readonly AgentStatus[] = ['running', 'active', 'degraded'];
