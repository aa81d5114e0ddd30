import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openTestDb, dbLabel, type TestDb } from '../../testing/test-db';
import { importGtfs } from '../transit/importer/import';
import { graphqlTestApp, writeFeed } from '../graphql/testing';
import { createRealtime, realtimeResolvers } from './graphql';

// Arrivals and vehicles carry their route's feed colours (route_color, route_text_color as '#RRGGBB', like Route and
// RouteSummary), so the ETA list and the bus screen can draw each route's badge; null where the feed has none.
const MINI = path.resolve(__dirname, '../transit/importer/fixtures/mini');
const NOW = Date.parse('2026-03-10T08:12:00+05:30');

/** The mini feed with colours: R1 blue on white, R2 a colour but a malformed text colour, R3 none. */
function colouredFeed(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sawari-colours-'));
  for (const f of fs.readdirSync(MINI)) fs.copyFileSync(path.join(MINI, f), path.join(dir, f));
  fs.writeFileSync(
    path.join(dir, 'routes.txt'),
    [
      'route_id,agency_id,route_short_name,route_long_name,route_type,route_color,route_text_color',
      'R1,TV,1,Alpha - Charlie,3,1a73e8,FFFFFF',
      'R2,TV,2,Alpha - Delta (every 30 min),3,FFDD00,white',
      'R3,TV,3N,Alpha - Charlie night,3,,',
    ].join('\n') + '\n',
  );
  return dir;
}

/** Stop HUB served all day by FAST (blue on white), SLOW (a colour, a malformed text colour) and PLAIN (none). */
function busyStopFeed(): string {
  return writeFeed({
    'agency.txt': ['agency_id,agency_name,agency_url,agency_timezone', 'B,Busy Transport,https://example.org,Asia/Kolkata'],
    'calendar.txt': ['service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date', 'ALL,1,1,1,1,1,1,1,20250101,20301231'],
    'stops.txt': ['stop_id,stop_name,stop_lat,stop_lon', 'HUB,Hub,9.9,76.2', 'N,North,9.91,76.2'],
    'routes.txt': [
      'route_id,agency_id,route_short_name,route_long_name,route_type,route_color,route_text_color',
      'FAST,B,1,Hub - North,3,1a73e8,FFFFFF',
      'SLOW,B,2,Hub - North slow,3,FFDD00,white',
      'PLAIN,B,3,Hub - North plain,3,,',
    ],
    'trips.txt': ['route_id,service_id,trip_id', 'FAST,ALL,fast', 'SLOW,ALL,slow', 'PLAIN,ALL,plain'],
    'stop_times.txt': [
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
      ...['fast', 'slow', 'plain'].flatMap((t) => [`${t},00:00:00,00:00:00,HUB,1`, `${t},00:05:00,00:05:00,N,2`]),
    ],
    'frequencies.txt': [
      'trip_id,start_time,end_time,headway_secs,exact_times',
      'fast,05:00:00,23:00:00,600,1',
      'slow,05:02:00,23:00:00,600,1',
      'plain,05:04:00,23:00:00,600,1',
    ],
  });
}

describe(`route colours on arrivals and vehicles ${dbLabel()}`, () => {
  let t: TestDb;
  const dirs: string[] = [];
  let app: FastifyInstance;
  beforeAll(async () => {
    dirs.push(colouredFeed(), busyStopFeed());
    t = await openTestDb();
    await importGtfs(t.db, dirs[0], { cityId: 'colourville' });
    await importGtfs(t.db, dirs[1], { cityId: 'busyville' });
    const live = createRealtime({ db: t.db, now: () => NOW, realtime: { source: 'simulator', seed: 'sawari', cacheMs: 0 } });
    app = await graphqlTestApp(t.db, NOW, { realtime: realtimeResolvers(live) });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const gql = async (query: string, variables?: Record<string, unknown>) => {
    const r = await app.inject({ method: 'POST', url: '/api/graphql', payload: { query, variables } });
    const body = r.json() as { data: Record<string, unknown> | null; errors?: unknown[] };
    expect(body.errors).toBeUndefined();
    return body.data!;
  };

  const expected: Record<string, { route_color: string | null; route_text_color: string | null }> = {
    R1: { route_color: '#1A73E8', route_text_color: '#FFFFFF' },
    R2: { route_color: '#FFDD00', route_text_color: null },
    R3: { route_color: null, route_text_color: null },
    FAST: { route_color: '#1A73E8', route_text_color: '#FFFFFF' },
    SLOW: { route_color: '#FFDD00', route_text_color: null },
    PLAIN: { route_color: null, route_text_color: null },
  };

  it("answers each arrival's route colours as the route itself does", async () => {
    const data = await gql('{ stopArrivals(city: "busyville", stopId: "HUB", limit: 6) { route_id route_color route_text_color } }');
    const arrivals = data.stopArrivals as { route_id: string; route_color: string | null; route_text_color: string | null }[];
    expect(new Set(arrivals.map((a) => a.route_id))).toEqual(new Set(['FAST', 'SLOW', 'PLAIN']));
    for (const a of arrivals) expect({ route_color: a.route_color, route_text_color: a.route_text_color }).toEqual(expected[a.route_id]);
    const route = await gql('{ route(city: "busyville", routeId: "FAST") { color text_color } }');
    expect(route.route).toEqual({ color: expected.FAST.route_color, text_color: expected.FAST.route_text_color });
  });

  it("answers a vehicle's route colours, on a route's buses and on a shared bus link", async () => {
    const data = await gql('{ routeVehicles(city: "colourville", routeId: "R1") { vNo route_color route_text_color } }');
    const buses = data.routeVehicles as { vNo: string; route_color: string; route_text_color: string }[];
    expect(buses.length).toBeGreaterThan(0);
    for (const b of buses) expect({ route_color: b.route_color, route_text_color: b.route_text_color }).toEqual(expected.R1);
    const shared = await gql('query($v: String!) { publicVehicle(vehicleNumber: $v) { city route_color route_text_color } }', { v: buses[0].vNo });
    expect(shared.publicVehicle).toEqual({ city: 'colourville', ...expected.R1 });
  });
});
