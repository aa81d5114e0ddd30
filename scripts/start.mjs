#!/usr/bin/env node
// `npm start`: build what is not built yet (web apps, incrementally), then run the one Node process that serves the
// API under /api, the shell under /app, each remote under /remotes/<dir>/<version>/ and /app/remotes.json.
// PORT, HOST and DATA_DIR override port, address and data folder; DATABASE_URL switches to a PostgreSQL server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWeb } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

await buildWeb();

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'api/src/platform/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'development', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
