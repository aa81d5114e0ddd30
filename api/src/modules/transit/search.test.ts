import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openTestDb, dbLabel, type TestDb } from '../../testing/test-db';
import { graphqlTestApp, writeFeed } from '../graphql/testing';
import { importGtfs } from './importer/import';

// Search had no typo tolerance ("Vytilla", "Edapally" found nothing), stopped after 20 route cards
// and had no way to ask for more. Now: PostgreSQL trigram matching (pg_trgm), ranked (equal, prefix, word start,
// contains, then only similar, most similar first) and paged with `offset`.

const NOW = Date.parse('2026-03-10T07:00:00+05:30');

/** 30 routes from Vyttila (for paging), two "Vyttila" stops, an "Edappally" and a stop only named like the text. */
function feed(): string {
  const routes = Array.from({ length: 30 }, (_, i) => `R${i + 1},K,${i + 1},Vyttila - Stop ${i + 1},3`);
  return writeFeed({
    'agency.txt': ['agency_id,agency_name,agency_url,agency_timezone', 'K,Kochi Buses,https://example.org,Asia/Kolkata'],
    'calendar.txt': ['service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date', 'ALL,1,1,1,1,1,1,1,20250101,20301231'],
    'stops.txt': [
      'stop_id,stop_code,stop_name,stop_lat,stop_lon',
      'V1,VYT-N,Vyttila,9.9675,76.3204',
      'V2,VYT-S,Vyttila,9.9668,76.3210',
      'VH,VYT-H,Vyttila Hub,9.9671,76.3208',
      'E1,,Edappally Junction,10.0240,76.3080',
      'AL,ALV,Aluva,10.1004,76.3570',
    ],
    'routes.txt': ['route_id,agency_id,route_short_name,route_long_name,route_type', ...routes],
    'trips.txt': ['route_id,service_id,trip_id,trip_headsign', ...routes.map((_, i) => `R${i + 1},ALL,t${i + 1},Aluva`)],
    'stop_times.txt': [
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
      ...routes.flatMap((_, i) => [
        `t${i + 1},08:00:00,08:00:00,${i % 2 ? 'V1' : 'V2'},1`,
        `t${i + 1},08:20:00,08:20:00,E1,2`,
        `t${i + 1},08:40:00,08:40:00,AL,3`,
      ]),
    ],
  });
}

describe(`typo-tolerant, ranked, paged search ${dbLabel()}`, () => {
  let t: TestDb;
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = feed();
    t = await openTestDb();
    await importGtfs(t.db, dir, { cityId: 'vyttilaville' });
    app = await graphqlTestApp(t.db, NOW);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function gql<T>(
    query: string,
    variables: Record<string, unknown>,
  ): Promise<{ data: T | null; errors?: { extensions: { code: string }; message: string }[] }> {
    const r = await app.inject({ method: 'POST', url: '/api/graphql', payload: { query, variables } });
    return r.json();
  }
  const SEARCH =
    'query($q: String!, $limit: Int, $offset: Int) { search(city: "vyttilaville", query: $q, limit: $limit, offset: $offset) { result_type stop_id name } }';
  const ROUTES =
    'query($q: String!, $limit: Int, $offset: Int) { searchRoutes(city: "vyttilaville", query: $q, limit: $limit, offset: $offset) { route_id route_name } }';
  const stops = async (q: string, limit = 20, offset = 0) =>
    (await gql<{ search: { stop_id: string }[] }>(SEARCH, { q, limit, offset })).data!.search.map((s) => s.stop_id);
  const routes = async (q: string, limit = 20, offset = 0) =>
    (await gql<{ searchRoutes: { route_id: string }[] }>(ROUTES, { q, limit, offset })).data!.searchRoutes.map((r) => r.route_id);

  it('finds a stop from a common misspelling ("Vytilla", "Edapally"), after the exact and prefix matches', async () => {
    expect(await stops('Vytilla')).toEqual(['V1', 'V2', 'VH']);
    expect(await stops('edapally')).toEqual(['E1']);
    // Exact names first, then a name starting with the text; a misspelling is not confused with either.
    expect(await stops('vyttila')).toEqual(['V1', 'V2', 'VH']);
    expect(await stops('Vyttila Hub')).toEqual(['VH', 'V1', 'V2']);
    expect(await stops('xyzzy')).toEqual([]);
  });

  it('matches short text literally (a route number is not "similar" to another number)', async () => {
    expect(await routes('12')).toEqual(['R12']);
    expect(await routes('3')).toEqual(['R3', 'R30', 'R13', 'R23']);
  });

  it('finds routes from a misspelled name and pages through all of them, without repeats or gaps', async () => {
    const all = await routes('Vytilla', 100);
    expect(all).toHaveLength(30);
    const pages = [await routes('Vytilla', 20, 0), await routes('Vytilla', 20, 20), await routes('Vytilla', 20, 40)];
    expect(pages.map((p) => p.length)).toEqual([20, 10, 0]);
    expect(pages.flat()).toEqual(all);
    expect(new Set(all).size).toBe(30);
    const stopPages = [await stops('vyt', 2, 0), await stops('vyt', 2, 2)];
    expect(stopPages.flat()).toEqual(await stops('vyt', 10));
  });

  it('refuses a negative or too deep offset', async () => {
    for (const offset of [-1, 1001]) {
      const r = await gql(SEARCH, { q: 'vyt', offset });
      expect(r.errors?.map((e) => e.extensions.code)).toEqual(['BAD_USER_INPUT']);
      expect(r.errors![0].message).toMatch(/offset/);
      const rr = await gql(ROUTES, { q: 'vyt', offset });
      expect(rr.errors?.map((e) => e.extensions.code)).toEqual(['BAD_USER_INPUT']);
    }
  });
});

const KOCHI = path.resolve(__dirname, '../../../../../shared/data/kochi/gtfs.zip');
const kochiThere = fs.existsSync(KOCHI);
if (!kochiThere) console.log(`Kochi search tests skipped: the Kochi feed is not at ${KOCHI} (see docs/transit.md).`);

(kochiThere ? describe : describe.skip)(`search on the Kochi feed ${dbLabel()}`, () => {
  let t: TestDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await openTestDb();
    await importGtfs(t.db, KOCHI, { cityId: 'kochi' });
    app = await graphqlTestApp(t.db, NOW);
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });
  const names = async (q: string, limit = 20) => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/graphql',
      payload: { query: 'query($q: String!, $l: Int) { search(city: "kochi", query: $q, limit: $l) { name } }', variables: { q, l: limit } },
    });
    return (r.json() as { data: { search: { name: string }[] } }).data.search.map((s) => s.name);
  };

  it('"Vytilla" finds the ten stops named Vyttila and "Edapally" finds Edappally', async () => {
    const vyt = await names('Vytilla', 40);
    expect(vyt.filter((n) => n === 'Vyttila')).toHaveLength(10);
    // The feed's own "Vytilla Junction" spelling is a prefix match: it comes first.
    expect(vyt[0]).toBe('Vytilla Junction');
    const eda = await names('Edapally', 20);
    expect(eda).toContain('Edappally');
    expect(eda).toContain('Edappally Junction');
  }, 60_000);

  it('pages past 20 results', async () => {
    const first = await names('road', 20);
    expect(first).toHaveLength(20);
    const r = await app.inject({
      method: 'POST',
      url: '/api/graphql',
      payload: { query: '{ search(city: "kochi", query: "road", limit: 20, offset: 20) { stop_id name } }' },
    });
    expect((r.json() as { data: { search: unknown[] } }).data.search.length).toBeGreaterThan(0);
  });
});
