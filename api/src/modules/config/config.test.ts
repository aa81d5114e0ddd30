import path from 'node:path';
import { citiesResponseSchema, countriesResponseSchema, supportOfficesResponseSchema } from '@sawari/contracts';
import { HOME_CLUSTERS, KERALA_CLUSTER } from '@sawari/domain';
import { DEMO_DATA_DIR, seedDemoData } from '../../seed';
import { importGtfs } from '../transit/importer/import';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { TestClock } from '../../testing/accounts';
import { CITIES_CACHE_MS, ConfigService } from './service';
import type { CityConfigStore } from './store';

describe(`config API ${dbLabel()}`, () => {
  const clock = new TestClock();
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ now: clock.now });
  }, 120_000);
  afterAll(() => s?.cleanup());

  it('lists India only', async () => {
    const r = await s.app.inject({ url: '/api/config/countries' });
    expect(r.statusCode).toBe(200);
    expect(countriesResponseSchema.parse(r.json())).toEqual({ countries: [{ id: 'IN', name: 'India', callingCode: '+91', supportedPhoneNumberLength: 10 }] });
  });

  it('answers the configured cities with features and clusters, cacheable for 12 h', async () => {
    const r = await s.app.inject({ url: '/api/config/cities' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('public, max-age=43200');
    const body = citiesResponseSchema.parse(r.json());
    expect(body.cities.map((c) => c.id).sort()).toEqual(['bengaluru', 'chennai', 'delhi', 'kochi', 'kozhikode', 'mumbai', 'pune', 'thiruvananthapuram']);
    const city = (id: string) => body.cities.find((c) => c.id === id)!;
    expect(city('mumbai')).toMatchObject({ name: 'Mumbai', state: 'Maharashtra', clusterId: null, homeClusters: [...HOME_CLUSTERS] });
    expect(city('mumbai').features).toMatchObject({
      airport: true,
      passes: true,
      premium: true,
      cards: true,
      tickets: true,
      tracking: true,
      soundValidation: true,
    });
    // Kochi's feed is not imported on this server: no live tracking until it is (what a city offers follows its data)
    expect(city('kochi')).toMatchObject({ clusterId: 'KERALA', features: { tracking: false, passes: true, tickets: true, stopBasedPlanner: false } });
    expect(city('kozhikode').clusterId).toBe('KERALA');
    // Named in the app's other languages too (English is name and state).
    expect(city('kochi').localNames?.hi).toEqual({ name: 'कोच्चि', state: 'केरल' });
    expect(city('kochi').localNames?.ml).toEqual({ name: 'കൊച്ചി', state: 'കേരളം' });
    for (const c of body.cities) expect(Object.keys(c.localNames ?? {}).sort()).toEqual(['hi', 'kn', 'ml', 'mr', 'ta']);
    expect(city('delhi').clusterId).toBeNull();
    expect(body.clusters).toEqual([{ clusterId: 'KERALA', cityIdsInCluster: KERALA_CLUSTER.cityIdsInCluster }]);
  });

  // Issue 35 item 11: Kozhikode offered tickets and live tracking with no data behind them; Kochi showed Mumbai's
  // examples and support number. What a city offers is what its configuration enables AND its data can serve; its
  // examples and support contacts come from its own configuration.
  it('a city offers what its data can serve: a feature the configuration enables but no data backs is off', async () => {
    const body = citiesResponseSchema.parse((await s.app.inject({ url: '/api/config/cities' })).json());
    const city = (id: string) => body.cities.find((c) => c.id === id)!;
    // configured: tickets and tracking on, passes off; no fares, no feed, no catalogue
    expect(city('kozhikode').features).toMatchObject({ passes: false, tickets: false, tracking: false, premium: false, airport: false });
    // Bengaluru is configured for everything, with data for none of it
    expect(city('bengaluru').features).toMatchObject({ passes: false, tickets: false, tracking: false, premium: false, airport: false });
    // behaviour flags are not offers: as configured
    expect(city('bengaluru').features).toMatchObject({ soundValidation: true, cityListRoute: true });
    expect(city('thiruvananthapuram').features.stopBasedPlanner).toBe(true);
    expect(city('kochi').features).toMatchObject({ passes: true, tickets: true, premium: false, airport: false });
    expect(city('mumbai').features).toMatchObject({ passes: true, tickets: true, tracking: true, premium: true, airport: true, cards: true });

    // data arrives (a feed for Kozhikode): tracking and tickets with a feed need fares too, so only tracking comes on
    await importGtfs(s.db, path.join(DEMO_DATA_DIR, 'gtfs', 'mumbai-airport-express'), { cityId: 'kozhikode' });
    clock.advance(CITIES_CACHE_MS);
    const after = citiesResponseSchema.parse((await s.app.inject({ url: '/api/config/cities' })).json());
    expect(after.cities.find((c) => c.id === 'kozhikode')!.features).toMatchObject({ tracking: true, tickets: false, passes: false });
    // a configuration that turns a feature off keeps it off whatever the data
    expect(after.cities.find((c) => c.id === 'pune')!.features.tracking).toBe(false);
  });

  it('each city’s examples and support contacts come from its own configuration', async () => {
    const body = citiesResponseSchema.parse((await s.app.inject({ url: '/api/config/cities' })).json());
    const city = (id: string) => body.cities.find((c) => c.id === id)!;
    expect(city('mumbai')).toMatchObject({
      examples: { routeSearch: ['AE1', 'Thane'], vehicleNumber: 'MH01AB1234' },
      support: { phone: expect.stringMatching(/^\+91 22 /), email: expect.stringContaining('@') },
    });
    expect(city('kochi')).toMatchObject({
      examples: { routeSearch: ['Vyttila', 'Fort Kochi'], vehicleNumber: expect.stringMatching(/^KL/) },
      support: { phone: expect.stringMatching(/^\+91 484 /) },
    });
    for (const c of body.cities) {
      expect(c.examples?.vehicleNumber).toMatch(/^[A-Z]{2}\d/);
      // no city shows another city's example or number
      if (c.id !== 'mumbai' && c.id !== 'pune') expect(c.examples?.vehicleNumber).not.toMatch(/^MH/);
      if (c.id !== 'mumbai') {
        expect(c.support?.phone).not.toMatch(/^\+91 22 /);
        expect(c.examples?.routeSearch).not.toContain('Thane');
      }
    }
    // the support offices answer the city's contacts (without a city: the server's own setting)
    const kochi = supportOfficesResponseSchema.parse((await s.app.inject({ url: '/api/support/offices?city=kochi' })).json());
    expect(kochi.phone).toBe(city('kochi').support!.phone);
    expect((await s.app.inject({ url: '/api/support/offices?city=atlantis' })).statusCode).toBe(200);
    expect((await s.app.inject({ url: '/api/support/offices?city=' + 'x'.repeat(80) })).statusCode).toBe(400);
  });

  it('the seed is idempotent and keeps an operator’s change', async () => {
    await s.db.query(`UPDATE cities SET features = jsonb_set(features, '{soundValidation}', 'false') WHERE id = 'pune'`);
    // A city configured before names in other languages existed gets them; names an operator gave are kept.
    await s.db.query(`UPDATE cities SET local_names = '{}'::jsonb WHERE id = 'pune'`);
    await s.db.query(`UPDATE cities SET local_names = '{"hi": {"name": "कोचीन", "state": "केरल"}}'::jsonb WHERE id = 'kochi'`);
    await seedDemoData(s.db);
    clock.advance(CITIES_CACHE_MS); // the list is served from memory for a minute
    const cities = (await s.app.inject({ url: '/api/config/cities' })).json() as { cities: { id: string; features: { soundValidation: boolean } }[] };
    expect(cities.cities).toHaveLength(8);
    expect(cities.cities.find((c) => c.id === 'pune')?.features.soundValidation).toBe(false);
    const names = citiesResponseSchema.parse(cities).cities;
    expect(names.find((c) => c.id === 'pune')?.localNames?.mr).toEqual({ name: 'पुणे', state: 'महाराष्ट्र' });
    expect(names.find((c) => c.id === 'kochi')?.localNames).toEqual({ hi: { name: 'कोचीन', state: 'केरल' } });
    const offers = await s.db.query('SELECT id FROM trial_offers ORDER BY id');
    expect(offers.rows).toEqual([{ id: 'kochi-trial' }, { id: 'mumbai-welcome' }]);
  });

  it('answers the server time (no-store)', async () => {
    const r = await s.app.inject({ url: '/api/config/server-time' });
    expect(r.json()).toEqual({ serverTime: clock.t });
    expect(r.headers['cache-control']).toBe('no-store');
  });
});

describe('cities list cache', () => {
  const clock = new TestClock();
  const rows = [{ id: 'mumbai', name: 'Mumbai', state: 'Maharashtra', lat: 19, lon: 72.8, homeClusters: [], features: {} }];
  const storeWith = (load: () => Promise<unknown>) => ({ configuredCities: load }) as unknown as CityConfigStore;

  it('50 concurrent requests read the database once; the next minute reads it again', async () => {
    const load = jest.fn(async () => rows);
    const service = new ConfigService(storeWith(load), clock.now);
    const answers = await Promise.all(Array.from({ length: 50 }, () => service.cities()));
    expect(load).toHaveBeenCalledTimes(1);
    expect(answers[49].cities.map((c) => c.id)).toEqual(['mumbai']);
    clock.advance(CITIES_CACHE_MS - 1);
    await service.cities();
    expect(load).toHaveBeenCalledTimes(1);
    clock.advance(1);
    await service.cities();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a failed read is not kept', async () => {
    let fail = true;
    const load = jest.fn(async () => {
      if (fail) throw new Error('database down');
      return rows;
    });
    const service = new ConfigService(storeWith(load), clock.now);
    await expect(service.cities()).rejects.toThrow('database down');
    fail = false;
    await expect(service.cities()).resolves.toMatchObject({ cities: [{ id: 'mumbai' }] });
  });
});
