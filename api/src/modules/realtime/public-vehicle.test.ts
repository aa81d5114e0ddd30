import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openTestDb, dbLabel, type TestDb } from '../../testing/test-db';
import { importGtfs } from '../transit/importer/import';
import { graphqlTestApp } from '../graphql/testing';
import { TransitStore } from '../transit/store';
import { createRealtime, realtimeResolvers } from './graphql';
import { RealtimeService } from './service';
import type { RealtimeSnapshot } from './source';
import { RealtimeStore } from './store';
import { FixedSource } from './testing';

// /public-route/:vehicleNo failed unless the viewer's chosen city was the bus's city. publicVehicle
// finds a bus by number in whichever city runs it and says which city that is.
const MINI = path.resolve(__dirname, '../transit/importer/fixtures/mini');
const NOW = Date.parse('2026-03-10T08:12:00+05:30');

describe(`publicVehicle: a shared bus link for anyone ${dbLabel()}`, () => {
  let t: TestDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await openTestDb();
    await importGtfs(t.db, MINI, { cityId: 'testville' });
    await t.db.query(`INSERT INTO cities (id, name, time_zone) VALUES ('otherville', 'Otherville', 'Asia/Kolkata') ON CONFLICT (id) DO NOTHING`);
    const live = createRealtime({ db: t.db, now: () => NOW, realtime: { source: 'simulator', seed: 'sawari', cacheMs: 0 } });
    app = await graphqlTestApp(t.db, NOW, { realtime: realtimeResolvers(live) });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  const gql = async (query: string, variables?: Record<string, unknown>) => {
    const r = await app.inject({ method: 'POST', url: '/api/graphql', payload: { query, variables } });
    return r.json() as { data: Record<string, unknown> | null; errors?: { extensions: { code: string } }[] };
  };

  it('finds the bus whatever city the viewer chose, or none, and names its city', async () => {
    const { data } = await gql('{ routeVehicles(city: "testville", routeId: "R1") { vNo } }');
    const vNo = (data!.routeVehicles as { vNo: string }[])[0]?.vNo;
    expect(vNo).toBeDefined();
    const Q = 'query($v: String!, $c: ID) { publicVehicle(vehicleNumber: $v, city: $c) { city vNo route_id } }';
    for (const c of [null, 'testville', 'otherville', 'mumbai']) {
      const r = await gql(Q, { v: vNo, c });
      expect(r.errors).toBeUndefined();
      expect(r.data).toEqual({ publicVehicle: { city: 'testville', vNo, route_id: 'R1' } });
    }
    // Spaces, dashes and case as a person types them.
    expect((await gql(Q, { v: vNo.toLowerCase().replace(/-/g, ' ') })).data).toEqual({ publicVehicle: { city: 'testville', vNo, route_id: 'R1' } });
    expect((await gql(Q, { v: 'ZZ-99-ZZ-9999' })).data).toEqual({ publicVehicle: null });
  });

  it('refuses a malformed number or city', async () => {
    expect((await gql('{ publicVehicle(vehicleNumber: "<script>") { vNo } }')).errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect((await gql('{ publicVehicle(vehicleNumber: "MH01", city: "Not A City") { vNo } }')).errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});

// /public-route/MH00ZZ0000 (a number no city has) once built every city's live state on the request: 6-15 s with the
// Kochi feed, other requests waiting meanwhile. The service answers from its vehicle-number index instead.
describe(`publicVehicle answers from the vehicle index ${dbLabel()}`, () => {
  let t: TestDb;
  const trip = { tripId: 'R1-0800', routeId: 'R1', startDate: '20260310', startTime: '08:00:00' };
  const bus = (): RealtimeSnapshot => ({
    vehicles: [
      {
        vNo: 'KL-07-BX-1234',
        trip,
        routeId: 'R1',
        lat: 19.015,
        lon: 72.815,
        bearing: 45,
        tS: NOW - 20_000,
        occupancyLevel: 12,
        currentStopSequence: 3,
        stopId: 'C',
      },
    ],
    tripUpdates: [],
    disruptions: [],
  });
  const service = (source: FixedSource | { kind: 'gtfs-rt'; snapshot: () => Promise<RealtimeSnapshot> }, coldWaitMs?: number) =>
    new RealtimeService(new TransitStore(t.db), new RealtimeStore(t.db), { source, cacheMs: 0, clock: () => NOW, coldWaitMs });
  beforeAll(async () => {
    t = await openTestDb();
    await importGtfs(t.db, MINI, { cityId: 'testville' });
  }, 60_000);
  afterAll(() => t?.cleanup());

  it('answers a number no city has without building a live state, and a known one from its city only', async () => {
    const source = new FixedSource(bus);
    const s = service(source);
    await s.refreshVehicleIndex();
    expect(source.calls).toBe(1);
    expect(await s.vehicleAnywhere('MH00ZZ0000', NOW)).toBeNull();
    expect(await s.vehicleAnywhere('MH00ZZ0000', NOW, 'testville')).toBeNull();
    expect(source.calls).toBe(1);
    expect(await s.vehicleAnywhere('kl 07 bx 1234', NOW, 'otherville')).toMatchObject({ city: 'testville', vNo: 'KL-07-BX-1234', route_id: 'R1' });
    // Only the bus's city is read (cacheMs 0: a fresh build), once.
    expect(source.calls).toBe(2);
    // A bus gone from its city's feed leaves the index with the next build.
    source.make = () => ({ vehicles: [], tripUpdates: [], disruptions: [] });
    await s.refreshVehicleIndex();
    expect(source.calls).toBe(3);
    expect(await s.vehicleAnywhere('KL-07-BX-1234', NOW)).toBeNull();
    expect(source.calls).toBe(3);
  });

  it('does not hold the answer for a city whose live state is still being built (a cold start): it builds in the background', async () => {
    let calls = 0;
    let release: (s: RealtimeSnapshot) => void = () => undefined;
    // The first build waits until released (a big city's first build); later ones answer at once.
    const hanging = {
      kind: 'gtfs-rt' as const,
      snapshot: () => ((calls += 1), calls === 1 ? new Promise<RealtimeSnapshot>((r) => (release = r)) : Promise.resolve(bus())),
    };
    const s = service(hanging, 0);
    expect(await s.vehicleAnywhere('KL-07-BX-1234', NOW)).toBeNull();
    // A second ask joins the refresh in progress instead of starting another build.
    expect(await s.vehicleAnywhere('KL-07-BX-1234', NOW)).toBeNull();
    for (let i = 0; i < 2000 && calls === 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect(calls).toBe(1);
    release(bus());
    await s.idle();
    expect(await s.vehicleAnywhere('KL-07-BX-1234', NOW)).toMatchObject({ city: 'testville' });
  });
});
