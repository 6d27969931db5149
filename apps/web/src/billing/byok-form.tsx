import { AI_PROVIDERS } from '@contracts/ai/model-catalogue.js';
import { api } from '../api/api-client.js';
import { byokKeyRule } from '../forms/billing-rules.js';
import { Alert, useToast } from '../ui/alert.js';
import { ActionButton } from '../ui/action-button.js';
import { Button } from '../ui/button.js';
import { FormField } from '../ui/form-field.js';
import { SelectField } from '../ui/select-field.js';
import { useForm } from '../ui/use-form.js';

/** enable-byok and disable-byok (4.6): the key goes to billing sealed and is never shown again. */
export function ByokForm({ enabled, onChanged }: { enabled: boolean; onChanged: () => void }) {
  const toast = useToast();
  const form = useForm({ provider: AI_PROVIDERS[0], apiKey: '' }, { apiKey: byokKeyRule });
  return (
    <>
      <p>Bring your own key is <strong>{enabled ? 'on' : 'off'}</strong>. {enabled ? 'Your calls are billed by your provider.' : 'Your calls are billed by the platform.'}</p>
      <form noValidate onSubmit={form.submit(async ({ provider, apiKey }) => {
        const { message } = await api<{ message: string }>('POST', '/api/billing', { action: 'enable-byok', provider, apiKey: apiKey.trim() });
        form.set('apiKey')('');
        toast(message);
        onChanged();
      })}>
        <SelectField label="Provider" value={form.values.provider} onChange={form.set('provider')} options={AI_PROVIDERS.map((provider) => [provider, provider])} />
        <FormField label="Provider API key" type="password" autoComplete="off" value={form.values.apiKey} onChange={form.set('apiKey')} error={form.errors.apiKey} />
        {form.error && <Alert>{form.error}</Alert>}
        <div className="actions">
          <Button type="submit" busy={form.busy}>{enabled ? 'Replace key' : 'Use my key'}</Button>
          {enabled && <ActionButton done="Bring your own key is off" onDone={onChanged} action={() => api('POST', '/api/billing', { action: 'disable-byok' })}>Stop using my key</ActionButton>}
        </div>
      </form>
    </>
  );
}
