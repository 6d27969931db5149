import type { AgentStatus } from '@contracts/agents/agent-status.js';

/** Where a new agent is on its way to running, for the progress bar (docs/agents.md's state machine). */
export const PROVISION_STEPS: readonly AgentStatus[] = ['pending', 'provisioning', 'running'];

export const isSettling = (status: AgentStatus) => ['pending', 'provisioning', 'restarting', 'repairing', 'updating', 'stopping'].includes(status);

export function ProvisionProgress({ status }: { status: AgentStatus }) {
  const step = PROVISION_STEPS.indexOf(status);
  if (step < 0 || step === PROVISION_STEPS.length - 1) return null;
  return (
    <div>
      <progress max={PROVISION_STEPS.length - 1} value={step} aria-label="Provisioning progress" />
      <p className="field-hint">{status === 'pending' ? 'Queued: waiting for a worker…' : 'Starting the agent runtime…'}</p>
    </div>
  );
}

export function AgentStatusBadge({ status }: { status: AgentStatus }) {
  return <span className="status">{status}</span>;
}
