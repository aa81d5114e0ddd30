import { useCallback, useEffect, useRef, useState } from 'react';
import { mergePage, PAGE_SIZE, splitPage } from './results';

export type Paged<T> = {
  items: T[];
  more: boolean;
  /** loading: the first page; more: a further page; failed / moreFailed: that request failed (error kept). */
  status: 'loading' | 'ready' | 'failed' | 'more' | 'moreFailed';
  error: unknown;
  loadMore: () => void;
  retry: () => void;
};

/**
 * A search answered page by page: the first page when `resetKey` changes, then one more page per loadMore(), appended
 * without repeats (by `keyOf`). `load(offset, limit)` asks the server for `limit` results after `offset`.
 */
export function usePaged<T>(load: (offset: number, limit: number) => Promise<T[]>, resetKey: string, keyOf: (x: T) => string): Paged<T> {
  const loadRef = useRef(load);
  loadRef.current = load;
  const keyRef = useRef(keyOf);
  keyRef.current = keyOf;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; items: T[]; offset: number; more: boolean; status: Paged<T>['status']; error: unknown }>({
    key: resetKey,
    items: [],
    offset: 0,
    more: false,
    status: 'loading',
    error: null,
  });
  const current = useRef(resetKey);
  current.current = resetKey;

  useEffect(() => {
    let live = true;
    setState({ key: resetKey, items: [], offset: 0, more: false, status: 'loading', error: null });
    loadRef.current(0, PAGE_SIZE + 1).then(
      (rows) => {
        if (!live) return;
        const page = splitPage(rows);
        setState({ key: resetKey, items: mergePage([], page.items, keyRef.current), offset: page.items.length, more: page.more, status: 'ready', error: null });
      },
      (error: unknown) => live && setState((s) => ({ ...s, status: 'failed', error })),
    );
    return () => {
      live = false;
    };
  }, [resetKey, attempt]);

  const stateRef = useRef(state);
  stateRef.current = state;
  const loadMore = useCallback(() => {
    const s = stateRef.current;
    if (s.status === 'more' || s.status === 'loading') return;
    const key = s.key;
    setState((x) => ({ ...x, status: 'more' }));
    loadRef.current(s.offset, PAGE_SIZE + 1).then(
      (rows) => {
        if (current.current !== key) return;
        const page = splitPage(rows);
        setState((x) => ({
          ...x,
          items: mergePage(x.items, page.items, keyRef.current),
          offset: x.offset + page.items.length,
          more: page.more,
          status: 'ready',
          error: null,
        }));
      },
      (error: unknown) => {
        if (current.current === key) setState((x) => ({ ...x, status: 'moreFailed', error }));
      },
    );
  }, []);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  const stale = state.key !== resetKey;
  return { items: stale ? [] : state.items, more: !stale && state.more, status: stale ? 'loading' : state.status, error: state.error, loadMore, retry };
}
