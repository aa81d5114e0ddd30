// The rider's city and the cities' configuration (spec §6 city gating, §9 "City config cache 12 h").
// One copy per page (federated singleton): every remote asks `isFeatureEnabled('passes')` against the same city.
import { useEffect } from 'react';
import { atom, useAtom, useAtomValue } from 'jotai';
import type { CityConfig, CityFeatures } from '@sawari/contracts';
import { HOUR_MS, haversineKm, parseClusterConfig, type ClusterConfig } from '@sawari/domain';
import { apiFetch, ApiRequestError } from './api';
import { sawariStore } from './store';
import { persistedAtom, readStored, writeStored } from './storage';
import { CITY_STORAGE_KEY } from './local-storage';
import { languageAtom } from './i18n';

export type { CityConfig, CityFeatures };
export type CityFeature = keyof CityFeatures;
export type CitiesData = { cities: CityConfig[]; clusters: ClusterConfig[] };

export { CITY_STORAGE_KEY };
export const HOME_CLUSTER_STORAGE_KEY = 'sawari.homeCluster';
export const CITIES_CACHE_KEY = 'sawari.cities';
export const CITY_CONFIG_TTL_MS = 12 * HOUR_MS;

/** The chosen city id (null until the rider picks one at onboarding). Stored in localStorage. */
export const cityAtom = persistedAtom<string | null>(CITY_STORAGE_KEY, null);
/** Mumbai riders' home cluster (Navi Mumbai, Thane, Western Suburbs), chosen at /on-boarding-mumbai. */
export const homeClusterAtom = persistedAtom<string | null>(HOME_CLUSTER_STORAGE_KEY, null);

type CacheEntry = { savedAt: number; data: CitiesData };

/** The cached cities when there are any: `fresh` while less than 12 h old. */
export function readCitiesCache(now: number): { data: CitiesData; fresh: boolean } | null {
  const raw = readStored(CITIES_CACHE_KEY);
  if (!raw) return null;
  try {
    const entry = JSON.parse(raw) as CacheEntry;
    if (typeof entry?.savedAt !== 'number' || !Array.isArray(entry.data?.cities)) return null;
    return { data: entry.data, fresh: now - entry.savedAt < CITY_CONFIG_TTL_MS && entry.savedAt <= now };
  } catch {
    return null;
  }
}

/** Checks the shape of GET /api/config/cities by hand (zod would cost every screen ~15 KB gzip). */
export function parseCitiesResponse(body: unknown): CitiesData {
  const b = body as { cities?: unknown; clusters?: unknown } | null;
  if (!b || !Array.isArray(b.cities)) throw new ApiRequestError(200, 'INVALID_RESPONSE', 'The city list could not be read.');
  const cities = (b.cities as CityConfig[]).filter(
    (c) => c && typeof c.id === 'string' && typeof c.name === 'string' && c.features && typeof c.features === 'object',
  );
  return { cities, clusters: parseClusterConfig(b.clusters, (m) => console.error(`[sawari] ${m}`)) };
}

/**
 * The cities: from the 12 h cache when it is fresh, else from the API (and cached). When the API cannot be reached, a
 * stale cache is better than nothing.
 */
export async function fetchCities({ now = Date.now(), force = false }: { now?: number; force?: boolean } = {}): Promise<CitiesData> {
  const cached = readCitiesCache(now);
  if (cached?.fresh && !force) return cached.data;
  try {
    const data = parseCitiesResponse(await apiFetch('/config/cities'));
    writeStored(CITIES_CACHE_KEY, JSON.stringify({ savedAt: now, data } satisfies CacheEntry));
    return data;
  } catch (err) {
    if (cached) return cached.data;
    throw err;
  }
}

/** The city nearest to a position (great-circle distance), with its distance in km; null for an empty list. */
export function nearestCity(cities: readonly CityConfig[], lat: number, lon: number): { city: CityConfig; km: number } | null {
  let best: { city: CityConfig; km: number } | null = null;
  for (const city of cities) {
    const km = haversineKm(lat, lon, city.lat, city.lon);
    if (!best || km < best.km) best = { city, km };
  }
  return best;
}

export type CitiesState =
  | { status: 'idle' | 'loading'; data: CitiesData | null; error: null }
  | { status: 'ready'; data: CitiesData; error: null }
  | { status: 'error'; data: null; error: ApiRequestError };

/** Cities as loaded into the store (see loadCities). */
export const citiesStateAtom = atom<CitiesState>({ status: 'idle', data: null, error: null });
/** The city with its name and state in `lang` (the English ones when it has none in that language). */
export function cityInLanguage(city: CityConfig, lang: string): CityConfig {
  const local = city.localNames?.[lang];
  return local ? { ...city, name: local.name, state: local.state } : city;
}
/** Every configured city, named in the rider's language (what every screen shows: pickers, headings, messages). */
export const localisedCitiesAtom = atom((get) => {
  const lang = get(languageAtom);
  return (get(citiesStateAtom).data?.cities ?? []).map((c) => cityInLanguage(c, lang));
});
/** The chosen city's configuration (null before onboarding, while loading, or for a city no longer listed). */
export const cityConfigAtom = atom((get) => {
  const id = get(cityAtom);
  return get(localisedCitiesAtom).find((c) => c.id === id) ?? null;
});

let inFlight: Promise<void> | null = null;
/** Loads the cities into the store once (again with `force`, e.g. a Retry button). */
export function loadCities(force = false): Promise<void> {
  const state = sawariStore.get(citiesStateAtom);
  if (inFlight || (state.status === 'ready' && !force)) return inFlight ?? Promise.resolve();
  sawariStore.set(citiesStateAtom, { status: 'loading', data: state.data, error: null });
  inFlight = fetchCities({ force })
    .then((data) => sawariStore.set(citiesStateAtom, { status: 'ready', data, error: null }))
    .catch((err: unknown) => {
      const error = err instanceof ApiRequestError ? err : new ApiRequestError(0, 'UNKNOWN', String(err));
      sawariStore.set(citiesStateAtom, { status: 'error', data: null, error });
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** Whether `feature` is on for `city` (by default the rider's current city). No city, no feature. */
export function isFeatureEnabled(feature: CityFeature, city: CityConfig | null = sawariStore.get(cityConfigAtom)): boolean {
  return city?.features?.[feature] === true;
}

/** The current city, every city and cluster, and the loading state. Starts loading the cities on first use. */
export function useCityConfig() {
  const state = useAtomValue(citiesStateAtom);
  const [cityId, setCity] = useAtom(cityAtom);
  const city = useAtomValue(cityConfigAtom);
  const cities = useAtomValue(localisedCitiesAtom);
  useEffect(() => {
    void loadCities();
  }, []);
  return {
    cityId,
    city,
    setCity,
    cities,
    clusters: state.data?.clusters ?? [],
    status: state.status,
    error: state.error,
    retry: () => loadCities(true),
    isFeatureEnabled: (feature: CityFeature) => isFeatureEnabled(feature, city),
  };
}
