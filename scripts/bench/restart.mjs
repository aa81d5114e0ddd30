// A restart on a real feed (issue 36 items 1-2), from outside, as a load balancer and the first rider see it: the
// compiled server (what `npm start` runs, api/dist) starts on a fresh database with the feed imported, is stopped,
// then started again on the same database. During the second start a client asks GET /api/health every 20 ms (each
// answer's time is what a health check waited, behind the event loop and the database's queue), and /api/ready until
// it says ready; the server's own longest event-loop delay from listening to ready is read from its /metrics; then at
// once the first trip plan and the first ETA of the city.
//   runRestartBench({ feed, city, db: 'pglite' | 'postgres', record, log })
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApi } from '../../api/build.mjs';
import { spawnCompiledApi } from './kochi-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

function startServer({ port, dataDir, databaseUrl, env }) {
  const child = spawnCompiledApi({ port, dataDir, databaseUrl, env });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** One request with a deadline; its time in ms, or null when it failed or took longer than `timeoutMs`. */
async function timed(url, init = {}, timeoutMs = 5000) {
  const t = performance.now();
  try {
    const r = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const body = await r.text();
    return { ms: performance.now() - t, status: r.status, body };
  } catch (err) {
    return { ms: performance.now() - t, status: 0, body: '', error: err.name };
  }
}

const gql = (base, query) =>
  timed(`${base}/api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) }, 300_000);

/** Two stops of the city the search finds, the farthest apart of its first results (never one station's two stops). */
async function twoStops(base, city) {
  const hits = new Map();
  for (const q of ['ro', 'an', 'ar', 'ma', 'st', 'ka', 'ba', 'pa']) {
    const r = await gql(base, `{ search(city: "${city}", query: "${q}", limit: 10) { stop_id lat lon } }`);
    for (const hit of JSON.parse(r.body).data?.search ?? []) if (hit.stop_id && hit.lat !== null) hits.set(hit.stop_id, hit);
  }
  const list = [...hits.values()];
  let best = null;
  for (const a of list)
    for (const b of list) {
      const d = Math.hypot(a.lat - b.lat, (a.lon - b.lon) * Math.cos((a.lat * Math.PI) / 180));
      if (!best || d > best.d) best = { d, ids: [a.stop_id, b.stop_id] };
    }
  if (!best || best.d === 0) throw new Error(`the search found no two stops of ${city} apart`);
  return best.ids;
}

async function waitReady(base, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await timed(`${base}/api/ready`, {}, 5000);
    if (r.status === 200) return;
    if (Date.now() > deadline) throw new Error(`not ready within ${timeoutMs / 1000} s: ${r.body.slice(0, 200)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function postgresDatabase() {
  const admin = process.env.TEST_PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const { Client } = require('pg');
  const name = `sawari_bench_restart_${process.pid}`;
  const c = new Client({ connectionString: admin, connectionTimeoutMillis: 2000 });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const d = new Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    },
  };
}

export async function runRestartBench({ feed, city = 'benchcity', db = 'pglite', port = 18320, record, log = console.log }) {
  await buildApi({ quiet: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sawari-bench-restart-'));
  const pg = db === 'postgres' ? await postgresDatabase() : null;
  const base = `http://127.0.0.1:${port}`;
  const env = { SAWARI_IMPORT_GTFS: `${city}=${feed}` };
  const label = `${path.basename(feed)} on ${db === 'postgres' ? 'PostgreSQL' : 'PGlite'}`;
  try {
    // The first start: migrations, the demo data, the feed imported, today's networks built and kept as snapshots.
    let t = performance.now();
    let server = startServer({ port, dataDir, databaseUrl: pg?.url, env });
    await waitReady(base, 900_000);
    log(`  first start (import, networks built): ready after ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const [from, to] = await twoStops(base, city);
    await server.stop();

    // The restart, watched from outside.
    t = performance.now();
    server = startServer({ port, dataDir, databaseUrl: pg?.url, env });
    const health = [];
    let listenedMs = null;
    let readyMs = null;
    let failedChecks = 0;
    // The event loop's delay as the server measures it (prom-client's nodejs_eventloop_lag_max_seconds, the longest
    // since the last scrape): scraped once when the server first answers, which starts the window, and again at ready.
    let lagWindow = null;
    const watch = (async () => {
      while (readyMs === null && server.child.exitCode === null) {
        const h = await timed(`${base}/api/health`, {}, 5000);
        if (h.status !== 0) {
          if (listenedMs === null) lagWindow = timed(`${base}/metrics`, {}, 30_000);
          listenedMs ??= performance.now() - t;
          health.push({ ms: h.ms, at: performance.now() - t });
        } else if (listenedMs !== null) failedChecks += 1; // listening, yet no answer within 5 s
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await waitReady(base, 900_000);
    readyMs = performance.now() - t;
    await watch;
    await lagWindow;
    const lagScrape = await timed(`${base}/metrics`, {}, 30_000);
    const lagMatch = /^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(lagScrape.body);
    const maxLagMs = lagMatch ? Number(lagMatch[1]) * 1000 : null;
    const departAt = Date.now();
    const plan = await gql(
      base,
      `{ planTrip(city: "${city}", from: { stopId: "${from}" }, to: { stopId: "${to}" }, departAt: ${departAt}) { itineraries { departure } } }`,
    );
    const eta = await gql(base, `{ stopArrivals(city: "${city}", stopId: "${from}", limit: 10) { route_id } }`);
    await server.stop();

    const worst = health.reduce((w, h) => (h.ms > w.ms ? h : w), { ms: 0, at: 0 });
    const maxHealth = worst.ms;
    log(`  the longest health answer started ${((worst.at - worst.ms) / 1000).toFixed(2)} s into the restart`);
    record(`restart (${label}): listening after`, (listenedMs / 1000).toFixed(2), 's');
    record(`restart (${label}): ready after`, (readyMs / 1000).toFixed(2), 's');
    record(
      `restart (${label}): longest health answer while starting (${health.length} checks, ${failedChecks} unanswered in 5 s)`,
      maxHealth.toFixed(0),
      'ms',
      '< 100 ms',
      maxHealth < 100 && failedChecks === 0,
    );
    const metric = (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(lagScrape.body)?.[1] ?? NaN) / 2 ** 20;
    log(`  at ready: heap used ${metric('nodejs_heap_size_used_bytes').toFixed(0)} MB, resident ${metric('process_resident_memory_bytes').toFixed(0)} MB`);
    if (maxLagMs === null) log(`  (no nodejs_eventloop_lag_max_seconds in /metrics: ${lagScrape.status} ${lagScrape.body.slice(0, 120)})`);
    else record(`restart (${label}): longest event-loop delay from listening to ready`, maxLagMs.toFixed(0), 'ms', '< 100 ms', maxLagMs < 100);
    record(`restart (${label}): first plan after ready`, (plan.ms / 1000).toFixed(3), 's', '< 1 s', plan.status === 200 && plan.ms < 1000);
    record(`restart (${label}): first ETA after ready`, (eta.ms / 1000).toFixed(3), 's', '< 1 s', eta.status === 200 && eta.ms < 1000);
    if (!/itineraries/.test(plan.body) || !/stopArrivals/.test(eta.body)) log(`  (answers: ${plan.body.slice(0, 160)} | ${eta.body.slice(0, 160)})`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await pg?.drop().catch(() => undefined);
  }
}
