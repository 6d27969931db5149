/**
 * Agent status values. The spec shows pending, provisioning, running, active and error; the rest are
 * ours (docs/agents.md draws the state machine). `deleted` only ever travels in events.
 */
export const AGENT_STATUSES = [
  'pending', 'provisioning', 'running', 'active', 'degraded', 'repairing', 'restarting',
  'updating', 'stopping', 'stopped', 'error', 'deleted',
] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];
