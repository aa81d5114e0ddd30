import path from 'node:path';
import { buildSchema, graphql, GraphQLObjectType, type GraphQLFieldResolver } from 'graphql';
import { transitTypeDefs } from '@sawari/contracts';
import { openTestDb, dbLabel, type TestDb } from '../../testing/test-db';
import { importGtfs } from '../transit/importer/import';
import { createRealtime, realtimeResolvers } from './graphql';
import { simulate } from './simulator';
import { FixedSource } from './testing';

const MINI = path.resolve(__dirname, '../transit/importer/fixtures/mini');
const at = (hms: string) => Date.parse(`2026-03-10T${hms}+05:30`);

/** The contract schema with the realtime resolvers attached, and stand-ins for the fields other modules own. */
function schemaWith(resolvers: Record<string, Record<string, unknown>>) {
  const schema = buildSchema(transitTypeDefs);
  const others: Record<string, Record<string, GraphQLFieldResolver<unknown, unknown>>> = {
    Query: {
      stop: (_p, a) => ({ stop_id: (a as { stopId: string }).stopId, stop_name: 'x', stop_lat: 0, stop_lon: 0, result_type: 'STOP', routes: [] }),
      route: (_p, a) => ({
        cityId: (a as { city: string }).city,
        route_id: (a as { routeId: string }).routeId,
        route_name: 'x',
        route_type: 3,
        directions: [],
      }),
    },
  };
  for (const source of [others, resolvers]) {
    for (const [type, fields] of Object.entries(source)) {
      const t = schema.getType(type) as GraphQLObjectType;
      for (const [name, fn] of Object.entries(fields)) t.getFields()[name].resolve = fn as GraphQLFieldResolver<unknown, unknown>;
    }
  }
  return schema;
}

describe(`realtime resolvers ${dbLabel()}`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb();
    await importGtfs(t.db, MINI, { cityId: 'testville' });
  }, 120_000);
  afterAll(() => t?.cleanup());

  it('answer the contract fields from the simulator, city taken from the root field for nested disruptions', async () => {
    const now = at('08:12:00');
    const services = createRealtime({ db: t.db, now: () => now, realtime: { source: 'simulator', seed: 'sawari', cacheMs: 0 } });
    const schema = schemaWith(realtimeResolvers(services));
    const expected = simulate((await services.realtime.feed('testville'))!, 'sawari', now);
    const run = async (source: string, variableValues?: Record<string, unknown>) => {
      const r = await graphql({ schema, source, variableValues });
      expect(r.errors).toBeUndefined();
      return r.data as Record<string, unknown>;
    };
    const data = await run(
      `query ($c: ID!) {
      stopArrivals(city: $c, stopId: "C", limit: 5) { route_id route_name headsign tripId scheduledTime expectedTime vNo tS eta delaySeconds timeliness occupancy passedAt }
      routeVehicles(city: $c, routeId: "R1") { vNo route_id tripId lat lon tS ageSeconds timeliness occupancy occupancyLevel nextStopId nextStopName }
      disruptions(city: $c) { id kind title description routeIds stopIds startsAt endsAt }
    }`,
      { c: 'testville' },
    );
    const vehicles = data.routeVehicles as { vNo: string; ageSeconds: number }[];
    expect(vehicles.map((v) => v.vNo)).toEqual(expected.vehicles.filter((v) => v.routeId === 'R1').map((v) => v.vNo));
    expect((data.stopArrivals as { tripId: string }[]).length).toBeGreaterThan(0);
    if (vehicles.length) {
      const one = await run(`{ vehicle(city: "testville", vehicleNumber: "${vehicles[0].vNo.toLowerCase()}") { vNo ageSeconds } }`);
      expect(one.vehicle).toEqual({ vNo: vehicles[0].vNo, ageSeconds: vehicles[0].ageSeconds });
    }
    expect(await run(`{ vehicle(city: "testville", vehicleNumber: "XX-00-AA-0000") { vNo } }`)).toEqual({ vehicle: null });
  });

  it('attach disruptions to Stop and Route, and answer an unknown city with NOT_FOUND', async () => {
    const now = at('10:00:00');
    const source = new FixedSource(() => ({
      vehicles: [],
      tripUpdates: [],
      disruptions: [
        { id: 'w1', kind: 'WEATHER', title: 'Waterlogging at Bravo', description: 'Slow', routeIds: [], stopIds: ['B'], startsAt: now - 60_000, endsAt: null },
      ],
    }));
    const schema = schemaWith(realtimeResolvers(createRealtime({ db: t.db, now: () => now, realtime: { source: 'off', cacheMs: 0 }, source })));
    const r = await graphql({
      schema,
      source: `{ b: stop(city: "testville", stopId: "B") { disruptions { id kind } } a: stop(city: "testville", stopId: "A") { disruptions { id } }
                 route(city: "testville", routeId: "R1") { disruptions { id title } } r2: route(city: "testville", routeId: "R2") { disruptions { id } } }`,
    });
    expect(r.errors).toBeUndefined();
    expect(r.data).toEqual({
      b: { disruptions: [{ id: 'w1', kind: 'WEATHER' }] },
      a: { disruptions: [] },
      route: { disruptions: [{ id: 'w1', title: 'Waterlogging at Bravo' }] },
      r2: { disruptions: [] },
    });
    const missing = await graphql({ schema, source: `{ disruptions(city: "atlantis") { id } }` });
    expect(missing.errors?.[0].originalError).toMatchObject({ code: 'NOT_FOUND' });
  });
});
