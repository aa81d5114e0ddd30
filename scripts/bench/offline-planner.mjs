// Offline planner bench (`npm run bench -- --only=offline-planner`, a section of scripts/bench.mjs; needs the server
// with Kochi imported and the web build). Prints:
//   - the size of Kochi's timetable file for two service days (GET /api/planner/timetable, gzip as sent; target ≤ 2 MB);
//   - the time of a plan in the app's own planner worker (planner.worker.ts) in Chromium with 4× CPU throttling:
//     in-worker median over 300 seeded requests (target ≤ 150 ms), the round trip from the page, and the first plan
//     (which reads the file from IndexedDB, checks its hash and decodes it);
//   - agreement: the same 300 requests asked of the server's planTrip (GraphQL) and of the worker, compared itinerary
//     by itinerary (departure, arrival, changes, walk, every leg's mode, stops, trip and times; target 300 of 300).
// Requests: tomorrow 08:00 in the city (far enough ahead that the server plans on the timetable, as the phone does):
// 200 stop to stop leaving at, 50 stop to stop arriving by, 50 from a point ~150 m off a stop (the walk to nearby stops
// computed on the phone).
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register as registerEsm } from 'tsx/esm/api';
import { register as registerCjs } from 'tsx/cjs/api';

const FILE_TARGET_BYTES = 2 * 1024 * 1024;
const WORKER_TARGET_MS = 150;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};
const p95 = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)] : NaN;
};

/** What both answers are compared on (the GraphQL selection below, and the same fields of the worker's plan). */
const project = (plan) => ({
  reason: plan.reason ?? null,
  serviceDate: plan.serviceDate,
  itineraries: plan.itineraries.map((it) => ({
    departure: it.departure,
    arrival: it.arrival,
    transfers: it.transfers,
    walkSeconds: it.walkSeconds,
    legs: it.legs.map((l) => ({
      mode: l.mode,
      from: l.from.stop_id,
      to: l.to.stop_id,
      departure: l.departure,
      arrival: l.arrival,
      tripId: l.tripId ?? null,
      route: l.route?.route_id ?? null,
    })),
  })),
});

const PLAN_QUERY = `query P($city: ID!, $from: PlaceInput!, $to: PlaceInput!, $departAt: Float, $arriveBy: Boolean) {
  planTrip(city: $city, from: $from, to: $to, departAt: $departAt, windowMinutes: 0, arriveBy: $arriveBy) {
    reason serviceDate
    itineraries { departure arrival transfers walkSeconds
      legs { mode departure arrival tripId from { stop_id } to { stop_id } route { route_id } } }
  }
}`;

export async function runOfflinePlannerBench({ base, root, chromium, chromiumPath, chromiumArgs, city = 'kochi', log, record }) {
  // 1. The file as sent.
  const res = await fetch(`${base}/api/planner/timetable?city=${city}&days=2`, { headers: { 'accept-encoding': 'gzip' } });
  if (!res.ok) throw new Error(`GET /api/planner/timetable answered ${res.status}`);
  // Node's fetch decompresses: the size as sent is measured on a raw request.
  const raw = await new Promise((resolve, reject) => {
    import('node:http').then(({ get }) =>
      get(`${base}/api/planner/timetable?city=${city}&days=2`, { headers: { 'accept-encoding': 'gzip' } }, (r) => {
        const chunks = [];
        r.on('data', (c) => chunks.push(c));
        r.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: r.headers['content-encoding'] }));
        r.on('error', reject);
      }).on('error', reject),
    );
  });
  if (raw.encoding !== 'gzip') throw new Error('the timetable file was not sent gzipped');
  const bytes = gunzipSync(raw.body);
  registerEsm();
  registerCjs();
  const load = async (rel) => {
    const m = await import(pathToFileURL(path.join(root, rel)).href);
    return { ...m.default, ...m };
  };
  const { decodeTimetable } = await load('shared/domain/src/planner/index.ts');
  const t0 = performance.now();
  const tt = decodeTimetable(new Uint8Array(bytes));
  const decodeNodeMs = performance.now() - t0;
  const events = tt.days.reduce((n, d) => n + d.network.stopEventCount, 0);
  record(
    `offline timetable file, ${city}, ${tt.days.length} service days (${tt.days.map((d) => d.date).join(', ')}), gzip as sent`,
    (raw.body.length / 1024 / 1024).toFixed(2),
    `MB (${(bytes.length / 1024 / 1024).toFixed(2)} MB unzipped; ${events.toLocaleString('en-IN')} stop events; decoded in Node in ${decodeNodeMs.toFixed(0)} ms)`,
    '≤ 2 MB',
    raw.body.length <= FILE_TARGET_BYTES,
  );

  // 2. Seeded requests: stops with a departure, pairs among them.
  const day = tt.days[tt.days.length - 1];
  const net = day.network;
  const served = [];
  for (let s = 0; s < net.stopCount; s++) if (net.stopPatternStart[s + 1] > net.stopPatternStart[s] && tt.stops[s].stop_lat != null) served.push(s);
  let x = 20260115;
  const rnd = (n) => (x = (x * 1103515245 + 12345) % 2147483648) % n;
  // 08:00 on the file's last day (tomorrow), city time.
  const departAt = day.startMs + 8 * 3600 * 1000;
  const requests = [];
  for (let i = 0; i < 300; i++) {
    const a = served[rnd(served.length)];
    let b = served[rnd(served.length)];
    while (b === a) b = served[rnd(served.length)];
    const stop = (s) => ({ stopId: tt.stops[s].stop_id });
    if (i < 200) requests.push({ from: stop(a), to: stop(b), departAt, arriveBy: false });
    else if (i < 250) requests.push({ from: stop(a), to: stop(b), departAt: departAt + 3600 * 1000, arriveBy: true });
    else
      requests.push({ from: { lat: tt.stops[a].stop_lat, lon: tt.stops[a].stop_lon - 0.0014, name: 'My location' }, to: stop(b), departAt, arriveBy: false });
  }

  // 3. The server's answers (planTrip), waiting out the client budget when it says so.
  const server = [];
  for (const r of requests) {
    for (;;) {
      const g = await fetch(`${base}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: PLAN_QUERY, variables: { city, ...r } }),
      });
      const body = await g.json();
      const code = body.errors?.[0]?.extensions?.code;
      if (code === 'RATE_LIMITED') {
        await new Promise((resolve) => setTimeout(resolve, 2000));
        continue;
      }
      server.push(body.data?.planTrip ? project(body.data.planTrip) : { error: code ?? 'NO_ANSWER' });
      break;
    }
  }

  // 4. The app's worker, in Chromium with 4× CPU throttling.
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await page.addInitScript((c) => localStorage.setItem('sawari.city', c), city);
    let workerUrl = null;
    page.on('worker', (w) => {
      if (/planner-worker/.test(w.url())) workerUrl ??= w.url();
    });
    await page.goto(`${base}/app/trip-planner`);
    // The planner screen starts its worker, which downloads the file into IndexedDB.
    const kept = async () =>
      page.evaluate(
        () =>
          new Promise((resolve) => {
            const open = indexedDB.open('sawari-timetables');
            open.onsuccess = () => {
              if (!open.result.objectStoreNames.contains('files')) return resolve(0);
              const q = open.result.transaction('files').objectStore('files').count();
              q.onsuccess = () => resolve(q.result);
            };
            open.onerror = () => resolve(0);
          }),
      );
    const until = Date.now() + 120_000;
    while (!(workerUrl && (await kept()) > 0)) {
      if (Date.now() > until) throw new Error(`the planner screen kept no timetable file (worker ${workerUrl ?? 'never started'})`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const cdp = await context.newCDPSession(page);
    const run = async (rate, list) => {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      return page.evaluate(
        async ({ url, city, list }) => {
          const w = new Worker(url);
          const ask = (msg) =>
            new Promise((resolve) => {
              w.onmessage = (e) => resolve(e.data);
              w.postMessage(msg);
            });
          const out = [];
          let id = 0;
          for (const r of list) {
            const t = performance.now();
            const a = await ask({ id: ++id, type: 'plan', city, windowMinutes: 0, maxTransfers: 3, ...r });
            out.push({
              roundTripMs: performance.now() - t,
              ms: a.ok ? a.result.ms : null,
              plan: a.ok ? a.result.plan : null,
              error: a.ok ? null : a.error.code,
            });
          }
          w.terminate();
          return out;
        },
        { url: workerUrl, city, list },
      );
    };
    // Unthrottled first (a fresh worker: its first plan reads and decodes the file), to show what the throttling does.
    const plain = await run(1, requests.slice(0, 50));
    const throttled = await run(4, requests);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const ms = throttled.slice(1).map((r) => r.ms);
    record(
      `offline plan in the planner worker (Chromium, 4× CPU throttling), median of ${ms.length} requests`,
      median(ms).toFixed(1),
      `ms (p95 ${p95(ms).toFixed(1)} ms; round trip from the page median ${median(throttled.slice(1).map((r) => r.roundTripMs)).toFixed(1)} ms; unthrottled median ${median(plain.slice(1).map((r) => r.ms)).toFixed(1)} ms)`,
      `≤ ${WORKER_TARGET_MS} ms`,
      median(ms) <= WORKER_TARGET_MS,
    );
    record(
      'first offline plan of a worker (reads the file from IndexedDB, checks its SHA-256, decodes it), 4× throttling',
      throttled[0].roundTripMs.toFixed(0),
      `ms (unthrottled ${plain[0].roundTripMs.toFixed(0)} ms)`,
    );
    // 5. Agreement.
    let same = 0;
    let withJourneys = 0;
    const differing = [];
    throttled.forEach((r, i) => {
      const mine = r.plan ? project(r.plan) : { error: r.error };
      const theirs = server[i];
      if (JSON.stringify(mine) === JSON.stringify(theirs)) same++;
      else differing.push(i);
      if (theirs.itineraries?.length) withJourneys++;
    });
    for (const i of differing.slice(0, 5))
      log(
        `    differs: request ${i} ${JSON.stringify(requests[i])}\n      server ${JSON.stringify(server[i]).slice(0, 300)}\n      worker ${JSON.stringify(throttled[i].plan ? project(throttled[i].plan) : throttled[i].error).slice(0, 300)}`,
      );
    record(
      'offline plans identical to the server planTrip (same requests, tomorrow 08:00)',
      same,
      `of ${requests.length} (${withJourneys} with itineraries; 200 leave-at, 50 arrive-by, 50 from a point)`,
      `${requests.length} of ${requests.length}`,
      same === requests.length,
    );
  } finally {
    await browser.close();
  }
}
