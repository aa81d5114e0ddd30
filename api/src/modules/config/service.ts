import { z } from 'zod';
import { citiesResponseSchema } from '@sawari/contracts';
import { clusterOfCity, COUNTRIES, KERALA_CLUSTER, type Country } from '@sawari/domain';
import type { Clock } from '../../platform/clock';
import type { CityConfigStore } from './store';

export type CitiesResponse = z.infer<typeof citiesResponseSchema>;
const CLUSTERS = [KERALA_CLUSTER];

/** Client configuration: countries, cities with their features and clusters, server time. */
export class ConfigService {
  constructor(
    private readonly store: CityConfigStore,
    private readonly now: Clock,
  ) {}

  countries(): { countries: Country[] } {
    return { countries: [...COUNTRIES] };
  }

  async cities(): Promise<CitiesResponse> {
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
