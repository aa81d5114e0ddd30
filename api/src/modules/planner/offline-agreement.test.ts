import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeTimetable, OfflinePlanError, planOffline, type OfflinePlace } from '@sawari/domain/src/planner';
import { routeHarness } from '../../testing/route-harness';
import { openTestDb, dbLabel, type TestDb } from '../../testing/test-db';
import { importGtfs } from '../transit/importer/import';
import { PlannerService } from './service';
import { TimetableFileService, timetableFileRoutes } from './timetable-file-route';
import { writeGridFeed } from './testing/grid-feed';

// The browser's offline planner (shared/domain/src/planner/offline.ts on the timetable file) against the server's
// planTrip on the same feed and the same requests: the same answers, itinerary for itinerary.
const ist = (iso: string) => Date.parse(`${iso}+05:30`);
const NOW = ist('2026-01-15T06:30:00');
const MINI = path.resolve(__dirname, '../transit/importer/fixtures/mini');

/** The server's answer without what is not in the schema (Stop.cityId lets GraphQL resolve a stop's routes). */
const wire = (v: unknown) => JSON.parse(JSON.stringify(v, (k, x) => (k === 'cityId' ? undefined : x)));

describe(`offline planner agrees with the server's planner ${dbLabel()}`, () => {
  let t: TestDb;
  let dir: string;
  let planner: PlannerService;
  let files: TimetableFileService;
  beforeAll(async () => {
    dir = writeGridFeed({ n: 9, spacing: 220, headwayMins: 12, minutesPerStop: 2 });
    t = await openTestDb();
    await importGtfs(t.db, dir, { cityId: 'gridville' });
    await importGtfs(t.db, MINI, { cityId: 'testville' });
    planner = new PlannerService(t.db, { pool: { workers: 0 }, prepareNextDay: false });
    files = new TimetableFileService(planner, () => NOW);
  }, 120_000);
  afterAll(async () => {
    await planner?.close();
    await t?.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gives the same itineraries for 300 requests (stop to stop, from and to a location, leave at, arrive by, a window)', async () => {
    const file = await files.file('gridville', 2);
    const tt = decodeTimetable(new Uint8Array(file.bytes));
    expect(tt.days.map((d) => d.date)).toEqual(['20260115', '20260116']);
    let x = 42;
    const rnd = (n: number) => (x = (x * 1103515245 + 12345) % 2147483648) % n;
    const stop = (): OfflinePlace => ({ stopId: `g${rnd(9)}_${rnd(9)}` });
    // A location up to ~300 m off the grid's stops (walks to the nearby stops, computed on the phone).
    const geo = (): OfflinePlace => ({ lat: 9.9 + rnd(1800) / 100000, lon: 76.2 + rnd(1800) / 100000, name: 'My location' });
    let compared = 0;
    let withItineraries = 0;
    let walkedFromLocation = 0;
    for (let i = 0; i < 300; i++) {
      const kind = i % 4;
      const from = kind === 1 ? geo() : stop();
      const to = kind === 2 ? geo() : stop();
      const day = i % 5 === 0 ? '2026-01-16' : '2026-01-15';
      const at = ist(`${day}T${String(5 + rnd(18)).padStart(2, '0')}:${String(rnd(60)).padStart(2, '0')}:00`);
      const arriveBy = kind === 3;
      const window = i % 7 === 0 ? 30 : 0;
      const maxTransfers = rnd(4);
      const server = await planner.plan('gridville', from, to, at, window, maxTransfers, arriveBy).then(
        (p) => ({ ok: wire(p) }),
        (e: { code?: string }) => ({ error: e.code }),
      );
      let offline: { ok: unknown } | { error: string | undefined };
      try {
        offline = { ok: planOffline(tt, from, to, at, window, maxTransfers, arriveBy) };
      } catch (e) {
        offline = { error: e instanceof OfflinePlanError ? e.code : String(e) };
      }
      expect({ i, from, to, at, arriveBy, window, maxTransfers, ...offline }).toEqual({ i, from, to, at, arriveBy, window, maxTransfers, ...server });
      compared++;
      if ('ok' in server && (server.ok as { itineraries: unknown[] }).itineraries.length) {
        withItineraries++;
        if (kind === 1) walkedFromLocation++;
      }
    }
    expect(compared).toBe(300);
    // The comparison means something: most requests have journeys, some of them from a location.
    expect(withItineraries).toBeGreaterThan(200);
    expect(walkedFromLocation).toBeGreaterThan(30);
  }, 120_000);

  it('agrees on the mini feed: a transfer on foot, a night trip after midnight, arrive-by and a stop-based refusal', async () => {
    const tt = decodeTimetable(new Uint8Array((await files.file('testville', 2)).bytes));
    const cases: [OfflinePlace, OfflinePlace, number, boolean][] = [
      [{ stopId: 'A' }, { stopId: 'C' }, ist('2026-01-15T07:55:00'), false],
      [{ stopId: 'A' }, { stopId: 'D' }, ist('2026-01-15T05:50:00'), false],
      [{ stopId: 'A' }, { stopId: 'C' }, ist('2026-01-15T23:45:00'), false],
      [{ stopId: 'A' }, { stopId: 'C' }, ist('2026-01-15T09:30:00'), true],
      [{ lat: 19.0005, lon: 72.8001, name: 'Home' }, { stopId: 'C' }, ist('2026-01-16T07:40:00'), false],
    ];
    for (const [from, to, at, arriveBy] of cases) {
      const server = wire(await planner.plan('testville', from, to, at, 0, 3, arriveBy));
      expect(planOffline(tt, from, to, at, 0, 3, arriveBy)).toEqual(server);
    }
    // A date the file does not hold is said so (the phone then has no answer to give, not a wrong one).
    expect(() => planOffline(tt, { stopId: 'A' }, { stopId: 'C' }, ist('2026-01-18T08:00:00'))).toThrow(OfflinePlanError);
  });

  it('serves the file: binary, gzip, ETag of feed version and hash, 304 when unchanged, 404 and 400 as {code, message}', async () => {
    const { app } = await routeHarness((a) => a.register(timetableFileRoutes, { service: files }));
    try {
      const res = await app.inject({ url: '/api/planner/timetable?city=gridville&days=2', headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-type']).toBe('application/octet-stream');
      const bytes = gunzipSync(res.rawPayload);
      const sha = createHash('sha256').update(bytes).digest('hex');
      expect(res.headers['x-timetable-sha256']).toBe(sha);
      const version = String(res.headers['x-timetable-feed-version']);
      expect(version).toMatch(/^\d+@/);
      expect(res.headers.etag).toBe(`"${version.replace(/[^\w.@:-]/g, '_')}.${sha}"`);
      expect(decodeTimetable(new Uint8Array(bytes)).days).toHaveLength(2);

      const again = await app.inject({ url: '/api/planner/timetable?city=gridville&days=2', headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      const plain = await app.inject({ url: '/api/planner/timetable?city=gridville&days=1' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(decodeTimetable(new Uint8Array(plain.rawPayload)).days.map((d) => d.date)).toEqual(['20260115']);

      const none = await app.inject({ url: '/api/planner/timetable?city=atlantis' });
      expect(none.statusCode).toBe(404);
      expect(none.json()).toMatchObject({ code: 'NO_TRANSIT_DATA' });
      for (const q of ['city=Grid%20ville', 'city=gridville&days=9', 'city=gridville&extra=1', '']) {
        const bad = await app.inject({ url: `/api/planner/timetable?${q}` });
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toHaveProperty('code');
      }
    } finally {
      await app.close();
    }
  });
});
