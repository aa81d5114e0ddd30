import { localDate } from '@sawari/domain';
import type { Db } from '../../../platform/db';
import { openGtfsSource } from './source';
import { GTFS_FILES, type GtfsFile } from './gtfs-files';
import { PointGrid, walkingSeconds } from '../geo';
import { attachFeedPartitions, createFeedPartitions, dropFeedPartitions, isPartitioned, partitionName } from './partitions';
import { GtfsImportError } from './errors';
import { BinaryRows, isBinaryType, type BinaryType } from './copy-binary';
import { FeedRows, WORKER_MIN_BYTES, copyColumns, type Piece } from './reader';

export { GtfsImportError };

export interface ImportOptions {
  cityId: string;
  /** Used only when the city does not exist yet (default: the name capitalised). */
  cityName?: string;
  /** Used only when the city does not exist yet (default: the first agency's agency_timezone). */
  timeZone?: string;
  /** Move every calendar's start/end to cover today .. today + 1 year (for expired feeds). */
  redate?: boolean;
  /** Wall clock for `redate`; tests pass a fixed instant. */
  now?: number;
  /**
   * How rows are written: `copy` (default; binary COPY FROM STDIN on PostgreSQL, from /dev/blob on PGlite) or `insert`
   * (multi-row INSERTs).
   */
  method?: 'copy' | 'insert';
  /** Rows per INSERT statement (`insert`). */
  batchSize?: number;
  /** Rows between progress reports, and at most per piece of rows (a piece also ends at 64 KB). */
  chunkRows?: number;
  /**
   * Where the files are read, parsed and checked (reader.ts): `worker` (a worker thread, while this thread writes),
   * `inline` (this thread, between writes), `auto` (default: the worker for a feed of 2 MB or more).
   */
  readIn?: 'auto' | 'worker' | 'inline';
  /** Called per chunk of rows and when each file is done (the CLI's progress line). */
  onProgress?: (p: ImportProgress) => void;
  /** Credit line shown wherever the feed's data is shown (e.g. "Jungle Bus © OpenStreetMap contributors"). */
  attribution?: string;
  /** Walking links are generated between stops this close (metres) when the feed has no transfers.txt rows. */
  walkingTransferMeters?: number;
}

export interface ImportResult {
  feedId: number;
  cityId: string;
  replacedFeedIds: number[];
  rows: Record<string, number>;
  /** Where the feed was read (`readIn`, settled). */
  readIn: 'worker' | 'inline';
}

const DEFAULT_BATCH = 500;
const DEFAULT_CHUNK_ROWS = 10_000;
/** Stops within this distance get generated walking transfers when a feed has none of its own. */
export const WALKING_TRANSFER_METERS = 250;

/** Multi-row INSERT with parameters, `batchSize` rows per statement. */
class BatchInserter {
  private rows: unknown[][] = [];
  count = 0;
  constructor(
    private readonly db: Db,
    private readonly table: string,
    private readonly columns: string[],
    private readonly batchSize: number,
  ) {}

  async add(values: unknown[]): Promise<void> {
    this.rows.push(values);
    if (this.rows.length >= this.batchSize) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.rows.length === 0) return;
    const width = this.columns.length;
    const params: unknown[] = [];
    const tuples = this.rows.map((r, i) => {
      params.push(...r);
      return `(${r.map((_, j) => `$${i * width + j + 1}`).join(',')})`;
    });
    const sql = `INSERT INTO ${this.table} (${this.columns.join(',')}) VALUES ${tuples.join(',')}`;
    this.count += this.rows.length;
    this.rows = [];
    await this.db.query(sql, params);
  }
}

/** Progress of an import, reported per chunk of rows and at the end of each file. */
export interface ImportProgress {
  file: string;
  /** Rows of this file written so far. */
  rows: number;
  /** Milliseconds since this file was opened (a phase: since it started). */
  ms: number;
  done: boolean;
  /**
   * A phase after the files (walking links, keys, indexes, statistics, the switch to the new feed): reported when it
   * starts and when it is done (rows: the rows it works on), so a big import is never silent for long.
   */
  phase?: boolean;
}

type OnProgress = ((p: ImportProgress) => void) | undefined;

/** One phase of the import, reported when it starts and when it is done. */
async function phase<T>(onProgress: OnProgress, file: string, rows: number, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  onProgress?.({ file, rows, ms: 0, done: false, phase: true });
  const out = await run();
  onProgress?.({ file, rows, ms: performance.now() - started, done: true, phase: true });
  return out;
}

interface WriteOptions {
  method: 'copy' | 'insert';
  batchSize: number;
}

/**
 * Writes pieces of rows (reader.ts) to `table`: binary COPY tuples in one COPY statement (`Db.copyFrom`), or rows of
 * values as multi-row INSERTs. `fresh`: the table was created by this transaction (a feed's new partition), so rows go
 * in frozen (COPY's FREEZE: written as already visible to everyone, no hint bits to set on the first read; nobody else
 * sees the table before the commit).
 */
async function writePieces(tx: Db, table: string, columns: string[], pieces: AsyncIterable<Piece>, opts: WriteOptions, fresh: boolean): Promise<void> {
  if (opts.method === 'insert') {
    const inserter = new BatchInserter(tx, table, columns, opts.batchSize);
    for await (const rows of pieces) for (const r of rows as unknown[][]) await inserter.add(r);
    await inserter.flush();
    return;
  }
  await tx.copyFrom(`COPY ${table} (${columns.join(',')}) FROM STDIN WITH (FORMAT binary${fresh ? ', FREEZE' : ''})`, pieces as AsyncIterable<Uint8Array>);
}

async function importFile(
  tx: Db,
  spec: GtfsFile,
  feed: FeedRows,
  feedId: number,
  opts: WriteOptions & { chunkRows: number; onProgress?: (p: ImportProgress) => void; now: () => number },
): Promise<number> {
  const started = opts.now();
  // A partitioned table's rows go straight into the feed's own partition (created bare for this import).
  const partitioned = isPartitioned(spec.table);
  let count = 0;
  let nextReport = opts.chunkRows;
  async function* pieces(): AsyncGenerator<Piece> {
    for await (const p of feed.file(spec.file)) {
      count = p.rows;
      if (!p.data) return;
      if (count >= nextReport) {
        nextReport = count + opts.chunkRows;
        opts.onProgress?.({ file: spec.file, rows: count, ms: opts.now() - started, done: false });
      }
      yield p.data;
    }
  }
  try {
    await writePieces(tx, partitioned ? partitionName(spec.table, feedId) : spec.table, copyColumns(spec), pieces(), opts, partitioned);
  } catch (err) {
    if (err instanceof GtfsImportError) throw err;
    // Database errors (e.g. a duplicate key) name the file.
    throw new GtfsImportError(spec.file, null, (err as Error).message ?? String(err));
  }
  opts.onProgress?.({ file: spec.file, rows: count, ms: opts.now() - started, done: true });
  return count;
}

/** The generated walking links' columns (transfers' own, plus `generated`). */
const WALKING_COLUMNS = ['feed_id', 'from_stop_id', 'to_stop_id', 'transfer_type', 'min_transfer_time', 'generated'];

/**
 * Walking links between every pair of stops (location_type 0) within `meters`, both ways: transfer_type 2 with
 * min_transfer_time = walking time at 4 km/h, flagged `generated`. Only stop coordinates are held in memory.
 */
async function generateWalkingTransfers(
  tx: Db,
  feedId: number,
  meters: number,
  /** The walking links' column types (`copy`). */
  types: BinaryType[] | null,
  opts: WriteOptions & { chunkRows: number; onProgress?: OnProgress },
): Promise<number> {
  const started = performance.now();
  let count = 0;
  const report = (done: boolean) => opts.onProgress?.({ file: 'walking links', rows: count, ms: performance.now() - started, done, phase: true });
  opts.onProgress?.({ file: 'walking links', rows: 0, ms: 0, done: false, phase: true });
  const stops = (
    await tx.query<{ stop_id: string; lat: number; lon: number }>(
      'SELECT stop_id, stop_lat AS lat, stop_lon AS lon FROM stops WHERE feed_id = $1 AND location_type = 0 AND stop_lat IS NOT NULL AND stop_lon IS NOT NULL ORDER BY stop_id',
      [feedId],
    )
  ).rows;
  const grid = new PointGrid(stops);
  const binary = opts.method === 'copy' && types ? new BinaryRows(WALKING_COLUMNS, types) : null;
  let batch: unknown[][] = [];
  async function* links(): AsyncGenerator<Piece> {
    for (let i = 0; i < stops.length; i++) {
      for (const hit of grid.within(stops[i].lat, stops[i].lon, meters)) {
        if (hit.index === i) continue;
        const values = [feedId, stops[i].stop_id, stops[hit.index].stop_id, 2, walkingSeconds(hit.distanceMeters), true];
        const unfit = binary ? binary.add(values) : (batch.push(values), null);
        if (unfit) throw new Error(unfit.message);
        count++;
      }
      if (binary ? binary.rows >= opts.chunkRows : batch.length >= opts.chunkRows) {
        report(false);
        yield binary ? binary.take()! : batch.splice(0);
      }
    }
    const last = binary ? binary.take() : batch.length ? batch : null;
    batch = [];
    if (last) yield last;
  }
  await writePieces(tx, partitionName('transfers', feedId), WALKING_COLUMNS, links(), opts, true);
  report(true);
  return count;
}

/**
 * The database type of every column the importer writes, by table (the parent of a partitioned one: its partitions
 * have the same columns). A type binary COPY here cannot write is refused before anything is read.
 */
async function copyTypes(tx: Db): Promise<Record<string, Record<string, string>>> {
  const tables = GTFS_FILES.map((f) => f.table);
  const r = await tx.query<{ tbl: string; col: string; typ: string }>(
    `SELECT c.relname AS tbl, a.attname AS col, t.typname AS typ
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_type t ON t.oid = a.atttypid
      WHERE a.attrelid = ANY($1::regclass[]) AND a.attnum > 0 AND NOT a.attisdropped`,
    [tables],
  );
  const out: Record<string, Record<string, string>> = {};
  for (const x of r.rows) (out[x.tbl] ??= {})[x.col] = x.typ;
  return out;
}

function binaryTypes(db: Record<string, Record<string, string>>, table: string, columns: string[]): BinaryType[] {
  return columns.map((c) => {
    const t = db[table]?.[c];
    if (!t) throw new Error(`${table}.${c}: no such column in the database`);
    if (!isBinaryType(t)) throw new Error(`${table}.${c} is of type ${t}, which the importer's binary COPY does not write`);
    return t;
  });
}

function addYears(yyyymmdd: string, years: number): string {
  return `${Number(yyyymmdd.slice(0, 4)) + years}${yyyymmdd.slice(4)}`;
}

async function firstAgencyTimeZone(tx: Db, feedId: number): Promise<string> {
  const r = await tx.query<{ tz: string }>('SELECT agency_timezone AS tz FROM agency WHERE feed_id = $1 ORDER BY agency_id LIMIT 1', [feedId]);
  return r.rows[0]?.tz ?? 'Asia/Kolkata';
}

/**
 * Imports a GTFS zip or folder as the city's new current feed. Everything runs in one transaction: rows go in under a
 * new feed id (the partitioned tables' rows into the feed's own partitions, loaded bare, keyed and attached at the
 * end: partitions.ts), then is_current flips to it and the old feed is deleted (its partitions dropped). A malformed
 * feed throws GtfsImportError (file, line, reason) and changes nothing, partitions included.
 */
export async function importGtfs(db: Db, location: string, opts: ImportOptions): Promise<ImportResult> {
  const source = await openGtfsSource(location);
  let feed: FeedRows | null = null;
  try {
    for (const spec of GTFS_FILES) if (spec.required && !source.has(spec.file)) throw new GtfsImportError(spec.file, null, 'the file is missing from the feed');
    if (!source.has('calendar.txt') && !source.has('calendar_dates.txt'))
      throw new GtfsImportError('calendar.txt', null, 'the feed needs calendar.txt or calendar_dates.txt');
    const write = { method: opts.method ?? 'copy', batchSize: opts.batchSize ?? DEFAULT_BATCH } as const;
    const chunkRows = opts.chunkRows ?? DEFAULT_CHUNK_ROWS;
    const bytes = GTFS_FILES.reduce((sum, f) => sum + source.size(f.file), 0);
    const readIn = opts.readIn === 'worker' || opts.readIn === 'inline' ? opts.readIn : bytes >= WORKER_MIN_BYTES ? 'worker' : 'inline';
    // Started now: a worker loads while the transaction below makes the feed.
    const rowsOf = (feed = new FeedRows(location, source, readIn));

    return await db.transaction(async (tx) => {
      // The city row must exist before the feed; its time zone is settled once the agencies are read.
      await tx.query('INSERT INTO cities (id, name, time_zone) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [
        opts.cityId,
        opts.cityName ?? opts.cityId.charAt(0).toUpperCase() + opts.cityId.slice(1),
        opts.timeZone ?? '',
      ]);
      const inserted = await tx.query<{ id: number }>('INSERT INTO feeds (city_id, source, attribution) VALUES ($1, $2, $3) RETURNING id', [
        opts.cityId,
        location,
        opts.attribution?.trim() || null,
      ]);
      const feedId = inserted.rows[0].id;
      await createFeedPartitions(tx, feedId);
      const dbTypes = write.method === 'copy' ? await copyTypes(tx) : null;
      rowsOf.start({
        feedId,
        method: write.method,
        chunkRows,
        types: dbTypes && Object.fromEntries(GTFS_FILES.map((f) => [f.table, binaryTypes(dbTypes, f.table, copyColumns(f))])),
      });
      const rows: Record<string, number> = {};
      for (const spec of GTFS_FILES) {
        if (!source.has(spec.file)) continue;
        rows[spec.table] = await importFile(tx, spec, rowsOf, feedId, { ...write, chunkRows, onProgress: opts.onProgress, now: () => performance.now() });
      }
      await rowsOf.close();
      if (!rows.agency) throw new GtfsImportError('agency.txt', null, 'the feed lists no agency');
      if (!rows.trips) throw new GtfsImportError('trips.txt', null, 'the feed has no trips');
      if (!rows.transfers)
        rows.generated_transfers = await generateWalkingTransfers(
          tx,
          feedId,
          opts.walkingTransferMeters ?? WALKING_TRANSFER_METERS,
          dbTypes && binaryTypes(dbTypes, 'transfers', WALKING_COLUMNS),
          { ...write, chunkRows, onProgress: opts.onProgress },
        );
      // The loaded partitions get their keys (one sort each) and join their tables; readers see them at the commit.
      await attachFeedPartitions(
        tx,
        feedId,
        (file, reason) => new GtfsImportError(file, null, reason),
        (label, table, run) => phase(opts.onProgress, label, rows[table] ?? (table === 'transfers' ? (rows.generated_transfers ?? 0) : 0), run),
      );

      // Fresh statistics for the tables the planner and the transit reads page through (PGlite has no autovacuum: a
      // big city's walking links read 1,000 at a time were a bitmap scan of all of them and a sort per page, 1 s each,
      // where the index gives them in 50 ms). Of a partitioned table only the new feed's partition: every read names
      // one feed, so the planner uses that partition's statistics. Shapes are left out: read by their key only, and
      // the largest to sample.
      await phase(opts.onProgress, 'statistics', 0, () =>
        tx.query(
          `ANALYZE ${GTFS_FILES.filter((f) => f.table !== 'shapes')
            .map((f) => (isPartitioned(f.table) ? partitionName(f.table, feedId) : f.table))
            .join(', ')}`,
        ),
      );
      await tx.query(`UPDATE cities SET time_zone = $2 WHERE id = $1 AND time_zone = ''`, [opts.cityId, await firstAgencyTimeZone(tx, feedId)]);
      if (opts.redate) {
        const tz = (await tx.query<{ time_zone: string }>('SELECT time_zone FROM cities WHERE id = $1', [opts.cityId])).rows[0].time_zone;
        const today = localDate(opts.now ?? Date.now(), tz);
        await tx.query('UPDATE calendar SET start_date = $2, end_date = $3 WHERE feed_id = $1', [feedId, today, addYears(today, 1)]);
      }
      const old = await tx.query<{ id: number }>('SELECT id FROM feeds WHERE city_id = $1 AND id <> $2 ORDER BY id', [opts.cityId, feedId]);
      const switched = performance.now();
      opts.onProgress?.({ file: 'switch to the new feed', rows: 0, ms: 0, done: false, phase: true });
      await tx.query('UPDATE feeds SET is_current = false WHERE city_id = $1 AND is_current', [opts.cityId]);
      await tx.query('UPDATE feeds SET is_current = true WHERE id = $1', [feedId]);
      if (old.rows.length) {
        const oldIds = old.rows.map((r) => r.id);
        for (const spec of GTFS_FILES) if (!isPartitioned(spec.table)) await tx.query(`DELETE FROM ${spec.table} WHERE feed_id = ANY($1::int[])`, [oldIds]);
        await tx.query('DELETE FROM feeds WHERE id = ANY($1::int[])', [oldIds]);
        // Last: dropping a partition locks its whole table (on PostgreSQL readers wait from here to the commit).
        await dropFeedPartitions(tx, oldIds);
      }
      opts.onProgress?.({ file: 'switch to the new feed', rows: 0, ms: performance.now() - switched, done: true, phase: true });
      return { feedId, cityId: opts.cityId, replacedFeedIds: old.rows.map((r) => r.id), rows, readIn };
    });
  } finally {
    // The reader first (the inline one reads from `source`; a worker is terminated wherever it was).
    await feed?.close();
    source.close();
  }
}
