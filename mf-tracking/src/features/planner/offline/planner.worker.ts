/// <reference lib="webworker" />
// The offline trip planner (issue "plans with no network"): a Web Worker the planner screen starts only when it needs
// it. It keeps the city's timetable file (GET /api/planner/timetable: the server's own day networks for today and
// tomorrow) in IndexedDB, revalidated with its ETag whenever the planner opens (a new feed is a new file), checked
// against its SHA-256 when downloaded and when read back, and answers a plan with the server's routing core on it
// (shared/domain/src/planner: one copy of the code for the API and the browser). No live data: the timetable only.
import { createStore, get, set } from 'idb-keyval';
import { decodeTimetable, OfflinePlanError, planOffline, TIMETABLE_HASH_HEADER, TIMETABLE_VERSION_HEADER, type Timetable } from '@sawari/domain/src/planner';
import {
  OFFLINE_DAYS,
  type KeptTimetable,
  type PlanResult,
  type DeparturesResult,
  type StopSearchResult,
  type SyncResult,
  type WorkerRequest,
  type WorkerResponse,
} from './protocol';
import { matchKeptStops } from './stop-search';
import { keptDepartures } from './stop-departures';

declare const self: DedicatedWorkerGlobalScope;

interface Stored extends KeptTimetable {
  etag: string;
  sha256: string;
  file: ArrayBuffer;
}

const files = createStore('sawari-timetables', 'files');
/** The decoded file per city (decoding Kochi takes some 100 ms: once per worker). */
const decoded = new Map<string, { sha256: string; tt: Timetable }>();

async function sha256(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

const keptOf = (s: Stored): KeptTimetable => ({ feedVersion: s.feedVersion, dates: s.dates, savedAt: s.savedAt, bytes: s.bytes });

async function sync(city: string): Promise<SyncResult> {
  const stored = await get<Stored>(city, files).catch(() => undefined);
  try {
    const res = await fetch(`/api/planner/timetable?city=${encodeURIComponent(city)}&days=${OFFLINE_DAYS}`, {
      headers: stored ? { 'if-none-match': stored.etag } : {},
      cache: 'no-store',
      credentials: 'omit',
    });
    if (res.status === 304 && stored) return { status: 'unchanged', kept: keptOf(stored) };
    if (!res.ok) return { status: 'failed', message: `HTTP ${res.status}`, kept: stored ? keptOf(stored) : null };
    const file = await res.arrayBuffer();
    const hash = await sha256(file);
    if (hash !== res.headers.get(TIMETABLE_HASH_HEADER))
      return { status: 'failed', message: 'the file does not match its hash', kept: stored ? keptOf(stored) : null };
    // Read once before it replaces the kept file: a file this code cannot read is never kept.
    const tt = decodeTimetable(new Uint8Array(file));
    const next: Stored = {
      etag: res.headers.get('etag') ?? hash,
      sha256: hash,
      feedVersion: res.headers.get(TIMETABLE_VERSION_HEADER) ?? tt.feedVersion,
      dates: tt.days.map((d) => d.date),
      savedAt: Date.now(),
      bytes: file.byteLength,
      file,
    };
    await set(city, next, files);
    decoded.set(city, { sha256: hash, tt });
    return { status: 'saved', kept: keptOf(next) };
  } catch (err) {
    return { status: 'failed', message: String((err as Error)?.message ?? err), kept: stored ? keptOf(stored) : null };
  }
}

async function timetable(city: string): Promise<{ tt: Timetable; kept: KeptTimetable }> {
  const stored = await get<Stored>(city, files);
  if (!stored) throw new OfflinePlanErrorLike('NO_TIMETABLE', 'No timetable is kept on this phone for this city yet.');
  const hit = decoded.get(city);
  if (hit && hit.sha256 === stored.sha256) return { tt: hit.tt, kept: keptOf(stored) };
  if ((await sha256(stored.file)) !== stored.sha256) throw new OfflinePlanErrorLike('DAMAGED', 'The timetable kept on this phone is damaged.');
  const tt = decodeTimetable(new Uint8Array(stored.file));
  decoded.set(city, { sha256: stored.sha256, tt });
  return { tt, kept: keptOf(stored) };
}

class OfflinePlanErrorLike extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function plan(req: Extract<WorkerRequest, { type: 'plan' }>): Promise<PlanResult> {
  const { tt, kept } = await timetable(req.city);
  const started = performance.now();
  const answer = planOffline(tt, req.from, req.to, req.departAt, req.windowMinutes, req.maxTransfers, req.arriveBy);
  return { plan: answer, kept, ms: performance.now() - started };
}

async function search(req: Extract<WorkerRequest, { type: 'search' }>): Promise<StopSearchResult> {
  const { tt, kept } = await timetable(req.city);
  return { stops: matchKeptStops(tt.stops, req.query, req.limit), kept };
}

async function departures(req: Extract<WorkerRequest, { type: 'departures' }>): Promise<DeparturesResult> {
  const { tt, kept } = await timetable(req.city);
  return { departures: keptDepartures(tt, req.stopId, req.fromMs, req.limit), kept };
}

self.onmessage = async (e: MessageEvent<WorkerRequest>) => {
  const req = e.data;
  let out: WorkerResponse;
  try {
    const result =
      req.type === 'sync'
        ? await sync(req.city)
        : req.type === 'search'
          ? await search(req)
          : req.type === 'departures'
            ? await departures(req)
            : await plan(req);
    out = { id: req.id, ok: true, result };
  } catch (err) {
    const code = err instanceof OfflinePlanError || err instanceof OfflinePlanErrorLike ? err.code : 'OFFLINE_FAILED';
    out = { id: req.id, ok: false, error: { code, message: String((err as Error)?.message ?? err) } };
  }
  self.postMessage(out);
};
