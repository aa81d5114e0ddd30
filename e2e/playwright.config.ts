import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumArgs, chromiumPath, repoRoot, serverEnv } from './support/server';

const port = Number(process.env.E2E_PORT || 18180);
const dataDir = path.join(os.tmpdir(), `sawari-e2e-main-${port}`);
// The real Kochi feed, when ../shared/data has it: tests that need it say so and skip when it is absent.
export const kochiFeed = path.resolve(repoRoot, '../shared/data/kochi/gtfs.zip');
const importFeeds: Record<string, string> = existsSync(kochiFeed) ? { SAWARI_IMPORT_GTFS: `kochi=${kochiFeed}` } : {};

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(repoRoot, 'test-results', 'e2e'),
  fullyParallel: true,
  workers: 2,
  // On CI one retry: a test that passes only on its retry is reported as flaky (npm test prints it), not hidden; a test that
  // fails twice fails the run. Locally none, so a flake shows at once.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // What `npm start` runs: the API compiled to JavaScript (api/build.mjs, incremental), on a fresh data folder
    // (migrated and seeded with demo data on start). Servers a spec starts itself (support/server.ts) run the same file.
    command: `node api/build.mjs && rm -rf ${dataDir} && node --enable-source-maps api/dist/app/main.js`,
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    // PAYMENTS_SANDBOX_PENDING_MS: pending test payments (pending@upi, 4000 0025 0000 3155) settle after 4 s instead of
    // 30 s, so checkout tests see the waiting state and its end quickly (docs/checkout.md).
    env: { ...serverEnv(port, dataDir), PAYMENTS_SANDBOX_PENDING_MS: '4000', ...importFeeds },
  },
});
