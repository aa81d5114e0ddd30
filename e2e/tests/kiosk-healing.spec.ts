// A kiosk never needs a person (docs/airport-timings.md "Kiosks that heal themselves"): this spec runs its
// own server, opens a board, kills the server, reloads (the service worker and IndexedDB keep the board and its last
// data, shown with its age while it retries with back-off), restarts the server (the board recovers by itself), then
// deploys a new build of mf-airport (scripts/deploy-remote.mjs, as deploy-remote.spec.ts does) and sees the kiosk
// switch to it by itself. `?version-check-s=3` is the documented test-only setting that shortens the 15-minute check.
import { test, expect, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot, startServer, type RunningServer } from '../support/server';

const BOARD = '/app/airport-static-screens/airport-express-bus-time/T1?version-check-s=3';
const deploy = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/deploy-remote.mjs', 'mf-airport', ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 150_000 });
const deployedVersion = () =>
  (JSON.parse(fs.readFileSync(path.join(repoRoot, 'shell/dist/remotes.json'), 'utf8')).remotes as { dir: string; version: string }[]).find(
    (r) => r.dir === 'mf-airport',
  )?.version as string;

const rows = (page: Page) => page.getByTestId('board-row');
/** Every row shows a countdown or Not Available: the board has its data. */
async function expectBoardRows(page: Page) {
  await expect(rows(page)).toHaveCount(2);
  for (const r of await rows(page).all()) await expect(r).toHaveText(/(\d+ min|Not Available)/);
}

let server: RunningServer | null = null;
test.afterEach(async () => server?.stop());

test('a kiosk keeps its data while the server is down, recovers by itself, and switches to a new deployed version', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const port = await freePort(); // the same port when the server comes back
  server = await startServer(port);
  const url = server.url;
  const timingsCalls: { ok: boolean; at: number }[] = [];
  const remoteFiles: string[] = [];
  page.on('requestfinished', (r) => r.url().includes('/by_route_stop_pairs') && timingsCalls.push({ ok: true, at: Date.now() }));
  page.on('requestfailed', (r) => r.url().includes('/by_route_stop_pairs') && timingsCalls.push({ ok: false, at: Date.now() }));
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (p.startsWith('/remotes/mf-airport/')) remoteFiles.push(p);
  });

  await page.setViewportSize({ width: 1080, height: 1920 });
  await page.goto(`${url}${BOARD}`);
  await expect(page.getByText('LIVE SCHEDULE', { exact: true })).toBeVisible();
  await expectBoardRows(page);
  await expect(page.getByTestId('board-reconnecting')).toHaveCount(0);
  // The service worker has kept the shell and the remote, and the board its last answer, for a reload without server.
  await expect(page.locator('html[data-offline-ready="true"]')).toHaveCount(1, { timeout: 30_000 });
  const shownBefore = await rows(page).allTextContents();

  // The server dies; the kiosk reloads (a power cut, a watchdog): the board comes back from storage, with its age,
  // and retries by itself.
  await server.stop();
  server = null;
  await page.reload();
  await expect(page.getByText('LIVE SCHEDULE', { exact: true })).toBeVisible();
  await expectBoardRows(page);
  expect(await rows(page).allTextContents()).toEqual(shownBefore);
  await expect(page.getByTestId('board-reconnecting')).toBeVisible();
  await expect(page.getByTestId('board-age')).toContainText(/Last updated (less than a minute|\d+ min) ago/);
  const failedSince = Date.now();
  await expect.poll(() => timingsCalls.filter((c) => !c.ok && c.at >= failedSince).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  await page.screenshot({ path: testInfo.outputPath('kiosk-server-down.png') });

  // The server comes back: nobody touches the kiosk, the board answers fresh data again.
  server = await startServer(port);
  await expect(page.getByTestId('board-reconnecting')).toHaveCount(0, { timeout: 75_000 });
  await expect(page.getByTestId('board-age')).toHaveCount(0);
  await expectBoardRows(page);
  await page.screenshot({ path: testInfo.outputPath('kiosk-recovered.png') });

  // A new build of the board's remote is deployed into the running server: the kiosk notices within its check
  // interval, reloads at the next quiet moment (just after a minute tick) and runs the new version.
  const first = deploy();
  expect(first.status, first.stderr).toBe(0);
  const v1 = deployedVersion();
  // (When that build differed from what the page runs, the kiosk already reloads into it: the same path as below.)
  await expect(page.locator(`html[data-kiosk-version="${v1}"]`)).toHaveCount(1, { timeout: 75_000 });
  await expectBoardRows(page);
  const artefact = fs.mkdtempSync(path.join(os.tmpdir(), 'sawari-kiosk-deploy-'));
  let v2 = '';
  try {
    fs.cpSync(path.join(repoRoot, 'remote-releases/mf-airport', v1), artefact, { recursive: true });
    fs.appendFileSync(path.join(artefact, 'remoteEntry.js'), `\n/* deployed by the kiosk self-healing e2e ${Date.now()} */\n`);
    for (const ext of ['.gz', '.br']) fs.rmSync(path.join(artefact, `remoteEntry.js${ext}`), { force: true });
    const deployed = deploy('--dist', artefact);
    expect(deployed.status, deployed.stderr).toBe(0);
    v2 = deployedVersion();
    expect(v2).not.toBe(v1);
    remoteFiles.length = 0;
    await expect(page.locator(`html[data-kiosk-update="${v2}"]`)).toHaveCount(1, { timeout: 20_000 });
    // The reload itself: the new page says which version it runs.
    await expect(page.locator(`html[data-kiosk-version="${v2}"]`)).toHaveCount(1, { timeout: 75_000 });
    await expect(page.getByText('LIVE SCHEDULE', { exact: true })).toBeVisible();
    await expectBoardRows(page);
    // The board's page loads the new version's kiosk script (docs/airport-timings.md "A board without the shell").
    expect(remoteFiles.filter((p) => p.startsWith(`/remotes/mf-airport/${v2}/kiosk.`))).toHaveLength(1);
  } finally {
    if (v1 && deployedVersion() !== v1) deploy('--to', v1);
    fs.rmSync(artefact, { recursive: true, force: true });
    if (v2 && v2 !== v1) {
      fs.rmSync(path.join(repoRoot, 'remote-releases/mf-airport', v2), { recursive: true, force: true });
      fs.rmSync(path.join(repoRoot, 'remote-releases/mf-airport', `${v2}.json`), { force: true });
    }
  }
});
