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

/** Stop times are read for this many trips at a time. */
export const STOP_TIMES_PAGE_TRIPS = 500;

export class PlannerStore {
  constructor(
    private readonly db: Db,
    private readonly pageTrips = STOP_TIMES_PAGE_TRIPS,
  ) {}

  /**
   * The running trips' stop times, ordered by trip and sequence, read a page of trips at a time (each page an index
   * scan on the primary key): PGlite runs in the server's own thread, so one query over a big city's half a million
   * stop times would hold every request for seconds; a page holds them for a fraction of that, and other requests run
   * between pages.
   */
  private async stopTimes(running: string, params: unknown[]): Promise<PlannerRows['stopTimes']> {
    const tripIds = (await this.db.query<{ trip_id: string }>(`${running} ORDER BY trip_id`, params)).rows.map((r) => r.trip_id);
    const out: PlannerRows['stopTimes'] = [];
    for (let i = 0; i < tripIds.length; i += this.pageTrips) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      const page = await this.db.query<PlannerRows['stopTimes'][number]>(
        'SELECT trip_id, stop_id, arrival_secs, departure_secs FROM stop_times WHERE feed_id = $1 AND trip_id = ANY($2::text[]) ORDER BY trip_id, stop_sequence',
        [params[0], tripIds.slice(i, i + this.pageTrips)],
      );
      for (const r of page.rows) out.push(r);
    }
    return out;
  }

  async city(cityId: string): Promise<PlannerCity | null> {
    const r = await this.db.query<{ id: string; time_zone: string; stop_based: boolean | null; slack: string | null; walk: unknown; feed_id: number | null }>(
      `SELECT c.id, c.time_zone, (c.features ->> 'stopBasedPlanner')::boolean AS stop_based, c.features ->> 'transferSlackSeconds' AS slack, c.features -> 'plannerWalk' AS walk, f.id AS feed_id
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

  /** Everything the network of (feed, date) needs: the date's trips and the previous date's (for after midnight). */
  async rows(feedId: number, date: string): Promise<PlannerRows> {
    const prev = previousDate(date);
    const params = [feedId, date, prev];
    const tripsSql = `WITH today AS (${activeServicesSql(date, '$2')}), yesterday AS (${activeServicesSql(prev, '$3')})
      SELECT t.trip_id, t.route_id, t.trip_headsign, 0 AS day FROM trips t WHERE t.feed_id = $1 AND t.service_id IN (SELECT service_id FROM today)
      UNION ALL
      SELECT t.trip_id, t.route_id, t.trip_headsign, -1 AS day FROM trips t WHERE t.feed_id = $1 AND t.service_id IN (SELECT service_id FROM yesterday)`;
    const running = `SELECT trip_id FROM trips WHERE feed_id = $1 AND service_id IN (${activeServicesSql(date, '$2')} UNION ${activeServicesSql(prev, '$3')})`;
    const q = <T>(sql: string, p: unknown[] = [feedId]) => this.db.query<T>(sql, p).then((r) => r.rows);
    const [stops, routes, trips, stopTimes, frequencies, transfers] = await Promise.all([
      q<PlannerRows['stops'][number]>('SELECT stop_id, stop_name, stop_lat, stop_lon FROM stops WHERE feed_id = $1 ORDER BY stop_id'),
      q<PlannerRows['routes'][number]>(
        `SELECT r.route_id, r.route_short_name, r.route_long_name, r.route_type, r.route_color, r.route_text_color, a.agency_name
           FROM routes r LEFT JOIN agency a ON a.feed_id = r.feed_id AND a.agency_id = r.agency_id WHERE r.feed_id = $1`,
      ),
      q<{ trip_id: string; route_id: string; trip_headsign: string | null; day: number }>(tripsSql, params),
      this.stopTimes(running, params),
      q<PlannerRows['frequencies'][number]>(
        `SELECT trip_id, start_secs, end_secs, headway_secs FROM frequencies WHERE feed_id = $1 AND trip_id IN (${running}) ORDER BY trip_id, start_secs`,
        params,
      ),
      q<PlannerRows['transfers'][number]>(
        'SELECT from_stop_id, to_stop_id, min_transfer_time, generated FROM transfers WHERE feed_id = $1 AND transfer_type <> 3',
      ),
    ]);
    return { stops, routes, trips: trips.map((t) => ({ ...t, day: Number(t.day) === -1 ? -1 : 0 })), stopTimes, frequencies, transfers };
  }
}
