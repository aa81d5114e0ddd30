import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumArgs, chromiumPath, repoRoot, serverEnv } from './support/server';

const port = Number(process.env.E2E_PORT || 18180);
const dataDir = path.join(os.tmpdir(), `sawari-e2e-main-${port}`);
/** The development gateway (api/src/dev-gateway): its own port, so its own origin, as the real gateway's is. */
export const gatewayPort = Number(process.env.E2E_GATEWAY_PORT || 18190);
export const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
const gatewayDataDir = path.join(os.tmpdir(), `sawari-e2e-gateway-${gatewayPort}`);
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
    // A trace of the retry of a test that failed (CI retries once), not of every test: recording one for each test and
    // throwing it away when it passed (retain-on-failure) made the route sweep's signed-out visits take 79-84 s, 67-70 s
    // without (docs/testing.md "The suite"). A failure's screenshot is kept on every try.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  // Started in this order: the development gateway (a Razorpay look-alike on its own origin, docs/payment-gateway.md:
  // riders pay on its hosted page, its webhooks go to the API), then the API that talks to it.
  webServer: [
    {
      // The API compiled first (api/build.mjs, incremental): the gateway is one of its entry points. A fresh ledger.
      command: `node api/build.mjs && rm -rf ${gatewayDataDir} && node --enable-source-maps api/dist/dev-gateway/main.js`,
      cwd: repoRoot,
      url: `${gatewayUrl}/`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: {
        DEV_GATEWAY_PORT: String(gatewayPort),
        DEV_GATEWAY_HOST: '127.0.0.1',
        DEV_GATEWAY_DATA_DIR: gatewayDataDir,
        DEV_GATEWAY_WEBHOOK_URL: `http://127.0.0.1:${port}/api/payments/gateway/razorpay/webhook`,
      },
    },
    {
      // What `npm start` runs: the API compiled to JavaScript (api/build.mjs, incremental), on a fresh data folder
      // (migrated and seeded with demo data on start). Servers a spec starts itself (support/server.ts) run the same file.
      command: `node api/build.mjs && rm -rf ${dataDir} && node --enable-source-maps api/dist/app/main.js`,
      cwd: repoRoot,
      url: `http://127.0.0.1:${port}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      // The gateway's API (orders, payments, refunds) and its hosted checkout page (the CSP's form-action origin).
      env: { ...serverEnv(port, dataDir), RAZORPAY_API_URL: gatewayUrl, RAZORPAY_CHECKOUT_URL: gatewayUrl, ...importFeeds },
    },
  ],
});
