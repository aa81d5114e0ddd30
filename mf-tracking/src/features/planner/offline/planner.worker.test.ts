import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { DEFAULT_PLANNER_WALK } from '@sawari/domain';
import { buildNetwork, decodeTimetable, encodeTimetable, planOffline } from '@sawari/domain/src/planner';
import type { DeparturesResult, PlanResult, StopSearchResult, SyncResult, WorkerRequest, WorkerResponse } from './protocol';

// The planner worker on its own (no browser): it keeps the city's timetable file in IndexedDB, revalidates it with the
// ETag, refuses a file that does not match its hash or cannot be read (the kept one stays), and plans on the kept file
// exactly as planOffline does.

const START = Date.UTC(2026, 0, 14, 18, 30); // 2026-01-15 00:00 in Kolkata
const stops = [
  { id: 'A', lat: 9.9, lon: 76.2 },
  { id: 'B', lat: 9.91, lon: 76.2 },
  { id: 'C', lat: 9.92, lon: 76.2 },
];
const trips = [0, 1, 2].map((k) => ({
  id: `t${k}`,
  routeId: 'R1',
  stopIds: ['A', 'B', 'C'],
  arrivals: [8 * 3600 + k * 1800, 8 * 3600 + k * 1800 + 600, 8 * 3600 + k * 1800 + 1200],
  departures: [8 * 3600 + k * 1800, 8 * 3600 + k * 1800 + 660, 8 * 3600 + k * 1800 + 1200],
}));

function file(version: string): Uint8Array {
  const network = buildNetwork({ stops, trips, transferSlackSecs: 180 });
  return encodeTimetable({
    cityId: 'testville',
    feedVersion: version,
    timeZone: 'Asia/Kolkata',
    slackSecs: 180,
    walk: DEFAULT_PLANNER_WALK,
    stopBased: false,
    stops: stops.map((s) => ({ stop_id: s.id, stop_name: `Stop ${s.id}`, stop_lat: s.lat, stop_lon: s.lon })),
    routes: [{ route_id: 'R1', route_short_name: '1', route_long_name: null, route_type: 3, route_color: null, route_text_color: null, agency_name: 'T' }],
    days: [{ date: '20260115', startMs: START, network, headsigns: ['C', 'C', 'C'], tripsOnDate: 3 }],
  });
}

const served = { bytes: file('1@a'), version: '1@a', badHash: false, requests: [] as (string | null)[] };
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const etagOf = () => `"${served.version}.${sha(served.bytes)}"`;

globalThis.fetch = (async (_url: string, init?: { headers?: Record<string, string> }) => {
  const asked = init?.headers?.['if-none-match'] ?? null;
  served.requests.push(asked);
  if (asked === etagOf()) return new Response(null, { status: 304 });
  return new Response(served.bytes.slice(), {
    status: 200,
    headers: { etag: etagOf(), 'x-timetable-sha256': served.badHash ? '0'.repeat(64) : sha(served.bytes), 'x-timetable-feed-version': served.version },
  });
}) as typeof fetch;

const posted: WorkerResponse[] = [];
const scope = { postMessage: (m: WorkerResponse) => posted.push(m), onmessage: null as null | ((e: { data: WorkerRequest }) => Promise<void>) };
(globalThis as unknown as { self: typeof scope }).self = scope;

let id = 0;
async function ask<T>(msg: Record<string, unknown>): Promise<T> {
  const req = { ...msg, id: ++id } as WorkerRequest;
  await scope.onmessage!({ data: req });
  const out = posted.find((p) => p.id === req.id)!;
  if (!out.ok) throw Object.assign(new Error(out.error.message), { code: out.error.code });
  return out.result as T;
}

beforeAll(async () => {
  await import('./planner.worker');
});

const planReq = {
  type: 'plan',
  city: 'testville',
  from: { stopId: 'A' },
  to: { stopId: 'C' },
  departAt: START + 8 * 3600e3 + 60e3,
  windowMinutes: 0,
  arriveBy: false,
  maxTransfers: 3,
};

describe('offline planner worker', () => {
  it('has no answer before a file is kept', async () => {
    await expect(ask(planReq)).rejects.toMatchObject({ code: 'NO_TIMETABLE' });
  });

  it('keeps the file, revalidates it with its ETag, and plans on it as planOffline does', async () => {
    const first = await ask<SyncResult>({ type: 'sync', city: 'testville' });
    expect(first).toMatchObject({ status: 'saved', kept: { feedVersion: '1@a', dates: ['20260115'] } });
    expect(served.requests).toEqual([null]);
    expect(await ask<SyncResult>({ type: 'sync', city: 'testville' })).toMatchObject({ status: 'unchanged' });
    expect(served.requests[1]).toBe(etagOf());

    const r = await ask<PlanResult>(planReq);
    expect(r.plan).toEqual(planOffline(decodeTimetable(served.bytes), { stopId: 'A' }, { stopId: 'C' }, planReq.departAt));
    // The 08:30 bus (the 08:00 one has gone), A -> C in 20 minutes, timetable only.
    expect(r.plan.itineraries[0]).toMatchObject({ departure: START + 8.5 * 3600e3, arrival: START + 8.5 * 3600e3 + 1200e3 });
    expect(r.plan.itineraries[0].legs.every((l) => l.live === false)).toBe(true);
  });

  it('replaces the file when the feed changes, and refuses one that does not match its hash or cannot be read', async () => {
    served.bytes = file('2@b');
    served.version = '2@b';
    served.badHash = true;
    expect(await ask<SyncResult>({ type: 'sync', city: 'testville' })).toMatchObject({ status: 'failed', kept: { feedVersion: '1@a' } });
    served.badHash = false;
    const broken = file('2@b');
    broken[5] = 99; // another format
    served.bytes = broken;
    expect(await ask<SyncResult>({ type: 'sync', city: 'testville' })).toMatchObject({ status: 'failed', kept: { feedVersion: '1@a' } });
    served.bytes = file('2@b');
    expect(await ask<SyncResult>({ type: 'sync', city: 'testville' })).toMatchObject({ status: 'saved', kept: { feedVersion: '2@b' } });
    expect((await ask<PlanResult>(planReq)).kept.feedVersion).toBe('2@b');
  });

  it('finds stops by name in the kept file (the from/to fields with no network)', async () => {
    const r = await ask<StopSearchResult>({ type: 'search', city: 'testville', query: 'stop b', limit: 20 });
    expect(r.stops).toEqual([{ stopId: 'B', name: 'Stop B', lat: 9.91, lon: 76.2 }]);
    await expect(ask({ type: 'search', city: 'nowhere', query: 'stop', limit: 20 })).rejects.toMatchObject({ code: 'NO_TIMETABLE' });
  });

  it('answers a stop’s next departures from the kept file (a stop page with no network)', async () => {
    const r = await ask<DeparturesResult>({ type: 'departures', city: 'testville', stopId: 'B', fromMs: START + 8.5 * 3600e3, limit: 5 });
    expect(r.departures.map((d) => d.at)).toEqual([START + (8.5 * 3600 + 660) * 1e3, START + (9 * 3600 + 660) * 1e3]);
  });

  it('says when the date is not in the kept file', async () => {
    await expect(ask({ ...planReq, departAt: START + 3 * 86400e3 })).rejects.toMatchObject({ code: 'NOT_IN_FILE' });
  });
});
