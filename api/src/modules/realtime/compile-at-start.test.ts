import path from 'node:path';
import { openTestDb, dbLabel, type TestDb } from '../../testing/test-db';
import { importGtfs } from '../transit/importer/import';
import { createRealtime } from './graphql';
import { RealtimeFeed } from './feed';
import { RealtimeStore } from './store';

const MINI = path.resolve(__dirname, '../transit/importer/fixtures/mini');

// Issue 36 item 1: a restarted instance compiles every city's feed before readiness, not on a rider's first ETA.
describe(`realtime feeds compiled at start ${dbLabel()}`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb();
    await importGtfs(t.db, MINI, { cityId: 'testville' });
    await importGtfs(t.db, MINI, { cityId: 'otherville' });
  }, 120_000);
  afterAll(() => t?.cleanup());

  it('startIndex compiles every city’s feed (the vehicle index’s first refresh), then feedsCompiled is true and a first request reads no feed rows', async () => {
    const counted = jest.spyOn(RealtimeStore.prototype, 'rows');
    const live = createRealtime({ db: t.db, realtime: { source: 'simulator', seed: 'sawari', cacheMs: 0 } });
    try {
      expect(live.feedsCompiled).toBe(false);
      live.startIndex();
      const deadline = Date.now() + 20_000;
      while (!live.feedsCompiled && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(live.feedsCompiled).toBe(true);
      expect(counted).toHaveBeenCalledTimes(2); // testville and otherville
      // The first rider's ETA after readiness: the compiled feed, no rows read on the request.
      expect(await live.realtime.feed('testville')).not.toBeNull();
      expect(await live.realtime.feed('otherville')).not.toBeNull();
      expect(counted).toHaveBeenCalledTimes(2);
    } finally {
      counted.mockRestore();
      await live.close();
    }
  });

  it('without compileAtStart, feedsCompiled is true at once and startIndex compiles nothing: each feed waits for its first use', async () => {
    const counted = jest.spyOn(RealtimeStore.prototype, 'rows');
    const live = createRealtime({ db: t.db, realtime: { source: 'simulator', seed: 'sawari', cacheMs: 0 }, compileAtStart: false });
    try {
      expect(live.feedsCompiled).toBe(true);
      live.startIndex();
      await new Promise((r) => setTimeout(r, 200));
      expect(counted).not.toHaveBeenCalled();
      expect(await live.realtime.feed('testville')).not.toBeNull();
      expect(counted).toHaveBeenCalledTimes(1);
    } finally {
      counted.mockRestore();
      await live.close();
    }
  });

  it('a city whose feed fails to compile is logged and does not hold readiness for ever', async () => {
    const errors: string[] = [];
    const failing = jest.spyOn(RealtimeStore.prototype, 'rows').mockRejectedValue(new Error('connection lost'));
    const live = createRealtime({
      db: t.db,
      realtime: { source: 'simulator', seed: 'sawari', cacheMs: 0 },
      log: { warn: () => undefined, error: (_o, msg) => void errors.push(msg) },
    });
    try {
      live.startIndex();
      const deadline = Date.now() + 20_000;
      while (!live.feedsCompiled && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(live.feedsCompiled).toBe(true);
      expect(errors).toEqual(['realtime vehicle index: building the live state failed', 'realtime vehicle index: building the live state failed']);
    } finally {
      failing.mockRestore();
      await live.close();
    }
  });
});

describe(`a feed compiled in slices ${dbLabel()}`, () => {
  let t: TestDb;
  let feedId: number;
  beforeAll(async () => {
    t = await openTestDb();
    feedId = (await importGtfs(t.db, MINI, { cityId: 'testville' })).feedId;
  }, 120_000);
  afterAll(() => t?.cleanup());

  it('is the feed the constructor compiles, and the event loop runs between its slices', async () => {
    const rows = await new RealtimeStore(t.db).rows(feedId);
    const whole = new RealtimeFeed('testville', feedId, 'Asia/Kolkata', rows);
    let turns = 0;
    const tick = () => {
      turns += 1;
      if (turns < 1000) setImmediate(tick);
    };
    setImmediate(tick);
    const sliced = await RealtimeFeed.compiled('testville', feedId, 'Asia/Kolkata', rows, 0);
    const turnsWhileCompiling = turns;
    turns = 1000;
    expect(sliced.trips.map((x) => x.id)).toEqual(whole.trips.map((x) => x.id));
    expect(sliced.trips.length).toBeGreaterThan(1);
    expect(sliced.calledStops().sort()).toEqual(whole.calledStops().sort());
    for (const stopId of whole.calledStops())
      expect(sliced.callsAt(stopId).map((c) => [c.trip.id, c.index])).toEqual(whole.callsAt(stopId).map((c) => [c.trip.id, c.index]));
    expect(sliced.maxTripSecs).toBe(whole.maxTripSecs);
    const at = Date.parse('2026-03-10T08:12:00+05:30');
    expect(sliced.serviceDays(at, at + 3600_000)).toEqual(whole.serviceDays(at, at + 3600_000));
    // with 0 ms slices it yields after every shape and trip: the loop turned while it compiled
    expect(turnsWhileCompiling).toBeGreaterThanOrEqual(sliced.trips.length);
  });
});
