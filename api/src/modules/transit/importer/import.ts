import { localDate } from '@sawari/domain';
import type { Db } from '../../../platform/db';
import { openGtfsSource, type GtfsSource } from './source';
import { CsvReader, CsvError } from './csv';
import { GTFS_FILES, convertValue, FieldProblem, type FeedIds, type GtfsFile, type Row } from './gtfs-files';
import { PointGrid, walkingSeconds } from '../geo';
import { attachFeedPartitions, createFeedPartitions, dropFeedPartitions, isPartitioned, partitionName } from './partitions';

/** A feed the importer refuses, with where and why. */
export class GtfsImportError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly reason: string,
  ) {
    super(`${file}${line === null ? '' : ` line ${line}`}: ${reason}`);
    this.name = 'GtfsImportError';
  }
}

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
  /** How rows are written: `copy` (default; COPY FROM STDIN on PostgreSQL, COPY from /dev/blob on PGlite) or `insert` (multi-row INSERTs). */
  method?: 'copy' | 'insert';
  /** Rows per INSERT statement (`insert`). */
  batchSize?: number;
  /** Rows between progress reports, and at most per piece of COPY text (`copy`; a piece also ends at 64 KB of text). */
  chunkRows?: number;
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
}

const DEFAULT_BATCH = 500;
const DEFAULT_CHUNK_ROWS = 10_000;
/**
 * COPY text is sent in pieces of about this many characters (or chunkRows rows, whichever comes first): a piece is
 * built by appending rows to a string, and a small one is sent (and its garbage collected) while still young. With
 * 10,000-row pieces (about 430 KB) a big city's import spent a third more CPU, most of it in the garbage collector.
 */
const COPY_PIECE_CHARS = 64 * 1024;
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
  /** Milliseconds since this file was opened. */
  ms: number;
  done: boolean;
}

/** COPY's text format: tab-separated, `\N` for null, backslash escapes for the four special characters. */
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
export function copyValue(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 't' : 'f';
  const s = String(v);
  return /[\\\t\n\r]/.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]) : s;
}

/**
 * Where rows go, as they are read: `add` takes one row's values (feed_id first) synchronously, `write` sends what was
 * added to the database as the pieces `rows` yields. COPY (default): one COPY per file, the rows appended to a chunk of
 * COPY text as they come (no array kept per row); INSERT: the multi-row INSERTs of old (kept to prove both give the
 * same rows).
 */
interface RowSink {
  add(values: ArrayLike<unknown>): void;
  /** Whether what was added should go out now (then `rows` yields). */
  readonly full: boolean;
  /** Runs the statement(s): each time `rows` yields, what was added since is sent. */
  write(rows: AsyncIterable<unknown>): Promise<void>;
}

function sinkFor(
  db: Db,
  table: string,
  columns: string[],
  opts: { method: 'copy' | 'insert'; batchSize: number; chunkRows: number },
  /** The table was created by this transaction (a feed's new partition): rows go in frozen (COPY's FREEZE). */
  fresh = false,
): RowSink {
  if (opts.method === 'insert') {
    let batch: unknown[][] = [];
    return {
      add: (values) => batch.push(Array.from(values)),
      get full() {
        return batch.length > 0;
      },
      write: async (rows) => {
        const inserter = new BatchInserter(db, table, columns, opts.batchSize);
        for await (const _ of rows) {
          const taken = batch;
          batch = [];
          for (const r of taken) await inserter.add(r);
        }
        await inserter.flush();
      },
    };
  }
  let chunk = '';
  let n = 0;
  return {
    add: (values) => {
      let line = copyValue(values[0]);
      for (let i = 1; i < values.length; i++) line += '\t' + copyValue(values[i]);
      chunk += line + '\n';
      n++;
    },
    get full() {
      return n >= opts.chunkRows || chunk.length >= COPY_PIECE_CHARS;
    },
    write: (rows) =>
      db.copyFrom(
        // FREEZE: rows of a table this transaction created are written as already visible to everyone (no hint bits
        // to set on the first read, the pages marked all-visible); nobody else sees the table before the commit.
        `COPY ${table} (${columns.join(',')}) FROM STDIN${fresh ? ' WITH (FREEZE)' : ''}`,
        (async function* () {
          for await (const _ of rows) {
            if (n === 0) continue;
            const text = chunk;
            chunk = '';
            n = 0;
            yield text;
          }
        })(),
      ),
  };
}

async function importFile(
  tx: Db,
  spec: GtfsFile,
  source: GtfsSource,
  feedId: number,
  ids: FeedIds,
  opts: { method: 'copy' | 'insert'; batchSize: number; chunkRows: number; onProgress?: (p: ImportProgress) => void; now: () => number },
): Promise<number> {
  const dbColumns = ['feed_id', ...spec.columns.map((c) => c.db ?? c.gtfs)];
  const keys = spec.columns.map((c) => c.db ?? c.gtfs);
  const started = opts.now();
  const input = await source.open(spec.file);
  input.setEncoding('utf8');
  // A partitioned table's rows go straight into the feed's own partition (created bare for this import).
  const partitioned = isPartitioned(spec.table);
  const sink = sinkFor(tx, partitioned ? partitionName(spec.table, feedId) : spec.table, dbColumns, opts, partitioned);
  let count = 0;
  let nextReport = opts.chunkRows;
  let index: number[] | null = null;
  // One row object and one values array per file, filled in place: the checks keep no reference to the row, and the
  // sink copies what it keeps.
  const row: Row = {};
  const values: unknown[] = [feedId, ...keys.map(() => null)];
  // Records are handed over synchronously, a read buffer at a time (no promise per row); a refused one names its line.
  const reader = new CsvReader((fields, line) => {
    if (index === null) {
      const header = fields.map((h) => h.trim());
      const missing = spec.columns.filter((c) => c.required && !header.includes(c.gtfs)).map((c) => c.gtfs);
      if (missing.length) throw new GtfsImportError(spec.file, line, `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
      index = spec.columns.map((c) => header.indexOf(c.gtfs));
      return;
    }
    for (let c = 0; c < keys.length; c++) {
      const v = convertValue(spec.columns[c], index[c] < 0 ? undefined : fields[index[c]]);
      if (v instanceof FieldProblem) throw new GtfsImportError(spec.file, line, v.message);
      row[keys[c]] = v;
    }
    const problem = spec.check?.(row, ids);
    if (problem) throw new GtfsImportError(spec.file, line, problem);
    for (let c = 0; c < keys.length; c++) values[c + 1] = row[keys[c]];
    sink.add(values);
    count++;
  });
  // Checked once per read buffer: the rows go out once the sink is full, and at the end.
  async function* pieces(): AsyncGenerator<void> {
    for await (const text of input as AsyncIterable<string>) {
      reader.push(text);
      if (count >= nextReport) {
        nextReport = count + opts.chunkRows;
        opts.onProgress?.({ file: spec.file, rows: count, ms: opts.now() - started, done: false });
      }
      if (sink.full) yield;
    }
    reader.end();
    yield;
  }
  try {
    await sink.write(pieces());
  } catch (err) {
    if (err instanceof GtfsImportError) throw err;
    if (err instanceof CsvError) throw new GtfsImportError(spec.file, err.line, err.message);
    // Database errors (e.g. a duplicate key) name the file.
    throw new GtfsImportError(spec.file, null, (err as Error).message ?? String(err));
  } finally {
    (input as { destroy?: () => void }).destroy?.();
  }
  opts.onProgress?.({ file: spec.file, rows: count, ms: opts.now() - started, done: true });
  return count;
}

/**
 * Walking links between every pair of stops (location_type 0) within `meters`, both ways: transfer_type 2 with
 * min_transfer_time = walking time at 4 km/h, flagged `generated`. Only stop coordinates are held in memory.
 */
async function generateWalkingTransfers(
  tx: Db,
  feedId: number,
  meters: number,
  opts: { method: 'copy' | 'insert'; batchSize: number; chunkRows: number },
): Promise<number> {
  const stops = (
    await tx.query<{ stop_id: string; lat: number; lon: number }>(
      'SELECT stop_id, stop_lat AS lat, stop_lon AS lon FROM stops WHERE feed_id = $1 AND location_type = 0 AND stop_lat IS NOT NULL AND stop_lon IS NOT NULL ORDER BY stop_id',
      [feedId],
    )
  ).rows;
  const grid = new PointGrid(stops);
  const sink = sinkFor(
    tx,
    partitionName('transfers', feedId),
    ['feed_id', 'from_stop_id', 'to_stop_id', 'transfer_type', 'min_transfer_time', 'generated'],
    opts,
    true,
  );
  let count = 0;
  async function* links(): AsyncGenerator<void> {
    for (let i = 0; i < stops.length; i++) {
      for (const hit of grid.within(stops[i].lat, stops[i].lon, meters)) {
        if (hit.index === i) continue;
        sink.add([feedId, stops[i].stop_id, stops[hit.index].stop_id, 2, walkingSeconds(hit.distanceMeters), true]);
        count++;
      }
      if (sink.full) yield;
    }
    yield;
  }
  await sink.write(links());
  return count;
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
  try {
    for (const spec of GTFS_FILES) if (spec.required && !source.has(spec.file)) throw new GtfsImportError(spec.file, null, 'the file is missing from the feed');
    if (!source.has('calendar.txt') && !source.has('calendar_dates.txt'))
      throw new GtfsImportError('calendar.txt', null, 'the feed needs calendar.txt or calendar_dates.txt');
    const sink = { method: opts.method ?? 'copy', batchSize: opts.batchSize ?? DEFAULT_BATCH, chunkRows: opts.chunkRows ?? DEFAULT_CHUNK_ROWS } as const;

    return await db.transaction(async (tx) => {
      // The city row must exist before the feed; its time zone is settled once the agencies are read.
      await tx.query('INSERT INTO cities (id, name, time_zone) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [
        opts.cityId,
        opts.cityName ?? opts.cityId.charAt(0).toUpperCase() + opts.cityId.slice(1),
        opts.timeZone ?? '',
      ]);
      const feed = await tx.query<{ id: number }>('INSERT INTO feeds (city_id, source, attribution) VALUES ($1, $2, $3) RETURNING id', [
        opts.cityId,
        location,
        opts.attribution?.trim() || null,
      ]);
      const feedId = feed.rows[0].id;
      await createFeedPartitions(tx, feedId);
      const ids: FeedIds = { agencies: new Set(), stops: new Set(), routes: new Set(), services: new Set(), shapes: new Set(), trips: new Set() };
      const rows: Record<string, number> = {};
      for (const spec of GTFS_FILES) {
        if (!source.has(spec.file)) continue;
        rows[spec.table] = await importFile(tx, spec, source, feedId, ids, { ...sink, onProgress: opts.onProgress, now: () => performance.now() });
      }
      if (!rows.agency) throw new GtfsImportError('agency.txt', null, 'the feed lists no agency');
      if (!rows.trips) throw new GtfsImportError('trips.txt', null, 'the feed has no trips');
      if (!rows.transfers) rows.generated_transfers = await generateWalkingTransfers(tx, feedId, opts.walkingTransferMeters ?? WALKING_TRANSFER_METERS, sink);
      // The loaded partitions get their keys (one sort each) and join their tables; readers see them at the commit.
      await attachFeedPartitions(tx, feedId, (file, reason) => new GtfsImportError(file, null, reason));

      // Fresh statistics for the tables the planner and the transit reads page through (PGlite has no autovacuum: a
      // big city's walking links read 1,000 at a time were a bitmap scan of all of them and a sort per page, 1 s each,
      // where the index gives them in 50 ms). Of a partitioned table only the new feed's partition: every read names
      // one feed, so the planner uses that partition's statistics. Shapes are left out: read by their key only, and
      // the largest to sample.
      await tx.query(
        `ANALYZE ${GTFS_FILES.filter((f) => f.table !== 'shapes')
          .map((f) => (isPartitioned(f.table) ? partitionName(f.table, feedId) : f.table))
          .join(', ')}`,
      );
      await tx.query(`UPDATE cities SET time_zone = $2 WHERE id = $1 AND time_zone = ''`, [opts.cityId, await firstAgencyTimeZone(tx, feedId)]);
      if (opts.redate) {
        const tz = (await tx.query<{ time_zone: string }>('SELECT time_zone FROM cities WHERE id = $1', [opts.cityId])).rows[0].time_zone;
        const today = localDate(opts.now ?? Date.now(), tz);
        await tx.query('UPDATE calendar SET start_date = $2, end_date = $3 WHERE feed_id = $1', [feedId, today, addYears(today, 1)]);
      }
      const old = await tx.query<{ id: number }>('SELECT id FROM feeds WHERE city_id = $1 AND id <> $2 ORDER BY id', [opts.cityId, feedId]);
      await tx.query('UPDATE feeds SET is_current = false WHERE city_id = $1 AND is_current', [opts.cityId]);
      await tx.query('UPDATE feeds SET is_current = true WHERE id = $1', [feedId]);
      if (old.rows.length) {
        const oldIds = old.rows.map((r) => r.id);
        for (const spec of GTFS_FILES) if (!isPartitioned(spec.table)) await tx.query(`DELETE FROM ${spec.table} WHERE feed_id = ANY($1::int[])`, [oldIds]);
        await tx.query('DELETE FROM feeds WHERE id = ANY($1::int[])', [oldIds]);
        // Last: dropping a partition locks its whole table (on PostgreSQL readers wait from here to the commit).
        await dropFeedPartitions(tx, oldIds);
      }
      return { feedId, cityId: opts.cityId, replacedFeedIds: old.rows.map((r) => r.id), rows };
    });
  } finally {
    source.close();
  }
}
