import fs from 'node:fs';
import path from 'node:path';
import { openTestDb, dbLabel, type TestDb } from '../../../testing/test-db';
import { TransitStore } from '../store';
import { Timetable } from '../timetable';
import { importGtfs } from './import';

/** The real Kochi feed lives outside the repository (../shared/data/kochi/gtfs.zip); never copied in. */
const KOCHI = path.resolve(__dirname, '../../../../../../shared/data/kochi/gtfs.zip');
const present = fs.existsSync(KOCHI);
if (!present) console.warn(`SKIPPED: the Kochi GTFS test needs ${KOCHI} (the shared real-data folder next to the repository); it is absent.`);

(present ? describe : describe.skip)(`Kochi GTFS zip import ${dbLabel()}`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb();
  }, 30_000);
  afterAll(() => t?.cleanup());

  it('imports the whole real feed from the zip, re-dated, and compiles its timetable', async () => {
    const now = Date.parse('2026-01-15T12:00:00+05:30');
    const r = await importGtfs(t.db, KOCHI, { cityId: 'kochi', redate: true, now });
    expect(r.rows).toMatchObject({ agency: 4, stops: 3250, routes: 473, trips: 933, stop_times: 46640, frequencies: 935, shapes: 331935, calendar: 1 });
    const cal = await t.db.query(`SELECT start_date, end_date FROM calendar WHERE feed_id = $1`, [r.feedId]);
    expect(cal.rows).toEqual([{ start_date: '20260115', end_date: '20270115' }]);

    const tt = new Timetable(r.feedId, 'Asia/Kolkata', await new TransitStore(t.db).timetableRows(r.feedId));
    // The first trip in the feed: Vypin - Fort Kochi boat, every 30 min from 06:00, first stop n9300383986.
    const trip = await t.db.query<{ route_id: string }>(`SELECT route_id FROM trips WHERE feed_id = $1 AND trip_id = 'r10524210_Mo-Su'`, [r.feedId]);
    const routeId = trip.rows[0].route_id;
    expect(tt.check(routeId, 'n9300383986')).toEqual({ ok: true });
    const from = Date.parse('2026-01-16T05:00:00+05:30');
    const timings = tt.departures(routeId, 'n9300383986', from, from + 2 * 3600_000);
    // The route's other direction passes the same stop 3 min 31 s into its trip.
    expect(timings.slice(0, 4)).toEqual(['06:00:00', '06:03:31', '06:30:00', '06:33:31'].map((hms) => Date.parse(`2026-01-16T${hms}+05:30`)));
  }, 120_000);
});
