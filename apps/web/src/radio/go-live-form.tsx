import type { CreatedStreamView } from '@contracts/media/radio-views.js';
import { useState } from 'react';
import { streamNameRule } from '../forms/stream-rules.js';
import { injectedWallet } from '../session/wallet-sign-in.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { FormField } from '../ui/form-field.js';
import { useForm } from '../ui/use-form.js';
import { createStream, GATE_HINT } from './create-stream.js';
import { StreamCreated } from './stream-created.js';

export function GoLiveForm() {
  const form = useForm({ name: '' }, { name: streamNameRule });
  const [created, setCreated] = useState<CreatedStreamView>();
  const wallet = injectedWallet();
  if (created) return <StreamCreated created={created} onDone={() => setCreated(undefined)} />;
  if (!wallet) return <p>Going live needs a browser wallet (an extension) to sign for the wallet that streams. {GATE_HINT}</p>;
  return (
    <form noValidate onSubmit={form.submit(async ({ name }) => setCreated(await createStream(wallet, name)))}>
      <p className="field-hint">{GATE_HINT} Your wallet asks you to sign a message proving you hold it; nothing is paid.</p>
      <FormField label="DJ name (optional)" hint="At most 64 characters; Anonymous DJ when left empty." value={form.values.name} onChange={form.set('name')} error={form.errors.name} />
      {form.error && <Alert>{form.error}</Alert>}
      <Button type="submit" busy={form.busy}>Sign and go live</Button>
    </form>
  );
}
