import { test, expect } from '@playwright/test';
import { freePort, startServer, type RunningServer } from '../support/server';

// A second visit with the server gone: the service worker serves the board's last page and its kiosk script from its
// caches and the board shows the timings it kept, saying how old they are. The server is really stopped, not emulated.
let server: RunningServer;
test.beforeEach(async () => {
  server = await startServer(await freePort());
});
test.afterEach(async () => server?.stop());

const rowFor = (page: import('@playwright/test').Page, destination: string) => page.getByRole('row').filter({ hasText: destination });

test('a second visit with the server down renders the shell and a board from the service worker', async ({ page }) => {
  const board = `${server.url}/app/airport-static-screens/airport-express-bus-time/T1`;
  // First visit on the real clock: Playwright's fake clock also stubs performance.getEntriesByType, which the page uses
  // to tell the newly installed service worker what it already loaded.
  await page.goto(board);
  await expect(rowFor(page, 'Kharghar')).toHaveText(/(\d+ hr )?\d+ min/);
  // The service worker installed and kept what this page loaded.
  await expect(page.locator('html[data-offline-ready="true"]')).toHaveCount(1, { timeout: 20_000 });
  // ...and the board kept its last good answer in IndexedDB.
  const keptBoards = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('keyval-store');
          open.onsuccess = () => {
            const req = open.result.transaction('keyval').objectStore('keyval').count();
            req.onsuccess = () => resolve(req.result);
          };
          open.onerror = () => resolve(0);
        }),
    );
  await expect.poll(keptBoards).toBe(1);

  // A reload with the server up (a kiosk watchdog, a new version) goes through the service worker, which asks the
  // network first for a board's page: the server's rows and data come with it.
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  expect(await reloaded?.text()).toContain('id="sawari-board-data"');
  await expect(rowFor(page, 'Kharghar')).toHaveText(/(\d+ hr )?\d+ min/);

  await server.stop();
  // Five minutes later, no server: the board's last page (kept without its inlined data) and its kiosk script from the
  // service worker, the timings from IndexedDB, with their age.
  await page.clock.install({ time: Date.now() + 5 * 60_000 });
  const offline = await page.goto(board);
  expect(offline?.fromServiceWorker()).toBe(true);
  expect(await offline?.text()).not.toContain('id="sawari-board-data"');
  expect(await offline?.text()).toMatch(/<script defer data-kiosk-entry src="\/remotes\/mf-airport\/[0-9a-f]{12}\/kiosk\.[0-9a-f]{10}\.js">/);
  await expect(page.getByText('LIVE SCHEDULE', { exact: true })).toBeVisible();
  await expect(rowFor(page, 'Kharghar')).toHaveText(/(\d+ hr )?\d+ min/);
  await expect(page.getByText(/Last updated [56] min ago/)).toBeVisible();

  // The app's own start screen is in the precache: it renders offline too.
  await page.goto(`${server.url}/app/`);
  await expect(page.getByRole('banner')).toContainText('Sawari');
});
