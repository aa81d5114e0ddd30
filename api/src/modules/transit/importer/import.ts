import { parse } from 'csv-parse';
import { localDate } from '@sawari/domain';
import type { Db } from '../../../platform/db';
import { openGtfsSource } from './source';
import { GTFS_FILES, convertField, type FeedIds, type GtfsFile, type Row } from './gtfs-files';
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
  /** Rows per INSERT statement. */
  batchSize?: number;
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

async function importFile(tx: Db, spec: GtfsFile, stream: NodeJS.ReadableStream, feedId: number, ids: FeedIds, batchSize: number): Promise<number> {
  const dbColumns = ['feed_id', ...spec.columns.map((c) => c.db ?? c.gtfs)];
  const inserter = new BatchInserter(tx, spec.table, dbColumns, batchSize);
  const parser = stream.pipe(parse({ bom: true, columns: (header: string[]) => header.map((h) => h.trim()), info: true, skip_empty_lines: true, relax_column_count: true }));
  let headerChecked = false;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      const line = info.lines;
      if (!headerChecked) {
        headerChecked = true;
        const missing = spec.columns.filter((c) => c.required && !(c.gtfs in record)).map((c) => c.gtfs);
        if (missing.length) throw new GtfsImportError(spec.file, 1, `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
      }
      const row: Row = {};
      for (const col of spec.columns) {
        const r = convertField(col, record[col.gtfs]);
        if ('error' in r) throw new GtfsImportError(spec.file, line, r.error);
        row[col.db ?? col.gtfs] = r.value;
      }
      const problem = spec.check?.(row, ids);
      if (problem) throw new GtfsImportError(spec.file, line, problem);
      await inserter.add([feedId, ...dbColumns.slice(1).map((c) => row[c])]);
    }
    await inserter.flush();
  } catch (err) {
    if (err instanceof GtfsImportError) throw err;
    const e = err as { code?: string; lines?: number; message?: string };
    // csv-parse errors carry the line; database errors (e.g. a duplicate key) name the batch's file.
    throw new GtfsImportError(spec.file, typeof e.lines === 'number' ? e.lines : null, e.message ?? String(err));
  }
  return inserter.count;
}

/**
 * Walking links between every pair of stops (location_type 0) within `meters`, both ways: transfer_type 2 with
 * min_transfer_time = walking time at 4 km/h, flagged `generated`. Only stop coordinates are held in memory.
 */
async function generateWalkingTransfers(tx: Db, feedId: number, meters: number, batchSize: number): Promise<number> {
  const stops = (
    await tx.query<{ stop_id: string; lat: number; lon: number }>(
      'SELECT stop_id, stop_lat AS lat, stop_lon AS lon FROM stops WHERE feed_id = $1 AND location_type = 0 AND stop_lat IS NOT NULL AND stop_lon IS NOT NULL ORDER BY stop_id',
      [feedId],
    )
  ).rows;
  const grid = new PointGrid(stops);
  const inserter = new BatchInserter(tx, 'transfers', ['feed_id', 'from_stop_id', 'to_stop_id', 'transfer_type', 'min_transfer_time', 'generated'], batchSize);
  for (let i = 0; i < stops.length; i++) {
    for (const hit of grid.within(stops[i].lat, stops[i].lon, meters)) {
      if (hit.index === i) continue;
      await inserter.add([feedId, stops[i].stop_id, stops[hit.index].stop_id, 2, walkingSeconds(hit.distanceMeters), true]);
    }
  }
  await inserter.flush();
  return inserter.count;
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
    if (!source.has('calendar.txt') && !source.has('calendar_dates.txt')) throw new GtfsImportError('calendar.txt', null, 'the feed needs calendar.txt or calendar_dates.txt');
    const batchSize = opts.batchSize ?? DEFAULT_BATCH;

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
        rows[spec.table] = await importFile(tx, spec, await source.open(spec.file), feedId, ids, batchSize);
      }
      if (!rows.agency) throw new GtfsImportError('agency.txt', null, 'the feed lists no agency');
      if (!rows.trips) throw new GtfsImportError('trips.txt', null, 'the feed has no trips');
      if (!rows.transfers) rows.generated_transfers = await generateWalkingTransfers(tx, feedId, opts.walkingTransferMeters ?? WALKING_TRANSFER_METERS, batchSize);

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
