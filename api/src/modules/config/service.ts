import { z } from 'zod';
import { citiesResponseSchema } from '@sawari/contracts';
import { clusterOfCity, COUNTRIES, KERALA_CLUSTER, type Country } from '@sawari/domain';
import type { Clock } from '../../platform/clock';
import type { CityConfigStore } from './store';

export type CitiesResponse = z.infer<typeof citiesResponseSchema>;
const CLUSTERS = [KERALA_CLUSTER];
/** How long one instance serves the cities list from memory. Clients cache it 12 h anyway (CITY_CONFIG_CACHE). */
export const CITIES_CACHE_MS = 60_000;

/** Client configuration: countries, cities with their features and clusters, server time. */
export class ConfigService {
  constructor(
    private readonly store: CityConfigStore,
    private readonly now: Clock,
  ) {}

  countries(): { countries: Country[] } {
    return { countries: [...COUNTRIES] };
  }

  private cached: { at: number; value: Promise<CitiesResponse> } | null = null;

  /**
   * The configured cities, read from the database at most once a minute per instance; concurrent first requests share
   * one read, and a failed read is not kept. (the list's tail latency on PGlite came from queueing behind
   * other queries on its one connection.)
   */
  cities(): Promise<CitiesResponse> {
    const now = this.now();
    if (this.cached && now - this.cached.at < CITIES_CACHE_MS && now >= this.cached.at) return this.cached.value;
    const value = this.loadCities();
    const entry = { at: now, value };
    this.cached = entry;
    value.catch(() => {
      if (this.cached === entry) this.cached = null;
    });
    return value;
  }

  private async loadCities(): Promise<CitiesResponse> {
    const rows = await this.store.configuredCities();
    return {
      cities: rows.map((c) => ({ ...c, clusterId: clusterOfCity(c.id, CLUSTERS) })),
      clusters: CLUSTERS.map((c) => ({ clusterId: c.clusterId, cityIdsInCluster: [...c.cityIdsInCluster] })),
    };
  }

  serverTime(): { serverTime: number } {
    return { serverTime: this.now() };
  }
}
