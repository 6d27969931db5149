import { AGENT_MESSAGES } from '@contracts/agents/agent-messages.js';
import { useEffect, useState } from 'react';
import { api, apiGet } from '../api/api-client.js';
import { Alert, useToast } from '../ui/alert.js';
import { AsyncView } from '../ui/async-state.js';
import { Button } from '../ui/button.js';
import { useAsync } from '../ui/use-async.js';
import { useForm } from '../ui/use-form.js';
import type { AgentPanelProps } from './agent-tabs.js';

interface AgentConfigView {
  id: string;
  plan: string;
  model: string;
  aiProvider: string;
  config: Record<string, unknown>;
}

/** PUT /api/agents/:id/config takes `{ config }`, an object; the same rule is checked before sending. */
const configRule = (text: string) => {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? undefined : AGENT_MESSAGES.configObject;
  } catch {
    return 'config must be valid JSON';
  }
};

export default function ConfigPanel({ agentId }: AgentPanelProps) {
  const toast = useToast();
  const loaded = useAsync((signal) => apiGet<AgentConfigView>(`/api/agents/${agentId}/config`, signal), `config-${agentId}`);
  const form = useForm({ config: '' }, { config: configRule });
  const [dirty, setDirty] = useState(false);
  const { set } = form;
  useEffect(() => {
    if (loaded.data && !dirty) set('config')(JSON.stringify(loaded.data.config, null, 2));
  }, [loaded.data, dirty, set]);
  return (
    <AsyncView state={loaded} noun="the configuration">
      {(view) => (
        <form noValidate onSubmit={form.submit(async ({ config }) => {
          await api('PUT', `/api/agents/${agentId}/config`, { config: JSON.parse(config) });
          setDirty(false);
          toast('Configuration saved');
          loaded.reload();
        })}>
          <p>Plan <strong>{view.plan}</strong> · model <strong>{view.model}</strong> · provider <strong>{view.aiProvider}</strong></p>
          <div className="field">
            <label htmlFor="agent-config">Configuration (JSON)</label>
            <textarea id="agent-config" rows={12} value={form.values.config} spellCheck={false}
              aria-invalid={form.errors.config ? true : undefined} aria-describedby={form.errors.config ? 'agent-config-error' : undefined}
              onChange={(event) => {
                setDirty(true);
                set('config')(event.target.value);
              }} />
            {form.errors.config && <p id="agent-config-error" className="field-error">{form.errors.config}</p>}
          </div>
          {form.error && <Alert>{form.error}</Alert>}
          <Button type="submit" busy={form.busy}>Save configuration</Button>
        </form>
      )}
    </AsyncView>
  );
}
