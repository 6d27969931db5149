import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '../api/api-error.js';

export interface AsyncState<T> {
  data?: T;
  error?: string;
  loading: boolean;
  reload: () => void;
}

/**
 * Loads `load` when `key` changes and, with `pollMs`, again on that interval without clearing what
 * is shown (a poll that fails keeps the last data and shows the error beside it). A load started
 * for an older key is aborted, so a slow answer never overwrites a newer one.
 */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, key: string, pollMs?: number): AsyncState<T> {
  const [state, setState] = useState<{ data?: T; error?: string; loading: boolean }>({ loading: true });
  const loadRef = useRef(load);
  loadRef.current = load;
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = async () => {
      try {
        const data = await loadRef.current(controller.signal);
        if (!controller.signal.aborted) setState({ data, loading: false });
      } catch (error) {
        if (!controller.signal.aborted) setState((current) => ({ data: current.data, error: messageOf(error), loading: false }));
      }
      if (pollMs && !controller.signal.aborted) timer = setTimeout(run, pollMs);
    };
    setState((current) => ({ ...current, loading: true }));
    void run();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [key, generation, pollMs]);

  return { ...state, reload };
}
