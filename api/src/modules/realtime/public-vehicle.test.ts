import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openTestDb, dbLabel, type TestDb } from '../../testing/test-db';
import { importGtfs } from '../transit/importer/import';
import { graphqlTestApp } from '../graphql/testing';
import { createRealtime, realtimeResolvers } from './graphql';

// /public-route/:vehicleNo failed unless the viewer's chosen city was the bus's city. publicVehicle
// finds a bus by number in whichever city runs it and says which city that is.
const MINI = path.resolve(__dirname, '../transit/importer/fixtures/mini');
const NOW = Date.parse('2026-03-10T08:12:00+05:30');

describe(`publicVehicle: a shared bus link for anyone ${dbLabel()}`, () => {
  let t: TestDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await openTestDb();
    await importGtfs(t.db, MINI, { cityId: 'testville' });
    await t.db.query(`INSERT INTO cities (id, name, time_zone) VALUES ('otherville', 'Otherville', 'Asia/Kolkata') ON CONFLICT (id) DO NOTHING`);
    const live = createRealtime({ db: t.db, now: () => NOW, realtime: { source: 'simulator', seed: 'sawari', cacheMs: 0 } });
    app = await graphqlTestApp(t.db, NOW, { realtime: realtimeResolvers(live) });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  const gql = async (query: string, variables?: Record<string, unknown>) => {
    const r = await app.inject({ method: 'POST', url: '/api/graphql', payload: { query, variables } });
    return r.json() as { data: Record<string, unknown> | null; errors?: { extensions: { code: string } }[] };
  };

  it('finds the bus whatever city the viewer chose, or none, and names its city', async () => {
    const { data } = await gql('{ routeVehicles(city: "testville", routeId: "R1") { vNo } }');
    const vNo = (data!.routeVehicles as { vNo: string }[])[0]?.vNo;
    expect(vNo).toBeDefined();
    const Q = 'query($v: String!, $c: ID) { publicVehicle(vehicleNumber: $v, city: $c) { city vNo route_id } }';
    for (const c of [null, 'testville', 'otherville', 'mumbai']) {
      const r = await gql(Q, { v: vNo, c });
      expect(r.errors).toBeUndefined();
      expect(r.data).toEqual({ publicVehicle: { city: 'testville', vNo, route_id: 'R1' } });
    }
    // Spaces, dashes and case as a person types them.
    expect((await gql(Q, { v: vNo.toLowerCase().replace(/-/g, ' ') })).data).toEqual({ publicVehicle: { city: 'testville', vNo, route_id: 'R1' } });
    expect((await gql(Q, { v: 'ZZ-99-ZZ-9999' })).data).toEqual({ publicVehicle: null });
  });

  it('refuses a malformed number or city', async () => {
    expect((await gql('{ publicVehicle(vehicleNumber: "<script>") { vNo } }')).errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect((await gql('{ publicVehicle(vehicleNumber: "MH01", city: "Not A City") { vNo } }')).errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});
