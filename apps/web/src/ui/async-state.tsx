import type { ReactNode } from 'react';
import { Alert } from './alert.js';
import { Button } from './button.js';
import type { AsyncState } from './use-async.js';

interface AsyncListProps<T> {
  state: AsyncState<T[]>;
  /** What the list is, for the loading and empty words ("agents", "API keys"). */
  noun: string;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}

/** The three states every list has besides its items: loading, empty and failed (with a retry). */
export function AsyncList<T>({ state, noun, empty, children }: AsyncListProps<T>) {
  return (
    <AsyncView state={state} noun={noun}>
      {(items) => (items.length === 0 ? <div className="empty">{empty}</div> : children(items))}
    </AsyncView>
  );
}

/** Loading and error states around any loaded value. */
export function AsyncView<T>({ state, noun, children }: { state: AsyncState<T>; noun: string; children: (data: T) => ReactNode }) {
  if (state.data === undefined) {
    if (state.error) {
      return (
        <Alert>
          <p>Could not load {noun}: {state.error}</p>
          <Button variant="secondary" onClick={state.reload}>Try again</Button>
        </Alert>
      );
    }
    return <p className="loading" role="status">Loading {noun}…</p>;
  }
  return (
    <>
      {state.error && <Alert>Could not refresh {noun}: {state.error}</Alert>}
      {children(state.data)}
    </>
  );
}
