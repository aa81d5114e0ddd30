import fs from 'node:fs';
import path from 'node:path';
import { adultFarePaise, pathMeters, passengerFarePaise } from '@sawari/domain';
import { importGtfs } from '../transit/importer/import';
import { readKnownFeeds } from '../../seed';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signIn, TestClock, type Session } from '../../testing/accounts';

/** The real Kochi feed lives outside the repository (../shared/data/kochi/gtfs.zip); never copied in. */
const KOCHI = path.resolve(__dirname, '../../../../../shared/data/kochi/gtfs.zip');
const present = fs.existsSync(KOCHI);
if (!present) console.warn(`SKIPPED: the Kochi ticket fare tests need ${KOCHI}; it is absent.`);

/** Fares on the real Kochi feed: the agency picks the table, distance along the trip's stops picks the stage. */
(present ? describe : describe.skip)(`tickets on the Kochi feed ${dbLabel()}`, () => {
  const clock = new TestClock();
  let s: TestServer;
  let rider: Session;
  beforeAll(async () => {
    s = await startTestServer({
      now: clock.now,
      before: (t) =>
        importGtfs(t.db, KOCHI, { cityId: 'kochi', redate: true, now: clock.t, attribution: readKnownFeeds().kochi.attribution }).then(() => undefined),
    });
    rider = await signIn(s.app, s.db, '9876570101');
  }, 180_000);
  afterAll(() => s?.cleanup());

  /** The first trip of an agency's route with at least `n` stops: its route and first `n` stops with positions. */
  const firstStops = async (agency: string, n: number) => {
    const r = await s.db.query<{ route_id: string; stop_id: string; stop_lat: number; stop_lon: number }>(
      `WITH f AS (SELECT id FROM feeds WHERE city_id = 'kochi' AND is_current),
            t AS (SELECT tr.trip_id, tr.route_id FROM trips tr JOIN routes ro ON ro.feed_id = tr.feed_id AND ro.route_id = tr.route_id
                  WHERE tr.feed_id = (SELECT id FROM f) AND ro.agency_id = $1
                    AND (SELECT count(*) FROM stop_times x WHERE x.feed_id = tr.feed_id AND x.trip_id = tr.trip_id) >= $2
                  ORDER BY tr.trip_id LIMIT 1)
       SELECT t.route_id, st.stop_id, s.stop_lat, s.stop_lon FROM t JOIN stop_times st ON st.trip_id = t.trip_id AND st.feed_id = (SELECT id FROM f)
         JOIN stops s ON s.feed_id = st.feed_id AND s.stop_id = st.stop_id ORDER BY st.stop_sequence LIMIT $2`,
      [agency, n],
    );
    return { routeId: r.rows[0].route_id, stops: r.rows.map((x) => ({ stop_id: x.stop_id, lat: Number(x.stop_lat), lon: Number(x.stop_lon) })) };
  };
  const fare = (routeId: string, fromStopId: string, toStopId: string) =>
    s.app.inject({
      method: 'POST',
      url: '/api/tickets/v1/cities/kochi/fare',
      headers: rider.headers,
      payload: { routeId, fromStopId, toStopId, passengers: { adult: 1, child: 1 } },
    });

  it('a mofussil bus: 5 km stages from ₹12, child half rounded up to the rupee', async () => {
    const { routeId, stops } = await firstStops('Mofussil Kochi bus', 8);
    const r = await fare(routeId, stops[0].stop_id, stops[7].stop_id);
    expect(r.statusCode).toBe(200);
    const distance = pathMeters(stops);
    const rule = { model: 'stage' as const, stageMeters: 5000, minimumFarePaise: 1200, minimumStages: 1, perStagePaise: 500, maxFarePaise: 10000 };
    const adult = adultFarePaise(rule, distance);
    expect(r.json()).toMatchObject({
      agency: 'Mofussil Kochi bus',
      distanceMeters: distance,
      stages: Math.max(1, Math.ceil(distance / 5000)),
      roundingLogic: 'UP_TO_RUPEE',
      payableAmount: adult + passengerFarePaise(adult, 50, 'UP_TO_RUPEE'),
    });
    console.log(`Kochi fare figures ${JSON.stringify({ routeId, stops: 8, distanceMeters: distance, adultPaise: adult })}`);
  });

  it('a city boat: flat ₹6, child ₹3', async () => {
    const { routeId, stops } = await firstStops('Kochi city boat', 2);
    expect((await fare(routeId, stops[0].stop_id, stops[1].stop_id)).json()).toMatchObject({ agency: 'Kochi city boat', stages: null, payableAmount: 900 });
  });
});
