// A real server for a standalone bench: fresh data folder, the Kochi feed imported at start, API only; `fn(base)`
// runs against it, then the server is stopped and its folder removed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const KOCHI_FEED = path.resolve(root, '../shared/data/kochi/gtfs.zip');

export async function waitHealthy(url) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} never became healthy`);
}

/**
 * The API as `npm start` runs it (api/dist, plain node; build it first with api/build.mjs), development settings, API
 * only, warnings only: PGlite in `dataDir`, or PostgreSQL at `databaseUrl`; `env` adds or overrides settings.
 * BENCH_SERVER_NODE_ARGS adds node options to the server alone, e.g. a CPU profile of each start:
 * `BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'` (node refuses --cpu-prof in NODE_OPTIONS).
 */
export function spawnCompiledApi({ port, dataDir = 'memory://', databaseUrl = '', env = {} }) {
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return spawn(process.execPath, [...nodeArgs, path.join(root, 'api/dist/app/main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      WEB_ROOT: 'off',
      ...env,
    },
  });
}

export async function withKochiServer(port, fn) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sawari-bench-kochi-'));
  const base = `http://127.0.0.1:${port}`;
  const main = ['api/src/app/main.ts', 'api/src/platform/main.ts'].map((p) => path.join(root, p)).find((p) => existsSync(p));
  const started = Date.now();
  const server = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_ROOT: 'off',
      DATABASE_URL: '',
      SAWARI_IMPORT_GTFS: `kochi=${KOCHI_FEED}`,
    },
  });
  try {
    await waitHealthy(`${base}/api/health`);
    return await fn(base, Date.now() - started);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
