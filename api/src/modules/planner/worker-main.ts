import { parentPort } from 'node:worker_threads';
import { buildNetwork, raptorRange, QueryStoppedError, type RangeQuery, type RoutingArrays, type TripInput } from '@sawari/domain/src/planner';
import type { ToWorker, FromWorker } from './pool';

/**
 * A planner worker thread (started by PlannerPool): keeps the routing arrays it was sent (shared memory, by network
 * key) and answers range queries on them, stopping a query whose deadline passed. No I/O, no database.
 */
const networks = new Map<string, RoutingArrays>();
const port = parentPort;
if (!port) throw new Error('worker-main.ts runs only as a worker thread (PlannerPool)');

port.on('message', (m: ToWorker) => {
  if (m.type === 'network') {
    networks.set(m.key, m.arrays);
    return;
  }
  if (m.type === 'drop') {
    networks.delete(m.key);
    return;
  }
  const net = networks.get(m.key);
  let answer: FromWorker;
  if (!net) {
    answer = { type: 'error', id: m.id, stopped: false, message: `no network ${m.key} in this worker` };
  } else {
    const started = Date.now();
    const query: RangeQuery = { ...m.query, shouldStop: () => Date.now() > m.deadline };
    try {
      answer = { type: 'done', id: m.id, journeys: raptorRange(net, query), ms: Date.now() - started };
    } catch (err) {
      answer = { type: 'error', id: m.id, stopped: err instanceof QueryStoppedError, message: (err as Error).message };
    }
  }
  port.postMessage(answer);
});
// Booted (the pool's timing: how long a worker takes to start).
port.postMessage({ type: 'ready' } satisfies FromWorker);

/**
 * Warms the search's code up before the first real query: a worker's first search ran unoptimised code (the 10x city's
 * first plan after a restart searched 861 ms in the worker against some 60 ms once warm). A small grid city's searches
 * (depart at, a window, arrive by) get the core's functions compiled with the same typed-array shapes; it runs while
 * the network loads, and a query that arrives meanwhile waits for it (tens of milliseconds).
 */
function warmUp(): void {
  const n = 8;
  const id = (r: number, c: number) => `w${r}_${c}`;
  const stops = Array.from({ length: n * n }, (_, i) => ({ id: id(Math.floor(i / n), i % n), lat: 10 + Math.floor(i / n) * 0.005, lon: 76 + (i % n) * 0.005 }));
  const trips: TripInput[] = [];
  for (let line = 0; line < n; line++) {
    for (const [dir, at] of [
      ['row', (k: number) => id(line, k)],
      ['col', (k: number) => id(k, line)],
    ] as const) {
      for (let dep = 6 * 3600; dep < 9 * 3600; dep += 600) {
        const times = Array.from({ length: n }, (_, k) => dep + k * 120);
        trips.push({
          id: `${dir}${line}_${dep}`,
          routeId: `${dir}${line}`,
          stopIds: Array.from({ length: n }, (_, k) => at(k)),
          arrivals: times,
          departures: times,
        });
      }
    }
  }
  const transfers = stops.flatMap((s, i) => (i % n < n - 1 ? [{ fromStopId: s.id, toStopId: stops[i + 1].id, minSecs: 240 }] : []));
  const net = buildNetwork({ stops, trips, transfers, transferSlackSecs: 120 });
  for (let i = 0; i < 60; i++) {
    const from = [{ stop: i % (n * n), walkSecs: 0 }];
    const to = [{ stop: (i * 37 + 11) % (n * n), walkSecs: 60 }];
    if (from[0].stop === to[0].stop) continue;
    const departAt = 6 * 3600 + (i % 10) * 300;
    raptorRange(net, { origins: from, destinations: to, departAt, maxTransfers: 3, windowSecs: i % 3 === 1 ? 3600 : 0 });
    raptorRange(net, { origins: from, destinations: to, departAt: departAt - 3600, maxTransfers: 3, windowSecs: 0, arriveBy: departAt + 3600 });
  }
}
warmUp();
