import { AIRPORT_TIMINGS_REFRESH_MS, kioskRetryDelayMs } from '@sawari/domain';
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
 * A board's data: the terminal config, then the timings at load and every 30 s (spec §7). A failed call keeps the
 * previous data (the board shows how old it is) and is retried by itself with back-off (2 s doubling to 60 s,
 * shared/domain kiosk.ts) until the server answers again, then the 30 s rhythm resumes. The last good answer is kept in
 * IndexedDB, so a reload while the server is down still shows it. Nobody has to touch a kiosk.
 *
 * `inline`: the config and timings the server wrote into the board's HTML. The board starts from them (no round trip);
 * when they are younger than one refresh on this device's clock the first call waits for the regular 30 s, otherwise
 * (an HTML kept elsewhere, a clock that disagrees) the timings are asked for at once. Answers `stop`.
 */
/**
 * The API calls, loaded when the board first asks the network: a board starting from its HTML's data does not need them
 * to show rows.
 */
const api = () => import(/* webpackChunkName: "board-api" */ './boardApi');
/** Fetches the API chunk ahead (see boardDom.ts mountBoard); a failure here is met again, and retried, at the call. */
export const preloadBoardApi = (): void => void api().catch(() => undefined);
/** The HTTP status of a failed call (ApiRequestError of @sawari/runtime), 0 for anything else (offline, bad answer). */
const statusOf = (err: unknown): number => (typeof (err as { status?: unknown } | null)?.status === 'number' ? (err as { status: number }).status : 0);

export function startBoardData(product: string, terminalId: string, inline: CachedBoard | null, publish: (state: BoardState) => void): () => void {
  let live = true;
  const abort = new AbortController();
  let current: CachedBoard | null = null;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const show = (next: BoardState) => live && publish(next);

  /** One load: 'ok', 'retry' after a failure, or 'final' (404, 401: the board's polling stops). */
  async function refresh(): Promise<'ok' | 'retry' | 'final'> {
    try {
      const { fetchBoardConfig, fetchTimings } = await api();
      if (!current) {
        const config = await fetchBoardConfig(product, terminalId, abort.signal);
        if (!isBoardConfig(config)) throw new Error('unexpected board config');
        current = { config, timings: null, updatedAt: null };
        show({ status: 'ready', failing: false, ...current });
      }
      const timings = await fetchTimings(current.config, Date.now(), abort.signal);
      if (!isTimings(timings)) throw new Error('unexpected timings');
      current = { config: current.config, timings, updatedAt: Date.now() };
      show({ status: 'ready', failing: false, ...current });
      void writeCachedBoard(product, terminalId, current);
      return 'ok';
    } catch (err) {
      if (!live) return 'final';
      const status = statusOf(err);
      console.error('[mf_airport] board call failed; keeping the previous data and retrying', err);
      if (!current && status === 404) return (show({ status: 'not-found' }), 'final');
      if (!current && (status === 401 || status === 403)) return (show({ status: 'unauthorised' }), 'final');
      if (!current) show({ status: 'unavailable' });
      else show({ status: 'ready', failing: true, ...current });
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
    if (inline) {
      const age = inline.updatedAt === null ? -1 : Date.now() - inline.updatedAt;
      const fresh = inline.timings !== null && age >= 0 && age < AIRPORT_TIMINGS_REFRESH_MS;
      // Never older on this device's clock than the server said (a clock behind the server's).
      current = { ...inline, updatedAt: inline.updatedAt === null ? null : Math.min(inline.updatedAt, Date.now()) };
      show({ status: 'ready', failing: false, ...current });
      if (fresh) {
        // Kept for a start without network, once the page is idle (not while it loads).
        const kept = current;
        const keep = () => void writeCachedBoard(product, terminalId, kept);
        if (typeof requestIdleCallback === 'function') requestIdleCallback(keep, { timeout: 5_000 });
        else setTimeout(keep, 0);
        timer = setTimeout(cycle, AIRPORT_TIMINGS_REFRESH_MS - age);
        return;
      }
      await cycle();
      return;
    }
    const cached = await readCachedBoard(product, terminalId);
    if (cached && live && !current) {
      current = cached;
      show({ status: 'ready', failing: false, ...cached });
      // A cached config may be stale: ask for it again on this load, keep showing the cached board meanwhile.
      const fresh = await api()
        .then((a) => a.fetchBoardConfig(product, terminalId, abort.signal))
        .catch((err: unknown) => err);
      if (!live) return;
      if (statusOf(fresh) === 404) {
        current = null;
        show({ status: 'not-found' });
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
}
