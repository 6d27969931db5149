import type { ApiKeyDetailView, ApiKeyView } from '@contracts/identity/user-views.js';
import { useState } from 'react';
import { api, apiGet } from '../api/api-client.js';
import { messageOf } from '../api/api-error.js';
import { usd } from '../format/money.js';
import { rules } from '../forms/validation.js';
import { Alert, useToast } from '../ui/alert.js';
import { AsyncList } from '../ui/async-state.js';
import { Button } from '../ui/button.js';
import { FormField } from '../ui/form-field.js';
import { PageLayout } from '../ui/page-layout.js';
import { useAsync } from '../ui/use-async.js';
import { useForm } from '../ui/use-form.js';

const spend = (value: number | null) => (value === null ? 'unknown' : usd(value));

/** The list leaves spend out (one read); each key's detail carries it (GET /api/keys/:id). */
async function keysWithSpend(signal: AbortSignal): Promise<ApiKeyDetailView[]> {
  const { keys } = await apiGet<{ keys: ApiKeyView[] }>('/api/keys', signal);
  return Promise.all(keys.map((key) => apiGet<ApiKeyDetailView>(`/api/keys/${key.id}`, signal)));
}

function NewKey({ secret, onDone }: { secret: string; onDone: () => void }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast('Key copied');
    } catch {
      toast('Copying is not allowed here: select the key and copy it.', 'error');
    }
  };
  return (
    <div className="alert alert-success" role="status">
      <p><strong>Your new key.</strong> It is shown only this once: copy it now.</p>
      <p><code className="secret" data-testid="new-key">{secret}</code></p>
      <div className="actions">
        <Button onClick={copy}>Copy key</Button>
        <Button variant="secondary" onClick={onDone}>I have saved it</Button>
      </div>
    </div>
  );
}

function RevokeButton({ apiKey, onRevoked }: { apiKey: ApiKeyView; onRevoked: () => void }) {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const revoke = async () => {
    setBusy(true);
    try {
      await api('DELETE', `/api/keys/${apiKey.id}`);
      toast(`Key ${apiKey.name} revoked`);
      onRevoked();
    } catch (error) {
      toast(messageOf(error), 'error');
      setBusy(false);
    }
  };
  if (!confirming) return <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={`Revoke ${apiKey.name}`}>Revoke</Button>;
  return (
    <span className="actions">
      <Button variant="danger" busy={busy} onClick={revoke} aria-label={`Confirm revoking ${apiKey.name}`}>Confirm revoke</Button>
      <Button variant="secondary" onClick={() => setConfirming(false)}>Cancel</Button>
    </span>
  );
}

export default function ApiKeysPage() {
  const keys = useAsync(keysWithSpend, 'keys');
  const [secret, setSecret] = useState<string>();
  const form = useForm({ name: '' }, { name: rules.keyName });
  return (
    <PageLayout title="API keys">
      <section aria-labelledby="new-key-heading">
        <h2 id="new-key-heading">Create a key</h2>
        {secret ? <NewKey secret={secret} onDone={() => setSecret(undefined)} /> : (
          <form noValidate onSubmit={form.submit(async ({ name }) => {
            const created = await api<{ key: string }>('POST', '/api/keys', { name: name.trim() });
            form.set('name')('');
            setSecret(created.key);
            keys.reload();
          })}>
            <FormField label="Key name" hint="At most 64 characters, e.g. where the key is used." value={form.values.name} onChange={form.set('name')} error={form.errors.name} />
            {form.error && <Alert>{form.error}</Alert>}
            <Button type="submit" busy={form.busy}>Create key</Button>
          </form>
        )}
      </section>
      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">Your keys</h2>
        <AsyncList state={keys} noun="API keys" empty={<p>No keys yet.</p>}>
          {(items) => (
            <div className="table-wrap">
              <table>
                <caption className="field-hint">Spend is this calendar month (UTC).</caption>
                <thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Last used</th><th scope="col">Spent this month</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
                <tbody>
                  {items.map((key) => (
                    <tr key={key.id}>
                      <td>{key.name}</td>
                      <td><code>{key.keyPreview}</code></td>
                      <td>{key.lastUsed ? new Date(key.lastUsed).toLocaleString() : 'never'}</td>
                      <td>{spend(key.spentThisMonth)}{key.monthlySpendCap !== null && ` of ${usd(key.monthlySpendCap)}`}</td>
                      <td><RevokeButton apiKey={key} onRevoked={keys.reload} /></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </AsyncList>
      </section>
    </PageLayout>
  );
}
