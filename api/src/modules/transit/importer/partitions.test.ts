import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../../platform/db';
import { migrate, readMigrations } from '../../../platform/migrate';
import { openTestDb, dbLabel, type TestDb } from '../../../testing/test-db';
import { importGtfs, GtfsImportError } from './import';
import { PARTITIONED_TABLES, partitionName } from './partitions';

const MINI = path.join(__dirname, 'fixtures', 'mini');

/** A copy of the mini feed with one file replaced, in a temp folder. */
function variant(file: string, content: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gtfs-'));
  for (const f of fs.readdirSync(MINI)) fs.copyFileSync(path.join(MINI, f), path.join(dir, f));
  fs.writeFileSync(path.join(dir, file), content);
  return dir;
}

/** Every table named like a feed's partition (attached or not), sorted. */
async function partitionTables(db: Db): Promise<string[]> {
  const r = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
       AND c.relname ~ '^(shapes|stop_times|transfers)_f[0-9]+$'`,
  );
  return r.rows.map((x) => x.name).sort();
}

/** A table's partitions with their bounds (none for a table that is not partitioned). */
async function partitionsOf(db: Db, table: string): Promise<{ name: string; bound: string }[]> {
  const r = await db.query<{ name: string; bound: string }>(
    `SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = to_regclass($1)`,
    [table],
  );
  return r.rows.sort((a, b) => (a.name < b.name ? -1 : 1));
}

/**
 * A partition's indexes, each with the parent index it is attached to (null: an index the parent does not have, so
 * the partition's own was not adopted and ATTACH built another one).
 */
async function indexesOf(db: Db, partition: string): Promise<{ index: string; parent: string | null }[]> {
  const r = await db.query<{ index: string; parent: string | null }>(
    `SELECT ic.relname AS index, pc.relname AS parent FROM pg_index x JOIN pg_class ic ON ic.oid = x.indexrelid
       LEFT JOIN pg_inherits i ON i.inhrelid = x.indexrelid LEFT JOIN pg_class pc ON pc.oid = i.inhparent
      WHERE x.indrelid = to_regclass($1)`,
    [partition],
  );
  return r.rows.sort((a, b) => ((a.parent ?? '') + a.index < (b.parent ?? '') + b.index ? -1 : 1));
}

const parentIndexes: Record<string, string[]> = {
  shapes: ['shapes_pkey'],
  stop_times: ['stop_times_by_stop', 'stop_times_pkey'],
  transfers: ['transfers_by_from'],
};

describe(`GTFS tables partitioned by feed ${dbLabel()}`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb();
  }, 120_000);
  afterAll(() => t?.cleanup());

  it('imports into the feed’s own partitions, keyed, attached and with no index built twice', async () => {
    const r = await importGtfs(t.db, MINI, { cityId: 'partville' });
    for (const p of PARTITIONED_TABLES) {
      const name = partitionName(p.table, r.feedId);
      expect(await partitionsOf(t.db, p.table)).toContainEqual({ name, bound: `FOR VALUES IN (${r.feedId})` });
      expect((await indexesOf(t.db, name)).map((x) => x.parent)).toEqual(parentIndexes[p.table]);
    }
    const where = await t.db.query<{ t: string; n: number }>(
      'SELECT tableoid::regclass::text AS t, count(*)::int AS n FROM stop_times WHERE feed_id = $1 GROUP BY 1',
      [r.feedId],
    );
    expect(where.rows).toEqual([{ t: partitionName('stop_times', r.feedId), n: 13 }]);
    // The key holds in the attached partition.
    await expect(
      t.db.query(`INSERT INTO shapes (feed_id, shape_id, shape_pt_sequence, shape_pt_lat, shape_pt_lon) VALUES ($1, 'S1', 1, 0, 0)`, [r.feedId]),
    ).rejects.toThrow(/duplicate key/);
    // Statistics of the new partitions (read by the planner, which prunes to one feed's partition).
    const analysed = await t.db.query<{ tablename: string }>(
      `SELECT DISTINCT tablename FROM pg_stats WHERE schemaname = current_schema() AND tablename = ANY($1::text[])`,
      [[partitionName('shapes', r.feedId), partitionName('stop_times', r.feedId), partitionName('transfers', r.feedId)]],
    );
    expect(analysed.rows.map((x) => x.tablename).sort()).toEqual([partitionName('stop_times', r.feedId), partitionName('transfers', r.feedId)]);
  });

  it('drops a replaced feed’s partitions when the city is imported again', async () => {
    const first = (await t.db.query<{ id: number }>(`SELECT id FROM feeds WHERE city_id = 'partville'`)).rows.map((x) => x.id);
    expect(first).toHaveLength(1);
    const r = await importGtfs(t.db, MINI, { cityId: 'partville' });
    expect(r.replacedFeedIds).toEqual(first);
    const tables = await partitionTables(t.db);
    for (const p of PARTITIONED_TABLES) {
      expect(tables).not.toContain(partitionName(p.table, first[0]));
      expect(tables).toContain(partitionName(p.table, r.feedId));
      expect((await partitionsOf(t.db, p.table)).map((x) => x.name)).not.toContain(partitionName(p.table, first[0]));
    }
    const n = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM shapes WHERE feed_id = $1', [r.feedId]);
    expect(n.rows[0].n).toBe(3);
  });

  it.each([
    [
      'a malformed row (refused while reading)',
      'stop_times.txt',
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nR1-0800,08:61:00,08:61:00,A,1\n',
      /^stop_times\.txt line 2: /,
    ],
    [
      'a duplicate key (refused when the partition’s key is built)',
      'shapes.txt',
      'shape_id,shape_pt_lat,shape_pt_lon,shape_pt_sequence\nS1,19.0,72.8,1\nS1,19.01,72.81,2\nS1,19.02,72.82,3\nS1,19.0,72.8,2\n',
      'shapes.txt: duplicate key (shape_id, shape_pt_sequence) = (S1, 2) appears more than once',
    ],
  ])('leaves no partition behind when an import fails on %s', async (_what, file, content, message: string | RegExp) => {
    const before = await partitionTables(t.db);
    const feedsBefore = (await t.db.query('SELECT id, city_id, is_current FROM feeds ORDER BY id')).rows;
    const dir = variant(file, content);
    try {
      const err = await importGtfs(t.db, dir, { cityId: 'partville' }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(GtfsImportError);
      if (typeof message === 'string') expect((err as Error).message).toBe(message);
      else expect((err as Error).message).toMatch(message);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(await partitionTables(t.db)).toEqual(before);
    expect((await t.db.query('SELECT id, city_id, is_current FROM feeds ORDER BY id')).rows).toEqual(feedsBefore);
    // The current feed still reads whole.
    const n = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM stop_times s JOIN feeds f ON f.id = s.feed_id WHERE f.city_id = 'partville' AND f.is_current`,
    );
    expect(n.rows[0].n).toBe(13);
  });

  (process.env.TEST_DATABASE_URL ? it : it.skip)('lets another connection read the old feed while the new one loads (PostgreSQL)', async () => {
    // PGlite has one connection: a query from outside waits for the import's transaction, so there is nothing to test.
    const other = await t.openAnother();
    const old = (await other.query<{ id: number }>(`SELECT id FROM feeds WHERE city_id = 'partville' AND is_current`)).rows[0].id;
    const reads: number[] = [];
    const readOld = async () =>
      reads.push(
        (await other.query<{ n: number }>('SELECT count(*)::int AS n FROM stop_times WHERE feed_id = $1', [old])).rows[0].n +
          (await other.query<{ n: number }>('SELECT count(*)::int AS n FROM shapes WHERE feed_id = $1', [old])).rows[0].n,
      );
    // The import's own statements, with a read from the other connection awaited before each step that could lock
    // readers out: before the first COPY into a partition, before each ATTACH, before dropping the old partitions. A
    // read blocked by the import would never end (the import waits for it): the test would time out.
    const hooked = (tx: Db): Db => ({
      ...tx,
      exec: async (sql) => {
        if (/^(ALTER TABLE \w+ ATTACH|DROP TABLE)/.test(sql)) await readOld();
        return tx.exec(sql);
      },
      copyFrom: async (sql, chunks) => {
        if (/^COPY shapes_f/.test(sql)) await readOld();
        return tx.copyFrom(sql, chunks);
      },
      transaction: (fn) => tx.transaction((inner) => fn(hooked(inner))),
    });
    const r = await importGtfs(hooked(t.db), MINI, { cityId: 'partville' });
    expect(r.replacedFeedIds).toEqual([old]);
    expect(reads).toEqual([16, 16, 16, 16, 16]);
    // After the commit the old feed is gone for every connection.
    await readOld();
    expect(reads.at(-1)).toBe(0);
  });
});

describe(`migration 0019: existing GTFS rows move into per-feed partitions ${dbLabel()}`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb({ migrate: false });
  }, 120_000);
  afterAll(() => t?.cleanup());

  it('creates every feed’s partitions and keeps every row, the keys and the table names', async () => {
    const all = readMigrations();
    await migrate(
      t.db,
      all.filter((m) => m.version < 19),
    );
    // Two feeds with rows, one with none (still gets its partitions), and rows of a feed id with no feeds row.
    await t.db.exec(`
      INSERT INTO cities (id, name, time_zone) VALUES ('oldville', 'Oldville', 'Asia/Kolkata');
      INSERT INTO feeds (id, city_id, source, is_current) VALUES (3, 'oldville', 'a', false), (4, 'oldville', 'b', true), (5, 'oldville', 'c', false);
      INSERT INTO shapes VALUES (3, 'S', 1, 19.0, 72.8, NULL), (3, 'S', 2, 19.1, 72.9, 0.5), (4, 'S', 1, 19.2, 73.0, NULL);
      INSERT INTO stop_times VALUES (4, 'T', 1, 'A', 100, 110), (4, 'T', 2, 'B', NULL, NULL), (9, 'T', 1, 'A', 1, 1);
      INSERT INTO transfers VALUES (4, 'A', 'B', 2, 60, true), (4, 'A', 'B', 0, NULL, false);
    `);
    const dump = async () => ({
      shapes: (await t.db.query('SELECT * FROM shapes ORDER BY feed_id, shape_id, shape_pt_sequence')).rows,
      stop_times: (await t.db.query('SELECT * FROM stop_times ORDER BY feed_id, trip_id, stop_sequence')).rows,
      transfers: (await t.db.query('SELECT * FROM transfers ORDER BY feed_id, transfer_type')).rows,
    });
    const before = await dump();
    expect(await migrate(t.db, all)).toContain('0019_transit_partitions.sql');
    expect(await dump()).toEqual(before);

    for (const p of PARTITIONED_TABLES) {
      const kind = await t.db.query<{ relkind: string }>('SELECT relkind FROM pg_class WHERE oid = to_regclass($1)', [p.table]);
      expect(kind.rows).toEqual([{ relkind: 'p' }]);
      expect(await partitionsOf(t.db, p.table)).toEqual([3, 4, 5, 9].map((id) => ({ name: partitionName(p.table, id), bound: `FOR VALUES IN (${id})` })));
      for (const id of [3, 4, 5, 9]) expect((await indexesOf(t.db, partitionName(p.table, id))).map((x) => x.parent)).toEqual(parentIndexes[p.table]);
    }
    const placed = await t.db.query<{ t: string; n: number }>('SELECT tableoid::regclass::text AS t, count(*)::int AS n FROM shapes GROUP BY 1 ORDER BY 1');
    expect(placed.rows).toEqual([
      { t: 'shapes_f3', n: 2 },
      { t: 'shapes_f4', n: 1 },
    ]);
    await expect(t.db.query(`INSERT INTO stop_times VALUES (4, 'T', 1, 'C', 1, 1)`)).rejects.toThrow(/duplicate key/);
    // Defaults kept (a transfer without its generated flag is a feed's own).
    await t.db.query(`INSERT INTO transfers (feed_id, from_stop_id, to_stop_id) VALUES (5, 'X', 'Y')`);
    expect((await t.db.query(`SELECT transfer_type, generated FROM transfers WHERE feed_id = 5`)).rows).toEqual([{ transfer_type: 0, generated: false }]);

    // An import on the migrated tables replaces the current feed and drops the replaced feeds' partitions.
    const r = await importGtfs(t.db, MINI, { cityId: 'oldville' });
    expect(r.replacedFeedIds).toEqual([3, 4, 5]);
    expect(await partitionTables(t.db)).toEqual(
      ['shapes', 'stop_times', 'transfers'].flatMap((table) => [partitionName(table, 9), partitionName(table, r.feedId)]).sort(),
    );
  });
});
