import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openTestDb, dbLabel, type TestDb } from '../../../testing/test-db';
import { importGtfs, GtfsImportError, type ImportProgress } from './import';
import { GTFS_FILES } from './gtfs-files';
import { progressLine, progressPrinter } from './progress';
import { FeedRows, MAX_PIECES, copyColumns } from './reader';
import { openGtfsSource } from './source';
import { TransitReadStore } from '../store';
import { walkingSeconds } from '../geo';
import { haversineKm } from '@sawari/domain';

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
  }, 120_000);
  afterAll(() => t?.cleanup());

  const count = async (table: string, city = 'testville') =>
    Number(
      (
        await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} x JOIN feeds f ON f.id = x.feed_id WHERE f.city_id = $1 AND f.is_current`, [
          city,
        ])
      ).rows[0].n,
    );

  it('imports a folder feed as the current feed of a new city', async () => {
    const r = await importGtfs(t.db, MINI, { cityId: 'testville' });
    expect(r.rows).toEqual({
      agency: 1,
      stops: 4,
      routes: 3,
      calendar: 2,
      calendar_dates: 2,
      shapes: 3,
      trips: 5,
      stop_times: 13,
      frequencies: 1,
      transfers: 1,
      translations: 3,
    });
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
    [
      'a malformed time',
      { 'stop_times.txt': withLine('stop_times.txt', 'R1-0800,08:61:00,08:61:00,D,4\n') },
      'stop_times.txt line 15: arrival_time "08:61:00" is not a time (HH:MM:SS)',
    ],
    ['a missing required field', { 'stops.txt': withLine('stops.txt', ',Echo,19.1,72.9\n') }, 'stops.txt line 6: stop_id is required'],
    ['a missing column', { 'routes.txt': 'route_id,route_short_name\nR1,1\n' }, 'routes.txt line 1: missing column route_type'],
    [
      'an unknown stop',
      { 'stop_times.txt': withLine('stop_times.txt', 'R1-0800,08:30:00,08:30:00,ZZ,4\n') },
      'stop_times.txt line 15: stop_id "ZZ" is not in stops.txt',
    ],
    [
      'an unknown service',
      { 'trips.txt': withLine('trips.txt', 'R1,NOPE,R1-X,S1\n') },
      'trips.txt line 7: service_id "NOPE" is not in calendar.txt or calendar_dates.txt',
    ],
    [
      'a bad date',
      { 'calendar_dates.txt': withLine('calendar_dates.txt', 'ALL,20250231,2\n') },
      'calendar_dates.txt line 4: date "20250231" is not a date (YYYYMMDD)',
    ],
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

  it('keeps translations and the credit line, and makes no walking links when the feed has transfers', async () => {
    const r = await importGtfs(t.db, MINI, { cityId: 'testville', attribution: '  Testville Transport © its authors ' });
    const tr = await t.db.query(
      'SELECT table_name, field_name, language, translation, record_id, field_value FROM translations WHERE feed_id = $1 ORDER BY language, table_name',
      [r.feedId],
    );
    expect(tr.rows).toEqual([
      { table_name: 'routes', field_name: 'route_long_name', language: 'hi', translation: 'अल्फा - चार्ली', record_id: 'R1', field_value: null },
      { table_name: 'stops', field_name: 'stop_name', language: 'hi', translation: 'अल्फा', record_id: 'A', field_value: null },
      { table_name: 'stops', field_name: 'stop_name', language: 'ml', translation: 'ചാർലി', record_id: null, field_value: 'Charlie' },
    ]);
    expect((await t.db.query('SELECT attribution FROM feeds WHERE id = $1', [r.feedId])).rows).toEqual([{ attribution: 'Testville Transport © its authors' }]);
    expect(await new TransitReadStore(t.db).transfers(r.feedId)).toEqual([
      { from_stop_id: 'B', to_stop_id: 'D', transfer_type: 2, min_transfer_time: 120, generated: false },
    ]);
  });

  it('generates walking links between stops within 250 m when the feed has no transfers.txt', async () => {
    // E is about 100 m north of A, F about 240 m east of A; everything else is over a kilometre apart.
    const dir = variant({ 'transfers.txt': null, 'stops.txt': withLine('stops.txt', 'E,Echo,19.0009,72.8\nF,Foxtrot,19.0,72.80228\n') });
    try {
      const r = await importGtfs(t.db, dir, { cityId: 'walkville' });
      expect(r.rows.transfers).toBeUndefined();
      const links = await new TransitReadStore(t.db).transfers(r.feedId);
      const secs = (a: [number, number], b: [number, number]) => walkingSeconds(haversineKm(a[0], a[1], b[0], b[1]) * 1000);
      const A: [number, number] = [19.0, 72.8];
      const E: [number, number] = [19.0009, 72.8];
      const F: [number, number] = [19.0, 72.80228];
      expect(links).toEqual([
        { from_stop_id: 'A', to_stop_id: 'E', transfer_type: 2, min_transfer_time: secs(A, E), generated: true },
        { from_stop_id: 'A', to_stop_id: 'F', transfer_type: 2, min_transfer_time: secs(A, F), generated: true },
        { from_stop_id: 'E', to_stop_id: 'A', transfer_type: 2, min_transfer_time: secs(A, E), generated: true },
        { from_stop_id: 'F', to_stop_id: 'A', transfer_type: 2, min_transfer_time: secs(A, F), generated: true },
      ]);
      expect(r.rows.generated_transfers).toBe(4);
      expect(secs(A, E)).toBe(91); // 100 m at 4 km/h
      // E and F are about 262 m apart: no link.
      expect(haversineKm(...E, ...F) * 1000).toBeGreaterThan(250);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['an unknown table', 'calendar,service_id,hi,x,ALL,,\n', /translations\.txt line 5: table_name "calendar" is not a GTFS table that can be translated/],
    ['an unknown record', 'stops,stop_name,hi,x,ZZ,,\n', /translations\.txt line 5: record_id "ZZ" is not in stops\.txt/],
    ['neither record nor value', 'stops,stop_name,hi,x,,,\n', /translations\.txt line 5: record_id or field_value is required/],
  ])('rejects translations with %s', async (_what, line, message) => {
    const dir = variant({ 'translations.txt': withLine('translations.txt', line) });
    try {
      await expect(importGtfs(t.db, dir, { cityId: 'testville' })).rejects.toThrow(message);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes through COPY exactly the rows the multi-row INSERTs wrote (every table, every column, awkward text too)', async () => {
    // Text that COPY's format must escape (backslash, tab, a quoted newline), a null, a UTF-8 name, a float's digits.
    const dir = variant({
      'stops.txt': withLine('stops.txt', 'E,"Back\\slash\ttab ""quoted""\nnew line",19.0123456789012,72.8\nF,,19.05,72.85\nG,ഫോർട്ട് കൊച്ചി,9.9658,76.2421\n'),
    });
    try {
      const viaInsert = await importGtfs(t.db, dir, { cityId: 'insertville', method: 'insert' });
      const viaCopy = await importGtfs(t.db, dir, { cityId: 'copyville', method: 'copy', chunkRows: 2 });
      expect(viaCopy.rows).toEqual(viaInsert.rows);
      for (const table of GTFS_FILES.map((f) => f.table)) {
        const all = async (feedId: number) =>
          (await t.db.query<Record<string, unknown>>(`SELECT * FROM ${table} WHERE feed_id = $1`, [feedId])).rows
            .map(({ feed_id: _f, ...rest }) => JSON.stringify(rest))
            .sort();
        const [a, b] = [await all(viaInsert.feedId), await all(viaCopy.feedId)];
        expect(b.length).toBe(a.length);
        expect(b).toEqual(a);
      }
      const e = await t.db.query<{ stop_name: string | null; stop_lat: number }>(
        `SELECT stop_name, stop_lat FROM stops WHERE feed_id = $1 AND stop_id IN ('E', 'F') ORDER BY stop_id`,
        [viaCopy.feedId],
      );
      expect(e.rows).toEqual([
        { stop_name: 'Back\\slash\ttab "quoted"\nnew line', stop_lat: 19.0123456789012 },
        { stop_name: null, stop_lat: 19.05 },
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the file when the database refuses a COPY (a duplicate shape point) and changes nothing', async () => {
    const feedsBefore = (await t.db.query(`SELECT id FROM feeds ORDER BY id`)).rows;
    const shapes = fs.readFileSync(path.join(MINI, 'shapes.txt'), 'utf8').trim().split('\n');
    const dir = variant({ 'shapes.txt': `${shapes.join('\n')}\n${shapes[1]}\n` });
    try {
      await expect(importGtfs(t.db, dir, { cityId: 'testville' })).rejects.toThrow(/^shapes\.txt: .*duplicate key/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect((await t.db.query(`SELECT id FROM feeds ORDER BY id`)).rows).toEqual(feedsBefore);
  });

  it('reports progress per chunk and per file, and prints it in place on a terminal and as plain lines elsewhere', async () => {
    const seen: ImportProgress[] = [];
    // 20,000 more shape points (about 600 KB: many read buffers), reported every 1,000 rows or so.
    const points = Array.from({ length: 20_000 }, (_, i) => `BIG,19.${String(i).padStart(5, '0')},72.8,${i + 1}\n`).join('');
    const dir = variant({ 'shapes.txt': withLine('shapes.txt', points) });
    let r;
    try {
      r = await importGtfs(t.db, dir, { cityId: 'progressville', chunkRows: 1000, onProgress: (p) => seen.push(p) });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const done = seen.filter((p) => p.done && !p.phase);
    expect(done.map((p) => [p.file, p.rows])).toEqual(
      Object.entries(r.rows)
        .filter(([k]) => k !== 'generated_transfers')
        .map(([table, n]) => [`${table}.txt`, n]),
    );
    const shapes = seen.filter((p) => p.file === 'shapes.txt');
    expect(shapes.at(-1)).toMatchObject({ rows: 20_003, done: true });
    const during = shapes.filter((p) => !p.done).map((p) => p.rows);
    expect(during.length).toBeGreaterThanOrEqual(5);
    // Rising, at least 1,000 rows apart, and before the end.
    during.forEach((n, i) => expect(n).toBeGreaterThanOrEqual(i === 0 ? 1000 : during[i - 1] + 1000));
    expect(during.at(-1)).toBeLessThan(20_003);

    let clock = 0;
    const tty: string[] = [];
    const print = progressPrinter({ isTTY: true, write: (x) => tty.push(x) }, { everyMs: 200, now: () => clock });
    print({ file: 'stop_times.txt', rows: 10_000, ms: 50, done: false }); // the first report of a file only starts its clock
    clock = 100;
    print({ file: 'stop_times.txt', rows: 20_000, ms: 100, done: false }); // within 200 ms: not drawn
    clock = 400;
    print({ file: 'stop_times.txt', rows: 150_000, ms: 400, done: false });
    clock = 500;
    print({ file: 'stop_times.txt', rows: 160_000, ms: 500, done: true });
    expect(tty).toEqual([
      '\r\x1b[2Kstop_times.txt           1,50,000 rows    3,75,000 rows/s',
      '\r\x1b[2Kstop_times.txt           1,60,000 rows    3,20,000 rows/s  done in 0.5 s\n',
    ]);
    const plain: string[] = [];
    const printPlain = progressPrinter({ isTTY: false, write: (x) => plain.push(x) }, { plainEveryMs: 5000, now: () => clock });
    printPlain({ file: 'shapes.txt', rows: 10, ms: 1, done: false });
    clock += 1000;
    printPlain({ file: 'shapes.txt', rows: 20, ms: 1000, done: false });
    clock += 1000;
    printPlain({ file: 'shapes.txt', rows: 25, ms: 2000, done: true });
    printPlain({ file: 'trips.txt', rows: 3, ms: 4, done: true });
    expect(plain).toEqual([
      `${progressLine({ file: 'shapes.txt', rows: 25, ms: 2000, done: true })}\n`,
      `${progressLine({ file: 'trips.txt', rows: 3, ms: 4, done: true })}\n`,
    ]);
    expect(plain.join('')).not.toMatch(/\r|\x1b/);
  });

  it('keeps reporting after the files: walking links, keys, indexes, statistics and the switch, each when it starts and when it is done', async () => {
    const seen: ImportProgress[] = [];
    // No transfers.txt, and two stops 111 m apart: two walking links.
    const dir = variant({ 'transfers.txt': null, 'stops.txt': withLine('stops.txt', 'A3,Alpha Annex,19.001,72.8\n') });
    let r;
    try {
      r = await importGtfs(t.db, dir, { cityId: 'phaseville', chunkRows: 1, onProgress: (p) => seen.push(p) });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const phases = seen.filter((p) => p.phase);
    const order = [...new Set(phases.map((p) => p.file))];
    expect(order).toEqual([
      'walking links',
      'shapes: primary key',
      'shapes: attached',
      'stop_times: primary key',
      'stop_times: index (stop_id)',
      'stop_times: attached',
      'transfers: index (from_stop_id)',
      'transfers: attached',
      'statistics',
      'switch to the new feed',
    ]);
    for (const name of order) {
      const mine = phases.filter((p) => p.file === name);
      expect(mine[0]).toMatchObject({ done: false, ms: 0 });
      expect(mine.at(-1)!.done).toBe(true);
      expect(mine.filter((p) => p.done)).toHaveLength(1);
    }
    // Every phase after the files' own reports, the walking links counted as they are made (a report a row here).
    expect(seen.findIndex((p) => p.phase)).toBeGreaterThan(seen.findLastIndex((p) => !p.phase));
    const links = phases.filter((p) => p.file === 'walking links');
    expect(links.at(-1)!.rows).toBe(2);
    expect(r.rows.generated_transfers).toBe(2);
    expect(links.filter((p) => !p.done && p.rows > 0).length).toBeGreaterThanOrEqual(1);
    expect(phases.find((p) => p.file === 'stop_times: primary key' && p.done)!.rows).toBe(r.rows.stop_times);

    // Printed when each starts (a statement may hold the thread for seconds), in place on a terminal.
    const plain: string[] = [];
    const print = progressPrinter({ isTTY: false, write: (x) => plain.push(x) }, { now: () => 0 });
    for (const p of seen) print(p);
    const lines = plain.join('').split('\n');
    expect(lines).toContain(`${'stop_times: primary key'} ${new Intl.NumberFormat('en-IN').format(r.rows.stop_times).padStart(12)} rows  …`);
    expect(lines.some((l) => /^statistics +done in \d+\.\d s$/.test(l))).toBe(true);
    const tty: string[] = [];
    const printTty = progressPrinter({ isTTY: true, write: (x) => tty.push(x) }, { now: () => 0 });
    printTty({ file: 'shapes: primary key', rows: 3_00_000, ms: 0, done: false, phase: true });
    printTty({ file: 'shapes: primary key', rows: 3_00_000, ms: 1500, done: true, phase: true });
    expect(tty).toEqual([
      '\r\x1b[2Kshapes: primary key      3,00,000 rows  …',
      '\r\x1b[2Kshapes: primary key      3,00,000 rows    2,00,000 rows/s  done in 1.5 s\n',
    ]);
    // Attaching a partition takes no time: its rows, not a rate of crores a second.
    expect(progressLine({ file: 'shapes: attached', rows: 33_19_350, ms: 4, done: true, phase: true })).toBe(
      'shapes: attached        33,19,350 rows  done in 0.0 s',
    );
  });

  /** The feed's partitions (of every feed): an import that fails must leave none of its own behind. */
  const partitionTables = async () =>
    (
      await t.db.query<{ name: string }>(
        // This test's own schema only: on PostgreSQL other test files import feeds into theirs at the same time.
        `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'p')
           AND relname ~ '^(shapes|stop_times|transfers)_f[0-9]+$' ORDER BY 1`,
      )
    ).rows;
  /** Every row of the feed's tables, feed_id left out and sorted (to compare two imports of the same feed). */
  const tableRows = async (table: string, feedId: number) =>
    (await t.db.query<Record<string, unknown>>(`SELECT * FROM ${table} WHERE feed_id = $1`, [feedId])).rows
      .map(({ feed_id: _f, ...rest }) => JSON.stringify(rest))
      .sort();
  /** 20,000 more shape points: at 100 rows a piece, far more pieces than the reader may read ahead of the writer. */
  const manyPoints = Array.from({ length: 20_000 }, (_, i) => `BIG,19.${String(i).padStart(5, '0')},72.8,${i + 1}\n`).join('');

  it('reads a feed on a worker thread exactly as on the importing thread: the same rows in every table and column', async () => {
    // A 2.5 MB stop name too: one row larger than a piece, and than a PGlite statement's megabyte.
    const longName = 'ഫോർട്ട് '.repeat(120_000).trim();
    const dir = variant({
      'shapes.txt': withLine('shapes.txt', manyPoints),
      'stops.txt': withLine(
        'stops.txt',
        `E,"Back\\slash\ttab ""quoted""\nnew line",19.0123456789012,72.8\nF,,19.05,72.85\nG,ഫോർട്ട് കൊച്ചി,9.9658,76.2421\nH,${longName},9.97,76.25\n`,
      ),
    });
    try {
      const inline = await importGtfs(t.db, dir, { cityId: 'inlineville', readIn: 'inline', chunkRows: 100 });
      const worker = await importGtfs(t.db, dir, { cityId: 'workerville', readIn: 'worker', chunkRows: 100 });
      expect([inline.readIn, worker.readIn]).toEqual(['inline', 'worker']);
      expect(worker.rows).toEqual(inline.rows);
      expect(worker.rows.shapes).toBe(20_003);
      const h = await t.db.query<{ name: string }>(`SELECT stop_name AS name FROM stops WHERE feed_id = $1 AND stop_id = 'H'`, [worker.feedId]);
      expect(h.rows[0].name === longName).toBe(true);
      for (const table of GTFS_FILES.map((f) => f.table)) {
        const [a, b] = [await tableRows(table, inline.feedId), await tableRows(table, worker.feedId)];
        expect(b.length).toBe(a.length);
        expect(b).toEqual(a);
      }
      // A small feed is read on the importing thread unless asked otherwise.
      expect((await importGtfs(t.db, MINI, { cityId: 'autoville' })).readIn).toBe('inline');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  const tripsWithDirection = (last: string) =>
    fs
      .readFileSync(path.join(MINI, 'trips.txt'), 'utf8')
      .trim()
      .split('\n')
      .map((l, i, all) => `${l},${i === 0 ? 'direction_id' : i === all.length - 1 ? last : '0'}`)
      .join('\n') + '\n';

  it.each([
    [
      'a malformed time',
      { 'stop_times.txt': withLine('stop_times.txt', 'R1-0800,08:61:00,08:61:00,D,4\n') },
      'stop_times.txt line 15: arrival_time "08:61:00" is not a time (HH:MM:SS)',
    ],
    [
      'an unknown stop',
      { 'stop_times.txt': withLine('stop_times.txt', 'R1-0800,08:30:00,08:30:00,ZZ,4\n') },
      'stop_times.txt line 15: stop_id "ZZ" is not in stops.txt',
    ],
    ['a missing column', { 'routes.txt': 'route_id,route_short_name\nR1,1\n' }, 'routes.txt line 1: missing column route_type'],
    [
      'a bad CSV quote',
      { 'stops.txt': withLine('stops.txt', 'E,"Echo,19.1,72.9\n') },
      'stops.txt line 6: a quoted field is never closed (a missing closing quote)',
    ],
    [
      'a number too large for its column',
      { 'trips.txt': tripsWithDirection('40000') },
      'trips.txt line 6: direction_id 40000 is out of range for type smallint',
    ],
    [
      'a bad point after 20,000 good ones (the COPY under way is given up)',
      { 'shapes.txt': withLine('shapes.txt', `${manyPoints}BIG,91.x,72.8,20001\n`) },
      'shapes.txt line 20005: shape_pt_lat "91.x" is not a number',
    ],
  ])(
    'a row refused on the worker thread names the same file, line and reason as on the importing thread: %s; nothing is left',
    async (_what, changes, message) => {
      const feedsBefore = (await t.db.query(`SELECT id FROM feeds ORDER BY id`)).rows;
      const partitionsBefore = await partitionTables();
      const dir = variant(changes);
      try {
        const errors = [];
        for (const readIn of ['inline', 'worker'] as const) {
          const err = await importGtfs(t.db, dir, { cityId: 'testville', readIn, chunkRows: 100 }).then(
            () => null,
            (e: unknown) => e,
          );
          expect(err).toBeInstanceOf(GtfsImportError);
          errors.push({ message: (err as GtfsImportError).message, file: (err as GtfsImportError).file, line: (err as GtfsImportError).line });
        }
        expect(errors[1]).toEqual(errors[0]);
        expect(errors[0].message).toBe(message);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
      expect((await t.db.query(`SELECT id FROM feeds ORDER BY id`)).rows).toEqual(feedsBefore);
      expect(await partitionTables()).toEqual(partitionsBefore);
      expect(await count('stop_times')).toBe(13);
    },
  );

  it('keeps the reader at most a few pieces ahead of the writer (memory flat whatever the feed)', async () => {
    const dir = variant({ 'shapes.txt': withLine('shapes.txt', manyPoints) });
    const source = await openGtfsSource(dir);
    const feed = new FeedRows(dir, source, 'worker');
    try {
      const types = Object.fromEntries(GTFS_FILES.map((f) => [f.table, copyColumns(f).map(() => 'text' as const)]));
      feed.start({ feedId: 1, method: 'copy', chunkRows: 100, types });
      for (const file of ['agency.txt', 'stops.txt', 'routes.txt', 'calendar.txt', 'calendar_dates.txt']) for await (const _ of feed.file(file));
      const shapes = feed.file('shapes.txt');
      expect((await shapes.next()).value).toMatchObject({ rows: 100 });
      // However long the writer takes, no more than MAX_PIECES wait (here 200 pieces would be ready within a moment).
      await new Promise((r) => setTimeout(r, 500));
      expect(feed.waiting).toBeLessThanOrEqual(MAX_PIECES);
      expect(feed.waiting).toBeGreaterThan(0);
      let rows = 0;
      for await (const p of shapes) rows = p.rows;
      expect(rows).toBe(20_003);
    } finally {
      await feed.close();
      source.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a path that is not a feed', async () => {
    await expect(importGtfs(t.db, path.join(MINI, 'nope.zip'), { cityId: 'testville' })).rejects.toThrow(/GTFS feed not found/);
    await expect(importGtfs(t.db, path.join(MINI, 'stops.txt'), { cityId: 'testville' })).rejects.toThrow(/is not a readable zip/);
  });
});
