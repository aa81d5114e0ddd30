import fs from 'node:fs';
import { openTestDb, dbLabel, type TestDb } from '../../testing/test-db';
import { ApiError } from '../../platform/errors';
import { importGtfs } from '../transit/importer/import';
import { PlannerService } from './service';
import { PlannerPool, defaultWorkerCount } from './pool';
import { buildNetwork, sharedRoutingArrays } from '@sawari/domain/src/planner';
import { writeGridFeed } from './testing/grid-feed';

// Planner searches run in worker threads with a per-request deadline, so an expensive search never
// holds the request thread. The synthetic 24 × 24 grid city makes a 240-minute, 5-change search from its centre take
// some 250-500 ms on this machine: long enough to see whether the request thread is held.
const ist = (iso: string) => Date.parse(`${iso}+05:30`);
const AT = ist('2026-01-15T07:00:00');
const HEAVY = [{ stopId: 'g12_12' }, { stopId: 'g0_23' }, AT, 240, 5] as const;

/** The longest gap between timer ticks (1 ms interval) while `work` runs: how long the thread was held. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ stallMs: number; ms: number; result: T }> {
  let last = performance.now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 1);
  const started = performance.now();
  try {
    const result = await work();
    const ms = performance.now() - started;
    return { stallMs: Math.max(stallMs, performance.now() - last), ms, result };
  } finally {
    clearInterval(timer);
  }
}

describe(`planner off the request thread ${dbLabel()}`, () => {
  let t: TestDb;
  let dir: string;
  const services: PlannerService[] = [];
  const planner = (opts: ConstructorParameters<typeof PlannerService>[1]) => {
    const p = new PlannerService(t.db, opts);
    services.push(p);
    return p;
  };
  beforeAll(async () => {
    dir = writeGridFeed();
    t = await openTestDb();
    await importGtfs(t.db, dir, { cityId: 'gridville' });
  }, 120_000);
  afterAll(async () => {
    await Promise.all(services.map((s) => s.close()));
    await t?.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sizes the pool to the machine: its cores less one for the request thread, 1 to 4', () => {
    expect(defaultWorkerCount()).toBeGreaterThanOrEqual(1);
    expect(defaultWorkerCount()).toBeLessThanOrEqual(4);
  });

  it('keeps the request thread free during a long search (in-process, the same search holds it)', async () => {
    // No next day's network built in the background (on this thread, in tests): its build, read in pages with turns
    // for requests between them, would land in the measured search.
    const inline = planner({ pool: { workers: 0, deadlineMs: 60_000 }, prepareNextDay: false });
    const pooled = planner({ pool: { workers: 1, deadlineMs: 60_000 }, prepareNextDay: false });
    // Networks built and workers started first: what is measured is the search alone.
    await inline.plan('gridville', { stopId: 'g0_0' }, { stopId: 'g1_1' }, AT, 0, 0);
    await pooled.plan('gridville', { stopId: 'g0_0' }, { stopId: 'g1_1' }, AT, 0, 0);

    const held = await longestStall(() => inline.plan('gridville', ...HEAVY));
    // Calibration: the search is long enough for its stall to be told from timer noise (about 150 ms on this 2-core
    // machine, shorter on a quiet or faster one; the bounds below are relative to it).
    expect(held.ms).toBeGreaterThan(60);
    expect(held.stallMs).toBeGreaterThan(0.8 * held.ms - 20);

    const free = await longestStall(() => pooled.plan('gridville', ...HEAVY));
    // Relative, not a wall-clock threshold (a worker may run the search faster or slower than the request thread on
    // a busy machine): off the request thread, the longest stall is a small part of what the same search holds inline.
    expect(free.stallMs).toBeLessThan(0.25 * held.stallMs);
    // The same answer either way.
    expect(free.result).toEqual(held.result);
    expect(free.result.itineraries.length).toBeGreaterThan(1);
  }, 60_000);

  it('stops a search past its deadline with PLANNER_TIMEOUT, and the worker answers the next one', async () => {
    // A grace period far longer than the search: a PLANNER_TIMEOUT can then only come from the worker stopping itself at
    // its deadline (a search run to its end answers with journeys, and the kill timer would wait 30 s).
    const p = planner({ pool: { workers: 1, deadlineMs: 40, graceMs: 30_000 } });
    const unhurried = planner({ pool: { workers: 1, deadlineMs: 60_000 } });
    // The first plan builds the network (counted before the deadline starts) and warms the worker.
    await p.plan('gridville', { stopId: 'g0_0' }, { stopId: 'g1_1' }, AT, 0, 0).catch(() => undefined);
    await unhurried.plan('gridville', { stopId: 'g0_0' }, { stopId: 'g1_1' }, AT, 0, 0);
    // Stopped at its deadline, the worker answers PLANNER_TIMEOUT well before its grace period; the same search given
    // time runs to its end (no wall-clock comparison between the two: on a loaded machine either can take longer).
    const timed = async (run: () => Promise<unknown>) => {
      const started = performance.now();
      const outcome = await run().then(
        () => null,
        (e: unknown) => e,
      );
      return { outcome, ms: performance.now() - started };
    };
    const stopped = await timed(() => p.plan('gridville', ...HEAVY));
    const whole = await timed(() => unhurried.plan('gridville', ...HEAVY));
    expect(stopped.outcome).toBeInstanceOf(ApiError);
    expect(stopped.outcome).toMatchObject({ status: 503, code: 'PLANNER_TIMEOUT' });
    expect(whole.outcome).toBeNull();
    expect(stopped.ms).toBeLessThan(30_000);
    const quick = await p.plan('gridville', { stopId: 'g0_0' }, { stopId: 'g0_3' }, AT, 0, 1);
    expect(quick.itineraries.length).toBeGreaterThan(0);
  }, 60_000);

  it('refuses at once with PLANNER_BUSY when the queue is full, and answers the queued ones', async () => {
    const p = planner({ pool: { workers: 1, maxQueued: 1, deadlineMs: 60_000 } });
    await p.plan('gridville', { stopId: 'g0_0' }, { stopId: 'g1_1' }, AT, 0, 0);
    // One runs, one waits, the third is refused (which one depends on when each reaches the pool).
    const started = performance.now();
    const settled = await Promise.allSettled([p.plan('gridville', ...HEAVY), p.plan('gridville', ...HEAVY), p.plan('gridville', ...HEAVY)]);
    const refused = settled.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ status: 503, code: 'PLANNER_BUSY' });
    const [a, b] = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(a.itineraries.length).toBeGreaterThan(1);
    expect(b).toEqual(a);
    expect(performance.now() - started).toBeGreaterThan(150);
  }, 60_000);

  it('terminates and replaces a worker that does not answer within the grace period after the deadline', async () => {
    const net = buildNetwork({
      stops: [{ id: 'A' }, { id: 'B' }],
      trips: [{ id: 't', routeId: 'r', stopIds: ['A', 'B'], arrivals: [100, 200], departures: [100, 200] }],
    });
    const arrays = sharedRoutingArrays(net);
    const q = { origins: [{ stop: 0, walkSecs: 0 }], destinations: [{ stop: 1, walkSecs: 0 }], departAt: 0, maxTransfers: 1, windowSecs: 0 };
    const pool = new PlannerPool({ workers: 1, graceMs: 5 });
    try {
      // A worker starting up takes far longer than 5 + 5 ms, and a query without a window is never stopped from
      // inside: only the grace timer can answer this one.
      const err = await pool.run('k', arrays, q, 5).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toMatchObject({ status: 503, code: 'PLANNER_TIMEOUT' });
      expect(pool.workerCount).toBe(0);
      const journeys = await pool.run('k', arrays, q, 30_000);
      expect(journeys).toMatchObject([{ departure: 100, arrival: 200, transfers: 0 }]);
      expect(pool.workerCount).toBe(1);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('with inlineUntilBooted, answers on the request thread until a worker has booted, then in the worker', async () => {
    const net = buildNetwork({
      stops: [{ id: 'A' }, { id: 'B' }],
      trips: [{ id: 't', routeId: 'r', stopIds: ['A', 'B'], arrivals: [100, 200], departures: [100, 200] }],
    });
    const arrays = sharedRoutingArrays(net);
    const q = { origins: [{ stop: 0, walkSecs: 0 }], destinations: [{ stop: 1, walkSecs: 0 }], departAt: 0, maxTransfers: 1, windowSecs: 0 };
    const phases: string[] = [];
    const pool = new PlannerPool({ workers: 1, inlineUntilBooted: true, timing: (phase) => phases.push(phase) });
    try {
      // Just started: no worker has booted, so the answer comes from this thread (and the worker is starting).
      expect(await pool.run('k', arrays, q)).toMatchObject([{ departure: 100, arrival: 200, transfers: 0 }]);
      expect(phases).toEqual(['query on the request thread (no worker booted yet)']);
      expect(pool.workerCount).toBe(1);
      while (!phases.includes('query worker booted')) await new Promise((r) => setTimeout(r, 10));
      expect(await pool.run('k', arrays, q)).toMatchObject([{ departure: 100, arrival: 200, transfers: 0 }]);
      expect(phases.at(-1)).toMatch(/^query in a worker/);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
