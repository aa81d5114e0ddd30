import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { openTestDb, dbLabel, type TestDb } from '../../testing/test-db';
import { importGtfs } from '../transit/importer/import';
import { graphqlTestApp, writeFeed } from '../graphql/testing';
import { createRealtime, realtimeResolvers } from './graphql';

// The ETA screen of a route at a busy stop said "No more buses due": it took the stop's first 20
// arrivals of all routes and kept the route's. Now the server answers the route's own next arrivals at the stop.
const NOW = Date.parse('2026-03-10T08:00:00+05:30');

/** Stop HUB: route FAST every 2 minutes, route SLOW every 30 minutes, both all day. */
function busyStopFeed(): string {
  return writeFeed({
    'agency.txt': ['agency_id,agency_name,agency_url,agency_timezone', 'B,Busy Transport,https://example.org,Asia/Kolkata'],
    'calendar.txt': ['service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date', 'ALL,1,1,1,1,1,1,1,20250101,20301231'],
    'stops.txt': ['stop_id,stop_name,stop_lat,stop_lon', 'HUB,Hub,9.9,76.2', 'N,North,9.91,76.2', 'E,East,9.9,76.21'],
    'routes.txt': ['route_id,agency_id,route_short_name,route_long_name,route_type', 'FAST,B,1,Hub - North,3', 'SLOW,B,2,Hub - East,3'],
    'trips.txt': ['route_id,service_id,trip_id', 'FAST,ALL,fast', 'SLOW,ALL,slow'],
    'stop_times.txt': [
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
      'fast,00:00:00,00:00:00,HUB,1',
      'fast,00:05:00,00:05:00,N,2',
      'slow,00:00:00,00:00:00,HUB,1',
      'slow,00:07:00,00:07:00,E,2',
    ],
    'frequencies.txt': ['trip_id,start_time,end_time,headway_secs,exact_times', 'fast,05:00:00,23:00:00,120,1', 'slow,05:10:00,23:00:00,1800,1'],
  });
}

describe(`arrivals of one route at a busy stop ${dbLabel()}`, () => {
  let t: TestDb;
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = busyStopFeed();
    t = await openTestDb();
    await importGtfs(t.db, dir, { cityId: 'busyville' });
    const live = createRealtime({ db: t.db, now: () => NOW, realtime: { source: 'off', cacheMs: 0 } });
    app = await graphqlTestApp(t.db, NOW, { realtime: realtimeResolvers(live) });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const arrivals = async (args: string) => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/graphql',
      payload: { query: `{ stopArrivals(city: "busyville", stopId: "HUB"${args}) { route_id scheduledTime } }` },
    });
    const body = r.json() as { data: { stopArrivals: { route_id: string; scheduledTime: number }[] } | null; errors?: { extensions: { code: string } }[] };
    expect(body.errors).toBeUndefined();
    return body.data!.stopArrivals;
  };

  it("answers the route's own next arrivals, however busy the stop", async () => {
    // All routes: the first 20 are almost all FAST (every 2 min) — filtering them by route leaves SLOW one at most.
    const all = await arrivals(', limit: 20');
    expect(all.filter((a) => a.route_id === 'SLOW').length).toBeLessThan(2);
    const slow = await arrivals(', routeId: "SLOW", limit: 10');
    // Its next 10 (the arrivals horizon is 12 hours, as far as the boards look), every 30 minutes.
    expect(slow.map((a) => (a.scheduledTime - NOW) / 60_000)).toEqual([10, 40, 70, 100, 130, 160, 190, 220, 250, 280]);
    expect((await arrivals(', routeId: "FAST", limit: 3')).map((a) => (a.scheduledTime - NOW) / 60_000)).toEqual([0, 2, 4]);
    expect(await arrivals(', routeId: "NOPE"')).toEqual([]);
  });

  it('refuses a malformed route id like any other id argument', async () => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/graphql',
      payload: { query: '{ stopArrivals(city: "busyville", stopId: "HUB", routeId: "") { route_id } }' },
    });
    expect(r.json().errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});
