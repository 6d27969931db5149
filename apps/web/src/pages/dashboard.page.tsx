import type { WebAgentListItem } from '@contracts/agents/agent-views.js';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api, apiGet } from '../api/api-client.js';
import { AgentStatusBadge, isSettling, ProvisionProgress } from '../agents/agent-status-badge.js';
import { rules } from '../forms/validation.js';
import { Alert, useToast } from '../ui/alert.js';
import { AsyncList } from '../ui/async-state.js';
import { Button } from '../ui/button.js';
import { FormField } from '../ui/form-field.js';
import { PageLayout } from '../ui/page-layout.js';
import { useAsync } from '../ui/use-async.js';
import { useForm } from '../ui/use-form.js';

/** Live status without a reload; faster while an agent is on its way somewhere. */
const POLL_MS = 3000;
const SETTLING_POLL_MS = 1000;

export default function DashboardPage() {
  const toast = useToast();
  const [pollMs, setPollMs] = useState(POLL_MS);
  const agents = useAsync(
    async (signal) => (await apiGet<{ agents: WebAgentListItem[] }>('/api/agents', signal)).agents,
    'agents',
    pollMs,
  );
  useEffect(() => {
    setPollMs(agents.data?.some((agent) => isSettling(agent.status)) ? SETTLING_POLL_MS : POLL_MS);
  }, [agents.data]);
  const form = useForm({ name: '' }, { name: rules.agentName });

  return (
    <PageLayout title="Your agents">
      <section aria-labelledby="new-agent">
        <h2 id="new-agent">New agent</h2>
        <form noValidate onSubmit={form.submit(async ({ name }) => {
          await api('POST', '/api/agents/provision', { name: name.trim() });
          form.set('name')('');
          toast(`Provisioning ${name.trim()}…`, 'info');
          agents.reload();
        })}>
          <FormField label="Agent name" value={form.values.name} onChange={form.set('name')} error={form.errors.name} />
          {form.error && <Alert>{form.error} {form.error.includes('subscription') && <Link to="/pricing">See plans</Link>}</Alert>}
          <Button type="submit" busy={form.busy}>Provision agent</Button>
        </form>
      </section>
      <section aria-labelledby="agent-list">
        <h2 id="agent-list">Agents</h2>
        <AsyncList state={agents} noun="agents" empty={<p>No agents yet. Provision one above.</p>}>
          {(items) => (
            <ul className="card-list" aria-live="polite">
              {items.map((agent) => (
                <li key={agent.id} className="card">
                  <h3><Link to={`/agents/${agent.id}`}>{agent.name}</Link></h3>
                  <p>Status: <AgentStatusBadge status={agent.status} /> · model {agent.model}</p>
                  <ProvisionProgress status={agent.status} />
                </li>
              ))}
            </ul>
          )}
        </AsyncList>
      </section>
    </PageLayout>
  );
}
