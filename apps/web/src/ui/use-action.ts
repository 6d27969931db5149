import { useState } from 'react';
import { messageOf } from '../api/api-error.js';
import { useToast } from './alert.js';

/**
 * A button's one-off request (enable, install, delete): busy while it runs, a toast in words when it
 * is done or refused, so every action on a list row reads and behaves the same.
 */
export function useAction() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>, done: string, onDone?: () => void): Promise<boolean> => {
    setBusy(true);
    try {
      await action();
      toast(done);
      onDone?.();
      return true;
    } catch (error) {
      toast(messageOf(error), 'error');
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
