import { useEffect, useState } from 'react';
import { ApiRequestError } from '@sawari/runtime';
import { AIRPORT_TIMINGS_REFRESH_MS } from '@sawari/domain';
import { fetchBoardConfig, fetchTimings } from './boardApi';
import { isBoardConfig, isTimings } from './boardModel';
import { readCachedBoard, writeCachedBoard, type CachedBoard } from './boardCache';

export type BoardState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'unauthorised' }
  | { status: 'unavailable' }
  | ({ status: 'ready' } & CachedBoard);

/**
 * Loads the terminal config, then the timings at load and every 30 s (spec §7). A failed call keeps the previous data
 * (its age is shown by the board); the last good answer is persisted for offline visits.
 */
export function useBoardData(product: string, terminalId: string): BoardState {
  const [state, setState] = useState<BoardState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    const abort = new AbortController();
    let current: CachedBoard | null = null;
    const publish = (next: BoardState) => live && setState(next);

    async function refresh() {
      try {
        if (!current) {
          const config = await fetchBoardConfig(product, terminalId, abort.signal);
          if (!isBoardConfig(config)) throw new ApiRequestError(200, 'INVALID_RESPONSE', 'unexpected board config');
          current = { config, timings: null, updatedAt: null };
          publish({ status: 'ready', ...current });
        }
        const now = Date.now();
        const timings = await fetchTimings(current.config, now, abort.signal);
        if (!isTimings(timings)) throw new ApiRequestError(200, 'INVALID_RESPONSE', 'unexpected timings');
        current = { config: current.config, timings, updatedAt: Date.now() };
        publish({ status: 'ready', ...current });
        void writeCachedBoard(product, terminalId, current);
      } catch (err) {
        if (!live) return;
        const status = err instanceof ApiRequestError ? err.status : 0;
        console.error('[mf_airport] board call failed; keeping the previous data', err);
        if (!current && status === 404) publish({ status: 'not-found' });
        else if (!current && (status === 401 || status === 403)) publish({ status: 'unauthorised' });
        else if (!current) publish({ status: 'unavailable' });
        // with data on screen: keep it; the board shows how old it is
      }
    }

    (async () => {
      const cached = await readCachedBoard(product, terminalId);
      if (cached && live && !current) {
        current = cached;
        publish({ status: 'ready', ...cached });
        // A cached config may be stale: ask for it again on this load, keep showing the cached board meanwhile.
        const fresh = await fetchBoardConfig(product, terminalId, abort.signal).catch((err: unknown) => err);
        if (!live) return;
        if (fresh instanceof ApiRequestError && fresh.status === 404) {
          current = null;
          publish({ status: 'not-found' });
          return;
        }
        if (isBoardConfig(fresh)) current = { ...cached, config: fresh };
      }
      await refresh();
    })();
    const timer = setInterval(refresh, AIRPORT_TIMINGS_REFRESH_MS);
    return () => {
      live = false;
      abort.abort();
      clearInterval(timer);
    };
  }, [product, terminalId]);

  return state;
}
