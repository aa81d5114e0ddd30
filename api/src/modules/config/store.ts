import type { CityExamples, CityFeatures, CitySupport } from '@sawari/contracts';
import type { Db } from '../../platform/db';

/** The features that are offers to a rider (a tile, a screen): each needs data in the city to be offered. */
export const OFFER_FEATURES = ['passes', 'tickets', 'premium', 'cards', 'tracking', 'airport'] as const;
export type OfferFeature = (typeof OFFER_FEATURES)[number];

export interface CityRow {
  id: string;
  name: string;
  state: string;
  lat: number;
  lon: number;
  /** As configured (an operator's intent; the config service answers what the data can serve). */
  features: CityFeatures;
  homeClusters: string[];
  /** Name and state by language code, besides the English ones. */
  localNames: Record<string, { name: string; state: string }>;
  /** The city's own examples for what riders type; null: none configured. */
  examples?: CityExamples | null;
  /** The city's support contacts; null: the server's. */
  support?: CitySupport | null;
}

/**
 * Whether the city has the data each offer needs (what the owning modules read; only their presence here):
 * passes a visible pass product, tickets a fare table with a transit feed or an instant fare, tracking a current
 * transit feed, premium a reserved-seat line, airport an airport board or line. Cards are not kept per city (a card
 * is the operator's everywhere): always true.
 */
export type CityData = Record<OfferFeature, boolean>;

/** SQL for the city configuration (the `cities` table). */
export class CityConfigStore {
  constructor(private readonly db: Db) {}

  /** Cities that have a configuration (feed-only cities have none), by name, with the data their offers need. */
  async configuredCities(): Promise<(CityRow & { data: CityData })[]> {
    // lat and lon are double precision: both drivers read them as numbers.
    const r = await this.db.query<
      CityRow & { d_passes: boolean; d_feed: boolean; d_fares: boolean; d_instant: boolean; d_premium: boolean; d_airport: boolean }
    >(
      `SELECT c.id, c.name, c.state, c.lat, c.lon, c.features, c.home_clusters AS "homeClusters", c.local_names AS "localNames", c.examples, c.support,
         EXISTS (SELECT 1 FROM pass_configs p WHERE p.city_id = c.id AND p.is_active AND p.is_visible) AS d_passes,
         EXISTS (SELECT 1 FROM feeds f WHERE f.city_id = c.id AND f.is_current) AS d_feed,
         EXISTS (SELECT 1 FROM ticket_fare_tables t WHERE t.city_id = c.id AND t.is_active) AS d_fares,
         EXISTS (SELECT 1 FROM ticket_instant_fares i WHERE i.city_id = c.id AND i.is_active) AS d_instant,
         EXISTS (SELECT 1 FROM reservation_lines l WHERE l.city_id = c.id AND l.is_active AND l.product = 'PREMIUM') AS d_premium,
         EXISTS (SELECT 1 FROM airport_terminals a WHERE a.city_id = c.id)
           OR EXISTS (SELECT 1 FROM reservation_lines l WHERE l.city_id = c.id AND l.is_active AND l.product = 'AIRPORT') AS d_airport
       FROM cities c WHERE c.features IS NOT NULL ORDER BY c.name`,
    );
    return r.rows.map(({ d_passes, d_feed, d_fares, d_instant, d_premium, d_airport, ...c }) => ({
      ...c,
      data: { passes: d_passes, tickets: (d_fares && d_feed) || d_instant, tracking: d_feed, premium: d_premium, airport: d_airport, cards: true },
    }));
  }

  /**
   * Adds a city's configuration; fills it in for a city that exists without one (created by a feed import), and
   * leaves a configured city as it is (an operator may have changed it).
   */
  async addCityConfig(c: Omit<CityRow, 'localNames'> & { timeZone: string; localNames?: CityRow['localNames'] }): Promise<void> {
    await this.db.query(
      `INSERT INTO cities (id, name, time_zone, state, lat, lon, features, home_clusters) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (id) DO UPDATE SET state = EXCLUDED.state, lat = EXCLUDED.lat, lon = EXCLUDED.lon, features = EXCLUDED.features,
         home_clusters = EXCLUDED.home_clusters
       WHERE cities.features IS NULL`,
      [c.id, c.name, c.timeZone, c.state, c.lat, c.lon, JSON.stringify(c.features), JSON.stringify(c.homeClusters)],
    );
    // Names in other languages fill in a city that has none yet (also one configured before they existed).
    if (c.localNames && Object.keys(c.localNames).length)
      await this.db.query(`UPDATE cities SET local_names = $2 WHERE id = $1 AND local_names = '{}'::jsonb`, [c.id, JSON.stringify(c.localNames)]);
    // So do examples and support contacts (kept once set: an operator may have changed them).
    if (c.examples) await this.db.query('UPDATE cities SET examples = $2 WHERE id = $1 AND examples IS NULL', [c.id, JSON.stringify(c.examples)]);
    if (c.support) await this.db.query('UPDATE cities SET support = $2 WHERE id = $1 AND support IS NULL', [c.id, JSON.stringify(c.support)]);
  }
}
