import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatWalkingDistance, haversineKm } from '@sawari/domain';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { TestClock } from '../../testing/accounts';
import { importGtfs } from '../transit/importer/import';
import { TransitService } from '../transit/service';
import { TransitReadStore, TransitStore } from '../transit/store';
import { TimetableCache } from '../transit/timetable-cache';
import { API_SECURITY_HEADERS } from '../../app/server';
import { MAX_ROOT_FIELDS } from './limits';

const MINI = path.resolve(__dirname, '../transit/importer/fixtures/mini');
/** Thursday 14 August 2025, 08:05 in Kochi/Mumbai time. */
const NOW = Date.parse('2025-08-14T08:05:00+05:30');
const hms = (h: number, m = 0, s = 0) => h * 3600 + m * 60 + s;

interface GqlAnswer {
  status: number;
  data: Record<string, unknown> | null;
  errors?: { message: string; extensions: { code: string }; path?: string[] }[];
  headers: Record<string, unknown>;
}

describe(`GraphQL transit API on the mini feed ${dbLabel()}`, () => {
  let s: TestServer;
  let htmlFeed: string;
  const clock = new TestClock(NOW);

  beforeAll(async () => {
    htmlFeed = fs.mkdtempSync(path.join(os.tmpdir(), 'gtfs-html-'));
    for (const f of fs.readdirSync(MINI)) fs.copyFileSync(path.join(MINI, f), path.join(htmlFeed, f));
    fs.appendFileSync(path.join(htmlFeed, 'stops.txt'), 'X,"<img src=x onerror=alert(1)> & Co",19.5,72.5\n');
    s = await startTestServer({
      now: clock.now,
      before: async (t) => {
        await importGtfs(t.db, MINI, { cityId: 'testville', attribution: 'Testville Transport © its authors' });
        await importGtfs(t.db, htmlFeed, { cityId: 'htmlville' });
      },
    });
  }, 60_000);
  afterAll(async () => {
    await s?.cleanup();
    fs.rmSync(htmlFeed, { recursive: true, force: true });
  });

  async function gql(query: string, variables?: Record<string, unknown>): Promise<GqlAnswer> {
    const r = await s.app.inject({ method: 'POST', url: '/api/graphql', payload: { query, variables } });
    const body = r.json() as Omit<GqlAnswer, 'status' | 'headers'>;
    return { status: r.statusCode, headers: r.headers, ...body };
  }
  /** Asserts one error with the code (and message) and returns it. */
  async function gqlError(query: string, variables: Record<string, unknown> | undefined, code: string, status = 200, message?: RegExp) {
    const r = await gql(query, variables);
    expect({ status: r.status, codes: r.errors?.map((e) => e.extensions.code) }).toEqual({ status, codes: [code] });
    if (message) expect(r.errors![0].message).toMatch(message);
    return r;
  }

  describe('transitCity', () => {
    const Q = 'query($city: ID!) { transitCity(city: $city) { id name attribution bounds stopBasedPlanner } }';
    it("answers the city's name, credit line, bounds and planner kind", async () => {
      const r = await gql(Q, { city: 'testville' });
      expect(r.status).toBe(200);
      expect(r.headers).toMatchObject(API_SECURITY_HEADERS);
      expect(r.data).toEqual({
        transitCity: {
          id: 'testville',
          name: 'Testville',
          attribution: 'Testville Transport © its authors',
          bounds: [72.8, 19, 72.83, 19.03],
          stopBasedPlanner: false,
        },
      });
      expect((await gql(Q, { city: 'mumbai' })).data).toMatchObject({
        transitCity: { id: 'mumbai', name: 'Mumbai', attribution: null, stopBasedPlanner: false },
      });
    });
    it('answers null for an unknown city and BAD_USER_INPUT for a malformed id', async () => {
      expect((await gql(Q, { city: 'atlantis' })).data).toEqual({ transitCity: null });
      await gqlError(Q, { city: 'Not A City' }, 'BAD_USER_INPUT', 200, /"city"/);
    });
  });

  describe('searchRoutes', () => {
    const Q = `query($city: ID!, $q: String!, $limit: Int) { searchRoutes(city: $city, query: $q, limit: $limit) {
      route_id route_name route_long_name agency_name route_type color text_color arrival_time ttStatus isFrequencyTrip frequency_data_array { start_time end_time frequency } } }`;
    const ids = async (q: string, limit?: number) =>
      ((await gql(Q, { city: 'testville', q, limit })).data!.searchRoutes as { route_id: string }[]).map((r) => r.route_id);
    it('puts an exact number first, then number prefixes, then names containing the text (case-insensitive)', async () => {
      expect(await ids('1')).toEqual(['R1']);
      // '3' is route 3N's number prefix, and a word start in route 2's name ("every 30 min").
      expect(await ids('3')).toEqual(['R3', 'R2']);
      // Then names only similar (typo tolerance): route 2 is "Alpha - Delta (every 30 min)".
      expect(await ids('ALPHA - C')).toEqual(['R1', 'R3', 'R2']);
      expect(await ids('night')).toEqual(['R3']);
      expect(await ids('alpha', 2)).toEqual(['R1', 'R2']);
      expect(await ids('   ')).toEqual([]);
      expect(await ids('%')).toEqual([]);
    });
    it('gives a headway route as start, end and headway (spec §3 summary)', async () => {
      const r = await gql(Q, { city: 'testville', q: '2' });
      expect(r.data!.searchRoutes).toEqual([
        {
          route_id: 'R2',
          route_name: '2',
          route_long_name: 'Alpha - Delta (every 30 min)',
          agency_name: 'Testville Transport',
          route_type: 3,
          color: null,
          text_color: null,
          arrival_time: null,
          ttStatus: 0,
          isFrequencyTrip: true,
          frequency_data_array: [{ start_time: hms(6), end_time: hms(7), frequency: 1800 }],
        },
      ]);
      const mumbai = await gql(Q, { city: 'mumbai', q: 'AE1' });
      expect(mumbai.data!.searchRoutes).toMatchObject([{ route_id: 'AE-T1-KHR', color: '#F57C00', text_color: '#FFFFFF' }]);
    });
    it('refuses a bad limit or a long query, caps a large limit, and says NOT_FOUND for an unknown city', async () => {
      await gqlError(Q, { city: 'testville', q: 'a', limit: 0 }, 'BAD_USER_INPUT', 200, /limit/);
      await gqlError(Q, { city: 'testville', q: 'a'.repeat(101) }, 'BAD_USER_INPUT', 200, /query/);
      expect((await ids('a', 100_000)).length).toBe(3);
      await gqlError(Q, { city: 'atlantis', q: '1' }, 'NOT_FOUND', 200, /atlantis/);
      await gqlError(Q, { city: 'testville', q: '1', limit: 'ten' }, 'GRAPHQL_VALIDATION_FAILED', 400);
    });
  });

  describe('routesBetween', () => {
    const Q = 'query($a: ID!, $b: ID!) { routesBetween(city: "testville", fromStopId: $a, toStopId: $b) { route_id arrival_time ttStatus } }';
    it('lists routes calling at the first stop and later at the second, with the next arrival at the first', async () => {
      expect((await gql(Q, { a: 'A', b: 'C' })).data).toEqual({
        routesBetween: [
          { route_id: 'R1', arrival_time: hms(9), ttStatus: 0 },
          { route_id: 'R3', arrival_time: hms(23, 50), ttStatus: 0 },
        ],
      });
      expect((await gql(Q, { a: 'A', b: 'D' })).data).toEqual({ routesBetween: [{ route_id: 'R2', arrival_time: null, ttStatus: 1 }] });
      expect((await gql(Q, { a: 'C', b: 'A' })).data).toEqual({ routesBetween: [] });
      expect((await gql(Q, { a: 'A', b: 'A' })).data).toEqual({ routesBetween: [] });
    });
    it('says NOT_FOUND for an unknown stop', async () => {
      await gqlError(Q, { a: 'A', b: 'NOPE' }, 'NOT_FOUND', 200, /NOPE/);
      await gqlError(Q, { a: '', b: 'A' }, 'BAD_USER_INPUT', 200, /fromStopId/);
    });
  });

  describe('route', () => {
    const Q = `query($id: ID!) { route(city: "testville", routeId: $id) { route_id route_name route_long_name disruptions { id }
      directions { directionId headsign shape stops { stop_id stop_name stop_lat stop_lon } } } }`;
    it('gives each direction its longest stop pattern and its shape from shapes.txt', async () => {
      expect((await gql(Q, { id: 'R1' })).data).toEqual({
        route: {
          route_id: 'R1',
          route_name: '1',
          route_long_name: 'Alpha - Charlie',
          disruptions: [],
          directions: [
            {
              directionId: 0,
              headsign: 'Charlie',
              shape: [
                [72.8, 19],
                [72.81, 19.01],
                [72.82, 19.02],
              ],
              stops: [
                { stop_id: 'A', stop_name: 'Alpha', stop_lat: 19, stop_lon: 72.8 },
                { stop_id: 'B', stop_name: 'Bravo', stop_lat: 19.01, stop_lon: 72.81 },
                { stop_id: 'C', stop_name: 'Charlie', stop_lat: 19.02, stop_lon: 72.82 },
              ],
            },
          ],
        },
      });
    });
    it('draws the stop sequence when the trips have no shape, and answers null for an unknown route', async () => {
      const r = await gql(Q, { id: 'R2' });
      expect((r.data!.route as { directions: unknown[] }).directions).toEqual([
        {
          directionId: 0,
          headsign: 'Delta',
          shape: [
            [72.8, 19],
            [72.83, 19.03],
          ],
          stops: [expect.objectContaining({ stop_id: 'A' }), expect.objectContaining({ stop_id: 'D' })],
        },
      ]);
      expect((await gql(Q, { id: 'R9' })).data).toEqual({ route: null });
      await gqlError(Q, { id: 'x'.repeat(201) }, 'BAD_USER_INPUT', 200, /routeId/);
    });
  });

  describe('timetable', () => {
    const Q = `query($r: ID!, $s: ID!, $d: String) { timetable(city: "testville", routeId: $r, stopId: $s, date: $d) {
      route_id stop_id date ttStatus isFrequencyTrip departures frequencies { start_time end_time frequency } } }`;
    it('lists the exact departures of the day (untimed stops interpolated; weekday services)', async () => {
      expect((await gql(Q, { r: 'R1', s: 'B', d: '20250814' })).data).toEqual({
        timetable: {
          route_id: 'R1',
          stop_id: 'B',
          date: '20250814',
          ttStatus: 0,
          isFrequencyTrip: false,
          departures: [hms(8, 11), hms(9, 10), hms(12, 10)],
          frequencies: [],
        },
      });
      // 15 August: the daily service is removed (calendar_dates), the weekday one still runs.
      expect((await gql(Q, { r: 'R1', s: 'B', d: '20250815' })).data!.timetable).toMatchObject({ ttStatus: 0, departures: [hms(12, 10)] });
      // Default date: today in city time.
      expect((await gql(Q, { r: 'R1', s: 'A' })).data!.timetable).toMatchObject({ date: '20250814', departures: [hms(8), hms(9), hms(12)] });
    });
    it('gives headway trips as start, end and headway at the stop, and expands them into departures', async () => {
      expect((await gql(Q, { r: 'R2', s: 'D', d: '20250814' })).data!.timetable).toEqual({
        route_id: 'R2',
        stop_id: 'D',
        date: '20250814',
        ttStatus: 0,
        isFrequencyTrip: true,
        departures: [hms(6, 15), hms(6, 45)],
        frequencies: [{ start_time: hms(6, 15), end_time: hms(7, 15), frequency: 1800 }],
      });
    });
    it('says ttStatus 1 when the route does not serve the stop or has no timings that day', async () => {
      expect((await gql(Q, { r: 'R2', s: 'C', d: '20250814' })).data!.timetable).toMatchObject({ ttStatus: 1, departures: [], frequencies: [] });
      expect((await gql(Q, { r: 'R2', s: 'D', d: '20250815' })).data!.timetable).toMatchObject({
        ttStatus: 1,
        isFrequencyTrip: true,
        departures: [],
        frequencies: [],
      });
      expect((await gql(Q, { r: 'R1', s: 'A', d: '20400101' })).data!.timetable).toMatchObject({ ttStatus: 1, departures: [] });
    });
    it('refuses a bad date and names an unknown route or stop', async () => {
      await gqlError(Q, { r: 'R1', s: 'A', d: '20250231' }, 'BAD_USER_INPUT', 200, /YYYYMMDD/);
      await gqlError(Q, { r: 'R1', s: 'A', d: '2025-08-14' }, 'BAD_USER_INPUT');
      await gqlError(Q, { r: 'R9', s: 'A' }, 'NOT_FOUND', 200, /R9/);
      await gqlError(Q, { r: 'R1', s: 'Z' }, 'NOT_FOUND', 200, /"Z"/);
    });
  });

  describe('stop', () => {
    const Q = `query($id: ID!) { stop(city: "testville", stopId: $id) { stop_id stop_name stop_lat stop_lon result_type station_type transport_type disruptions { id }
      routes { route_id route_name arrival_time ttStatus isFrequencyTrip frequency_data_array { start_time end_time frequency } } } }`;
    it('gives the stop (spec §3) and the routes serving it with their next arrival', async () => {
      expect((await gql(Q, { id: 'A' })).data).toEqual({
        stop: {
          stop_id: 'A',
          stop_name: 'Alpha',
          stop_lat: 19,
          stop_lon: 72.8,
          result_type: 'STOP',
          station_type: 'STOP',
          transport_type: 'BUS',
          disruptions: [],
          routes: [
            { route_id: 'R1', route_name: '1', arrival_time: hms(9), ttStatus: 0, isFrequencyTrip: false, frequency_data_array: [] },
            // Its last bus left at 06:30 and tomorrow (15 August) it does not run: no timings within 24 h.
            {
              route_id: 'R2',
              route_name: '2',
              arrival_time: null,
              ttStatus: 1,
              isFrequencyTrip: true,
              frequency_data_array: [{ start_time: hms(6), end_time: hms(7), frequency: 1800 }],
            },
            { route_id: 'R3', route_name: '3N', arrival_time: hms(23, 50), ttStatus: 0, isFrequencyTrip: false, frequency_data_array: [] },
          ],
        },
      });
    });
    it('answers null for an unknown stop', async () => {
      expect((await gql(Q, { id: 'NOPE' })).data).toEqual({ stop: null });
    });
    it('returns feed text as data, never as markup', async () => {
      const r = await s.app.inject({ method: 'POST', url: '/api/graphql', payload: { query: '{ stop(city: "htmlville", stopId: "X") { stop_name } }' } });
      expect(r.headers['content-type']).toMatch(/^application\/json/);
      expect(r.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(r.json()).toEqual({ data: { stop: { stop_name: '<img src=x onerror=alert(1)> & Co' } } });
    });
  });

  describe('nearbyStops', () => {
    const Q = `query($lat: Float!, $lon: Float!, $r: Int, $limit: Int) { nearbyStops(city: "testville", lat: $lat, lon: $lon, radiusMeters: $r, limit: $limit) {
      distanceMeters walking stop { stop_id routes { route_id } } } }`;
    it('lists stops within the radius, nearest first, with the walking time of spec §9', async () => {
      const r = await gql(Q, { lat: 19.0001, lon: 72.8, r: 2000 });
      const toB = haversineKm(19.0001, 72.8, 19.01, 72.81);
      expect(r.data).toEqual({
        nearbyStops: [
          { distanceMeters: 11.1, walking: '1 min', stop: { stop_id: 'A', routes: [{ route_id: 'R1' }, { route_id: 'R2' }, { route_id: 'R3' }] } },
          { distanceMeters: Math.round(toB * 10000) / 10, walking: formatWalkingDistance(toB), stop: { stop_id: 'B', routes: [{ route_id: 'R1' }] } },
        ],
      });
      expect(formatWalkingDistance(toB)).toBe('1.5 km');
      expect(((await gql(Q, { lat: 19.0001, lon: 72.8, r: 2000, limit: 1 })).data!.nearbyStops as unknown[]).length).toBe(1);
      // Over the cap: 5 km is used (D is 4.5 km away, X is 55 km away).
      expect(((await gql(Q, { lat: 19.0, lon: 72.8, r: 1_000_000 })).data!.nearbyStops as unknown[]).length).toBe(4);
      expect((await gql(Q, { lat: 25, lon: 80 })).data).toEqual({ nearbyStops: [] });
    });
    it('says what tells each stop apart: where its buses go (none at a last stop) and its code (none in this feed)', async () => {
      const r = await gql(`{ nearbyStops(city: "testville", lat: 19.0, lon: 72.8, radiusMeters: 5000) { stop { stop_id stop_code towards } } }`, {});
      expect(r.data).toEqual({
        nearbyStops: [
          { stop: { stop_id: 'A', stop_code: null, towards: ['Charlie', 'Delta'] } },
          { stop: { stop_id: 'B', stop_code: null, towards: ['Charlie'] } },
          { stop: { stop_id: 'C', stop_code: null, towards: [] } },
          { stop: { stop_id: 'D', stop_code: null, towards: [] } },
        ],
      });
    });
    it('refuses coordinates or a radius out of range', async () => {
      await gqlError(Q, { lat: 91, lon: 72.8 }, 'BAD_USER_INPUT', 200, /lat/);
      await gqlError(Q, { lat: 19, lon: -181 }, 'BAD_USER_INPUT', 200, /lon/);
      await gqlError(Q, { lat: 19, lon: 72.8, r: 0 }, 'BAD_USER_INPUT', 200, /radiusMeters/);
    });
  });

  describe('search', () => {
    const Q =
      'query($city: ID!, $q: String!, $limit: Int) { search(city: $city, query: $q, limit: $limit) { result_type stop_id name lat lon route { route_id } } }';
    it('finds stops by name, case-insensitive', async () => {
      expect((await gql(Q, { city: 'testville', q: 'ALP' })).data).toEqual({
        search: [{ result_type: 'STOP', stop_id: 'A', name: 'Alpha', lat: 19, lon: 72.8, route: null }],
      });
      expect((await gql(Q, { city: 'testville', q: 'a%' })).data).toEqual({ search: [] });
    });
    it("finds the project's landmark places as PLACE results, before stops of the same rank", async () => {
      const r = await gql(Q, { city: 'mumbai', q: 'terminal' });
      expect((r.data!.search as { result_type: string; name: string }[]).map((x) => `${x.result_type} ${x.name}`)).toEqual([
        'STOP Terminal 1 Bus Bay',
        'STOP Terminal 2 Bus Bay',
        'PLACE Mumbai Airport Terminal 1',
        'PLACE Mumbai Airport Terminal 2',
        // Then names only similar (typo tolerance).
        'PLACE Chhatrapati Shivaji Maharaj Terminus (CSMT)',
      ]);
      expect((await gql(Q, { city: 'kochi', q: 'lulu' })).data).toEqual({
        search: [{ result_type: 'PLACE', stop_id: null, name: 'Lulu Mall, Edappally', lat: 10.0271, lon: 76.3082, route: null }],
      });
    });
    it('refuses a long query and a bad limit', async () => {
      await gqlError(Q, { city: 'testville', q: 'x'.repeat(101) }, 'BAD_USER_INPUT');
      await gqlError(Q, { city: 'testville', q: 'x', limit: -1 }, 'BAD_USER_INPUT');
    });
  });

  describe('fields owned by other modules', () => {
    it('answers live data through the realtime module (its resolvers merged), behind the same argument checks', async () => {
      const r = await gql(`{ stopArrivals(city: "testville", stopId: "A") { tripId route_id } vehicle(city: "testville", vehicleNumber: "KL-07 X 0000") { vNo }
        routeVehicles(city: "testville", routeId: "R1") { vNo } disruptions(city: "testville") { id } stop(city: "testville", stopId: "A") { disruptions { id } } }`);
      expect(r.errors).toBeUndefined();
      expect(r.data).toMatchObject({
        stopArrivals: expect.any(Array),
        vehicle: null,
        routeVehicles: expect.any(Array),
        disruptions: expect.any(Array),
        stop: { disruptions: expect.any(Array) },
      });
      await gqlError('{ stopArrivals(city: "testville", stopId: "A", limit: 0) { tripId } }', undefined, 'BAD_USER_INPUT');
      await gqlError('{ vehicle(city: "testville", vehicleNumber: "<script>") { vNo } }', undefined, 'BAD_USER_INPUT');
      await gqlError('{ disruptions(city: "Nowhere!") { id } }', undefined, 'BAD_USER_INPUT');
      await gqlError('{ disruptions(city: "atlantis") { id } }', undefined, 'NOT_FOUND');
    });
    it('planTrip plans with the RAPTOR planner: itineraries with legs, stops that know their routes; bad places refused', async () => {
      const departAt = Date.parse('2025-08-14T07:55:00+05:30');
      const r = await gql(
        `query($t: Float) { planTrip(city: "testville", from: { stopId: "A" }, to: { stopId: "C" }, departAt: $t) {
          departAt itineraries { departure arrival transfers legs { mode live departure arrival scheduledDeparture scheduledArrival from { stop_id routes { route_id } } to { stop_id } route { route_id } } } } }`,
        { t: departAt },
      );
      expect(r.errors).toBeUndefined();
      const plan = (
        r.data as {
          planTrip: {
            departAt: number;
            itineraries: {
              departure: number;
              arrival: number;
              transfers: number;
              legs: {
                mode: string;
                live: boolean;
                departure: number;
                arrival: number;
                scheduledDeparture: number;
                scheduledArrival: number;
                from: { stop_id: string; routes: unknown[] };
                to: { stop_id: string };
                route: { route_id: string } | null;
              }[];
            }[];
          };
        }
      ).planTrip;
      expect(plan.departAt).toBe(departAt);
      // The 08:00 bus; the simulator (the test server's live source, its clock at this hour) may predict it off its
      // timetable: then the leg is live and the itinerary keeps the predicted times.
      const [leg] = plan.itineraries[0].legs;
      expect(leg).toMatchObject({
        mode: 'BUS',
        from: { stop_id: 'A' },
        to: { stop_id: 'C' },
        scheduledDeparture: Date.parse('2025-08-14T08:00:00+05:30'),
        scheduledArrival: Date.parse('2025-08-14T08:20:00+05:30'),
      });
      expect(plan.itineraries[0]).toMatchObject({ departure: leg.departure, arrival: leg.arrival, transfers: 0 });
      if (!leg.live) expect([leg.departure, leg.arrival]).toEqual([leg.scheduledDeparture, leg.scheduledArrival]);
      expect(plan.itineraries[0].legs[0].from.routes.length).toBeGreaterThan(0);
      await gqlError('{ planTrip(city: "testville", from: { stopId: "A", lat: 1, lon: 2 }, to: { stopId: "C" }) { departAt } }', undefined, 'BAD_USER_INPUT');
      await gqlError('{ planTrip(city: "testville", from: { lat: 1 }, to: { stopId: "C" }) { departAt } }', undefined, 'BAD_USER_INPUT');
    });
  });

  describe('request limits', () => {
    it('refuses malformed queries, unknown fields, too deep or too wide queries with 400, never 500', async () => {
      await gqlError('{ stop(city: "testville", stopId: "A") { stop_id ', undefined, 'GRAPHQL_VALIDATION_FAILED', 400);
      await gqlError('{ stop(city: "testville", stopId: "A") { password } }', undefined, 'GRAPHQL_VALIDATION_FAILED', 400);
      // The deepest selection the schema allows passes the depth limit.
      const deepest =
        '{ planTrip(city: "testville", from: {stopId: "A"}, to: {stopId: "C"}) { itineraries { legs { from { routes { frequency_data_array { start_time } } } } } } }';
      const deep = await gql(deepest);
      expect({ status: deep.status, errors: deep.errors }).toEqual({ status: 200, errors: undefined });
      const noQuery = await s.app.inject({ method: 'POST', url: '/api/graphql', payload: { variables: {} } });
      expect({ status: noQuery.statusCode, code: noQuery.json().errors[0].extensions.code }).toEqual({ status: 400, code: 'GRAPHQL_VALIDATION_FAILED' });
      const notJson = await s.app.inject({ method: 'POST', url: '/api/graphql', headers: { 'content-type': 'application/json' }, payload: '{"query": ' });
      expect(notJson.statusCode).toBe(400);
      const spy = jest.spyOn(TransitReadStore.prototype, 'cityInfo').mockRejectedValueOnce(new Error('password=hunter2 at db:5432'));
      const broken = await gqlError('{ transitCity(city: "testville") { id } }', undefined, 'INTERNAL', 200);
      expect(JSON.stringify(broken.errors)).not.toMatch(/hunter2/);
      spy.mockRestore();
      const fragmentLoop =
        'query { route(city: "testville", routeId: "R1") { ...F } } fragment F on Route { directions { stops { routes { route_id } } } ...F }';
      await gqlError(fragmentLoop, undefined, 'GRAPHQL_VALIDATION_FAILED', 400);
      const aliases = Array.from({ length: MAX_ROOT_FIELDS + 1 }, (_, i) => `a${i}: stop(city: "testville", stopId: "A") { stop_id }`).join(' ');
      await gqlError(`{ ${aliases} }`, undefined, 'GRAPHQL_VALIDATION_FAILED', 400, /top-level/);
      const wide = `{ route(city: "testville", routeId: "R1") { ${Array.from({ length: 450 }, (_, i) => `f${i}: route_id`).join(' ')} } }`;
      await gqlError(wide, undefined, 'GRAPHQL_VALIDATION_FAILED', 400, /more than 400 fields/);
    });
  });
});

describe(`transit service: names in another language ${dbLabel()}`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seed: false, before: (t) => importGtfs(t.db, MINI, { cityId: 'testville' }).then(() => undefined) });
  }, 60_000);
  afterAll(() => s?.cleanup());

  it('uses translations.txt names when a language is asked (by record id, or by the untranslated value)', async () => {
    const service = new TransitService(new TransitReadStore(s.db), new TimetableCache(new TransitStore(s.db)), () => NOW);
    expect((await service.stop('testville', 'A', 'hi'))?.stop_name).toBe('अल्फा');
    expect((await service.stop('testville', 'A', 'ml'))?.stop_name).toBe('Alpha');
    expect((await service.stop('testville', 'C', 'ml'))?.stop_name).toBe('ചാർലി');
    expect((await service.stop('testville', 'C'))?.stop_name).toBe('Charlie');
    expect((await service.route('testville', 'R1', 'HI'))?.route_long_name).toBe('अल्फा - चार्ली');
  });
});
