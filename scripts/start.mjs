#!/usr/bin/env node
// `npm start`: build what is not built yet (web apps and the API, incrementally), then run the one Node process, on
// the API compiled to JavaScript (api/dist, no tsx; `npm run dev:api` runs the TypeScript sources), that serves the
// API under /api, the shell under /app, each remote under /remotes/<dir>/<version>/ and /app/remotes.json.
// PORT, HOST and DATA_DIR override port, address and data folder; DATABASE_URL switches to a PostgreSQL server.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_ENTRY, buildApi } from '../api/build.mjs';
import { buildWeb } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

await buildWeb();
await buildApi();

// The real Kochi feed (../shared/data, never copied into the repo) is imported on the first start of a data folder
// when it is there: about 20 s once, then the city is served from the database.
const kochiFeed = path.resolve(root, '../shared/data/kochi/gtfs.zip');
const importFeeds = existsSync(kochiFeed) ? { SAWARI_IMPORT_GTFS: `kochi=${kochiFeed}` } : {};
if (!existsSync(kochiFeed)) console.log(`The Kochi GTFS feed is absent (${kochiFeed}): only the demo Mumbai airport-express feed is served.`);

const server = spawn(process.execPath, ['--enable-source-maps', API_ENTRY], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'development', ...importFeeds, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
