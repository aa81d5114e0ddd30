import type { CityConfig } from '@sawari/contracts';
import {
  CITIES_CACHE_KEY,
  CITY_CONFIG_TTL_MS,
  cityAtom,
  cityConfigAtom,
  cityInLanguage,
  citiesStateAtom,
  fetchCities,
  localisedCitiesAtom,
  isFeatureEnabled,
  loadCities,
  nearestCity,
  readCitiesCache,
} from './city';
import { sawariStore } from './store';
import { languageAtom } from './i18n';

class MemoryStorage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, String(v));
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
}

const features = {
  passes: false,
  tickets: false,
  premium: false,
  cards: false,
  tracking: false,
  airport: false,
  soundValidation: false,
  stopBasedPlanner: false,
  cityListRoute: true,
};
const city = (id: string, lat: number, lon: number, on: Partial<typeof features> = {}): CityConfig => ({
  id,
  name: id,
  state: 'S',
  lat,
  lon,
  clusterId: null,
  homeClusters: [],
  features: { ...features, ...on },
});
const MUMBAI = city('mumbai', 19.076, 72.8777, { passes: true, airport: true });
const KOCHI = city('kochi', 9.9312, 76.2673, { tickets: true });
const DELHI = city('delhi', 28.6139, 77.209, { tracking: true });
const body = { cities: [MUMBAI, KOCHI, DELHI], clusters: [{ clusterId: 'KERALA', cityIdsInCluster: ['kochi'] }] };

const realFetch = global.fetch;
let calls = 0;
function serve(status = 200, answer: unknown = body) {
  calls = 0;
  global.fetch = (async () => {
    calls++;
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
}
function offline() {
  global.fetch = (async () => {
    throw new TypeError('Failed to fetch');
  }) as unknown as typeof fetch;
}

beforeEach(() => {
  (globalThis as { localStorage?: Storage }).localStorage = new MemoryStorage() as unknown as Storage;
});
afterEach(() => {
  global.fetch = realFetch;
  delete (globalThis as { localStorage?: Storage }).localStorage;
});

describe('nearestCity', () => {
  it('answers the city closest to the position, with its distance', () => {
    const found = nearestCity([MUMBAI, KOCHI, DELHI], 10.0, 76.3); // Ernakulam, near Kochi
    expect(found?.city.id).toBe('kochi');
    expect(found!.km).toBeGreaterThan(5);
    expect(found!.km).toBeLessThan(15);
    expect(nearestCity([MUMBAI, KOCHI, DELHI], 28.5, 77.1)?.city.id).toBe('delhi');
  });
  it('answers null for no cities', () => {
    expect(nearestCity([], 10, 76)).toBeNull();
  });
});

describe('isFeatureEnabled', () => {
  it('reads the flag of the given city', () => {
    expect(isFeatureEnabled('airport', MUMBAI)).toBe(true);
    expect(isFeatureEnabled('airport', KOCHI)).toBe(false);
    expect(isFeatureEnabled('tickets', KOCHI)).toBe(true);
  });
  it('is off without a city', () => {
    expect(isFeatureEnabled('passes', null)).toBe(false);
  });
  it('defaults to the current city in the store', async () => {
    serve();
    sawariStore.set(cityAtom, 'mumbai');
    await loadCities(true);
    expect(sawariStore.get(citiesStateAtom).status).toBe('ready');
    expect(isFeatureEnabled('passes')).toBe(true);
    sawariStore.set(cityAtom, 'kochi');
    expect(isFeatureEnabled('passes')).toBe(false);
    expect(localStorage.getItem('sawari.city')).toBe('kochi');
  });
});

describe('fetchCities and its 12 h cache', () => {
  const t0 = Date.UTC(2025, 0, 10, 6, 0);

  it('fetches, then answers from localStorage while the cache is younger than 12 h', async () => {
    serve();
    expect((await fetchCities({ now: t0 })).cities.map((c) => c.id)).toEqual(['mumbai', 'kochi', 'delhi']);
    expect(calls).toBe(1);
    expect(JSON.parse(localStorage.getItem(CITIES_CACHE_KEY)!).savedAt).toBe(t0);
    await fetchCities({ now: t0 + CITY_CONFIG_TTL_MS - 1 });
    expect(calls).toBe(1);
    expect(readCitiesCache(t0 + CITY_CONFIG_TTL_MS - 1)?.fresh).toBe(true);
  });

  it('fetches again once the cache is exactly 12 h old', async () => {
    serve();
    await fetchCities({ now: t0 });
    expect(readCitiesCache(t0 + CITY_CONFIG_TTL_MS)?.fresh).toBe(false);
    await fetchCities({ now: t0 + CITY_CONFIG_TTL_MS });
    expect(calls).toBe(2);
    expect(JSON.parse(localStorage.getItem(CITIES_CACHE_KEY)!).savedAt).toBe(t0 + CITY_CONFIG_TTL_MS);
  });

  it('treats a cache from the future (device clock moved back) as stale', async () => {
    serve();
    await fetchCities({ now: t0 });
    expect(readCitiesCache(t0 - 60_000)?.fresh).toBe(false);
  });

  it('falls back to a stale cache when the API cannot be reached, and fails without one', async () => {
    serve();
    await fetchCities({ now: t0 });
    offline();
    await expect(fetchCities({ now: t0 + 2 * CITY_CONFIG_TTL_MS })).resolves.toMatchObject({ cities: expect.any(Array) });
    localStorage.clear();
    await expect(fetchCities({ now: t0 })).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });

  it('logs and drops a cluster config that is not a list (spec §8)', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    serve(200, { cities: [KOCHI], clusters: { KERALA: ['kochi'] } });
    expect((await fetchCities({ now: t0 })).clusters).toEqual([]);
    expect(spy).toHaveBeenCalledWith(expect.stringContaining('not a list'));
    spy.mockRestore();
  });

  it('ignores an unreadable cache', () => {
    localStorage.setItem(CITIES_CACHE_KEY, '{oops');
    expect(readCitiesCache(t0)).toBeNull();
  });
});

describe("cities in the rider's language", () => {
  const kochi: CityConfig = { ...city('kochi', 9.93, 76.27), name: 'Kochi', state: 'Kerala', localNames: { hi: { name: 'कोच्चि', state: 'केरल' } } };
  const pune: CityConfig = { ...city('pune', 18.52, 73.86), name: 'Pune', state: 'Maharashtra' };
  afterEach(() => {
    sawariStore.set(languageAtom, 'en');
    sawariStore.set(cityAtom, null);
    sawariStore.set(citiesStateAtom, { status: 'idle', data: null, error: null });
  });

  it('names a city in the language it has names for, else in English', () => {
    expect(cityInLanguage(kochi, 'hi')).toMatchObject({ id: 'kochi', name: 'कोच्चि', state: 'केरल' });
    expect(cityInLanguage(kochi, 'en')).toBe(kochi);
    expect(cityInLanguage(kochi, 'ta')).toBe(kochi);
    expect(cityInLanguage(pune, 'hi')).toBe(pune); // no names (a list cached before they existed)
  });

  it('the list and the chosen city follow the language at once', () => {
    sawariStore.set(citiesStateAtom, { status: 'ready', data: { cities: [kochi, pune], clusters: [] }, error: null });
    sawariStore.set(cityAtom, 'kochi');
    expect(sawariStore.get(cityConfigAtom)?.name).toBe('Kochi');
    sawariStore.set(languageAtom, 'hi');
    expect(sawariStore.get(localisedCitiesAtom).map((c) => c.name)).toEqual(['कोच्चि', 'Pune']);
    expect(sawariStore.get(cityConfigAtom)).toMatchObject({ id: 'kochi', name: 'कोच्चि', features: kochi.features });
  });
});
