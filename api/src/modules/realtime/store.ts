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
  /** Ordered by trip_id, stop_sequence. */
  stopTimes: { trip_id: string; stop_sequence: number; stop_id: string; arrival_secs: number | null; departure_secs: number | null }[];
  frequencies: TimetableRows['frequencies'];
  calendar: TimetableRows['calendar'];
  calendarDates: TimetableRows['calendarDates'];
  /** Ordered by shape_id, shape_pt_sequence. */
  shapes: { shape_id: string; lat: number; lon: number }[];
}

/** SQL for the realtime module (reads the transit tables; writes nothing). */
export class RealtimeStore {
  constructor(private readonly db: Db) {}

  /** Ids of the cities that have a current feed (where a vehicle can be), in id order. */
  async citiesWithFeeds(): Promise<string[]> {
    const r = await this.db.query<{ city_id: string }>('SELECT city_id FROM feeds WHERE is_current ORDER BY city_id');
    return r.rows.map((x) => x.city_id);
  }

  async rows(feedId: number): Promise<RealtimeRows> {
    const q = <T>(sql: string) => this.db.query<T>(sql, [feedId]).then((r) => r.rows);
    const [stops, routes, trips, stopTimes, frequencies, calendar, calendarDates, shapes] = await Promise.all([
      q<RealtimeRows['stops'][number]>('SELECT stop_id, stop_name, stop_lat, stop_lon FROM stops WHERE feed_id = $1'),
      q<RealtimeRows['routes'][number]>('SELECT route_id, route_short_name, route_long_name, route_color, route_text_color FROM routes WHERE feed_id = $1'),
      q<RealtimeRows['trips'][number]>('SELECT trip_id, route_id, service_id, trip_headsign, shape_id FROM trips WHERE feed_id = $1'),
      q<RealtimeRows['stopTimes'][number]>(
        'SELECT trip_id, stop_sequence, stop_id, arrival_secs, departure_secs FROM stop_times WHERE feed_id = $1 ORDER BY trip_id, stop_sequence',
      ),
      q<RealtimeRows['frequencies'][number]>(
        'SELECT trip_id, start_secs, end_secs, headway_secs FROM frequencies WHERE feed_id = $1 ORDER BY trip_id, start_secs',
      ),
      q<RealtimeRows['calendar'][number]>(
        'SELECT service_id, monday, tuesday, wednesday, thursday, friday, saturday, sunday, start_date, end_date FROM calendar WHERE feed_id = $1',
      ),
      q<RealtimeRows['calendarDates'][number]>('SELECT service_id, date, exception_type FROM calendar_dates WHERE feed_id = $1'),
      q<RealtimeRows['shapes'][number]>(
        'SELECT shape_id, shape_pt_lat AS lat, shape_pt_lon AS lon FROM shapes WHERE feed_id = $1 ORDER BY shape_id, shape_pt_sequence',
      ),
    ]);
    return { stops, routes, trips, stopTimes, frequencies, calendar, calendarDates, shapes };
  }
}
