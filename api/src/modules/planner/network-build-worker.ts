import { parentPort, workerData } from 'node:worker_threads';
import { buildNetwork, sharedRoutingArrays, type Network } from './core';
import type { BuiltInWorker, NetworkBuildJob } from './network-build';
import { networkInput } from './service';

/** A network build worker (network-build.ts): builds one service day's network from its rows and posts it back. */
const port = parentPort;
if (!port) throw new Error('network-build-worker.ts runs only as a worker thread (buildNetworkInWorker)');
try {
  const { rows, slackSecs } = workerData as NetworkBuildJob;
  const { input, headsigns } = networkInput(rows, slackSecs);
  const raw = buildNetwork(input);
  const arrays = sharedRoutingArrays(raw);
  const network: Network = { ...raw, ...arrays };
  const answer: BuiltInWorker = { network, arrays, headsigns };
  port.postMessage(answer);
} catch (err) {
  port.postMessage({ error: (err as Error).message });
}
