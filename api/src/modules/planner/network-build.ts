import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Network, RoutingArrays } from './core';
import type { PlannerRows } from './store';

/**
 * A service day's network built off the request thread (issue 15, a big city): ten times Kochi's feed takes seconds of
 * CPU to build, which on the request thread would stall every request meanwhile. A short-lived worker thread gets the
 * rows, builds the network (routing arrays straight into shared memory) and hands it back; only the copying of the
 * rows in and of the non-shared parts out happens on the request thread.
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

/** The worker's entry: compiled JavaScript when it exists next to this file, else the TypeScript source through tsx. */
function workerSource(): string {
  const compiled = __filename.endsWith('.js');
  const file = path.join(__dirname, compiled ? 'network-build-worker.js' : 'network-build-worker.ts');
  return compiled
    ? `require(${JSON.stringify(file)});`
    : `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register(); require(${JSON.stringify(file)});`;
}

export function buildNetworkInWorker(job: NetworkBuildJob): Promise<BuiltInWorker> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerSource(), { eval: true, workerData: job });
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
}
