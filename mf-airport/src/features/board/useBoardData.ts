import { useEffect, useState } from 'react';
import { ApiRequestError } from '@sawari/runtime';
import { AIRPORT_TIMINGS_REFRESH_MS, kioskRetryDelayMs } from '@sawari/domain';
import { fetchBoardConfig, fetchTimings } from './boardApi';
import { isBoardConfig, isTimings } from './boardModel';
import { readCachedBoard, writeCachedBoard, type CachedBoard } from './boardCache';

/** `failing`: the last call failed and the board is retrying by itself (with back-off) while it shows what it has. */
export type BoardState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'unauthorised' }
  | { status: 'unavailable' }
  | ({ status: 'ready'; failing: boolean } & CachedBoard);

/**
 * Loads the terminal config, then the timings at load and every 30 s (spec §7). A failed call keeps the previous data
 * (the board shows how old it is) and is retried by itself with back-off (2 s doubling to 60 s, shared/domain
 * kiosk.ts) until the server answers again, then the 30 s rhythm resumes. The last good answer is kept in IndexedDB,
 * so a reload while the server is down still shows it. Nobody has to touch a kiosk.
 */
export function useBoardData(product: string, terminalId: string): BoardState {
  const [state, setState] = useState<BoardState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    const abort = new AbortController();
    let current: CachedBoard | null = null;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const publish = (next: BoardState) => live && setState(next);

    /** One load: true when it succeeded; a final answer (404, 401) stops the board's polling. */
    async function refresh(): Promise<'ok' | 'retry' | 'final'> {
      try {
        if (!current) {
          const config = await fetchBoardConfig(product, terminalId, abort.signal);
          if (!isBoardConfig(config)) throw new ApiRequestError(200, 'INVALID_RESPONSE', 'unexpected board config');
          current = { config, timings: null, updatedAt: null };
          publish({ status: 'ready', failing: false, ...current });
        }
        const timings = await fetchTimings(current.config, Date.now(), abort.signal);
        if (!isTimings(timings)) throw new ApiRequestError(200, 'INVALID_RESPONSE', 'unexpected timings');
        current = { config: current.config, timings, updatedAt: Date.now() };
        publish({ status: 'ready', failing: false, ...current });
        void writeCachedBoard(product, terminalId, current);
        return 'ok';
      } catch (err) {
        if (!live) return 'final';
        const status = err instanceof ApiRequestError ? err.status : 0;
        console.error('[mf_airport] board call failed; keeping the previous data and retrying', err);
        if (!current && status === 404) return (publish({ status: 'not-found' }), 'final');
        if (!current && (status === 401 || status === 403)) return (publish({ status: 'unauthorised' }), 'final');
        if (!current) publish({ status: 'unavailable' });
        else publish({ status: 'ready', failing: true, ...current });
        return 'retry';
      }
    }

    async function cycle() {
      const outcome = await refresh();
      if (!live || outcome === 'final') return;
      failures = outcome === 'ok' ? 0 : failures + 1;
      timer = setTimeout(cycle, outcome === 'ok' ? AIRPORT_TIMINGS_REFRESH_MS : kioskRetryDelayMs(failures - 1));
    }

    (async () => {
      const cached = await readCachedBoard(product, terminalId);
      if (cached && live && !current) {
        current = cached;
        publish({ status: 'ready', failing: false, ...cached });
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
      await cycle();
    })();
    return () => {
      live = false;
      abort.abort();
      clearTimeout(timer);
    };
  }, [product, terminalId]);

  return state;
}
