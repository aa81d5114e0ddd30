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
//   snapshotMs, snapshotMb  writing the snapshots of the networks built (planner/snapshot.ts; the data folder on
//                 PGlite, the database on PostgreSQL), what a restarted instance loads instead of building
//
// With RESTART=1 (and FROM, TO from the run before) it is a restarted instance instead, set up as the server
// (prebuilder, query worker pool, snapshots): it opens the database, starts the planner and asks at once for a plan of
// today. Prints { dbOpenMs, firstPlanMs (from the planner's start to the answer: the figure with the < 1 s target),
// readyMs (until readiness: today's networks loaded), source ('snapshot' or 'built') }.
//
//   CITY=bigcity DATABASE_URL=... node scripts/bench/first-plan.mjs
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildApi } from '../../api/build.mjs';

const statSize = (file) => statSync(file, { throwIfNoEntry: false })?.size;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The API as the server runs it in production (npm start): compiled to JavaScript in api/dist, not the TypeScript
// sources under tsx (a query worker compiling the planner under tsx took 0.4 to 0.6 s of the first plan's second).
await buildApi({ quiet: true });
const load = async (rel) => {
  const m = await import(pathToFileURL(path.join(root, 'api/dist', rel)).href);
  return { ...m.default, ...m };
};
const { openDb } = await load('platform/db.js');
const { PlannerService } = await load('modules/planner/service.js');
const { NetworkPrebuilder } = await load('modules/planner/prebuild.js');
const { PlannerStore, addDays } = await load('modules/planner/store.js');
const { snapshotStoreFor } = await load('modules/planner/snapshot.js');
const { localDate, serviceDay } = await load('_shared/domain/service-day.js');

const cityId = process.env.CITY ?? 'bigcity';
const dataDir = process.env.DATA_DIR || 'memory://';
const opened = performance.now();
const db = await openDb({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined });
const dbOpenMs = performance.now() - opened;
const snapshots = snapshotStoreFor(db, dataDir);
if (process.env.RESTART) {
  try {
    const city = await new PlannerStore(db).city(cityId);
    if (!city?.feedId) throw new Error(`${cityId} has no current feed in this database`);
    const date = localDate(Date.now(), city.timeZone);
    const departAt = serviceDay(date, city.timeZone).startMs + 8 * 3600_000;
    // As the server (api/src/app/modules.ts): prebuilder, worker pool, snapshots.
    const started = performance.now();
    // Each phase of the load and of the first query, from the planner's start (PlannerOptions.timing).
    const phases = [];
    const timing = (phase, from, to) => phases.push({ phase, fromMs: Math.round(from - started), toMs: Math.round(to - started) });
    const planner = new PlannerService(db, { prebuild: {}, buildInWorker: true, snapshots, timing });
    let readyMs = null;
    const ready = (async () => {
      while (!planner.networksReady) await new Promise((resolve) => setTimeout(resolve, 5));
      readyMs = performance.now() - started;
    })();
    const plan = await planner.plan(cityId, { stopId: process.env.FROM }, { stopId: process.env.TO }, departAt);
    const firstPlanMs = performance.now() - started;
    await ready;
    const source = await planner.networkSource(cityId, city.feedId, date, city.transferSlackSecs ?? undefined);
    await planner.close();
    console.log(
      JSON.stringify({
        date,
        dbOpenMs,
        firstPlanMs,
        readyMs,
        source,
        itineraries: plan.itineraries.length,
        rssMb: process.memoryUsage().rss / 2 ** 20,
        phases,
      }),
    );
  } finally {
    await db.close();
  }
  process.exit(0);
}
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

  const warm = new PlannerService(db, { ...options, snapshots });
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
  // The snapshots of today's and tomorrow's networks, written in the background after their builds.
  t = performance.now();
  await warm.snapshotsWritten();
  const snapshotMs = performance.now() - t;
  await warm.close();
  const snapshotMb = snapshots
    ? db.kind === 'postgres'
      ? Number((await db.query('SELECT sum(bytes)::float8 AS b FROM planner_snapshots WHERE city_id = $1', [cityId])).rows[0].b ?? 0) / 2 ** 20
      : readdirSync(path.join(dataDir, 'planner')).reduce((sum, f) => sum + (statSize(path.join(dataDir, 'planner', f)) ?? 0), 0) / 2 ** 20
    : 0;
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
      snapshotMs,
      snapshotMb,
      itineraries: plan.itineraries.length,
      rssMb: process.memoryUsage().rss / 2 ** 20,
    }),
  );
} finally {
  await db.close();
}
