import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiRequestError } from '@sawari/runtime';
import { nextPollDelay } from './polling';
import { toApiError } from './transit';

export type LiveState<T> = {
  data: T | null;
  error: ApiRequestError | null;
  /** Epoch ms of the last successful answer. */
  updatedAt: number | null;
  loading: boolean;
  retry: () => void;
};

/**
 * Loads `load` now and again on the polling policy (15 s, doubling on failure to 2 min, reset on success). A failure
 * keeps the previous data. Nothing is polled while the tab is hidden; becoming visible loads at once and resumes.
 * `key` says when `load` really changed (a new route or stop): the data starts over then.
 */
export function useLive<T>(load: ((signal: AbortSignal) => Promise<T>) | null, key: string, { poll = true }: { poll?: boolean } = {}): LiveState<T> {
  const [state, setState] = useState<Omit<LiveState<T>, 'retry'>>({ data: null, error: null, updatedAt: null, loading: true });
  const loadRef = useRef(load);
  loadRef.current = load;
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!loadRef.current) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | null = null;
    let failures = 0;
    setState({ data: null, error: null, updatedAt: null, loading: true });

    const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';
    const schedule = () => {
      clearTimeout(timer);
      if (!poll || !live || hidden()) return;
      timer = setTimeout(run, nextPollDelay(failures));
    };
    const run = async () => {
      const fn = loadRef.current;
      if (!fn || !live) return;
      controller?.abort();
      controller = new AbortController();
      try {
        const data = await fn(controller.signal);
        if (!live) return;
        failures = 0;
        setState({ data, error: null, updatedAt: Date.now(), loading: false });
      } catch (err) {
        if (!live) return;
        const error = toApiError(err);
        if (error.code === 'ABORTED') return;
        failures += 1;
        setState((s) => ({ ...s, error, loading: false }));
      }
      schedule();
    };
    const onVisibility = () => {
      if (hidden()) clearTimeout(timer);
      else if (poll) void run();
    };
    document.addEventListener('visibilitychange', onVisibility);
    void run();
    return () => {
      live = false;
      clearTimeout(timer);
      controller?.abort();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [key, attempt, poll, load === null]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
