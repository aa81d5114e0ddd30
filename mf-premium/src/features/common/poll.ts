// Polling one answer: load it, then ask `next` how long to wait before the next load (null: stop). Errors are kept
// beside the last good answer; `retry` starts again. Used by the booking screens and the live bus.
import { useEffect, useRef, useState } from 'react';
import { asApiError } from '@sawari/ui/src/async';

type ApiErr = { code?: string; message?: string };

export function usePolling<T>(
  key: string,
  load: () => Promise<T>,
  next: (r: { value: T } | { error: ApiErr }, previousWaitMs: number | null) => number | null,
) {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<ApiErr | null>(null);
  const [attempt, setAttempt] = useState(0);
  const fns = useRef({ load, next });
  fns.current = { load, next };
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wait: number | null = null;
    const tick = async () => {
      let r: { value: T } | { error: ApiErr };
      try {
        r = { value: await fns.current.load() };
        if (!live) return;
        setValue(r.value);
        setError(null);
      } catch (err) {
        if (!live) return;
        r = { error: asApiError(err) };
        setError(r.error);
      }
      wait = fns.current.next(r, wait);
      if (wait !== null) timer = setTimeout(tick, wait);
    };
    void tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, attempt]);
  return { value, setValue, error, retry: () => setAttempt((n) => n + 1) };
}
