import type { Db } from '../../platform/db';

/** SQL for the trip planner: what one city's current feed runs on a service date. No HTTP, no routing here. */

export interface PlannerCity {
  id: string;
  timeZone: string;
  /** cities.features->>'stopBasedPlanner' (spec §6 city gating). */
  stopBasedPlanner: boolean;
  /** cities.features->>'transferSlackSeconds': minimum time to change vehicles (null: the planner's default). */
  transferSlackSecs: number | null;
  /** cities.features->'plannerWalk': walking settings (raw JSON; plannerWalkSettings of @sawari/domain reads it). */
  plannerWalk: unknown;
  /** Null when the city has no current feed. */
  feedId: number | null;
  /** The current feed's version: its id and import time (what a network snapshot is of; null without a feed). */
  feedVersion: string | null;
}

export interface PlannerRows {
  stops: { stop_id: string; stop_name: string | null; stop_lat: number | null; stop_lon: number | null }[];
  routes: {
    route_id: string;
    route_short_name: string | null;
    route_long_name: string | null;
    route_type: number;
    route_color: string | null;
    route_text_color: string | null;
    agency_name: string | null;
  }[];
  /** Trips running on the date (day 0) or on the day before (day -1); a trip running on both appears twice. */
  trips: { trip_id: string; route_id: string; trip_headsign: string | null; day: 0 | -1 }[];
  /** Ordered by trip_id, stop_sequence; only for the trips above. */
  stopTimes: { trip_id: string; stop_id: string; arrival_secs: number | null; departure_secs: number | null }[];
  frequencies: { trip_id: string; start_secs: number; end_secs: number; headway_secs: number }[];
  /** transfer_type 3 (not possible) left out; generated: a walking link the importer made (not the feed's). */
  transfers: { from_stop_id: string; to_stop_id: string; min_transfer_time: number | null; generated: boolean }[];
}

const WEEKDAY_COLUMNS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** The day `days` after a GTFS date (YYYYMMDD; negative: before). */
export function addDays(date: string, days: number): string {
  const d = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(4, 6)) - 1, Number(date.slice(6, 8)) + days));
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** The day before a GTFS date (YYYYMMDD). */
export const previousDate = (date: string): string => addDays(date, -1);

function weekdayColumn(date: string): string {
  return WEEKDAY_COLUMNS[new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(4, 6)) - 1, Number(date.slice(6, 8)))).getUTCDay()];
}

/**
 * Service ids running on a date: calendar (weekday and date range) unless calendar_dates removes the date, plus
 * calendar_dates additions. $1 feed, the date as the given parameter number. The weekday column comes from a fixed list.
 */
function activeServicesSql(date: string, param: string): string {
  return `SELECT c.service_id FROM calendar c
            WHERE c.feed_id = $1 AND c.${weekdayColumn(date)} = 1 AND c.start_date <= ${param} AND c.end_date >= ${param}
              AND NOT EXISTS (SELECT 1 FROM calendar_dates x WHERE x.feed_id = $1 AND x.service_id = c.service_id AND x.date = ${param} AND x.exception_type = 2)
          UNION
          SELECT service_id FROM calendar_dates WHERE feed_id = $1 AND date = ${param} AND exception_type = 1`;
}

/** Stop times (and frequencies) are read for this many trips at a time. */
export const STOP_TIMES_PAGE_TRIPS = 100;
/** Stops, trips and transfers (a big city's quarter of a million walking links) are read this many rows at a time. */
export const PAGE_ROWS = 1_000;

export interface PlannerStoreOptions {
  /** Trips per page of stop times and frequencies. */
  pageTrips?: number;
  /** Rows per page of stops, trips and transfers (a stop with more transfers than this is read in one page of its own). */
  pageRows?: number;
}

/** Gives other work (requests) its turn between two pages: PGlite runs in this thread. */
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Keyset pagination: `sql` (with `{after}` where the page condition goes, and ordered by `column`) is read `pageRows`
 * rows at a time, each page starting after the last key of the one before, with a turn for other work in between. A
 * key that is not unique (`unique: false`, a stop's transfers) is never split across pages: the rows of the last key
 * of a full page are left to the next page, and a key with more rows than a page is read in one page of its own.
 */
export async function readInPages<T extends Record<string, unknown>>(
  db: Db,
  sql: string,
  params: unknown[],
  page: { column: string; key: keyof T & string; unique: boolean; pageRows: number },
): Promise<T[]> {
  const out: T[] = [];
  let after: string | null = null;
  for (;;) {
    if (after !== null) await yieldTurn();
    const p: unknown[] = after === null ? [...params] : [...params, after];
    const cond: string = after === null ? '' : `AND ${page.column} > $${p.length}`;
    p.push(page.pageRows);
    const rows: T[] = (await db.query<T>(`${sql.replace('{after}', cond)} LIMIT $${p.length}`, p)).rows;
    if (rows.length < page.pageRows) {
      for (const r of rows) out.push(r);
      return out;
    }
    const last = rows[rows.length - 1][page.key] as string;
    let end = rows.length;
    if (!page.unique) while (end > 0 && rows[end - 1][page.key] === last) end--;
    if (end === 0) {
      // One key fills the page: its rows, all of them, are the page.
      await yieldTurn();
      const whole = [...params, last];
      const own = (await db.query<T>(`${sql.replace('{after}', `AND ${page.column} = $${whole.length}`)}`, whole)).rows;
      for (const r of own) out.push(r);
      after = last;
      continue;
    }
    for (let i = 0; i < end; i++) out.push(rows[i]);
    after = rows[end - 1][page.key] as string;
  }
}

export class PlannerStore {
  private readonly pageTrips: number;
  private readonly pageRows: number;

  constructor(
    private readonly db: Db,
    opts: PlannerStoreOptions = {},
  ) {
    this.pageTrips = opts.pageTrips ?? STOP_TIMES_PAGE_TRIPS;
    this.pageRows = opts.pageRows ?? PAGE_ROWS;
  }

  /**
   * Rows of the running trips (stop times, frequencies), ordered by trip and `order`, read a page of trips at a time
   * (each page an index scan on the primary key): PGlite runs in the server's own thread, so one query over a big
   * city's half a million stop times would hold every request for seconds; a page holds them for a fraction of that,
   * and other requests run between pages.
   */
  private async perTrip<T>(tripIds: string[], feedId: number, select: string): Promise<T[]> {
    const out: T[] = [];
    for (let i = 0; i < tripIds.length; i += this.pageTrips) {
      if (i > 0) await yieldTurn();
      const page = await this.db.query<T>(select, [feedId, tripIds.slice(i, i + this.pageTrips)]);
      for (const r of page.rows) out.push(r);
    }
    return out;
  }

  async city(cityId: string): Promise<PlannerCity | null> {
    const r = await this.db.query<{
      id: string;
      time_zone: string;
      stop_based: boolean | null;
      slack: string | null;
      walk: unknown;
      feed_id: number | null;
      imported: string | null;
    }>(
      `SELECT c.id, c.time_zone, (c.features ->> 'stopBasedPlanner')::boolean AS stop_based, c.features ->> 'transferSlackSeconds' AS slack, c.features -> 'plannerWalk' AS walk, f.id AS feed_id,
              to_char(f.imported_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS imported
         FROM cities c LEFT JOIN feeds f ON f.city_id = c.id AND f.is_current WHERE c.id = $1`,
      [cityId],
    );
    const row = r.rows[0];
    const slack = row?.slack == null ? NaN : Number(row.slack);
    return row
      ? {
          id: row.id,
          timeZone: row.time_zone,
          stopBasedPlanner: row.stop_based === true,
          transferSlackSecs: Number.isFinite(slack) && slack >= 0 && slack <= 1800 ? slack : null,
          plannerWalk: row.walk ?? null,
          feedId: row.feed_id,
          feedVersion: row.feed_id === null ? null : `${row.feed_id}@${row.imported}`,
        }
      : null;
  }

  /** Cities with a current feed, and their time zones (the network prebuilder's list). */
  async currentFeedCities(): Promise<{ id: string; timeZone: string }[]> {
    const r = await this.db.query<{ id: string; time_zone: string }>(
      `SELECT c.id, c.time_zone FROM cities c JOIN feeds f ON f.city_id = c.id AND f.is_current ORDER BY c.id`,
    );
    return r.rows.map((row) => ({ id: row.id, timeZone: row.time_zone }));
  }

  /**
   * Everything the network of (feed, date) needs: the date's trips and the previous date's (for after midnight). Every
   * read is paged (keyset on the table's key, bounded pages, a turn for other requests between pages), so a big city's
   * build never holds PGlite, and with it the server's thread, for long.
   */
  async rows(feedId: number, date: string): Promise<PlannerRows> {
    const prev = previousDate(date);
    const rows = { pageRows: this.pageRows, unique: true } as const;
    const tripsOf = (day: 0 | -1) =>
      readInPages<{ trip_id: string; route_id: string; trip_headsign: string | null }>(
        this.db,
        `SELECT t.trip_id, t.route_id, t.trip_headsign FROM trips t
          WHERE t.feed_id = $1 AND t.service_id IN (${activeServicesSql(day === 0 ? date : prev, '$2')}) {after} ORDER BY t.trip_id`,
        [feedId, day === 0 ? date : prev],
        { ...rows, column: 't.trip_id', key: 'trip_id' },
      ).then((list) => list.map((t) => ({ ...t, day })));
    const [stops, routes, today, yesterday, transfers] = await Promise.all([
      readInPages<PlannerRows['stops'][number]>(
        this.db,
        'SELECT stop_id, stop_name, stop_lat, stop_lon FROM stops WHERE feed_id = $1 {after} ORDER BY stop_id',
        [feedId],
        { ...rows, column: 'stop_id', key: 'stop_id' },
      ),
      readInPages<PlannerRows['routes'][number]>(
        this.db,
        `SELECT r.route_id, r.route_short_name, r.route_long_name, r.route_type, r.route_color, r.route_text_color, a.agency_name
           FROM routes r LEFT JOIN agency a ON a.feed_id = r.feed_id AND a.agency_id = r.agency_id WHERE r.feed_id = $1 {after} ORDER BY r.route_id`,
        [feedId],
        { ...rows, column: 'r.route_id', key: 'route_id' },
      ),
      tripsOf(0),
      tripsOf(-1),
      // Walking links: a stop's links are read together (keyset on the from stop, the transfers_by_from index).
      readInPages<PlannerRows['transfers'][number]>(
        this.db,
        'SELECT from_stop_id, to_stop_id, min_transfer_time, generated FROM transfers WHERE feed_id = $1 AND transfer_type <> 3 {after} ORDER BY from_stop_id',
        [feedId],
        { pageRows: this.pageRows, unique: false, column: 'from_stop_id', key: 'from_stop_id' },
      ),
    ]);
    const trips = [...today, ...yesterday];
    const running = [...new Set(trips.map((t) => t.trip_id))].sort();
    const [stopTimes, frequencies] = await Promise.all([
      this.perTrip<PlannerRows['stopTimes'][number]>(
        running,
        feedId,
        'SELECT trip_id, stop_id, arrival_secs, departure_secs FROM stop_times WHERE feed_id = $1 AND trip_id = ANY($2::text[]) ORDER BY trip_id, stop_sequence',
      ),
      this.perTrip<PlannerRows['frequencies'][number]>(
        running,
        feedId,
        'SELECT trip_id, start_secs, end_secs, headway_secs FROM frequencies WHERE feed_id = $1 AND trip_id = ANY($2::text[]) ORDER BY trip_id, start_secs',
      ),
    ]);
    return { stops, routes, trips, stopTimes, frequencies, transfers };
  }
}
