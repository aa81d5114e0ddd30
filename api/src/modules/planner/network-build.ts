import { Worker } from 'node:worker_threads';
import type { Network, RoutingArrays } from '@sawari/domain/src/planner';
import type { PlannerRows } from './store';
import { workerSource } from '../../platform/worker-source';

/**
 * A service day's network built off the request thread (a big city): ten times Kochi's feed takes seconds of
 * CPU to build, which on the request thread would stall every request meanwhile. A short-lived worker thread gets the
 * rows (in parts of 5,000, so no one copy holds the request thread for long), builds the network (routing arrays
 * straight into shared memory) and hands it back; only the copying of the rows in and of the non-shared parts out
 * happens on the request thread.
 */
export interface BuiltInWorker {
  network: Network;
  /** The same shared arrays as in `network` (what the query runner's workers read). */
  arrays: RoutingArrays;
  headsigns: (string | null)[];
}

export interface NetworkBuildJob {
  rows: PlannerRows;
  slackSecs: number;
}

/** The rows go to the worker this many at a time: one message's copy holds the request thread a few milliseconds. */
export const ROWS_PER_MESSAGE = 5_000;

/** What the request thread posts: the settings (workerData), then the rows in parts, then `end`. */
export type NetworkBuildMessage = { table: keyof PlannerRows; rows: unknown[] } | { end: true };

export async function buildNetworkInWorker(job: NetworkBuildJob, rowsPerMessage = ROWS_PER_MESSAGE): Promise<BuiltInWorker> {
  const worker = new Worker(workerSource(__filename, 'network-build-worker'), { eval: true, workerData: { slackSecs: job.slackSecs } });
  const answer = new Promise<BuiltInWorker>((resolve, reject) => {
    let settled = false;
    worker.once('message', (m: BuiltInWorker | { error: string }) => {
      settled = true;
      if ('error' in m) reject(new Error(`building the network failed: ${m.error}`));
      else resolve(m);
      void worker.terminate();
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the network build worker exited with code ${code}`));
    });
  });
  answer.catch(() => undefined);
  // The rows in parts, a turn for other requests between two (one message of half a million stop times held the
  // request thread over a second while it was copied).
  for (const table of Object.keys(job.rows) as (keyof PlannerRows)[]) {
    const list = job.rows[table] as unknown[];
    for (let i = 0; i < list.length; i += rowsPerMessage) {
      worker.postMessage({ table, rows: list.slice(i, i + rowsPerMessage) } satisfies NetworkBuildMessage);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  worker.postMessage({ end: true } satisfies NetworkBuildMessage);
  return answer;
}
