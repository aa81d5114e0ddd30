import { parentPort } from 'node:worker_threads';
import { raptorRange, QueryStoppedError, type RangeQuery, type RoutingArrays } from '@sawari/domain/src/planner';
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
