import path from 'node:path';
import { openTestDb, dbLabel, type TestDb } from '../../testing/test-db';
import { KIOSK, startTestServer, type TestServer } from '../../testing/test-server';
import { API_SECURITY_HEADERS } from '../../platform/server';
import { seedDemoData } from '../../seed';
import { importGtfs } from '../transit/importer/import';
import { TimetableCache } from '../transit/timetable-cache';
import { TransitStore } from '../transit/store';
import { ResponseSchemaError } from '../../platform/schema';
import type { Timetable } from '../transit';
import { AirportService, TimingsCache } from './service';
import { AirportStore } from './store';

const DEMO_FEED = path.join(__dirname, '../../../data/gtfs/mumbai-airport-express');
const ist = (date: string, time: string) => Date.parse(`${date}T${time}+05:30`);
const PAIRS = [
  { routeId: 'AE-T1-KHR', stopId: 'T1-BAY' },
  { routeId: 'AE-T1-THN', stopId: 'T1-BAY' },
];
const request = (from: number) => ({ routeStopPairs: PAIRS, timeWindow: { fromTime: String(from), toTime: String(from + 12 * 3600_000) } });

describe(`board timings from the shared cache ${dbLabel()}`, () => {
  let t: TestDb;
  let service: AirportService;
  let clock = 0;
  let timetables: TimetableCache;
  beforeAll(async () => {
    t = await openTestDb();
    await seedDemoData(t.db);
    timetables = new TimetableCache(new TransitStore(t.db), { checkEveryMs: 1000, now: () => clock });
    service = new AirportService(new AirportStore(t.db), timetables);
  }, 120_000);
  afterAll(() => t?.cleanup());

  const computations = () => service.timingsCache.computations;
  const from = ist('2025-08-14', '10:00:00');

  it('computes each route and stop once per minute, whatever the number of kiosks asking', async () => {
    const first = await service.timings('mumbai', request(from));
    expect(computations()).toBe(2);
    // Forty kiosks in the same minute, at different milliseconds: the same bytes and ETag, nothing recomputed.
    for (let i = 0; i < 40; i++) {
      const again = await service.timings('mumbai', request(from + i * 1000 + 7));
      expect(again).toBe(first);
    }
    expect(computations()).toBe(2);
    // A board with one of those pairs shares its computation.
    await service.timings('mumbai', { ...request(from), routeStopPairs: [PAIRS[1]] });
    expect(computations()).toBe(2);
    // The next minute is computed once more.
    const next = await service.timings('mumbai', request(from + 60_000));
    expect(computations()).toBe(4);
    expect(next.etag).not.toBe(first.etag);
    expect(JSON.parse(first.body).data[0].timings[0]).toBe(from);
    expect(JSON.parse(first.body).data.map((d: { routeId: string }) => d.routeId)).toEqual(['AE-T1-KHR', 'AE-T1-THN']);
  });

  it("answers what a fresh computation gives: each pair's departures over the window widened to whole minutes", async () => {
    const at = from + 37_123; // 10:00:37.123: the window starts at 10:00:00.000 and ends at 22:00:59.999
    const cached = await service.timings('mumbai', request(at));
    const { timetable } = await timetables.get('mumbai');
    const start = from;
    const end = from + 12 * 3600_000 + 59_999;
    const fresh = PAIRS.map(({ routeId, stopId }) => ({ routeId, stopId, timings: timetable!.departures(routeId, stopId, start, end) }));
    expect(JSON.parse(cached.body)).toEqual({ data: fresh });
    expect(fresh.every((p) => p.timings.length > 0)).toBe(true);
    // Another instance with nothing cached sends the same bytes and ETag.
    const cold = await new AirportService(new AirportStore(t.db), timetables).timings('mumbai', request(at));
    expect(cold).toEqual(cached);
  });

  it('moves on at the minute boundary, not before', async () => {
    const lastMs = await service.timings('mumbai', request(from + 59_999));
    const before = computations();
    const nextMinute = await service.timings('mumbai', request(from + 60_000));
    expect(computations()).toBe(before); // computed by the first test's next-minute request, kept since
    const first = (a: { body: string }) => JSON.parse(a.body).data[0].timings[0] as number;
    expect(first(lastMs)).toBe(from); // the 10:00 departure is still in the 10:00 minute's answer
    expect(first(nextMinute)).toBeGreaterThan(from); // and gone from the 10:01 one
    expect(nextMinute.etag).not.toBe(lastMs.etag);
    await service.timings('mumbai', request(from + 120_000));
    expect(computations()).toBe(before + 2);
  });

  it('recomputes after a live data change of the city, not of another', async () => {
    const before = computations();
    await service.timings('mumbai', request(from));
    expect(computations()).toBe(before);
    service.liveDataChanged('kochi');
    await service.timings('mumbai', request(from));
    expect(computations()).toBe(before);
    service.liveDataChanged('mumbai');
    await service.timings('mumbai', request(from));
    expect(computations()).toBe(before + 2);
  });

  it('recomputes after a timetable import (the city gets a new compiled timetable)', async () => {
    await service.timings('mumbai', request(from));
    const before = computations();
    await importGtfs(t.db, DEMO_FEED, { cityId: 'mumbai' });
    // Within the timetable check interval the old timetable (and its cached answers) still serve.
    await service.timings('mumbai', request(from));
    expect(computations()).toBe(before);
    const oldFeed = (await timetables.get('mumbai')).timetable?.feedId;
    clock += 1000; // the next request starts the background check of the city's feed id, which finds the import
    await service.timings('mumbai', request(from));
    for (let i = 0; i < 250 && (await timetables.get('mumbai')).timetable?.feedId === oldFeed; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await timetables.get('mumbai')).timetable?.feedId).not.toBe(oldFeed);
    await service.timings('mumbai', request(from));
    expect(computations()).toBe(before + 2);
  });

  it('checks each answer it builds against the response schema, so the text it sends as it is never breaks it', () => {
    const cache = new TimingsCache();
    const broken = { serviceDays: () => [], departures: () => [from + 0.5] } as unknown as Timetable;
    expect(() => cache.answer('mumbai', broken, request(from), () => {})).toThrow(ResponseSchemaError);
    const fine = { serviceDays: () => [], departures: () => [from] } as unknown as Timetable;
    expect(JSON.parse(cache.answer('mumbai', fine, request(from), () => {}).body).data[0].timings).toEqual([from]);
  });

  it('never stores an answer for an unknown pair', async () => {
    const body = { routeStopPairs: [{ routeId: 'AE-T1-KHR', stopId: 'NOWHERE' }], timeWindow: request(from).timeWindow };
    for (let i = 0; i < 2; i++) await expect(service.timings('mumbai', body)).rejects.toMatchObject({ status: 400, code: 'UNKNOWN_ROUTE_STOP' });
  });
});

describe(`board timings over HTTP ${dbLabel()}`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  }, 120_000);
  afterAll(() => s?.cleanup());

  it('sends an ETag and answers 304 to a board that already has those bytes', async () => {
    const payload = request(ist('2025-08-14', '10:00:00'));
    const url = '/api/tub/v1/trips/mumbai/by_route_stop_pairs';
    const first = await s.app.inject({ method: 'POST', url, headers: KIOSK, payload });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await s.app.inject({ method: 'POST', url, headers: { ...KIOSK, 'if-none-match': etag }, payload });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await s.app.inject({ method: 'POST', url, headers: { ...KIOSK, 'if-none-match': '"stale"' }, payload });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('sends the cached text as JSON with the API security headers, and still refuses a kiosk without its key', async () => {
    const payload = request(ist('2025-08-14', '11:00:00'));
    const url = '/api/tub/v1/trips/mumbai/by_route_stop_pairs';
    const ok = await s.app.inject({ method: 'POST', url, headers: KIOSK, payload });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(ok.headers).toMatchObject(API_SECURITY_HEADERS);
    expect(ok.json().data).toHaveLength(2);
    // The answer is cached and the key remembered: neither lets a board without the key in.
    for (const headers of [{}, { authorization: 'Kiosk not-the-key' }, { authorization: `${KIOSK.authorization}x` }]) {
      const refused = await s.app.inject({ method: 'POST', url, headers: { ...headers, 'if-none-match': ok.headers.etag as string }, payload });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'KIOSK_UNAUTHORIZED' });
      expect(refused.headers.etag).toBeUndefined();
    }
  });
});
