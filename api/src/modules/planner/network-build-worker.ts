import { parentPort, workerData } from 'node:worker_threads';
import { buildNetwork, sharedRoutingArrays, type Network } from '@sawari/domain/src/planner';
import type { BuiltInWorker, NetworkBuildJob, NetworkBuildMessage } from './network-build';
import type { PlannerRows } from './store';
import { networkInput } from './service';

/** A network build worker (network-build.ts): gathers one service day's rows, builds its network and posts it back. */
const port = parentPort;
if (!port) throw new Error('network-build-worker.ts runs only as a worker thread (buildNetworkInWorker)');
const { slackSecs } = workerData as Pick<NetworkBuildJob, 'slackSecs'>;
const rows: PlannerRows = { stops: [], routes: [], trips: [], stopTimes: [], frequencies: [], transfers: [] };
port.on('message', (m: NetworkBuildMessage) => {
  if (!('end' in m)) {
    const list = rows[m.table] as unknown[];
    for (const r of m.rows) list.push(r);
    return;
  }
  try {
    const { input, headsigns } = networkInput(rows, slackSecs);
    const raw = buildNetwork(input);
    const arrays = sharedRoutingArrays(raw);
    const network: Network = { ...raw, ...arrays };
    const answer: BuiltInWorker = { network, arrays, headsigns };
    port.postMessage(answer);
  } catch (err) {
    port.postMessage({ error: (err as Error).message });
  }
});
