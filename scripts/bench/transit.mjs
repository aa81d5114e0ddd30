#!/usr/bin/env node
// Transit figures on the real Kochi feed (../shared/data/kochi/gtfs.zip, outside the repository):
//   - import time and peak RSS of a Kochi import into a fresh in-memory PGlite (a child process of its own);
//   - nearby-stops time, median over 200 random coordinates in Kochi: the in-memory grid index and, for comparison,
//     a bounding-box SQL query on a (feed_id, stop_lat, stop_lon) index plus haversine; and the GraphQL round trip;
//   - the GraphQL stopArrivals query under load (autocannon, 10 s, 50 connections): req/s and p99.
// `runTransitBench({ base, log })` measures against a running server that has Kochi imported (SAWARI_IMPORT_GTFS) and
// returns the figures; `node scripts/bench/transit.mjs` starts such a server itself (fresh data folder) and prints them.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { KOCHI_FEED, withKochiServer } from './kochi-server.mjs';

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), '../..');
export { KOCHI_FEED };
const RUNS = 200;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
/** Deterministic random coordinates inside [minLon, minLat, maxLon, maxLat]. */
function coordinates(bounds, n, seed = 42) {
  let x = seed;
  const rnd = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: n }, () => ({ lat: bounds[1] + rnd() * (bounds[3] - bounds[1]), lon: bounds[0] + rnd() * (bounds[2] - bounds[0]) }));
}

/** In the child: import Kochi into in-memory PGlite, sampling RSS; then time nearby stops both ways. */
async function child() {
  const load = (p) => import(pathToFileURL(path.join(root, p)).href);
  const [{ openDb }, { migrate }, { importGtfs }, { TransitReadStore }, { FeedIndex }, { haversineKm }] = await Promise.all([
    load('api/src/platform/db.ts'),
    load('api/src/platform/migrate.ts'),
    load('api/src/modules/transit/importer/import.ts'),
    load('api/src/modules/transit/store.ts'),
    load('api/src/modules/transit/feed-index.ts'),
    load('shared/domain/src/index.ts'),
  ]);
  const db = await openDb({ dataDir: 'memory://' });
  await migrate(db);
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const r = await importGtfs(db, KOCHI_FEED, { cityId: 'kochi', redate: true, attribution: 'Jungle Bus © OpenStreetMap contributors' });
  const importMs = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);

  const builtAt = performance.now();
  const index = new FeedIndex(r.feedId, await new TransitReadStore(db).feedIndexRows(r.feedId));
  const indexMs = performance.now() - builtAt;
  const points = coordinates(index.bounds, RUNS);
  const gridTimes = points.map((p) => {
    const t = performance.now();
    index.nearby(p.lat, p.lon, 1000, 20);
    return performance.now() - t;
  });
  await db.exec('CREATE INDEX bench_stops_by_position ON stops (feed_id, stop_lat, stop_lon)');
  const sqlTimes = [];
  for (const p of points) {
    const t = performance.now();
    const dLat = 1000 / 111_195;
    const dLon = dLat / Math.cos((p.lat * Math.PI) / 180);
    const rows = (
      await db.query('SELECT stop_id, stop_lat, stop_lon FROM stops WHERE feed_id = $1 AND stop_lat BETWEEN $2 AND $3 AND stop_lon BETWEEN $4 AND $5', [
        r.feedId,
        p.lat - dLat,
        p.lat + dLat,
        p.lon - dLon,
        p.lon + dLon,
      ])
    ).rows;
    rows
      .map((s) => ({ s, d: haversineKm(p.lat, p.lon, s.stop_lat, s.stop_lon) * 1000 }))
      .filter((x) => x.d <= 1000)
      .sort((a, b) => a.d - b.d)
      .slice(0, 20);
    sqlTimes.push(performance.now() - t);
  }
  await db.close();
  process.send({
    importMs,
    rssBeforeMb: before / 2 ** 20,
    peakRssMb: peak / 2 ** 20,
    rows: r.rows,
    indexMs,
    gridMedianMs: median(gridTimes),
    sqlMedianMs: median(sqlTimes),
  });
}

function importInChild() {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', '--expose-gc', here, '--child'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let answer = null;
    p.on('message', (m) => (answer = m));
    p.on('exit', (code) => (answer ? resolve(answer) : reject(new Error(`import child exited with ${code}`))));
  });
}

async function gql(base, query, variables) {
  const res = await fetch(`${base}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (body.errors) throw new Error(`GraphQL: ${body.errors[0].message}`);
  return body.data;
}

/**
 * The transit figures. `base`: a running server with Kochi imported. Returns [{ name, value, unit, target?, ok? }];
 * an empty list (and a clear line in the log) when the Kochi feed is absent.
 */
export async function runTransitBench({ base, log = console.log } = {}) {
  if (!existsSync(KOCHI_FEED)) {
    log(`  SKIPPED transit figures: the Kochi feed ${KOCHI_FEED} is absent (it is never part of the repository).`);
    return [];
  }
  const figures = [];
  const record = (name, value, unit, target, ok) => {
    figures.push({ name, value, unit, target, ok });
    log(`  ${name}: ${value} ${unit}${target ? `   (target ${target}: ${ok ? 'met' : 'MISSED'})` : ''}`);
  };

  const imp = await importInChild();
  record('Kochi GTFS import (zip → fresh in-memory PGlite, walking links generated)', (imp.importMs / 1000).toFixed(1), 's');
  record('Kochi import peak RSS (whole process, PGlite in it)', Math.round(imp.peakRssMb), `MB (${Math.round(imp.rssBeforeMb)} MB before the import)`);
  record('Kochi feed index build (stops, routes, patterns)', imp.indexMs.toFixed(0), 'ms');
  record('nearby stops, in-memory grid (1 km, 20 stops), median of 200', imp.gridMedianMs.toFixed(3), 'ms');
  record('nearby stops, SQL bounding box on a (lat, lon) index + haversine, median of 200', imp.sqlMedianMs.toFixed(2), 'ms');

  if (!base) return figures;
  const city = await gql(base, '{ transitCity(city: "kochi") { bounds attribution } }');
  if (!city.transitCity?.bounds) throw new Error('the server has no Kochi feed: start it with SAWARI_IMPORT_GTFS=kochi=../shared/data/kochi/gtfs.zip');
  const nearbyQuery =
    'query($lat: Float!, $lon: Float!) { nearbyStops(city: "kochi", lat: $lat, lon: $lon, radiusMeters: 1000, limit: 20) { distanceMeters walking stop { stop_id stop_name } } }';
  const times = [];
  for (const p of coordinates(city.transitCity.bounds, RUNS, 7)) {
    const t = performance.now();
    await gql(base, nearbyQuery, p);
    times.push(performance.now() - t);
  }
  record('nearbyStops GraphQL round trip (loopback), median of 200', median(times).toFixed(2), 'ms');

  // The busiest stop near MG Road for the arrivals board.
  const near = await gql(
    base,
    '{ nearbyStops(city: "kochi", lat: 9.9763, lon: 76.2826, radiusMeters: 1500, limit: 50) { stop { stop_id routes { route_id } } } }',
  );
  const busiest = near.nearbyStops.map((n) => n.stop).sort((a, b) => b.routes.length - a.routes.length)[0];
  const body = JSON.stringify({
    query:
      'query($s: ID!) { stopArrivals(city: "kochi", stopId: $s, limit: 10) { route_id route_name headsign tripId scheduledTime expectedTime vNo tS eta delaySeconds timeliness occupancy } }',
    variables: { s: busiest.stop_id },
  });
  const res = await new Promise((resolve, reject) =>
    autocannon(
      { url: `${base}/api/graphql`, method: 'POST', body, headers: { 'content-type': 'application/json' }, connections: 50, duration: 10 },
      (err, r) => (err ? reject(err) : resolve(r)),
    ),
  );
  if (res.non2xx) throw new Error(`stopArrivals answered ${res.non2xx} non-2xx responses under load`);
  record(
    `GraphQL stopArrivals under load (stop ${busiest.stop_id}, ${busiest.routes.length} routes; 10 s, 50 connections)`,
    Math.round(res.requests.average),
    `req/s, p99 ${res.latency.p99} ms`,
  );
  return figures;
}

/** Standalone: a server on a fresh data folder importing Kochi at start, the figures, then everything removed. */
async function standalone() {
  if (!existsSync(KOCHI_FEED)) {
    await runTransitBench({});
    return;
  }
  await withKochiServer(Number(process.env.TRANSIT_BENCH_PORT ?? 18310), async (base, readyMs) => {
    console.log(`\n▶ transit (Kochi): server with Kochi imported at start ready in ${(readyMs / 1000).toFixed(1)} s`);
    await runTransitBench({ base });
  });
}

if (process.argv.includes('--child')) await child();
else if (process.argv[1] && path.resolve(process.argv[1]) === here) await standalone();
