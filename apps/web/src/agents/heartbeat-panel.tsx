import type { HeartbeatSettingsView } from '@contracts/agents/agent-views.js';
import { useEffect, useState } from 'react';
import { api, apiGet } from '../api/api-client.js';
import { dateTime } from '../format/date-time.js';
import { frequencyRule } from '../forms/heartbeat-rules.js';
import { Alert, useToast } from '../ui/alert.js';
import { AsyncView } from '../ui/async-state.js';
import { Button } from '../ui/button.js';
import { CheckField } from '../ui/check-field.js';
import { ConfirmButton } from '../ui/confirm-button.js';
import { FormField } from '../ui/form-field.js';
import { useAsync } from '../ui/use-async.js';
import { useForm } from '../ui/use-form.js';
import type { AgentPanelProps } from './agent-tabs.js';

/** platform-core 4.11: GET, POST and DELETE /api/heartbeat for one agent. */
export default function HeartbeatPanel({ agentId }: AgentPanelProps) {
  const toast = useToast();
  const loaded = useAsync(async (signal) => (await apiGet<{ heartbeat: HeartbeatSettingsView }>(`/api/heartbeat?agentId=${encodeURIComponent(agentId)}`, signal)).heartbeat, `heartbeat-${agentId}`);
  const form = useForm({ frequency: '' }, { frequency: frequencyRule });
  const [enabled, setEnabled] = useState(true);
  const { set } = form;
  useEffect(() => {
    if (!loaded.data) return;
    set('frequency')(loaded.data.frequency);
    setEnabled(loaded.data.enabled);
  }, [loaded.data, set]);
  return (
    <AsyncView state={loaded} noun="the heartbeat settings">
      {(heartbeat) => (
        <>
          <h2>Heartbeat</h2>
          <dl className="summary">
            <div><dt>Last heartbeat</dt><dd>{dateTime(heartbeat.lastHeartbeat)}</dd></div>
            <div><dt>Next heartbeat</dt><dd>{dateTime(heartbeat.nextHeartbeat, 'not scheduled')}</dd></div>
          </dl>
          <form noValidate onSubmit={form.submit(async ({ frequency }) => {
            await api('POST', '/api/heartbeat', { agentId, frequency: frequency.trim(), enabled });
            toast('Heartbeat settings saved');
            loaded.reload();
          })}>
            <FormField label="Frequency" hint="A whole number followed by m (minutes), h (hours) or d (days), e.g. 3h." value={form.values.frequency} onChange={form.set('frequency')} error={form.errors.frequency} />
            <CheckField label="Heartbeat enabled" checked={enabled} onChange={setEnabled} />
            {form.error && <Alert>{form.error}</Alert>}
            <div className="actions">
              <Button type="submit" busy={form.busy}>Save heartbeat</Button>
              <ConfirmButton verb="Reset" subject="the heartbeat settings to the defaults" done="Heartbeat settings reset"
                action={() => api('DELETE', '/api/heartbeat', { agentId })} onDone={loaded.reload} />
            </div>
          </form>
        </>
      )}
    </AsyncView>
  );
}
