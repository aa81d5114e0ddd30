import path from 'node:path';
import { openTestDb, dbLabel, type TestDb } from '../../testing/test-db';
import { importGtfs } from '../transit/importer/import';
import { PlannerService } from './service';
import { PlannerStore } from './store';

// The mini feed (Asia/Kolkata): R1 A 08:00 → B 08:10/08:11 → C 08:20 (daily; also 09:00, and 12:00 on weekdays only),
// R2 A → D every 30 min 06:00-07:00 (15 min ride), R3 night A 23:50 → C 24:10; transfer B → D 120 s.
const MINI = path.resolve(__dirname, '../transit/importer/fixtures/mini');
const ist = (iso: string) => Date.parse(`${iso}+05:30`);
const THURSDAY = '2026-01-15';
const SATURDAY = '2026-01-17';

describe(`PlannerService on the mini feed ${dbLabel()}`, () => {
  let t: TestDb;
  let planner: PlannerService;
  beforeAll(async () => {
    t = await openTestDb();
    await importGtfs(t.db, MINI, { cityId: 'testville' });
    await t.db.query(`INSERT INTO cities (id, name, time_zone, features) VALUES ('stopcity', 'Stop City', 'Asia/Kolkata', '{"stopBasedPlanner": true}')`);
    // A second "Alpha" 100 m north of A (no bus of its own) and an "Alpha" 2 km away (another place).
    await t.db.query(
      `INSERT INTO stops (feed_id, stop_id, stop_name, stop_lat, stop_lon)
         SELECT feed_id, 'A2', 'ALPHA', 19.0009, 72.8 FROM stops WHERE stop_id = 'A'
         UNION ALL SELECT feed_id, 'A9', 'Alpha', 19.018, 72.8 FROM stops WHERE stop_id = 'A'`,
    );
    planner = new PlannerService(t.db);
  }, 60_000);
  afterAll(() => t?.cleanup());

  it("answers the contract's TripPlan for a direct trip between stops", async () => {
    const departAt = ist(`${THURSDAY}T07:55:00`);
    const plan = await planner.plan('testville', { stopId: 'A' }, { stopId: 'C' }, departAt, 0, 3);
    expect(plan).toEqual({
      departAt,
      reason: null,
      serviceDate: '20260115',
      maxTransfers: 3,
      arriveBy: false,
      maxWalkMeters: 1000,
      itineraries: [
        {
          departure: ist(`${THURSDAY}T08:00:00`),
          arrival: ist(`${THURSDAY}T08:20:00`),
          durationSeconds: 1200,
          transfers: 0,
          walkSeconds: 0,
          legs: [
            {
              mode: 'BUS',
              from: { stop_id: 'A', stop_name: 'Alpha', stop_lat: 19, stop_lon: 72.8, result_type: 'STOP', cityId: 'testville' },
              to: { stop_id: 'C', stop_name: 'Charlie', stop_lat: 19.02, stop_lon: 72.82, result_type: 'STOP', cityId: 'testville' },
              departure: ist(`${THURSDAY}T08:00:00`),
              arrival: ist(`${THURSDAY}T08:20:00`),
              route: {
                route_id: 'R1',
                route_name: '1',
                route_long_name: 'Alpha - Charlie',
                agency_name: 'Testville Transport',
                route_type: 3,
                color: null,
                text_color: null,
                ttStatus: 0,
                isFrequencyTrip: false,
                frequency_data_array: [],
              },
              headsign: null,
              tripId: 'R1-0800',
              stopCount: 2,
              distanceMeters: expect.any(Number),
              live: false,
              scheduledDeparture: ist(`${THURSDAY}T08:00:00`),
              scheduledArrival: ist(`${THURSDAY}T08:20:00`),
            },
          ],
        },
      ],
    });
    expect(plan.itineraries[0].legs[0].distanceMeters).toBeGreaterThan(2500);
  });

  it("builds the next service day's network before it is needed (a big city)", async () => {
    const p = new PlannerService(t.db);
    const feedId = (await t.db.query<{ id: number }>("SELECT id FROM feeds WHERE city_id = 'testville' AND is_current")).rows[0].id;
    expect(p.hasNetwork('testville', feedId, '20260116')).toBe(false);
    await p.plan('testville', { stopId: 'A' }, { stopId: 'C' }, ist(`${THURSDAY}T23:30:00`));
    await new Promise((r) => setTimeout(r, 20));
    expect(p.hasNetwork('testville', feedId, '20260116')).toBe(true);
    const rows = jest.spyOn(PlannerStore.prototype, 'rows');
    await p.plan('testville', { stopId: 'A' }, { stopId: 'C' }, ist('2026-01-16T00:05:00'));
    expect(rows).not.toHaveBeenCalledWith(feedId, '20260116');
    rows.mockRestore();
    await p.close();
  });

  it('boards a frequency-based trip', async () => {
    const plan = await planner.plan('testville', { stopId: 'A' }, { stopId: 'D' }, ist(`${THURSDAY}T06:10:00`));
    expect(plan.itineraries.map((i) => [i.departure, i.arrival])).toEqual([[ist(`${THURSDAY}T06:30:00`), ist(`${THURSDAY}T06:45:00`)]]);
    expect(plan.itineraries[0].legs[0].route).toMatchObject({ route_id: 'R2', isFrequencyTrip: true });
  });

  it('follows the calendar: the weekday-only noon trip runs on Thursday, not on Saturday (then the night bus, after 24:00)', async () => {
    const thu = await planner.plan('testville', { stopId: 'A' }, { stopId: 'C' }, ist(`${THURSDAY}T11:55:00`));
    expect(thu.itineraries.map((i) => i.arrival)).toEqual([ist(`${THURSDAY}T12:20:00`)]);
    const sat = await planner.plan('testville', { stopId: 'A' }, { stopId: 'C' }, ist(`${SATURDAY}T11:55:00`));
    expect(sat.itineraries.map((i) => [i.legs[0].tripId, i.arrival])).toEqual([['R3-2350', ist('2026-01-18T00:10:00')]]);
  });

  it('walks from a named coordinate to stops within 1 km of walking (straight line × 1.3 at 4 km/h) and answers departures in a window', async () => {
    // ~380 m north of Alpha (south of the Alpha stops, so the nearest "Alpha" is A itself): 494 m walked, 445 s.
    const plan = await planner.plan('testville', { lat: 18.99658, lon: 72.8, name: 'Gateway Mall' }, { stopId: 'C' }, ist(`${THURSDAY}T07:30:00`), 90);
    expect(plan.itineraries.map((i) => [i.departure, i.arrival])).toEqual([
      [ist(`${THURSDAY}T07:52:35`), ist(`${THURSDAY}T08:20:00`)],
      [ist(`${THURSDAY}T08:52:35`), ist(`${THURSDAY}T09:20:00`)],
    ]);
    const [walk, ride] = plan.itineraries[0].legs;
    expect(walk).toMatchObject({
      mode: 'WALK',
      from: { result_type: 'PLACE', stop_name: 'Gateway Mall', stop_lat: 18.99658 },
      to: { stop_id: 'A' },
      route: null,
    });
    // 380 m in a straight line, 494 m walked.
    expect(walk.distanceMeters).toBeGreaterThan(490);
    expect(walk.distanceMeters).toBeLessThan(500);
    expect(plan.itineraries[0].walkSeconds).toBe(445);
    expect(ride).toMatchObject({ mode: 'BUS', tripId: 'R1-0800' });
    // 1 km of walking reaches 769 m in a straight line: 750 m south of Alpha still plans, 800 m does not.
    expect((await planner.plan('testville', { lat: 18.99326, lon: 72.8 }, { stopId: 'C' }, ist(`${THURSDAY}T07:30:00`))).itineraries.length).toBe(1);
    expect((await planner.plan('testville', { lat: 18.99281, lon: 72.8 }, { stopId: 'C' }, ist(`${THURSDAY}T07:30:00`))).reason).toBe('TOO_FAR_TO_WALK');
  });

  it('plans from every stop of the same name close together, with the walk between them', async () => {
    // A2 ("ALPHA", 100 m from A) has no bus: it plans from A, walking 130 m (118 s) first.
    const plan = await planner.plan('testville', { stopId: 'A2' }, { stopId: 'C' }, ist(`${THURSDAY}T07:55:00`));
    expect(plan.itineraries).toHaveLength(1);
    const [walk, ride] = plan.itineraries[0].legs;
    expect(walk).toMatchObject({ mode: 'WALK', from: { stop_id: 'A2', result_type: 'STOP' }, to: { stop_id: 'A' } });
    expect(walk.arrival - walk.departure).toBe(118_000);
    expect(ride).toMatchObject({ mode: 'BUS', from: { stop_id: 'A' }, tripId: 'R1-0800' });
    // The "Alpha" 2 km away is another place: nothing runs from it.
    expect((await planner.plan('testville', { stopId: 'A9' }, { stopId: 'C' }, ist(`${THURSDAY}T07:55:00`))).itineraries).toEqual([]);
    // From one Alpha to the other is the same place.
    await expect(planner.plan('testville', { stopId: 'A' }, { stopId: 'A2' }, ist(`${THURSDAY}T07:55:00`))).rejects.toMatchObject({
      status: 400,
      code: 'SAME_PLACE',
    });
  });

  it('arrive-by: the latest departures arriving in time, on the calendar of that date', async () => {
    // Arrive at C by 09:30 on Thursday: the 09:00 from A (09:20); by 09:15: the 08:00 (08:20).
    const by = await planner.plan('testville', { stopId: 'A' }, { stopId: 'C' }, ist(`${THURSDAY}T09:30:00`), 0, 3, true);
    expect(by.arriveBy).toBe(true);
    expect(by.itineraries.map((i) => [i.departure, i.arrival])).toEqual([[ist(`${THURSDAY}T09:00:00`), ist(`${THURSDAY}T09:20:00`)]]);
    const earlier = await planner.plan('testville', { stopId: 'A' }, { stopId: 'C' }, ist(`${THURSDAY}T09:15:00`), 0, 3, true);
    expect(earlier.itineraries.map((i) => i.departure)).toEqual([ist(`${THURSDAY}T08:00:00`)]);
    // The weekday-only 12:00 runs on Thursday, not on Saturday.
    const thu = await planner.plan('testville', { stopId: 'A' }, { stopId: 'C' }, ist(`${THURSDAY}T12:30:00`), 0, 3, true);
    expect(thu.itineraries.map((i) => i.departure)).toEqual([ist(`${THURSDAY}T12:00:00`)]);
    const sat = await planner.plan('testville', { stopId: 'A' }, { stopId: 'C' }, ist(`${SATURDAY}T12:30:00`), 0, 3, true);
    expect(sat.itineraries).toEqual([]);
    expect(sat.serviceDate).toBe('20260117');
  });

  it('answers no itinerary when nothing runs or no stop is near, and says why', async () => {
    const why = async (from: Parameters<PlannerService['plan']>[1], to: Parameters<PlannerService['plan']>[2], at: number, transfers = 3) => {
      const plan = await planner.plan('testville', from, to, at, 0, transfers);
      expect(plan.itineraries).toEqual([]);
      return { reason: plan.reason, serviceDate: plan.serviceDate, maxTransfers: plan.maxTransfers };
    };
    // Nothing goes from C back to A.
    expect(await why({ stopId: 'C' }, { stopId: 'A' }, ist(`${THURSDAY}T07:00:00`), 2)).toEqual({
      reason: 'NO_TRIP_WITHIN_TRANSFERS',
      serviceDate: '20260115',
      maxTransfers: 2,
    });
    // The feed's calendar ends on 31 December 2030.
    expect(await why({ stopId: 'A' }, { stopId: 'C' }, ist('2031-01-02T07:00:00'))).toEqual({
      reason: 'NO_SERVICE_ON_DATE',
      serviceDate: '20310102',
      maxTransfers: 3,
    });
    // 130 km away; and 1.2 km west of Alpha, inside the city's margin but beyond the 800 m walk.
    expect((await why({ lat: 20, lon: 73 }, { stopId: 'C' }, ist(`${THURSDAY}T07:00:00`))).reason).toBe('OUTSIDE_CITY');
    expect((await why({ lat: 19.0, lon: 72.7886 }, { stopId: 'C' }, ist(`${THURSDAY}T07:00:00`))).reason).toBe('TOO_FAR_TO_WALK');
  });

  it('plans stop to stop only in a stop-based planner city, and refuses bad input with 400 and unknown names with 404', async () => {
    const at = ist(`${THURSDAY}T07:55:00`);
    const code = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e: { status: number; code: string }) => `${e.status} ${e.code}`,
      );
    expect(await code(planner.plan('stopcity', { lat: 19, lon: 72.8 }, { stopId: 'C' }, at))).toBe('400 STOP_REQUIRED');
    expect(await code(planner.plan('stopcity', { stopId: 'A' }, { stopId: 'C' }, at))).toBe('404 NO_TRANSIT_DATA');
    const optioned = new PlannerService(t.db, { stopBasedCities: ['testville'] });
    expect(await code(optioned.plan('testville', { stopId: 'A' }, { lat: 19.02, lon: 72.82 }, at))).toBe('400 STOP_REQUIRED');
    expect(await code(optioned.plan('testville', { stopId: 'A' }, { stopId: 'C' }, at))).toBe('ok');
    expect(await code(planner.plan('nowhere', { stopId: 'A' }, { stopId: 'C' }, at))).toBe('404 CITY_NOT_FOUND');
    expect(await code(planner.plan('testville', { stopId: 'ZZ' }, { stopId: 'C' }, at))).toBe('404 STOP_NOT_FOUND');
    expect(await code(planner.plan('testville', { stopId: 'A' }, { stopId: 'A' }, at))).toBe('400 SAME_PLACE');
    expect(await code(planner.plan('testville', { stopId: 'A' }, {}, at))).toBe('400 VALIDATION_FAILED');
    expect(await code(planner.plan('testville', { stopId: 'A' }, { lat: 91, lon: 0 }, at))).toBe('400 VALIDATION_FAILED');
    expect(await code(planner.plan('testville', { stopId: 'A' }, { stopId: 'C' }, at, 500))).toBe('400 VALIDATION_FAILED');
    expect(await code(planner.plan('testville', { stopId: 'A' }, { stopId: 'C' }, at, 0, 9))).toBe('400 VALIDATION_FAILED');
    expect(await code(planner.plan('testville', { stopId: 'A' }, { stopId: 'C' }, NaN))).toBe('400 VALIDATION_FAILED');
  });
});
