import path from 'node:path';
import { openTestDb, dbLabel, type TestDb } from '../../testing/test-db';
import { importGtfs } from '../transit/importer/import';
import { NetworkPrebuilder, type NetworkPreparer } from './prebuild';
import { PlannerService, networkInput } from './service';
import { buildNetwork } from '@sawari/domain/src/planner';
import { buildNetworkInWorker } from './network-build';
import { PlannerStore } from './store';

const MINI = path.resolve(__dirname, '../transit/importer/fixtures/mini');
const ist = (iso: string) => Date.parse(`${iso}+05:30`);

describe('NetworkPrebuilder timing (fake clock, fake planner)', () => {
  afterEach(() => jest.useRealTimers());

  it("needs today's network, and tomorrow's from 30 minutes before the city's midnight", () => {
    const p = new NetworkPrebuilder({ prepare: async () => true }, { currentFeedCities: async () => [] });
    expect(p.datesNeeded('Asia/Kolkata', ist('2026-01-15T23:29:59'))).toEqual(['20260115']);
    expect(p.datesNeeded('Asia/Kolkata', ist('2026-01-15T23:30:00'))).toEqual(['20260115', '20260116']);
    expect(p.datesNeeded('Asia/Kolkata', ist('2026-01-16T00:00:00'))).toEqual(['20260116']);
    // Another city's midnight: 23:45 in Kolkata is 18:15 in London, hours before its midnight.
    expect(p.datesNeeded('Europe/London', ist('2026-01-15T23:45:00'))).toEqual(['20260115']);
  });

  it('checks at start and then every minute, building tomorrow shortly before midnight', async () => {
    jest.useFakeTimers({ now: ist('2026-01-15T23:28:00') });
    const calls: string[] = [];
    const planner: NetworkPreparer = { prepare: async (city, date) => (calls.push(`${city} ${date}`), true) };
    const p = new NetworkPrebuilder(
      planner,
      { currentFeedCities: async () => [{ id: 'kochi', timeZone: 'Asia/Kolkata' }] },
      { now: () => Date.now(), checkEveryMs: 60_000 },
    );
    p.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['kochi 20260115']);
    await jest.advanceTimersByTimeAsync(60_000); // 23:29
    expect(calls).toEqual(['kochi 20260115', 'kochi 20260115']);
    await jest.advanceTimersByTimeAsync(60_000); // 23:30: tomorrow too
    expect(calls.slice(2)).toEqual(['kochi 20260115', 'kochi 20260116']);
    await p.stop();
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    expect(calls).toHaveLength(4);
  });

  it('keeps checking when a build fails, and logs it', async () => {
    const warn = jest.fn();
    const p = new NetworkPrebuilder(
      { prepare: async () => Promise.reject(new Error('database away')) },
      { currentFeedCities: async () => [{ id: 'kochi', timeZone: 'Asia/Kolkata' }] },
      { now: () => ist('2026-01-15T10:00:00'), log: { warn } },
    );
    await expect(p.check()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ city: 'kochi', date: '20260115' }), 'planner prebuild: the network could not be built');
  });
});

describe(`NetworkPrebuilder with the planner on the mini feed ${dbLabel()}`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb();
    await importGtfs(t.db, MINI, { cityId: 'testville' });
  }, 60_000);
  afterAll(() => t?.cleanup());
  const currentFeed = async () => (await t.db.query<{ id: number }>("SELECT id FROM feeds WHERE city_id = 'testville' AND is_current")).rows[0].id;

  it('builds the day ahead, so the first plan after midnight reads nothing from the database; a re-import is followed', async () => {
    // prepareNextDay off: only the prebuilder may build tomorrow's network.
    const planner = new PlannerService(t.db, { prepareNextDay: false, pool: { workers: 0 } });
    let clock = ist('2026-01-15T10:00:00');
    const prebuilder = new NetworkPrebuilder(planner, new PlannerStore(t.db), { now: () => clock });
    const rows = jest.spyOn(PlannerStore.prototype, 'rows');
    try {
      const feedId = await currentFeed();
      await prebuilder.check();
      expect(planner.hasNetwork('testville', feedId, '20260115')).toBe(true);
      expect(planner.hasNetwork('testville', feedId, '20260116')).toBe(false);

      clock = ist('2026-01-15T23:40:00');
      await prebuilder.check();
      expect(planner.hasNetwork('testville', feedId, '20260116')).toBe(true);
      expect(rows.mock.calls.map((c) => c[1])).toEqual(['20260115', '20260116']);

      // Just after midnight: the plan answers from the network built at 23:40.
      rows.mockClear();
      const plan = await planner.plan('testville', { stopId: 'A' }, { stopId: 'C' }, ist('2026-01-16T07:55:00'));
      expect(plan.itineraries.length).toBeGreaterThan(0);
      expect(plan.serviceDate).toBe('20260116');
      expect(rows).not.toHaveBeenCalled();

      // A re-import: the next check builds the new feed's day and forgets the old feed's networks.
      await importGtfs(t.db, MINI, { cityId: 'testville' });
      const newFeed = await currentFeed();
      expect(newFeed).not.toBe(feedId);
      clock = ist('2026-01-16T08:00:00');
      await prebuilder.check();
      expect(planner.hasNetwork('testville', newFeed, '20260116')).toBe(true);
      expect(planner.hasNetwork('testville', feedId, '20260116')).toBe(false);
      expect(planner.hasNetwork('testville', feedId, '20260115')).toBe(false);
    } finally {
      rows.mockRestore();
      await prebuilder.stop();
      await planner.close();
    }
  });

  it('reads the stop times in pages (other requests run between them) with the same rows as in one query', async () => {
    const feedId = await currentFeed();
    const whole = await new PlannerStore(t.db, { pageTrips: 1_000_000, pageRows: 1_000_000 }).rows(feedId, '20260115');
    const query = jest.spyOn(t.db, 'query');
    try {
      const paged = await new PlannerStore(t.db, { pageTrips: 2 }).rows(feedId, '20260115');
      expect(paged).toEqual(whole);
      const trips = new Set(whole.stopTimes.map((x) => x.trip_id)).size;
      expect(trips).toBeGreaterThan(2);
      const pages = query.mock.calls.filter(([sql]) => /FROM stop_times/.test(sql as string)).length;
      expect(pages).toBe(Math.ceil(trips / 2));
    } finally {
      query.mockRestore();
    }
  });

  it('builds in a worker thread the same network as on the request thread (the server builds there)', async () => {
    const here = new PlannerService(t.db, { prepareNextDay: false, pool: { workers: 0 } });
    const there = new PlannerService(t.db, { prepareNextDay: false, pool: { workers: 0 }, buildInWorker: true });
    try {
      const ask = (p: PlannerService, from: string, to: string, at: string) => p.plan('testville', { stopId: from }, { stopId: to }, ist(at), 60);
      for (const [from, to, at] of [
        ['A', 'C', '2026-01-21T07:55:00'],
        ['A', 'D', '2026-01-21T06:10:00'],
        ['A', 'C', '2026-01-21T23:45:00'],
      ]) {
        const a = await ask(here, from, to, at);
        const b = await ask(there, from, to, at);
        expect(b.itineraries.length).toBeGreaterThan(0);
        expect(b).toEqual(a);
      }
    } finally {
      await here.close();
      await there.close();
    }
  }, 60_000);

  it('gives the worker its rows in parts (one row a message here) and gets the same network back', async () => {
    const rows = await new PlannerStore(t.db).rows(await currentFeed(), '20260115');
    const { input, headsigns } = networkInput(rows, 180);
    const here = buildNetwork(input);
    const there = await buildNetworkInWorker({ rows, slackSecs: 180 }, 1);
    expect(there.headsigns).toEqual(headsigns);
    // Compared as plain data: maps and typed arrays from the worker are of another realm than jest's.
    const plain = (v: unknown): unknown =>
      ArrayBuffer.isView(v)
        ? Array.from(v as unknown as ArrayLike<number>)
        : Object.prototype.toString.call(v) === '[object Map]'
          ? [...(v as Map<unknown, unknown>)].map(plain)
          : Array.isArray(v)
            ? v.map(plain)
            : v;
    const network = there.network as unknown as Record<string, unknown>;
    for (const [k, v] of Object.entries(here)) expect([k, JSON.stringify(plain(network[k]))]).toEqual([k, JSON.stringify(plain(v))]);
  }, 60_000);

  it('is started by the planner when asked (the server does) and stopped by close()', async () => {
    const planner = new PlannerService(t.db, { prepareNextDay: false, pool: { workers: 0 }, prebuild: { now: () => ist('2026-01-20T09:00:00') } });
    try {
      const feedId = await currentFeed();
      for (let i = 0; i < 100 && !planner.hasNetwork('testville', feedId, '20260120'); i++) await new Promise((r) => setTimeout(r, 20));
      expect(planner.hasNetwork('testville', feedId, '20260120')).toBe(true);
    } finally {
      await planner.close();
    }
  });
});
