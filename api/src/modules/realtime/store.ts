import type { Db } from '../../platform/db';
import type { TimetableRows } from '../transit';

/** Everything the realtime module needs of a feed: trips with their stop sequence, shapes, stop places, names. */
export interface RealtimeRows {
  stops: { stop_id: string; stop_name: string | null; stop_lat: number | null; stop_lon: number | null }[];
  routes: {
    route_id: string;
    route_short_name: string | null;
    route_long_name: string | null;
    route_color?: string | null;
    route_text_color?: string | null;
  }[];
  trips: { trip_id: string; route_id: string; service_id: string; trip_headsign: string | null; shape_id: string | null }[];
  /** One row per trip in trip_id order, its calls in stop_sequence order (a row per stop time took 0.7 s of Kochi's
   *  47k on PGlite). */
  stopTimes: { trip_id: string; seqs: number[]; stop_ids: string[]; arr: (number | null)[]; dep: (number | null)[] }[];
  frequencies: TimetableRows['frequencies'];
  calendar: TimetableRows['calendar'];
  calendarDates: TimetableRows['calendarDates'];
  /** One row per shape, its points in sequence order: a feed's shapes are hundreds of thousands of points (Kochi
   *  332k), and a row each was most of the time it took to read a feed (3-4 s on PGlite, a stall on PostgreSQL). */
  shapes: { shape_id: string; lats: number[]; lons: number[] }[];
}

/** SQL for the realtime module (reads the transit tables; writes nothing). */
export class RealtimeStore {
  constructor(private readonly db: Db) {}

  /** Ids of the cities that have a current feed (where a vehicle can be), in id order. */
  async citiesWithFeeds(): Promise<string[]> {
    const r = await this.db.query<{ city_id: string }>('SELECT city_id FROM feeds WHERE is_current ORDER BY city_id');
    return r.rows.map((x) => x.city_id);
  }

  /** The feed's version as the planner names it (its id and import time): a snapshot of another version is not loaded. */
  async feedVersion(feedId: number): Promise<string | null> {
    const r = await this.db.query<{ v: string }>(
      `SELECT id::text || '@' || to_char(imported_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS v FROM feeds WHERE id = $1`,
      [feedId],
    );
    return r.rows[0]?.v ?? null;
  }

  async rows(feedId: number): Promise<RealtimeRows> {
    const q = <T>(sql: string) => this.db.query<T>(sql, [feedId]).then((r) => r.rows);
    const [stops, routes, trips, stopTimes, frequencies, calendar, calendarDates, shapes] = await Promise.all([
      q<RealtimeRows['stops'][number]>('SELECT stop_id, stop_name, stop_lat, stop_lon FROM stops WHERE feed_id = $1'),
      q<RealtimeRows['routes'][number]>('SELECT route_id, route_short_name, route_long_name, route_color, route_text_color FROM routes WHERE feed_id = $1'),
      q<RealtimeRows['trips'][number]>('SELECT trip_id, route_id, service_id, trip_headsign, shape_id FROM trips WHERE feed_id = $1'),
      q<RealtimeRows['stopTimes'][number]>(
        `SELECT trip_id, array_agg(stop_sequence ORDER BY stop_sequence) AS seqs, array_agg(stop_id ORDER BY stop_sequence) AS stop_ids,
                array_agg(arrival_secs ORDER BY stop_sequence) AS arr, array_agg(departure_secs ORDER BY stop_sequence) AS dep
         FROM stop_times WHERE feed_id = $1 GROUP BY trip_id ORDER BY trip_id`,
      ),
      q<RealtimeRows['frequencies'][number]>(
        'SELECT trip_id, start_secs, end_secs, headway_secs FROM frequencies WHERE feed_id = $1 ORDER BY trip_id, start_secs',
      ),
      q<RealtimeRows['calendar'][number]>(
        'SELECT service_id, monday, tuesday, wednesday, thursday, friday, saturday, sunday, start_date, end_date FROM calendar WHERE feed_id = $1',
      ),
      q<RealtimeRows['calendarDates'][number]>('SELECT service_id, date, exception_type FROM calendar_dates WHERE feed_id = $1'),
      q<RealtimeRows['shapes'][number]>(
        `SELECT shape_id, array_agg(shape_pt_lat ORDER BY shape_pt_sequence) AS lats, array_agg(shape_pt_lon ORDER BY shape_pt_sequence) AS lons
         FROM shapes WHERE feed_id = $1 GROUP BY shape_id`,
      ),
    ]);
    return { stops, routes, trips, stopTimes, frequencies, calendar, calendarDates, shapes };
  }
}
