import fs from 'node:fs';
import path from 'node:path';
import { dbLabel } from '../../../testing/test-db';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { TransitReadStore, TransitStore } from '../store';
import { Timetable } from '../timetable';
import { importGtfs, type ImportResult } from './import';
import { readKnownFeeds } from '../../../seed';

/** The real Kochi feed lives outside the repository (../shared/data/kochi/gtfs.zip); never copied in. */
const KOCHI = path.resolve(__dirname, '../../../../../../shared/data/kochi/gtfs.zip');
const present = fs.existsSync(KOCHI);
if (!present) console.warn(`SKIPPED: the Kochi GTFS tests need ${KOCHI} (the shared real-data folder next to the repository); it is absent.`);

(present ? describe : describe.skip)(`Kochi GTFS zip import and GraphQL reads ${dbLabel()}`, () => {
  let s: TestServer;
  let r: ImportResult;
  const now = Date.parse('2026-01-15T12:00:00+05:30');
  const stats = { ms: 0, peakRssMb: 0, startRssMb: 0 };

  beforeAll(async () => {
    s = await startTestServer({
      now: () => Date.parse('2026-01-16T05:00:00+05:30'),
      before: async (t) => {
        stats.startRssMb = process.memoryUsage().rss / 2 ** 20;
        let peak = process.memoryUsage().rss;
        const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
        const started = Date.now();
        try {
          r = await importGtfs(t.db, KOCHI, { cityId: 'kochi', redate: true, now, attribution: readKnownFeeds().kochi.attribution });
        } finally {
          clearInterval(sampler);
        }
        stats.ms = Date.now() - started;
        stats.peakRssMb = peak / 2 ** 20;
      },
    });
    console.log(
      `Kochi import: ${(stats.ms / 1000).toFixed(1)} s, RSS ${stats.startRssMb.toFixed(0)} MB before, peak ${stats.peakRssMb.toFixed(0)} MB (${dbLabel()}, jest process)`,
    );
  }, 180_000);
  afterAll(() => s?.cleanup());

  const gql = async (query: string, variables?: Record<string, unknown>) => {
    const res = await s.app.inject({ method: 'POST', url: '/api/graphql', payload: { query, variables } });
    const body = res.json() as { data: Record<string, any>; errors?: unknown[] };
    expect(body.errors).toBeUndefined();
    return body.data;
  };

  it('imports the whole real feed from the zip, re-dated, with generated walking links, and compiles its timetable', async () => {
    expect(r.rows).toMatchObject({ agency: 4, stops: 3250, routes: 473, trips: 933, stop_times: 46640, frequencies: 935, shapes: 331935, calendar: 1 });
    expect(r.rows.transfers).toBeUndefined();
    expect(r.rows.generated_transfers).toBe(7018); // every ordered pair of the 3,250 stops within 250 m
    const links = await new TransitReadStore(s.db).transfers(r.feedId);
    expect(links.every((l) => l.generated && l.transfer_type === 2 && l.min_transfer_time! <= 225)).toBe(true); // 250 m at 4 km/h = 225 s
    const cal = await s.db.query(`SELECT start_date, end_date FROM calendar WHERE feed_id = $1`, [r.feedId]);
    expect(cal.rows).toEqual([{ start_date: '20260115', end_date: '20270115' }]);

    const tt = new Timetable(r.feedId, 'Asia/Kolkata', await new TransitStore(s.db).timetableRows(r.feedId));
    // The first trip in the feed: Vypin - Fort Kochi boat, every 30 min from 06:00, first stop n9300383986.
    const trip = await s.db.query<{ route_id: string }>(`SELECT route_id FROM trips WHERE feed_id = $1 AND trip_id = 'r10524210_Mo-Su'`, [r.feedId]);
    const routeId = trip.rows[0].route_id;
    expect(tt.check(routeId, 'n9300383986')).toEqual({ ok: true });
    const from = Date.parse('2026-01-16T05:00:00+05:30');
    const timings = tt.departures(routeId, 'n9300383986', from, from + 2 * 3600_000);
    // The route's other direction passes the same stop 3 min 31 s into its trip.
    expect(timings.slice(0, 4)).toEqual(['06:00:00', '06:03:31', '06:30:00', '06:33:31'].map((hms) => Date.parse(`2026-01-16T${hms}+05:30`)));
  });

  it('serves every read screen: city credit line, route search, route with shape, timetable, stop, nearby, search', async () => {
    const city = await gql('{ transitCity(city: "kochi") { name attribution bounds stopBasedPlanner } }');
    expect(city.transitCity).toMatchObject({ name: 'Kochi', attribution: 'Jungle Bus © OpenStreetMap contributors', stopBasedPlanner: false });
    expect(city.transitCity.bounds).toHaveLength(4);

    const found = await gql(
      '{ searchRoutes(city: "kochi", query: "fort kochi", limit: 5) { route_id route_name route_type isFrequencyTrip ttStatus frequency_data_array { start_time frequency } } }',
    );
    expect(found.searchRoutes.length).toBeGreaterThan(0);
    expect(found.searchRoutes[0]).toMatchObject({ isFrequencyTrip: true, ttStatus: 0 });

    const route = await gql(
      'query($id: ID!) { route(city: "kochi", routeId: $id) { route_name directions { directionId headsign shape stops { stop_id } } } }',
      { id: 'r10831465' },
    );
    expect(route.route.route_name).toBe('Vypin ↔ Fort Kochi (Ro Ro)');
    expect(route.route.directions.length).toBe(2);
    expect(route.route.directions[0].shape.length).toBeGreaterThan(2);

    const tt = await gql(
      '{ timetable(city: "kochi", routeId: "r10831465", stopId: "n9300383986") { ttStatus isFrequencyTrip departures frequencies { start_time end_time frequency } } }',
    );
    expect(tt.timetable).toMatchObject({ ttStatus: 0, isFrequencyTrip: true });
    expect(tt.timetable.frequencies[0]).toEqual({ start_time: 6 * 3600, end_time: 21 * 3600 + 45 * 60, frequency: 1800 });

    const stop = await gql('{ stop(city: "kochi", stopId: "n9300383986") { stop_name transport_type routes { route_id arrival_time ttStatus } } }');
    expect(stop.stop.transport_type).toBe('FERRY');
    expect(stop.stop.routes.length).toBeGreaterThan(0);

    // Ernakulam around MG Road: many stops within a kilometre.
    const near = await gql(
      '{ nearbyStops(city: "kochi", lat: 9.9763, lon: 76.2826, radiusMeters: 1000, limit: 10) { distanceMeters walking stop { stop_id routes { route_id } } } }',
    );
    expect(near.nearbyStops.length).toBe(10);
    const d = near.nearbyStops.map((n: { distanceMeters: number }) => n.distanceMeters);
    expect(d).toEqual([...d].sort((a, b) => a - b));

    // Ten stops are called exactly "Vyttila"; the place "Vyttila Mobility Hub" leads the prefix matches.
    const search = await gql('{ search(city: "kochi", query: "VYTTILA", limit: 12) { result_type name } }');
    expect(search.search.map((x: { result_type: string; name: string }) => `${x.result_type} ${x.name}`).slice(9)).toEqual([
      'STOP Vyttila',
      'PLACE Vyttila Mobility Hub',
      'STOP Vyttila Devaswom Board',
    ]);
  });
});
