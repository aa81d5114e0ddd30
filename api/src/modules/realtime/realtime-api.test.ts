import path from 'node:path';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { dbLabel } from '../../testing/test-db';
import { importGtfs } from '../transit/importer/import';
import { createRealtime } from './graphql';

const MINI = path.resolve(__dirname, '../transit/importer/fixtures/mini');
const NOW = Date.parse('2026-03-10T08:12:00+05:30');

/** POST /api/graphql through the whole server (realtime resolvers merged into the GraphQL plugin). */
describe(`realtime over POST /api/graphql ${dbLabel()}`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ now: () => NOW, before: async (t) => void (await importGtfs(t.db, MINI, { cityId: 'testville' })) });
  }, 60_000);
  afterAll(() => s?.cleanup());

  const gql = async (query: string, variables?: Record<string, unknown>) => {
    const res = await s.app.inject({ method: 'POST', url: '/api/graphql', payload: { query, variables } });
    return {
      status: res.statusCode,
      body: res.json() as { data: Record<string, unknown> | null; errors?: { message: string; extensions: { code: string } }[] },
    };
  };

  it('answers arrivals, vehicles and disruptions from the simulator', async () => {
    const { status, body } = await gql(
      `query ($c: ID!) {
      stopArrivals(city: $c, stopId: "C", limit: 3) { route_id route_name headsign tripId scheduledTime expectedTime vNo tS eta delaySeconds timeliness occupancy passedAt live cancellation }
      routeVehicles(city: $c, routeId: "R1") { vNo route_id tripId headsign lat lon tS ageSeconds timeliness occupancy nextStopId nextStopName }
      disruptions(city: $c) { id kind title routeIds stopIds startsAt endsAt }
    }`,
      { c: 'testville' },
    );
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const arrivals = body.data!.stopArrivals as { tripId: string; scheduledTime: number; vNo: string | null }[];
    const { realtime } = createRealtime({ db: s.db, now: () => NOW, realtime: { source: 'simulator', seed: 'sawari', cacheMs: 0 } });
    expect(arrivals).toEqual(await realtime.stopArrivals('testville', 'C', NOW, 3));
    expect(arrivals[0]).toMatchObject({ route_id: 'R1', tripId: 'R1-0800', scheduledTime: Date.parse('2026-03-10T08:20:00+05:30') });
    const vehicles = body.data!.routeVehicles as { vNo: string; ageSeconds: number; nextStopName: string }[];
    for (const v of vehicles) {
      expect(v.vNo).toMatch(/^TE-01-[A-Z]{2}-\d{4}$/);
      expect(v.ageSeconds).toBeGreaterThanOrEqual(0);
    }
    if (vehicles.length) {
      const one = await gql(`{ vehicle(city: "testville", vehicleNumber: "${vehicles[0].vNo}") { vNo route_name ageSeconds } }`);
      expect(one.body.data).toEqual({ vehicle: { vNo: vehicles[0].vNo, route_name: '1', ageSeconds: vehicles[0].ageSeconds } });
    }
    for (const d of body.data!.disruptions as { kind: string; routeIds: string[] }[]) expect(['WEATHER', 'TRAFFIC', 'BREAKDOWN']).toContain(d.kind);
  });

  it('attaches disruptions to stops and routes, and says NOT_FOUND for an unknown city', async () => {
    // The server runs the default simulator (seed 'sawari'): the same service built here must agree with it.
    const { realtime } = createRealtime({ db: s.db, now: () => NOW, realtime: { source: 'simulator', seed: 'sawari', cacheMs: 0 } });
    const later = NOW + 4 * 3_600_000;
    const ids = (list: { id: string }[]) => list.map((d) => ({ id: d.id }));
    const { body } = await gql(
      `{ stop(city: "testville", stopId: "B") { stop_id disruptions { id } } route(city: "testville", routeId: "R1") { route_id disruptions { id } } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      stop: { stop_id: 'B', disruptions: ids(await realtime.stopDisruptions('testville', 'B', NOW)) },
      route: { route_id: 'R1', disruptions: ids(await realtime.routeDisruptions('testville', 'R1', NOW)) },
    });
    // Over the day the seeded disruptions land on the fixture's routes and stops.
    expect((await realtime.disruptions('testville', later)).every((d) => d.routeIds.every((r) => ['R1', 'R2', 'R3'].includes(r)))).toBe(true);
    const missing = await gql(`{ stopArrivals(city: "atlantis", stopId: "A") { tripId } }`);
    expect(missing.body.errors?.[0].extensions.code).toBe('NOT_FOUND');
  });
});
