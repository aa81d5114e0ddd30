import { z } from 'zod';
import { citiesResponseSchema } from '@sawari/contracts';
import { clusterOfCity, COUNTRIES, KERALA_CLUSTER, type Country } from '@sawari/domain';
import type { Clock } from '../../platform/clock';
import { OFFER_FEATURES, type CityConfigStore } from './store';

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

  /**
   * Each city as the apps gate on it: an offer (passes, tickets, premium, cards, tracking, airport) is on only when the
   * configuration enables it AND the city has the data it needs (CityData), so no city offers what is not there
   * (Kozhikode had tickets and live tracking with no fares and no feed); behaviour flags as configured. Examples and
   * support contacts are the city's own.
   */
  private async loadCities(): Promise<CitiesResponse> {
    const rows = await this.store.configuredCities();
    return {
      cities: rows.map(({ data, examples, support, ...c }) => ({
        ...c,
        features: { ...c.features, ...Object.fromEntries(OFFER_FEATURES.map((f) => [f, c.features[f] === true && data[f]])) },
        ...(examples ? { examples: { routeSearch: examples.routeSearch ?? [], vehicleNumber: examples.vehicleNumber ?? null } } : {}),
        support: support ?? null,
        clusterId: clusterOfCity(c.id, CLUSTERS),
      })),
      clusters: CLUSTERS.map((c) => ({ clusterId: c.clusterId, cityIdsInCluster: [...c.cityIdsInCluster] })),
    };
  }

  serverTime(): { serverTime: number } {
    return { serverTime: this.now() };
  }
}
