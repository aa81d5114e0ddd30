import type { CityFeatures } from '@sawari/contracts';
import type { Db } from '../../platform/db';

export interface CityRow {
  id: string;
  name: string;
  state: string;
  lat: number;
  lon: number;
  features: CityFeatures;
  homeClusters: string[];
  /** Name and state by language code, besides the English ones. */
  localNames: Record<string, { name: string; state: string }>;
}

/** SQL for the city configuration (the `cities` table). */
export class CityConfigStore {
  constructor(private readonly db: Db) {}

  /** Cities that have a configuration (feed-only cities have none), by name. */
  async configuredCities(): Promise<CityRow[]> {
    // lat and lon are double precision: both drivers read them as numbers.
    const r = await this.db.query<CityRow>(
      `SELECT id, name, state, lat, lon, features, home_clusters AS "homeClusters", local_names AS "localNames"
       FROM cities WHERE features IS NOT NULL ORDER BY name`,
    );
    return r.rows;
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
  }
}
