import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openTestDb, dbLabel, type TestDb } from '../../../testing/test-db';
import { importGtfs, GtfsImportError } from './import';

const MINI = path.join(__dirname, 'fixtures', 'mini');

/** A copy of the mini feed with some files replaced, in a temp folder. */
function variant(changes: Record<string, string | null>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gtfs-'));
  for (const f of fs.readdirSync(MINI)) fs.copyFileSync(path.join(MINI, f), path.join(dir, f));
  for (const [file, content] of Object.entries(changes)) {
    if (content === null) fs.rmSync(path.join(dir, file));
    else fs.writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

const withLine = (file: string, extra: string) => fs.readFileSync(path.join(MINI, file), 'utf8') + extra;

describe(`GTFS importer ${dbLabel()}`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb();
  }, 30_000);
  afterAll(() => t?.cleanup());

  const count = async (table: string, city = 'testville') =>
    Number((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} x JOIN feeds f ON f.id = x.feed_id WHERE f.city_id = $1 AND f.is_current`, [city])).rows[0].n);

  it('imports a folder feed as the current feed of a new city', async () => {
    const r = await importGtfs(t.db, MINI, { cityId: 'testville' });
    expect(r.rows).toEqual({ agency: 1, stops: 4, routes: 3, calendar: 2, calendar_dates: 2, shapes: 3, trips: 5, stop_times: 13, frequencies: 1, transfers: 1 });
    expect(r.replacedFeedIds).toEqual([]);
    const city = await t.db.query('SELECT id, name, time_zone FROM cities WHERE id = $1', ['testville']);
    expect(city.rows).toEqual([{ id: 'testville', name: 'Testville', time_zone: 'Asia/Kolkata' }]);
    const times = await t.db.query<{ arrival_secs: number | null; departure_secs: number | null }>(
      `SELECT arrival_secs, departure_secs FROM stop_times WHERE feed_id = $1 AND trip_id = 'R3-2350' ORDER BY stop_sequence`,
      [r.feedId],
    );
    expect(times.rows).toEqual([
      { arrival_secs: 85800, departure_secs: 85800 },
      { arrival_secs: 87000, departure_secs: 87000 },
    ]);
    expect(await count('stop_times')).toBe(13);
  });

  it('replaces the old feed in one step and re-dates an expired calendar', async () => {
    const before = (await t.db.query<{ id: number }>(`SELECT id FROM feeds WHERE city_id = 'testville'`)).rows.map((x) => x.id);
    const now = Date.parse('2031-03-10T10:00:00+05:30');
    const r = await importGtfs(t.db, MINI, { cityId: 'testville', redate: true, now });
    expect(r.replacedFeedIds).toEqual(before);
    const feeds = await t.db.query(`SELECT id, is_current FROM feeds WHERE city_id = 'testville'`);
    expect(feeds.rows).toEqual([{ id: r.feedId, is_current: true }]);
    const cal = await t.db.query(`SELECT DISTINCT start_date, end_date FROM calendar WHERE feed_id = $1`, [r.feedId]);
    expect(cal.rows).toEqual([{ start_date: '20310310', end_date: '20320310' }]);
    const left = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM stop_times WHERE feed_id = ANY($1::int[])', [before]);
    expect(left.rows[0].n).toBe(0);
  });

  it.each([
    ['a malformed time', { 'stop_times.txt': withLine('stop_times.txt', 'R1-0800,08:61:00,08:61:00,D,4\n') }, 'stop_times.txt line 15: arrival_time "08:61:00" is not a time (HH:MM:SS)'],
    ['a missing required field', { 'stops.txt': withLine('stops.txt', ',Echo,19.1,72.9\n') }, 'stops.txt line 6: stop_id is required'],
    ['a missing column', { 'routes.txt': 'route_id,route_short_name\nR1,1\n' }, 'routes.txt line 1: missing column route_type'],
    ['an unknown stop', { 'stop_times.txt': withLine('stop_times.txt', 'R1-0800,08:30:00,08:30:00,ZZ,4\n') }, 'stop_times.txt line 15: stop_id "ZZ" is not in stops.txt'],
    ['an unknown service', { 'trips.txt': withLine('trips.txt', 'R1,NOPE,R1-X,S1\n') }, 'trips.txt line 7: service_id "NOPE" is not in calendar.txt or calendar_dates.txt'],
    ['a bad date', { 'calendar_dates.txt': withLine('calendar_dates.txt', 'ALL,20250231,2\n') }, 'calendar_dates.txt line 4: date "20250231" is not a date (YYYYMMDD)'],
    ['a duplicate id', { 'routes.txt': withLine('routes.txt', 'R1,TV,1b,Again,3\n') }, 'routes.txt line 5: duplicate route_id "R1"'],
    ['a missing file', { 'trips.txt': null }, 'trips.txt: the file is missing from the feed'],
    ['a bad CSV quote', { 'stops.txt': withLine('stops.txt', 'E,"Echo,19.1,72.9\n') }, /^stops\.txt line \d+: /],
  ])('rejects a feed with %s, naming file, line and reason, and changes nothing', async (_what, changes, message) => {
    const feedsBefore = (await t.db.query(`SELECT id FROM feeds ORDER BY id`)).rows;
    const dir = variant(changes);
    try {
      const err = await importGtfs(t.db, dir, { cityId: 'testville' }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(GtfsImportError);
      if (typeof message === 'string') expect((err as Error).message).toBe(message);
      else expect((err as Error).message).toMatch(message);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect((await t.db.query(`SELECT id FROM feeds ORDER BY id`)).rows).toEqual(feedsBefore);
    expect(await count('stop_times')).toBe(13);
  });

  it('refuses a path that is not a feed', async () => {
    await expect(importGtfs(t.db, path.join(MINI, 'nope.zip'), { cityId: 'testville' })).rejects.toThrow(/GTFS feed not found/);
    await expect(importGtfs(t.db, path.join(MINI, 'stops.txt'), { cityId: 'testville' })).rejects.toThrow(/is not a readable zip/);
  });
});
