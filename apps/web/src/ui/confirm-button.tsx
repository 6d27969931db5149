import { useState } from 'react';
import { Button } from './button.js';
import { useAction } from './use-action.js';

interface ConfirmButtonProps {
  /** The verb on the button ("Delete", "Uninstall"). */
  verb: string;
  /** What it acts on, for the accessible names ("task Daily digest"). */
  subject: string;
  action: () => Promise<unknown>;
  done: string;
  onDone?: () => void;
}

/** A destructive action asks once more in place, so a stray click or Enter never deletes. */
export function ConfirmButton({ verb, subject, action, done, onDone }: ConfirmButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useAction();
  if (!confirming) return <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={`${verb} ${subject}`}>{verb}</Button>;
  return (
    <span className="actions">
      <Button variant="danger" busy={busy} aria-label={`Confirm: ${verb.toLowerCase()} ${subject}`}
        onClick={async () => {
          await run(action, done, onDone);
          setConfirming(false);
        }}>Confirm {verb.toLowerCase()}</Button>
      <Button variant="secondary" onClick={() => setConfirming(false)}>Cancel</Button>
    </span>
  );
}
