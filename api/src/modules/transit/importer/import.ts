import { parse } from 'csv-parse';
import { localDate } from '@sawari/domain';
import type { Db } from '../../../platform/db';
import { openGtfsSource, type GtfsSource } from './source';
import { GTFS_FILES, convertValue, FieldProblem, type FeedIds, type GtfsFile, type Row } from './gtfs-files';
import { PointGrid, walkingSeconds } from '../geo';

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
  /** Rows per COPY chunk (`copy`; PGlite runs one COPY statement per chunk) and between progress reports. */
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

/** Where rows go: one COPY per file (default), or the multi-row INSERTs of old (kept to prove both give the same rows). */
interface RowSink {
  /** Batches of rows (each row: the columns' values in order). */
  write(batches: AsyncIterable<unknown[][]>): Promise<void>;
}

function copyLine(row: unknown[]): string {
  let line = copyValue(row[0]);
  for (let i = 1; i < row.length; i++) line += '\t' + copyValue(row[i]);
  return line + '\n';
}

function sinkFor(db: Db, table: string, columns: string[], opts: { method: 'copy' | 'insert'; batchSize: number; chunkRows: number }): RowSink {
  if (opts.method === 'insert') {
    return {
      write: async (batches) => {
        const inserter = new BatchInserter(db, table, columns, opts.batchSize);
        for await (const batch of batches) for (const r of batch) await inserter.add(r);
        await inserter.flush();
      },
    };
  }
  return {
    write: (batches) =>
      db.copyFrom(
        `COPY ${table} (${columns.join(',')}) FROM STDIN`,
        (async function* () {
          let chunk = '';
          let n = 0;
          for await (const batch of batches) {
            for (const r of batch) chunk += copyLine(r);
            n += batch.length;
            if (n >= opts.chunkRows) {
              yield chunk;
              chunk = '';
              n = 0;
            }
          }
          if (chunk) yield chunk;
        })(),
      ),
  };
}

const CSV_OPTIONS = { bom: true, skip_empty_lines: true, relax_column_count: true } as const;

/**
 * The file line of the `record`-th CSV record (0: the header). Records are read as plain arrays (much faster than with
 * csv-parse's per-record info); only when a row is refused is the file read again to name its exact line (quoted
 * fields may span lines, empty lines are skipped).
 */
async function lineOfRecord(source: GtfsSource, file: string, record: number): Promise<number> {
  const parser = (await source.open(file)).pipe(parse({ ...CSV_OPTIONS, info: true }));
  let i = 0;
  for await (const { info } of parser as AsyncIterable<{ info: { lines: number } }>) {
    if (i++ === record) {
      parser.destroy();
      return info.lines;
    }
  }
  return record + 1;
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
  // The parser is written to directly and hands its records over synchronously ('data'), so rows are handled a read
  // buffer at a time (no promise per row).
  const parser = parse(CSV_OPTIONS);
  let records: string[][] = [];
  let parseError: unknown = null;
  parser.on('data', (r: string[]) => records.push(r));
  parser.on('error', (e) => (parseError ??= e));
  let count = 0;
  let nextReport = opts.chunkRows;
  let record = -1;
  let index: number[] = [];
  /** Which record a refusal is about (its line is looked up afterwards). */
  let refused: { record: number; reason: string } | null = null;
  const refuse = (reason: string) => {
    refused = { record, reason };
    return new Error(reason);
  };
  const take = (): unknown[][] => {
    const batch: unknown[][] = [];
    for (const fields of records) {
      record++;
      if (record === 0) {
        const header = fields.map((h) => h.trim());
        const missing = spec.columns.filter((c) => c.required && !header.includes(c.gtfs)).map((c) => c.gtfs);
        if (missing.length) throw new GtfsImportError(spec.file, 1, `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
        index = spec.columns.map((c) => header.indexOf(c.gtfs));
        continue;
      }
      const row: Row = {};
      for (let c = 0; c < keys.length; c++) {
        const v = convertValue(spec.columns[c], index[c] < 0 ? undefined : fields[index[c]]);
        if (v instanceof FieldProblem) throw refuse(v.message);
        row[keys[c]] = v;
      }
      const problem = spec.check?.(row, ids);
      if (problem) throw refuse(problem);
      const values: unknown[] = [feedId];
      for (const k of keys) values.push(row[k]);
      batch.push(values);
    }
    records = [];
    count += batch.length;
    if (count >= nextReport) {
      nextReport = count + opts.chunkRows;
      opts.onProgress?.({ file: spec.file, rows: count, ms: opts.now() - started, done: false });
    }
    return batch;
  };
  async function* batches(): AsyncGenerator<unknown[][]> {
    for await (const buf of input) {
      parser.write(buf);
      if (parseError) throw parseError;
      if (records.length) yield take();
    }
    await new Promise<void>((resolve) => parser.end(resolve));
    if (parseError) throw parseError;
    if (records.length) yield take();
  }
  try {
    await sinkFor(tx, spec.table, dbColumns, opts).write(batches());
  } catch (err) {
    if (err instanceof GtfsImportError) throw err;
    const r = refused as { record: number; reason: string } | null;
    if (r) throw new GtfsImportError(spec.file, await lineOfRecord(source, spec.file, r.record), r.reason);
    const e = err as { code?: string; lines?: number; message?: string };
    // csv-parse errors carry the line; database errors (e.g. a duplicate key) name the file.
    throw new GtfsImportError(spec.file, typeof e.lines === 'number' ? e.lines : null, e.message ?? String(err));
  } finally {
    parser.destroy();
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
  sink: { method: 'copy' | 'insert'; batchSize: number; chunkRows: number },
): Promise<number> {
  const stops = (
    await tx.query<{ stop_id: string; lat: number; lon: number }>(
      'SELECT stop_id, stop_lat AS lat, stop_lon AS lon FROM stops WHERE feed_id = $1 AND location_type = 0 AND stop_lat IS NOT NULL AND stop_lon IS NOT NULL ORDER BY stop_id',
      [feedId],
    )
  ).rows;
  const grid = new PointGrid(stops);
  let count = 0;
  async function* links(): AsyncGenerator<unknown[][]> {
    for (let i = 0; i < stops.length; i++) {
      const batch: unknown[][] = [];
      for (const hit of grid.within(stops[i].lat, stops[i].lon, meters)) {
        if (hit.index !== i) batch.push([feedId, stops[i].stop_id, stops[hit.index].stop_id, 2, walkingSeconds(hit.distanceMeters), true]);
      }
      count += batch.length;
      if (batch.length) yield batch;
    }
  }
  await sinkFor(tx, 'transfers', ['feed_id', 'from_stop_id', 'to_stop_id', 'transfer_type', 'min_transfer_time', 'generated'], sink).write(links());
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
 * new feed id, then is_current flips to it and the old feed is deleted. A malformed feed throws GtfsImportError
 * (file, line, reason) and changes nothing.
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
      const ids: FeedIds = { agencies: new Set(), stops: new Set(), routes: new Set(), services: new Set(), shapes: new Set(), trips: new Set() };
      const rows: Record<string, number> = {};
      for (const spec of GTFS_FILES) {
        if (!source.has(spec.file)) continue;
        rows[spec.table] = await importFile(tx, spec, source, feedId, ids, { ...sink, onProgress: opts.onProgress, now: () => performance.now() });
      }
      if (!rows.agency) throw new GtfsImportError('agency.txt', null, 'the feed lists no agency');
      if (!rows.trips) throw new GtfsImportError('trips.txt', null, 'the feed has no trips');
      if (!rows.transfers) rows.generated_transfers = await generateWalkingTransfers(tx, feedId, opts.walkingTransferMeters ?? WALKING_TRANSFER_METERS, sink);

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
        for (const spec of GTFS_FILES) await tx.query(`DELETE FROM ${spec.table} WHERE feed_id = ANY($1::int[])`, [oldIds]);
        await tx.query('DELETE FROM feeds WHERE id = ANY($1::int[])', [oldIds]);
      }
      return { feedId, cityId: opts.cityId, replacedFeedIds: old.rows.map((r) => r.id), rows };
    });
  } finally {
    source.close();
  }
}
