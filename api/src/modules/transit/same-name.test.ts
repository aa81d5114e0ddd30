import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { openTestDb, dbLabel, type TestDb } from '../../testing/test-db';
import { graphqlTestApp, writeFeed } from '../graphql/testing';
import { importGtfs } from './importer/import';

// Ten stops called "Vyttila" in Kochi could not be told apart. Each found stop now says where its
// buses go, its stop code and the routes calling there.
function twoVyttilas(): string {
  return writeFeed({
    'agency.txt': ['agency_id,agency_name,agency_url,agency_timezone', 'K,Kochi Buses,https://example.org,Asia/Kolkata'],
    'calendar.txt': ['service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date', 'ALL,1,1,1,1,1,1,1,20250101,20301231'],
    'stops.txt': [
      'stop_id,stop_code,stop_name,stop_lat,stop_lon',
      'V1,VYT-N,Vyttila,9.9675,76.3204',
      'V2,VYT-S,Vyttila,9.9668,76.3210',
      'AL,ALV,Aluva,10.1004,76.3570',
      'FK,FKC,Fort Kochi,9.9658,76.2421',
    ],
    'routes.txt': ['route_id,agency_id,route_short_name,route_long_name,route_type', 'R1,K,1A,Vyttila - Aluva,3', 'R2,K,2B,Vyttila - Fort Kochi,3'],
    'trips.txt': ['route_id,service_id,trip_id,trip_headsign', 'R1,ALL,t1,Aluva', 'R2,ALL,t2,'],
    'stop_times.txt': [
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
      't1,08:00:00,08:00:00,V1,1',
      't1,08:40:00,08:40:00,AL,2',
      't2,08:00:00,08:00:00,V2,1',
      't2,08:30:00,08:30:00,FK,2',
    ],
  });
}

describe(`same-named stops told apart ${dbLabel()}`, () => {
  let t: TestDb;
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = twoVyttilas();
    t = await openTestDb();
    await importGtfs(t.db, dir, { cityId: 'vyttilaville' });
    app = await graphqlTestApp(t.db, Date.parse('2026-03-10T07:00:00+05:30'));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('says where each stop’s buses go (headsign, else the last stop), its code and its routes', async () => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/graphql',
      payload: { query: '{ search(city: "vyttilaville", query: "vyttila") { stop_id name stop_code towards routeNames } }' },
    });
    const found = (r.json() as { data: { search: { stop_id: string }[] } }).data.search;
    expect(found.sort((a, b) => (a.stop_id < b.stop_id ? -1 : 1))).toEqual([
      { stop_id: 'V1', name: 'Vyttila', stop_code: 'VYT-N', towards: ['Aluva'], routeNames: ['1A'] },
      { stop_id: 'V2', name: 'Vyttila', stop_code: 'VYT-S', towards: ['Fort Kochi'], routeNames: ['2B'] },
    ]);
  });
});
