#!/usr/bin/env node
// Planner abuse: what other riders see while 20 abusive GraphQL requests arrive, each with ten
// aliased planTrip fields over a 240-minute window with 5 transfers, on the real Kochi feed.
//   1. baseline: other endpoints alone (GET /api/health and a GraphQL `stop` query, alternating), 10 connections, 8 s;
//   2. flood: the same load for 8 s while the 20 abusive requests are sent at once (from one client, as an attacker
//      would; each answer's status and GraphQL error code are counted).
// Prints both p99 figures and how the abusive requests were answered. `runPlannerAbuseBench({ base, log })` measures
// a running server with Kochi imported; `node scripts/bench/planner-abuse.mjs` starts one itself (fresh data folder).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { KOCHI_FEED, withKochiServer } from './kochi-server.mjs';

const here = fileURLToPath(import.meta.url);
const ABUSIVE_REQUESTS = 20;
const ALIASES = 10;
const SECONDS = 8;

async function gql(base, query, variables) {
  const res = await fetch(`${base}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: await res.json() };
}

/** Two Kochi stops far apart (north-west and south-east of the centre), found through the API itself. */
async function farStops(base) {
  const near = async (lat, lon) => {
    const r = await gql(base, `{ nearbyStops(city: "kochi", lat: ${lat}, lon: ${lon}, radiusMeters: 3000, limit: 1) { stop { stop_id } } }`);
    const id = r.body.data?.nearbyStops?.[0]?.stop.stop_id;
    if (!id) throw new Error(`no Kochi stop near ${lat},${lon}: is the Kochi feed imported? (${JSON.stringify(r.body.errors ?? r.body).slice(0, 200)})`);
    return id;
  };
  return [await near(10.05, 76.3), await near(9.93, 76.32)];
}

/** The abusive document: ten aliased planTrip fields, 240-minute window, 5 transfers, tomorrow 07:00 in Kochi. */
export function abusiveQuery(from, to, departAt) {
  const field = (i) =>
    `p${i}: planTrip(city: "kochi", from: { stopId: "${from}" }, to: { stopId: "${to}" }, departAt: ${departAt}, windowMinutes: 240, maxTransfers: 5) { itineraries { departure arrival transfers legs { mode from { stop_id } to { stop_id } } } }`;
  return `{ ${Array.from({ length: ALIASES }, (_, i) => field(i)).join('\n')} }`;
}

/** Load on other endpoints for `seconds`; `until` (a promise) stops it when it settles, no sooner than `seconds`. */
function cannon(base, stopId, seconds, until) {
  const stopBody = JSON.stringify({ query: `{ stop(city: "kochi", stopId: "${stopId}") { stop_id stop_name } }` });
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: 10,
        duration: until ? 120 : seconds,
        requests: [
          { method: 'GET', path: '/api/health' },
          { method: 'POST', path: '/api/graphql', headers: { 'content-type': 'application/json' }, body: stopBody },
        ],
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
    if (until) {
      const min = new Promise((r) => setTimeout(r, seconds * 1000));
      Promise.all([until, min]).then(() => instance.stop());
    }
  });
}

export async function runPlannerAbuseBench({ base, log = console.log } = {}) {
  const figures = [];
  const record = (name, value, unit, target, ok) => {
    figures.push({ name, value, unit, target, ok });
    log(`  ${name}: ${value} ${unit}${target ? `   (target ${target}: ${ok ? 'met' : 'MISSED'})` : ''}`);
  };
  const [from, to] = await farStops(base);
  const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
  const departAt = Date.parse(`${tomorrow}T07:00:00+05:30`);
  const query = abusiveQuery(from, to, departAt);

  const baseline = await cannon(base, from, SECONDS);
  record('other endpoints alone (health + GraphQL stop, 10 connections)', baseline.latency.p99, `ms p99 (${Math.round(baseline.requests.average)} req/s)`);

  /** `query` sent ABUSIVE_REQUESTS times at once while the other endpoints are loaded; how each was answered. */
  const flood = async (label, query) => {
    const answers = new Map();
    let slowest = 0;
    let lastAt = 0;
    let startAbuse;
    const go = new Promise((r) => (startAbuse = r));
    const abusive = go.then(() =>
      Promise.all(
        Array.from({ length: ABUSIVE_REQUESTS }, async () => {
          const t = performance.now();
          let key;
          try {
            const r = await gql(base, query);
            const codes = [...new Set((r.body.errors ?? []).map((e) => e.extensions?.code))];
            key = `${r.status}${codes.length ? ` ${codes.join('+')}` : ' ok'}`;
          } catch (err) {
            key = `failed: ${err.message}`;
          }
          lastAt = performance.now();
          slowest = Math.max(slowest, lastAt - t);
          answers.set(key, (answers.get(key) ?? 0) + 1);
        }),
      ),
    );
    // The load runs from before the first abusive request until the last one is answered (at least SECONDS).
    const load = cannon(base, from, SECONDS, abusive);
    await new Promise((r) => setTimeout(r, 500));
    const started = performance.now();
    startAbuse();
    const [during] = await Promise.all([load, abusive]);
    const answered = [...answers].map(([k, n]) => `${n}× ${k}`).join(', ');
    log(`  ${ABUSIVE_REQUESTS} requests, ${label}, answered: ${answered}; the last ${((lastAt - started) / 1000).toFixed(1)} s after the first was sent`);
    return { during, slowest };
  };

  const a = await flood(`each ${ALIASES} aliased planTrip (240 min, 5 transfers)`, query);
  record(
    `other endpoints during ${ABUSIVE_REQUESTS} abusive planner requests (${ALIASES} aliased planTrip each)`,
    a.during.latency.p99,
    `ms p99 (${Math.round(a.during.requests.average)} req/s, ${a.during.errors + a.during.timeouts} errors/timeouts)`,
    '< 250 ms',
    a.during.latency.p99 < 250,
  );
  record('slowest abusive request answered in', Math.round(a.slowest), 'ms');
  // The most one request may ask: a single planTrip at the bounds, 20 at once from one client.
  const single = abusiveQuery(from, to, departAt).split('\n')[0] + ' }';
  const b = await flood('each ONE planTrip at the bounds (240 min, 5 transfers), one client', single);
  record(
    `other endpoints during ${ABUSIVE_REQUESTS} single planTrip requests at the bounds`,
    b.during.latency.p99,
    `ms p99 (${Math.round(b.during.requests.average)} req/s, ${b.during.errors + b.during.timeouts} errors/timeouts)`,
    '< 250 ms',
    b.during.latency.p99 < 250,
  );
  return figures;
}

async function standalone() {
  if (!existsSync(KOCHI_FEED)) {
    console.log(`SKIPPED: the Kochi feed ${KOCHI_FEED} is absent (it is never part of the repository).`);
    return;
  }
  await withKochiServer(Number(process.env.ABUSE_BENCH_PORT ?? 18312), async (base) => {
    console.log('\n▶ planner abuse (Kochi)');
    await runPlannerAbuseBench({ base });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === here) await standalone();
