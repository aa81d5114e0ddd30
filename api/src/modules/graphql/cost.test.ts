import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { openTestDb, dbLabel, type TestDb } from '../../testing/test-db';
import { importGtfs } from '../transit/importer/import';
import { PlannerService } from '../planner/service';
import { writeGridFeed } from '../planner/testing/grid-feed';
import { graphqlTestApp } from './testing';
import { ClientBudget } from './client-budget';
import { MAX_PLANNER_COST, plannerCost } from './limits';

// One anonymous request with ten aliased planTrip fields (240-minute window, 5
// changes) held the whole server for 14-17 s. Now: a cost per planTrip bounds what one request may ask, a per-client
// budget bounds what one client may ask over time, and the search runs in a worker thread with a deadline.
const AT = Date.parse('2026-01-15T07:00:00+05:30');
const plan = (alias: string, window: number | string, transfers: number | string, from = 'g12_12', to = 'g0_23') =>
  `${alias}: planTrip(city: "gridville", from: { stopId: "${from}" }, to: { stopId: "${to}" }, departAt: ${AT}, windowMinutes: ${window}, maxTransfers: ${transfers}) { itineraries { departure arrival transfers } }`;

interface Answer {
  status: number;
  data: Record<string, unknown> | null;
  errors?: { message: string; extensions: { code: string } }[];
}

describe(`GraphQL planner cost limits ${dbLabel()}`, () => {
  let t: TestDb;
  let dir: string;
  let app: FastifyInstance;
  let planner: PlannerService;
  const budget = new ClientBudget({ capacity: 300, refillPerSecond: 0.01 });

  beforeAll(async () => {
    dir = writeGridFeed();
    t = await openTestDb();
    await importGtfs(t.db, dir, { cityId: 'gridville' });
    planner = new PlannerService(t.db, { pool: { workers: 1, deadlineMs: 30_000 } });
    app = await graphqlTestApp(t.db, AT, { planner, plannerBudget: budget });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function gql(query: string, variables?: Record<string, unknown>, client = '10.0.0.1'): Promise<Answer> {
    const r = await app.inject({ method: 'POST', url: '/api/graphql', payload: { query, variables }, remoteAddress: client });
    return { status: r.statusCode, ...(r.json() as Omit<Answer, 'status'>) };
  }

  it('prices a search by its window and changes (one at the bounds fits a request, two do not)', () => {
    expect(plannerCost(0, 3)).toBe(2);
    expect(plannerCost(60, 3)).toBe(22);
    expect(plannerCost(240, 5)).toBe(123);
    expect(plannerCost(240, 5)).toBeLessThanOrEqual(MAX_PLANNER_COST);
    expect(2 * plannerCost(240, 5)).toBeGreaterThan(MAX_PLANNER_COST);
  });

  it('refuses ten aliased planTrip fields at the bounds with 400 before running any', async () => {
    const spy = jest.spyOn(planner, 'plan');
    const started = performance.now();
    const r = await gql(`{ ${Array.from({ length: 10 }, (_, i) => plan(`p${i}`, 240, 5)).join(' ')} }`, undefined, '10.0.0.2');
    expect(performance.now() - started).toBeLessThan(500);
    expect(r).toMatchObject({ status: 400, data: null, errors: [{ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] });
    expect(r.errors![0].message).toMatch(/10 trip plans costing 1230 planner units; at most 200/);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('prices a variable at its bound and a literal at its value', async () => {
    const twoWithVariables = await gql(`query($w: Int, $k: Int) { ${plan('a', '$w', '$k')} ${plan('b', '$w', '$k')} }`, { w: 0, k: 0 }, '10.0.0.3');
    expect(twoWithVariables).toMatchObject({ status: 400, errors: [{ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] });
    const twoSmall = await gql(`{ ${plan('a', 0, 1, 'g0_0', 'g0_5')} ${plan('b', 10, 1, 'g0_0', 'g0_5')} }`, undefined, '10.0.0.3');
    expect(twoSmall.errors).toBeUndefined();
    expect((twoSmall.data!.a as { itineraries: unknown[] }).itineraries.length).toBeGreaterThan(0);
    const oneAtBounds = await gql(`query($w: Int) { ${plan('a', '$w', 5, 'g0_0', 'g0_5')} }`, { w: 240 }, '10.0.0.3');
    expect(oneAtBounds.errors).toBeUndefined();
  }, 60_000);

  it('keeps other requests answering while an expensive search runs (it runs in a worker thread)', async () => {
    // Network built, worker started, the city's stop index loaded: what is measured is the search alone.
    await gql(`{ ${plan('warm', 0, 0, 'g0_0', 'g0_1')} }`, undefined, '10.0.0.4');
    await gql('{ stop(city: "gridville", stopId: "g3_4") { stop_id } }', undefined, '10.0.0.5');
    const heavyStarted = performance.now();
    let heavyDone = 0;
    const heavy = gql(`{ ${plan('h', 240, 5)} }`, undefined, '10.0.0.4').then((r) => ((heavyDone = performance.now()), r));
    await new Promise((r) => setTimeout(r, 30));
    const lightStarted = performance.now();
    const light = await gql('{ stop(city: "gridville", stopId: "g3_3") { stop_id stop_name } }', undefined, '10.0.0.5');
    const lightMs = performance.now() - lightStarted;
    expect(light.data).toEqual({ stop: { stop_id: 'g3_3', stop_name: 'Grid 3-3' } });
    expect(heavyDone).toBe(0); // the search is still running...
    expect(lightMs).toBeLessThan(150); // ...and the other request was answered meanwhile
    const h = await heavy;
    expect(h.errors).toBeUndefined();
    expect(heavyDone - heavyStarted).toBeGreaterThan(lightMs);
  }, 60_000);

  it('charges an arrive-by without a window like one departure (one backward search), with a window like its range', async () => {
    const take = jest.spyOn(budget, 'take');
    const arriveBy = (window: number) =>
      `{ a: planTrip(city: "gridville", from: { stopId: "g0_0" }, to: { stopId: "g0_5" }, departAt: ${AT}, arriveBy: true, windowMinutes: ${window}, maxTransfers: 3) { itineraries { departure arrival } } }`;
    expect((await gql(arriveBy(0), undefined, '10.0.0.8')).errors).toBeUndefined();
    expect((await gql(arriveBy(60), undefined, '10.0.0.8')).errors).toBeUndefined();
    expect(take.mock.calls.map(([, cost]) => cost)).toEqual([plannerCost(0, 3), plannerCost(60, 3)]);
    take.mockRestore();
  }, 60_000);

  it("limits each client's planner work over time: RATE_LIMITED with the wait, other clients unaffected", async () => {
    // 300 units: two searches at the bounds (2 × 123) pass, the third does not; a plain search from another client does.
    const atBounds = `{ ${plan('a', 240, 5, 'g0_0', 'g0_5')} }`;
    expect((await gql(atBounds, undefined, '10.0.0.6')).errors).toBeUndefined();
    expect((await gql(atBounds, undefined, '10.0.0.6')).errors).toBeUndefined();
    const refused = await gql(atBounds, undefined, '10.0.0.6');
    expect(refused).toMatchObject({ status: 200, data: null, errors: [{ extensions: { code: 'RATE_LIMITED' } }] });
    expect(refused.errors![0].message).toMatch(/Too many trip searches from this device\. Try again in \d+ seconds\./);
    expect((await gql(`{ ${plan('a', 0, 3, 'g0_0', 'g0_5')} }`, undefined, '10.0.0.7')).errors).toBeUndefined();
  }, 60_000);
});
