// The planner screen's side of the offline planner: starts its worker (planner.worker.ts, its own chunk, with the
// routing core and the timetable decoder) only when the planner is used, keeps the city's timetable file fresh in the
// background, and plans on it when the API cannot be reached.
import { ApiRequestError } from '@sawari/runtime';
import type { SearchResult, TripPlan } from '../../common/transit';
import type { DeparturesResult, PlanResult, StopSearchResult, SyncResult, WorkerRequest, WorkerResponse } from './protocol';

type Pending = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
let worker: Worker | null = null;
let seq = 0;
const pending = new Map<number, Pending>();

function start(): Worker {
  if (worker) return worker;
  worker = new Worker(/* webpackChunkName: "planner-worker" */ new URL('./planner.worker.ts', import.meta.url));
  worker.onmessage = (e: MessageEvent<WorkerResponse>) => {
    const p = pending.get(e.data.id);
    if (!p) return;
    pending.delete(e.data.id);
    if (e.data.ok) p.resolve(e.data.result);
    else p.reject(new ApiRequestError(0, e.data.error.code, e.data.error.message));
  };
  worker.onerror = () => {
    for (const p of pending.values()) p.reject(new ApiRequestError(0, 'OFFLINE_FAILED', 'The offline planner stopped.'));
    pending.clear();
    worker = null;
  };
  return worker;
}

type Omit2<T, K extends keyof never> = T extends unknown ? Omit<T, K> : never;
function ask<T>(msg: Omit2<WorkerRequest, 'id'>): Promise<T> {
  const w = start();
  const id = ++seq;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    w.postMessage({ ...msg, id });
  });
}

const synced = new Map<string, Promise<SyncResult>>();
/**
 * Keeps the city's timetable file on the phone, fresh: once per page life (a 304 when the feed and the days did not
 * change), after the screen has rendered. Failures are quiet (the last kept file stays).
 */
export function keepTimetable(city: string): Promise<SyncResult> {
  let p = synced.get(city);
  if (!p) {
    p = new Promise<void>((r) => setTimeout(r, 0)).then(() => ask<SyncResult>({ type: 'sync', city }));
    p.then((r) => r.status === 'failed' && synced.delete(city)).catch(() => synced.delete(city));
    synced.set(city, p);
  }
  return p;
}

/** Whether an error means the API could not be reached (no network, the server down or its gateway failing). */
export const unreachable = (err: unknown): boolean =>
  err instanceof ApiRequestError ? err.status === 0 || err.code === 'NETWORK_ERROR' || err.status >= 502 : true;

/**
 * Stops by name in the timetable kept on this phone, shaped as the API's search results (stops only): the from/to
 * fields use it when the API cannot be reached, since the offline planner plans between those same stops.
 */
export async function searchWithoutNetwork(city: string, query: string, limit = 20): Promise<SearchResult[]> {
  const r = await ask<StopSearchResult>({ type: 'search', city, query, limit });
  return r.stops.map((s) => ({
    result_type: 'STOP' as const,
    stop_id: s.stopId,
    name: s.name,
    lat: s.lat,
    lon: s.lon,
    stop_code: null,
    towards: [],
    routeNames: [],
    route: null,
  }));
}

/** A stop's next departures in the timetable kept on this phone (timetable only), and when that file was saved. */
export async function departuresWithoutNetwork(city: string, stopId: string, fromMs: number, limit = 12): Promise<DeparturesResult> {
  return ask<DeparturesResult>({ type: 'departures', city, stopId, fromMs, limit });
}

export type OfflineTripPlan = TripPlan & { offline: { feedVersion: string; savedAt: number; ms: number } };

/** A plan from the kept timetable, shaped as the API's planTrip answer (timetable only: no live data). */
export async function planWithoutNetwork(
  city: string,
  v: { from: WorkerRequestPlace; to: WorkerRequestPlace; departAt: number; windowMinutes: number; arriveBy: boolean },
): Promise<OfflineTripPlan> {
  const r = await ask<PlanResult>({
    type: 'plan',
    city,
    from: v.from,
    to: v.to,
    departAt: v.departAt,
    windowMinutes: v.windowMinutes,
    arriveBy: v.arriveBy,
    maxTransfers: 3,
  });
  const stop = <S extends object>(s: S) => ({ ...s, station_type: null, transport_type: null });
  const itineraries = r.plan.itineraries.map((it) => ({
    ...it,
    legs: it.legs.map((l) => ({ ...l, from: stop(l.from), to: stop(l.to), route: l.route ? { ...l.route, arrival_time: null } : null })),
  }));
  return { ...r.plan, itineraries, offline: { feedVersion: r.kept.feedVersion, savedAt: r.kept.savedAt, ms: r.ms } } as OfflineTripPlan;
}
type WorkerRequestPlace = Extract<WorkerRequest, { type: 'plan' }>['from'];
