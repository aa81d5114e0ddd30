// One loader hook for screens of the shell and the remotes. No react-intl or router here.
import { useCallback, useEffect, useState } from 'react';
import { ApiRequestError } from '@sawari/runtime';

export type AsyncState<T> =
  { status: 'loading'; data: null; error: null } | { status: 'ready'; data: T; error: null } | { status: 'error'; data: null; error: ApiRequestError };

export const asApiError = (err: unknown): ApiRequestError =>
  err instanceof ApiRequestError ? err : new ApiRequestError(0, 'UNKNOWN', err instanceof Error ? err.message : String(err));

/**
 * Runs `load` when `key` changes (and on retry), ignoring answers that arrive after the screen moved on. `setData`
 * updates the loaded value in place (after a removal, for instance). A null `load` waits (stays loading).
 */
export function useAsync<T>(load: (() => Promise<T>) | null, key: string) {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading', data: null, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!load) return;
    let live = true;
    setState({ status: 'loading', data: null, error: null });
    load().then(
      (data) => live && setState({ status: 'ready', data, error: null }),
      (err: unknown) => live && setState({ status: 'error', data: null, error: asApiError(err) }),
    );
    return () => {
      live = false;
    };
    // `load` is a new closure each render: `key` says when it really changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt, load === null]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const setData = useCallback((update: (data: T) => T) => setState((s) => (s.status === 'ready' ? { ...s, data: update(s.data) } : s)), []);
  return { ...state, retry, setData };
}
