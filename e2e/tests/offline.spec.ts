import { test, expect } from '@playwright/test';
import { startServer, type RunningServer } from '../support/server';

// A second visit with the server gone: the service worker serves the shell and mf-airport from its caches and the board
// shows the timings it kept in IndexedDB, saying how old they are. The server is really stopped, not emulated.
let server: RunningServer;
test.beforeEach(async ({}, testInfo) => {
  server = await startServer(18190 + testInfo.workerIndex * 10 + testInfo.repeatEachIndex);
});
test.afterEach(async () => server?.stop());

test('a second visit with the server down renders the shell and a board from the service worker', async ({ page }) => {
  const board = `${server.url}/app/airport-static-screens/airport-express-bus-time/T1`;
  await page.clock.install({ time: new Date('2026-11-21T10:07:00+05:30') });
  await page.goto(board);
  await expect(page.getByRole('row').filter({ hasText: 'Kharghar' })).toContainText('23 min');
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return reg.active?.state;
  });
  // Visit the app once too, so its start screen is known to the service worker.
  await page.goto(`${server.url}/app/`);
  await expect(page.locator('#sawari-outlet, main').first()).toBeVisible();

  await server.stop();
  await page.clock.fastForward('05:00');
  await page.goto(board);
  await expect(page.getByText('LIVE SCHEDULE', { exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Kharghar' })).toContainText(/\d+ min/);
  await expect(page.getByText(/Last updated \d+ min ago/)).toBeVisible();

  await page.goto(`${server.url}/app/`);
  await expect(page.getByRole('banner')).toContainText('Sawari');
});
