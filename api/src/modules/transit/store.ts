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
      q<TimetableRows['stopTimes'][number]>(
        'SELECT trip_id, stop_id, arrival_secs, departure_secs FROM stop_times WHERE feed_id = $1 ORDER BY trip_id, stop_sequence',
      ),
      q<TimetableRows['frequencies'][number]>(
        'SELECT trip_id, start_secs, end_secs, headway_secs FROM frequencies WHERE feed_id = $1 ORDER BY trip_id, start_secs',
      ),
      q<TimetableRows['calendar'][number]>(
        'SELECT service_id, monday, tuesday, wednesday, thursday, friday, saturday, sunday, start_date, end_date FROM calendar WHERE feed_id = $1',
      ),
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

export interface SearchHitRow {
  kind: 'STOP' | 'PLACE';
  id: string;
  name: string;
  lat: number;
  lon: number;
  rank: number;
}

/**
 * The least trigram word similarity for a name that only looks like the rider's text (pg_trgm's default, 0.6, misses
 * "Vytilla" for "Vyttila": 0.45). Measured on the Kochi feed: see docs/transit.md.
 */
export const SEARCH_SIMILARITY = 0.4;
/** Shorter text is matched literally only (equal, prefix, word start, contains). */
export const SEARCH_FUZZY_MIN_LENGTH = 4;

/**
 * SQL rank of a lowercased name against the normalised text ($3 in the stop query, $2 in the route query: the
 * text's LIKE-escaped form is the parameter after it): 0 equal, 1 prefix, 2 a word starts with it, 3 contains, 4 else.
 */
const RANK_SQL = (name: string) => {
  const [t, like] = name === 'l_name' ? ['$2', '$3'] : ['$3', '$4'];
  return `(CASE WHEN ${name} = ${t} THEN 0 WHEN ${name} LIKE ${like} || '%' ESCAPE '\\' THEN 1
    WHEN ' ' || regexp_replace(${name}, '[^[:alnum:]]+', ' ', 'g') LIKE '% ' || ${like} || '%' ESCAPE '\\' THEN 2
    WHEN ${name} LIKE '%' || ${like} || '%' ESCAPE '\\' THEN 3 ELSE 4 END)`;
};

/** Escapes LIKE wildcards so a rider's text is matched literally. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** SQL for the transit read API (GraphQL). Same class as the timetable queries; split for reading. */
export class TransitReadStore {
  constructor(private readonly db: Db) {}

  async cityInfo(cityId: string): Promise<CityInfo | null> {
    const r = await this.db.query<{
      id: string;
      name: string;
      time_zone: string;
      stop_based: boolean | null;
      feed_id: number | null;
      attribution: string | null;
    }>(
      `SELECT c.id, c.name, c.time_zone, (c.features ->> 'stopBasedPlanner')::boolean AS stop_based, f.id AS feed_id, f.attribution
         FROM cities c LEFT JOIN feeds f ON f.city_id = c.id AND f.is_current WHERE c.id = $1`,
      [cityId],
    );
    const row = r.rows[0];
    return row
      ? { id: row.id, name: row.name, timeZone: row.time_zone, stopBasedPlanner: row.stop_based === true, feedId: row.feed_id, attribution: row.attribution }
      : null;
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

  /**
   * Typo-tolerant, ranked, paged name search over a feed's stops (named, with a position) and a city's places, with
   * PostgreSQL trigram matching (pg_trgm, migration 0018). Rank: 0 equal, 1 prefix, 2 a word starts with it, 3 contains,
   * 4 only similar (trigram word similarity ≥ SEARCH_SIMILARITY: "vytilla" finds "Vyttila"); places before stops within
   * a rank, the most similar first among similar ones, then by name and id, so pages do not overlap. `text` normalised.
   */
  async searchStopsAndPlaces(feedId: number | null, cityId: string, text: string, limit: number, offset: number): Promise<SearchHitRow[]> {
    const r = await this.fuzzy(text, (db) =>
      db.query<SearchHitRow>(
        `WITH hits AS (
           SELECT 'STOP' AS kind, stop_id AS id, stop_name AS name, stop_lat AS lat, stop_lon AS lon FROM stops
            WHERE feed_id = $1 AND stop_name IS NOT NULL AND stop_lat IS NOT NULL AND stop_lon IS NOT NULL
              AND (lower(stop_name) LIKE '%' || $4 || '%' ESCAPE '\\' OR $3 OPERATOR(public.<%) lower(stop_name))
           UNION ALL
           SELECT 'PLACE', place_id, name, lat, lon FROM places
            WHERE city_id = $2 AND (lower(name) LIKE '%' || $4 || '%' ESCAPE '\\' OR $3 OPERATOR(public.<%) lower(name))
         ), ranked AS (
           SELECT h.*, ${RANK_SQL('lower(h.name)')} AS rank, public.word_similarity($3, lower(h.name)) AS sim FROM hits h
         )
         SELECT kind, id, name, lat, lon, rank FROM ranked
          ORDER BY rank, kind, CASE WHEN rank = 4 THEN -sim ELSE 0 END, name, id LIMIT $5 OFFSET $6`,
        [feedId ?? -1, cityId, text, likeLiteral(text), limit, offset],
      ),
    );
    return r.rows;
  }

  /**
   * Route ids by name, typo-tolerant, ranked and paged: short name equal (0), short-name prefix (1), long name equal,
   * prefix, word start, contains (2-5), short name contains (6), then names only similar (7, most similar first); by
   * name within a rank. `text` normalised.
   */
  async searchRouteIds(feedId: number, text: string, limit: number, offset: number): Promise<string[]> {
    const r = await this.fuzzy(text, (db) =>
      db.query<{ route_id: string }>(
        `WITH hits AS (
           SELECT route_id, lower(coalesce(route_short_name, '')) AS s_name, lower(coalesce(route_long_name, '')) AS l_name,
                  coalesce(route_short_name, route_long_name, route_id) AS name,
                  lower(coalesce(route_short_name, '') || ' ' || coalesce(route_long_name, '')) AS both_names
             FROM routes
            WHERE feed_id = $1 AND (lower(coalesce(route_short_name, '') || ' ' || coalesce(route_long_name, '')) LIKE '%' || $3 || '%' ESCAPE '\\'
                  OR $2 OPERATOR(public.<%) lower(coalesce(route_short_name, '') || ' ' || coalesce(route_long_name, '')))
         ), ranked AS (
           SELECT route_id, name, public.word_similarity($2, both_names) AS sim,
                  CASE WHEN s_name = $2 THEN 0 WHEN s_name <> '' AND s_name LIKE $3 || '%' ESCAPE '\\' THEN 1
                       WHEN l_name <> '' AND ${RANK_SQL('l_name')} < 4 THEN 2 + ${RANK_SQL('l_name')}
                       WHEN s_name LIKE '%' || $3 || '%' ESCAPE '\\' THEN 6 ELSE 7 END AS rank
             FROM hits
         )
         SELECT route_id FROM ranked ORDER BY rank, CASE WHEN rank = 7 THEN -sim ELSE 0 END, length(name), name, route_id LIMIT $4 OFFSET $5`,
        [feedId, text, likeLiteral(text), limit, offset],
      ),
    );
    return r.rows.map((x) => x.route_id);
  }

  /**
   * Runs a trigram query with the search's similarity threshold (a setting of this transaction only). Text shorter
   * than SEARCH_FUZZY_MIN_LENGTH gets none: a route number or two letters have too few trigrams to be "similar".
   */
  private fuzzy<T>(text: string, run: (db: Db) => Promise<T>): Promise<T> {
    const threshold = text.length >= SEARCH_FUZZY_MIN_LENGTH ? SEARCH_SIMILARITY : 1;
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT set_config('pg_trgm.word_similarity_threshold', $1, true)`, [String(threshold)]);
      return run(tx);
    });
  }

  /** Adds places that are missing (by city and id); leaves existing ones as they are. */
  async addPlaces(cityId: string, places: PlaceRow[]): Promise<void> {
    for (const p of places) {
      await this.db.query(
        'INSERT INTO places (city_id, place_id, name, kind, lat, lon) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (city_id, place_id) DO NOTHING',
        [cityId, p.place_id, p.name, p.kind, p.lat, p.lon],
      );
    }
  }

  /** Walking transfers of a feed (given or generated), for the planner and tests. */
  async transfers(
    feedId: number,
  ): Promise<{ from_stop_id: string; to_stop_id: string; transfer_type: number; min_transfer_time: number | null; generated: boolean }[]> {
    const r = await this.db.query<{ from_stop_id: string; to_stop_id: string; transfer_type: number; min_transfer_time: number | null; generated: boolean }>(
      'SELECT from_stop_id, to_stop_id, transfer_type, min_transfer_time, generated FROM transfers WHERE feed_id = $1 ORDER BY from_stop_id, to_stop_id',
      [feedId],
    );
    return r.rows;
  }
}
