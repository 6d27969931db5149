import type { AgentDetail, WebAgentListItem } from '@contracts/agents/agent-views.js';
import { Suspense, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { api, apiGet } from '../api/api-client.js';
import { messageOf } from '../api/api-error.js';
import { AgentStatusBadge } from '../agents/agent-status-badge.js';
import { AGENT_TABS } from '../agents/agent-tabs.js';
import { useToast } from '../ui/alert.js';
import { AsyncView } from '../ui/async-state.js';
import { Button } from '../ui/button.js';
import { PageLayout } from '../ui/page-layout.js';
import { Tabs } from '../ui/tabs.js';
import { useAsync } from '../ui/use-async.js';

const POLL_MS = 3000;
const ACTIONS = [['start', 'Start'], ['stop', 'Stop'], ['restart', 'Restart'], ['repair', 'Repair']] as const;

function Actions({ agentId, onDone }: { agentId: string; onDone: () => void }) {
  const toast = useToast();
  const [running, setRunning] = useState<string>();
  const act = async (action: string, label: string) => {
    setRunning(action);
    try {
      await api('POST', `/api/agents/${agentId}/${action}`);
      toast(`${label}: requested`);
      onDone();
    } catch (error) {
      toast(`${label}: ${messageOf(error)}`, 'error');
    } finally {
      setRunning(undefined);
    }
  };
  return (
    <div className="actions" role="group" aria-label="Agent actions">
      {ACTIONS.map(([action, label]) => (
        <Button key={action} variant={action === 'stop' ? 'danger' : 'secondary'} busy={running === action} disabled={Boolean(running)} onClick={() => act(action, label)}>{label}</Button>
      ))}
    </div>
  );
}

export default function AgentPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const agent = useAsync(async (signal) => (await apiGet<{ agent: AgentDetail }>(`/api/agents/${id}`, signal)).agent, `agent-${id}`, POLL_MS);
  // The detail has no name; the list, read once, has.
  const list = useAsync(async (signal) => (await apiGet<{ agents: WebAgentListItem[] }>('/api/agents', signal)).agents, 'agent-names');
  const name = list.data?.find((item) => item.id === id)?.name;
  const selected = AGENT_TABS.find((tab) => tab.id === params.get('tab')) ?? AGENT_TABS[0]!;
  const Panel = selected.panel;
  return (
    <PageLayout title={name ? `Agent ${name}` : 'Agent'}>
      <AsyncView state={agent} noun="the agent">
        {(detail) => (
          <>
            <p>
              <code>{detail.id}</code> · status <span aria-live="polite"><AgentStatusBadge status={detail.status} /></span>
              {detail.startedAt && <> · started {new Date(detail.startedAt).toLocaleString()}</>}
            </p>
            <Actions agentId={id} onDone={agent.reload} />
          </>
        )}
      </AsyncView>
      <Tabs label="Agent sections" tabs={AGENT_TABS} selected={selected.id} onSelect={(tab) => setParams({ tab }, { replace: true })}>
        <Suspense fallback={<p className="loading" role="status">Loading…</p>}>
          <Panel agentId={id} />
        </Suspense>
      </Tabs>
    </PageLayout>
  );
}
