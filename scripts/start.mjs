#!/usr/bin/env node
// `npm start`: build what is not built yet (web apps and the API, incrementally), then run the one Node process, on
// the API compiled to JavaScript (api/dist, no tsx; `npm run dev:api` runs the TypeScript sources), that serves the
// API under /api, the shell under /app, each remote under /remotes/<dir>/<version>/ and /app/remotes.json.
// PORT, HOST and DATA_DIR override port, address and data folder; DATABASE_URL switches to a PostgreSQL server. Beside
// it runs the development payment gateway (DEV_GATEWAY_PORT, 8090) unless RAZORPAY_API_URL names a real one.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_DIST, API_ENTRY, buildApi } from '../api/build.mjs';
import { buildWeb } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

await buildWeb();
await buildApi();

// The real Kochi feed (../shared/data, never copied into the repo) is imported on the first start of a data folder
// when it is there: about 20 s once, then the city is served from the database.
const kochiFeed = path.resolve(root, '../shared/data/kochi/gtfs.zip');
const importFeeds = existsSync(kochiFeed) ? { SAWARI_IMPORT_GTFS: `kochi=${kochiFeed}` } : {};
if (!existsSync(kochiFeed)) console.log(`The Kochi GTFS feed is absent (${kochiFeed}): only the demo Mumbai airport-express feed is served.`);

// The development payment gateway (api/src/dev-gateway: Razorpay's API and hosted pages in test mode, its own process
// and origin), unless RAZORPAY_API_URL names a real gateway. Its ledger lives in <DATA_DIR>/dev-gateway; its webhooks
// go to this API; chaos on (webhooks twice now and then, out of order, before the rider is back), as live Razorpay does.
let gateway = null;
let stopping = false;
const gatewayEnv = {};
if (!process.env.RAZORPAY_API_URL) {
  const gatewayPort = process.env.DEV_GATEWAY_PORT || '8090';
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  gateway = spawn(process.execPath, ['--enable-source-maps', path.join(API_DIST, 'dev-gateway/main.js')], {
    cwd: root,
    stdio: 'inherit',
    env: {
      NODE_ENV: 'development',
      ...process.env,
      DEV_GATEWAY_PORT: gatewayPort,
      DEV_GATEWAY_DATA_DIR: path.resolve(root, process.env.DATA_DIR || '.data', 'dev-gateway'),
      DEV_GATEWAY_WEBHOOK_URL: `http://127.0.0.1:${process.env.PORT || '8080'}/api/payments/gateway/razorpay/webhook`,
      DEV_GATEWAY_CHAOS: process.env.DEV_GATEWAY_CHAOS || 'on',
    },
  });
  gateway.on('exit', (code, signal) => {
    if (code !== 0 && signal === null && !stopping) console.error(`The development payment gateway exited (code ${code}); payments other than cash will fail.`);
  });
  // Up before the API takes its first payment (a few hundred ms).
  const up = () =>
    fetch(`${gatewayUrl}/`).then(
      (r) => r.ok,
      () => false,
    );
  for (let i = 0; i < 50 && gateway.exitCode === null && !(await up()); i++) await new Promise((r) => setTimeout(r, 100));
  Object.assign(gatewayEnv, { RAZORPAY_API_URL: gatewayUrl, RAZORPAY_CHECKOUT_URL: process.env.RAZORPAY_CHECKOUT_URL || gatewayUrl });
}

const server = spawn(process.execPath, ['--enable-source-maps', API_ENTRY], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'development', ...importFeeds, ...process.env, ...gatewayEnv },
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopping = true;
    server.kill(signal);
    gateway?.kill(signal);
  });
server.on('exit', (code, signal) => {
  stopping = true;
  if (gateway && gateway.exitCode === null) gateway.kill('SIGTERM');
  process.exit(code ?? (signal ? 1 : 0));
});
