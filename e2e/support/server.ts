import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../api/src/testing/free-port';

/** A port nobody listens on (the system's ephemeral range): every server a spec starts itself takes one. */
export { freePort };

export const repoRoot = path.resolve(__dirname, '..', '..');

const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/** Flags Chromium needs on this project's machines (closed network, root, no GPU). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The rider's "reduce motion" setting: spinners and shimmer stand still, so the software compositor (no GPU here)
  // does not draw 60 frames a second behind every wait. Route sweep, signed out: 86-92 s before, 79-84 s with it
  // (docs/testing.md "The suite").
  '--force-prefers-reduced-motion',
];
/**
 * Debian's headless shell of the same Chromium when it is installed (scripts/ensure-chromium.mjs installs it), as
 * Playwright itself runs headless tests: no browser UI layer, 8-10 % less time a spec on this machine. Else the full
 * browser. CHROMIUM_PATH chooses another.
 */
export const chromiumPath = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** The development gateway every e2e server takes payments through (the Playwright config starts it, its own origin). */
const gatewayUrl = `http://127.0.0.1:${Number(process.env.E2E_GATEWAY_PORT || 18190)}`;

/** The environment of every e2e server (the Playwright config's and those specs start): development, on 127.0.0.1 with
 *  its own PGlite folder, warnings only, the test client's x-forwarded-for believed (a client address per rider), and
 *  the development gateway's API and hosted page. */
export const serverEnv = (port: number, dataDir: string): Record<string, string> => ({
  NODE_ENV: 'development',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  TRUST_PROXY: '127.0.0.1',
  RAZORPAY_API_URL: gatewayUrl,
  RAZORPAY_CHECKOUT_URL: gatewayUrl,
});

/**
 * Starts the real server (the compiled API `npm start` runs, built web apps) on its own port and data folder. The
 * Playwright config's web server compiles the API (api/build.mjs) before any spec runs.
 */
export async function startServer(port: number, env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sawari-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', path.join(repoRoot, 'api/dist/app/main.js')], {
    cwd: repoRoot,
    env: { ...process.env, ...serverEnv(port, dataDir), ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy in 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A server of its own for a spec's tiny feed (`feedDir`, imported as `city` at start) with live trip updates read from
 * the GTFS-RT file `tripUpdatesFile` every second, answered once the feed's stop `stopId` reads `stopName` (the feed
 * is imported after the server answers its health check: a loaded machine once planned before the import ended).
 */
export async function startLiveFeedServer(
  port: number,
  { city, feedDir, tripUpdatesFile, stopId, stopName }: { city: string; feedDir: string; tripUpdatesFile: string; stopId: string; stopName: string },
): Promise<RunningServer> {
  const server = await startServer(port, {
    SAWARI_IMPORT_GTFS: `${city}=${feedDir}`,
    REALTIME_SOURCE: 'gtfs-rt',
    GTFS_RT_CITY: city,
    GTFS_RT_TRIP_UPDATES_URL: tripUpdatesFile,
    GTFS_RT_POLL_MS: '1000',
    REALTIME_CACHE_MS: '0',
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    const r = await fetch(`${server.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ stop(city: "${city}", stopId: "${stopId}") { stop_name } }` }),
    }).catch(() => null);
    const name = r?.ok ? ((await r.json()) as { data?: { stop?: { stop_name: string } | null } }).data?.stop?.stop_name : undefined;
    if (name === stopName) return server;
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`the feed of ${city} was not imported within 90 s (stop ${stopId} reads ${String(name)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
