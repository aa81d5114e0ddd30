#!/usr/bin/env node
// The first plan of a service day on an imported city ("A big city"), run as a child of the bench with
// DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite) pointing at a database holding the city's current feed (imported with
// --redate, so tomorrow is a service day). Prints one JSON line:
//   coldMs        the first plan of tomorrow when nothing was built ahead: the rider waits for the day's network to be
//                 read from the database and built (what the server did before the prebuilder)
//   prebuildMs    the background build of tomorrow's network by the prebuilder at 23:40 (no rider waiting)
//   loopMaxMs     the longest the event loop was blocked during that background build
//   requestMaxMs  the worst latency of a small request (one stop read from the database, every 20 ms) during that
//                 background build: what a rider's request waited, the database's queue included (PGlite runs in
//                 this thread, so a long read there holds every other query)
//   firstPlanMs   the first plan of tomorrow after the prebuild: the figure with the < 2 s target
//
//   CITY=bigcity DATABASE_URL=... node scripts/bench/first-plan.mjs
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register as registerEsm } from 'tsx/esm/api';
import { register as registerCjs } from 'tsx/cjs/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
registerEsm();
registerCjs();
const load = async (rel) => {
  const m = await import(pathToFileURL(path.join(root, rel)).href);
  return { ...m.default, ...m };
};
const { openDb } = await load('api/src/platform/db.ts');
const { PlannerService } = await load('api/src/modules/planner/service.ts');
const { NetworkPrebuilder } = await load('api/src/modules/planner/prebuild.ts');
const { PlannerStore, addDays } = await load('api/src/modules/planner/store.ts');
const { localDate, serviceDay } = await load('shared/domain/src/service-day.ts');

const cityId = process.env.CITY ?? 'bigcity';
const db = await openDb({ dataDir: process.env.DATA_DIR ?? 'memory://', databaseUrl: process.env.DATABASE_URL || undefined });
try {
  const store = new PlannerStore(db);
  const city = await store.city(cityId);
  if (!city?.feedId) throw new Error(`${cityId} has no current feed in this database`);
  const date = addDays(localDate(Date.now(), city.timeZone), 1);
  const dayStart = serviceDay(date, city.timeZone).startMs;
  // A long trip's first and last stops: a real journey of the day.
  const trip = (await db.query(`SELECT trip_id FROM stop_times WHERE feed_id = $1 GROUP BY trip_id ORDER BY count(*) DESC, trip_id LIMIT 1`, [city.feedId]))
    .rows[0].trip_id;
  const ends = (await db.query(`SELECT stop_id FROM stop_times WHERE feed_id = $1 AND trip_id = $2 ORDER BY stop_sequence`, [city.feedId, trip])).rows;
  const from = { stopId: ends[0].stop_id };
  const to = { stopId: ends[ends.length - 1].stop_id };
  const departAt = dayStart + 8 * 3600_000;
  // As the server: networks built in a worker thread (loopMaxMs shows what still blocks the request thread).
  const options = { prepareNextDay: false, buildInWorker: true, pool: { workers: 0, deadlineMs: 60_000 } };

  const cold = new PlannerService(db, options);
  let t = performance.now();
  const coldPlan = await cold.plan(cityId, from, to, departAt);
  const coldMs = performance.now() - t;
  await cold.close();

  const warm = new PlannerService(db, options);
  const prebuilder = new NetworkPrebuilder(warm, store, { now: () => dayStart - 20 * 60_000 });
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  t = performance.now();
  // Requests meanwhile: one due every 20 ms (or at once when the one before answered late), each timed from when it
  // was due to its answer, so a stalled thread counts as well as a long database queue.
  let building = true;
  const latencies = [];
  const requests = (async () => {
    let due = performance.now();
    while (building) {
      await db.query('SELECT stop_id, stop_name FROM stops WHERE feed_id = $1 AND stop_id = $2', [city.feedId, from.stopId]);
      const done = performance.now();
      latencies.push(done - due);
      due = Math.max(due + 20, done);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    }
  })();
  await prebuilder.check();
  const prebuildMs = performance.now() - t;
  building = false;
  await requests;
  loop.disable();
  if (!warm.hasNetwork(cityId, city.feedId, date, city.transferSlackSecs ?? undefined)) throw new Error(`the prebuilder did not build ${date}`);
  t = performance.now();
  const plan = await warm.plan(cityId, from, to, departAt);
  const firstPlanMs = performance.now() - t;
  await warm.close();
  console.log(
    JSON.stringify({
      date,
      from: from.stopId,
      to: to.stopId,
      coldMs,
      coldItineraries: coldPlan.itineraries.length,
      prebuildMs,
      loopMaxMs: loop.max / 1e6,
      requestMaxMs: Math.max(...latencies),
      requests: latencies.length,
      firstPlanMs,
      itineraries: plan.itineraries.length,
      rssMb: process.memoryUsage().rss / 2 ** 20,
    }),
  );
} finally {
  await db.close();
}
