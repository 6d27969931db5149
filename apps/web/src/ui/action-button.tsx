import type { ReactNode } from 'react';
import { Button } from './button.js';
import { useAction } from './use-action.js';

interface ActionButtonProps {
  action: () => Promise<unknown>;
  /** The toast once it worked ("Task enabled"). */
  done: string;
  onDone?: () => void;
  /** The accessible name when the visible text alone is ambiguous in a list ("Enable Daily digest"). */
  label?: string;
  variant?: 'primary' | 'secondary' | 'danger';
  children: ReactNode;
}

export function ActionButton({ action, done, onDone, label, variant = 'secondary', children }: ActionButtonProps) {
  const { busy, run } = useAction();
  return <Button variant={variant} busy={busy} aria-label={label} onClick={() => run(action, done, onDone)}>{children}</Button>;
}
