import type { Db } from '../../platform/db';

export interface CityFeed {
  cityId: string;
  timeZone: string;
  /** Null when the city exists but has no current feed. */
  feedId: number | null;
}

export interface TimetableRows {
  stops: { stop_id: string; stop_name: string | null }[];
  routes: { route_id: string }[];
  trips: { trip_id: string; route_id: string; service_id: string }[];
  /** Ordered by trip_id, stop_sequence. */
  stopTimes: { trip_id: string; stop_id: string; arrival_secs: number | null; departure_secs: number | null }[];
  frequencies: { trip_id: string; start_secs: number; end_secs: number; headway_secs: number }[];
  calendar: {
    service_id: string;
    monday: number;
    tuesday: number;
    wednesday: number;
    thursday: number;
    friday: number;
    saturday: number;
    sunday: number;
    start_date: string;
    end_date: string;
  }[];
  calendarDates: { service_id: string; date: string; exception_type: number }[];
}

/** SQL for the transit schedule. No HTTP here. */
export class TransitStore {
  constructor(private readonly db: Db) {}

  async cityFeed(cityId: string): Promise<CityFeed | null> {
    const r = await this.db.query<{ id: string; time_zone: string; feed_id: number | null }>(
      'SELECT c.id, c.time_zone, f.id AS feed_id FROM cities c LEFT JOIN feeds f ON f.city_id = c.id AND f.is_current WHERE c.id = $1',
      [cityId],
    );
    const row = r.rows[0];
    return row ? { cityId: row.id, timeZone: row.time_zone, feedId: row.feed_id } : null;
  }

  async timetableRows(feedId: number): Promise<TimetableRows> {
    const q = <T>(sql: string) => this.db.query<T>(sql, [feedId]).then((r) => r.rows);
    const [stops, routes, trips, stopTimes, frequencies, calendar, calendarDates] = await Promise.all([
      q<TimetableRows['stops'][number]>('SELECT stop_id, stop_name FROM stops WHERE feed_id = $1'),
      q<TimetableRows['routes'][number]>('SELECT route_id FROM routes WHERE feed_id = $1'),
      q<TimetableRows['trips'][number]>('SELECT trip_id, route_id, service_id FROM trips WHERE feed_id = $1'),
      q<TimetableRows['stopTimes'][number]>('SELECT trip_id, stop_id, arrival_secs, departure_secs FROM stop_times WHERE feed_id = $1 ORDER BY trip_id, stop_sequence'),
      q<TimetableRows['frequencies'][number]>('SELECT trip_id, start_secs, end_secs, headway_secs FROM frequencies WHERE feed_id = $1 ORDER BY trip_id, start_secs'),
      q<TimetableRows['calendar'][number]>('SELECT service_id, monday, tuesday, wednesday, thursday, friday, saturday, sunday, start_date, end_date FROM calendar WHERE feed_id = $1'),
      q<TimetableRows['calendarDates'][number]>('SELECT service_id, date, exception_type FROM calendar_dates WHERE feed_id = $1'),
    ]);
    return { stops, routes, trips, stopTimes, frequencies, calendar, calendarDates };
  }
}
