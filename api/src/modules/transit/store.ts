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

export interface CityInfo {
  id: string;
  name: string;
  timeZone: string;
  stopBasedPlanner: boolean;
  feedId: number | null;
  attribution: string | null;
}

export interface IndexStopRow {
  stop_id: string;
  stop_code: string | null;
  stop_name: string | null;
  stop_lat: number | null;
  stop_lon: number | null;
  location_type: number;
  parent_station: string | null;
}

export interface IndexRouteRow {
  route_id: string;
  route_short_name: string | null;
  route_long_name: string | null;
  route_type: number;
  route_color: string | null;
  route_text_color: string | null;
  agency_name: string | null;
}

export interface IndexTripRow {
  trip_id: string;
  route_id: string;
  trip_headsign: string | null;
  direction_id: number | null;
  shape_id: string | null;
}

export interface TranslationRow {
  table_name: string;
  field_name: string;
  language: string;
  translation: string;
  record_id: string | null;
  field_value: string | null;
}

/** What the in-memory feed index (stops, routes, trip patterns, names) is built from. */
export interface FeedIndexRows {
  stops: IndexStopRow[];
  routes: IndexRouteRow[];
  trips: IndexTripRow[];
  /** Ordered by trip_id, stop_sequence. */
  stopTimes: { trip_id: string; stop_id: string }[];
  translations: TranslationRow[];
}

export interface PlaceRow {
  place_id: string;
  name: string;
  kind: string;
  lat: number;
  lon: number;
}

/** Escapes LIKE wildcards so a rider's text is matched literally. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** SQL for the transit read API (GraphQL). Same class as the timetable queries; split for reading. */
export class TransitReadStore {
  constructor(private readonly db: Db) {}

  async cityInfo(cityId: string): Promise<CityInfo | null> {
    const r = await this.db.query<{ id: string; name: string; time_zone: string; stop_based: boolean | null; feed_id: number | null; attribution: string | null }>(
      `SELECT c.id, c.name, c.time_zone, (c.features ->> 'stopBasedPlanner')::boolean AS stop_based, f.id AS feed_id, f.attribution
         FROM cities c LEFT JOIN feeds f ON f.city_id = c.id AND f.is_current WHERE c.id = $1`,
      [cityId],
    );
    const row = r.rows[0];
    return row ? { id: row.id, name: row.name, timeZone: row.time_zone, stopBasedPlanner: row.stop_based === true, feedId: row.feed_id, attribution: row.attribution } : null;
  }

  async feedIndexRows(feedId: number): Promise<FeedIndexRows> {
    const q = <T>(sql: string) => this.db.query<T>(sql, [feedId]).then((r) => r.rows);
    const [stops, routes, trips, stopTimes, translations] = await Promise.all([
      q<IndexStopRow>('SELECT stop_id, stop_code, stop_name, stop_lat, stop_lon, location_type, parent_station FROM stops WHERE feed_id = $1 ORDER BY stop_id'),
      q<IndexRouteRow>(
        `SELECT r.route_id, r.route_short_name, r.route_long_name, r.route_type, r.route_color, r.route_text_color,
                coalesce(a.agency_name, (SELECT min(agency_name) FROM agency WHERE feed_id = $1)) AS agency_name
           FROM routes r LEFT JOIN agency a ON a.feed_id = r.feed_id AND a.agency_id = r.agency_id WHERE r.feed_id = $1 ORDER BY r.route_id`,
      ),
      q<IndexTripRow>('SELECT trip_id, route_id, trip_headsign, direction_id, shape_id FROM trips WHERE feed_id = $1 ORDER BY trip_id'),
      q<FeedIndexRows['stopTimes'][number]>('SELECT trip_id, stop_id FROM stop_times WHERE feed_id = $1 ORDER BY trip_id, stop_sequence'),
      q<TranslationRow>(
        `SELECT table_name, field_name, language, translation, record_id, field_value FROM translations
          WHERE feed_id = $1 AND table_name IN ('stops', 'routes') ORDER BY language`,
      ),
    ]);
    return { stops, routes, trips, stopTimes, translations };
  }

  /** The shape's points as [lon, lat], in order. */
  async shape(feedId: number, shapeId: string): Promise<[number, number][]> {
    const r = await this.db.query<{ lon: number; lat: number }>(
      'SELECT shape_pt_lon AS lon, shape_pt_lat AS lat FROM shapes WHERE feed_id = $1 AND shape_id = $2 ORDER BY shape_pt_sequence',
      [feedId, shapeId],
    );
    return r.rows.map((p) => [p.lon, p.lat]);
  }

  /** Places whose name contains `text` (case-insensitive), at most `limit`. */
  async searchPlaces(cityId: string, text: string, limit: number): Promise<PlaceRow[]> {
    const r = await this.db.query<PlaceRow>(
      `SELECT place_id, name, kind, lat, lon FROM places WHERE city_id = $1 AND lower(name) LIKE '%' || $2 || '%' ESCAPE '\\' ORDER BY name LIMIT $3`,
      [cityId, likeLiteral(text.toLowerCase()), limit],
    );
    return r.rows;
  }

  /** Adds places that are missing (by city and id); leaves existing ones as they are. */
  async addPlaces(cityId: string, places: PlaceRow[]): Promise<void> {
    for (const p of places) {
      await this.db.query('INSERT INTO places (city_id, place_id, name, kind, lat, lon) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (city_id, place_id) DO NOTHING', [
        cityId,
        p.place_id,
        p.name,
        p.kind,
        p.lat,
        p.lon,
      ]);
    }
  }

  /** Walking transfers of a feed (given or generated), for the planner and tests. */
  async transfers(feedId: number): Promise<{ from_stop_id: string; to_stop_id: string; transfer_type: number; min_transfer_time: number | null; generated: boolean }[]> {
    const r = await this.db.query<{ from_stop_id: string; to_stop_id: string; transfer_type: number; min_transfer_time: number | null; generated: boolean }>(
      'SELECT from_stop_id, to_stop_id, transfer_type, min_transfer_time, generated FROM transfers WHERE feed_id = $1 ORDER BY from_stop_id, to_stop_id',
      [feedId],
    );
    return r.rows;
  }
}
