// A team deploys one remote alone into the RUNNING server (scripts/deploy-remote.mjs, docs/adding-a-seller-and-a-remote.md
// "Deploying one remote"): publish a new version, switch its line in remotes.json, the next page load takes it; roll
// back the same way. No other app is rebuilt. The new version is the deployed build of mf-airport with a changed
// remoteEntry.js, handed over as a CI artefact would be (--dist): a real, loadable new version, and the same code, so
// other specs running meanwhile see the same boards whichever version their page loaded.
import { test, expect, type APIRequestContext } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../support/server';

type Line = { dir: string; version: string; entry: string };
const BOARD = '/app/airport-static-screens/airport-express-bus-time/T1';
/** The kiosk script a version's kiosk.json names. */
const kioskScript = async (request: APIRequestContext, version: string): Promise<string> =>
  (await (await request.get(`/remotes/mf-airport/${version}/kiosk.json`)).json()).script;

const deploy = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/deploy-remote.mjs', 'mf-airport', ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 150_000 });
const lines = async (request: APIRequestContext): Promise<Line[]> => (await (await request.get('/app/remotes.json')).json()).remotes;
const mtimes = (files: string[]) => files.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : -1));

// Every request is observed, so the service worker must not answer in the network's place.
test.use({ serviceWorkers: 'block' });

test('deploy a new version of mf-airport into the running server, then roll back, rebuilding no other app', async ({ page, request }) => {
  test.setTimeout(240_000);
  const listed = async () => (await lines(request)).find((r) => r.dir === 'mf-airport')?.version as string;
  const others = (await lines(request)).filter((r) => r.dir !== 'mf-airport');
  const untouched = [path.join(repoRoot, 'shell/dist/index.html'), ...others.map((r) => path.join(repoRoot, r.dir, 'dist/remoteEntry.js'))];
  const untouchedBefore = mtimes(untouched);

  const loaded: string[] = [];
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (p.startsWith('/remotes/mf-airport/')) loaded.push(p);
  });

  // The build path: mf-airport alone is built (up to date right after the suite's build) and deployed; deploying the
  // same sources again changes nothing (same version).
  const first = deploy();
  expect(first.status, first.stderr).toBe(0);
  const v1 = await listed();
  expect(v1).toMatch(/^[0-9a-f]{12}$/);
  const again = deploy();
  expect(again.status, again.stderr).toBe(0);
  expect(again.stdout).toContain(`mf-airport ${v1} is already the deployed version`);

  const artefact = fs.mkdtempSync(path.join(os.tmpdir(), 'sawari-deploy-'));
  const marker = `/* deployed by the e2e test ${Date.now()} */`;
  let v2 = '';
  try {
    fs.cpSync(path.join(repoRoot, 'remote-releases/mf-airport', v1), artefact, { recursive: true });
    fs.appendFileSync(path.join(artefact, 'remoteEntry.js'), `\n${marker}\n`);
    for (const ext of ['.gz', '.br']) fs.rmSync(path.join(artefact, `remoteEntry.js${ext}`), { force: true });

    const deployed = deploy('--dist', artefact);
    expect(deployed.status, deployed.stderr).toBe(0);
    const after = await lines(request);
    v2 = after.find((r) => r.dir === 'mf-airport')?.version as string;
    expect(v2).toMatch(/^[0-9a-f]{12}$/);
    expect(v2, `deploy said: ${deployed.stdout}${deployed.stderr}`).not.toBe(v1);
    expect(deployed.stdout).toContain(`mf-airport ${v1} -> ${v2}`);
    expect(after.filter((r) => r.dir !== 'mf-airport')).toEqual(others);
    expect(await (await request.get(`/remotes/mf-airport/${v2}/remoteEntry.js`)).text()).toContain(marker);

    // The next page load takes the new version, and only it: a board's page loads that version's kiosk script
    // (docs/airport-timings.md "A board without the shell"; the federated screens of the remote take the same
    // remotes.json line, checked above, and are signed-in screens).
    await page.goto(BOARD);
    await expect(page.getByText('LIVE SCHEDULE', { exact: true })).toBeVisible();
    expect(loaded).toContain(`/remotes/mf-airport/${v2}/${await kioskScript(request, v2)}`);
    expect(loaded.filter((p) => p.includes(`/${v1}/`))).toEqual([]);

    // Roll back the same way.
    const rolledBack = deploy('--rollback');
    expect(rolledBack.status, rolledBack.stderr).toBe(0);
    expect(rolledBack.stdout).toContain(`mf-airport ${v2} -> ${v1} (rollback)`);
    expect((await lines(request)).find((r) => r.dir === 'mf-airport')?.version).toBe(v1);
    loaded.length = 0;
    await page.goto(BOARD);
    await expect(page.getByText('LIVE SCHEDULE', { exact: true })).toBeVisible();
    expect(loaded).toContain(`/remotes/mf-airport/${v1}/${await kioskScript(request, v1)}`);
    expect(loaded.filter((p) => p.includes(`/${v2}/`))).toEqual([]);

    // No other app was rebuilt or touched.
    expect(mtimes(untouched)).toEqual(untouchedBefore);
  } finally {
    if (v1 && (await listed()) !== v1) deploy('--to', v1);
    fs.rmSync(artefact, { recursive: true, force: true });
    if (v2 && v2 !== v1) {
      fs.rmSync(path.join(repoRoot, 'remote-releases/mf-airport', v2), { recursive: true, force: true });
      fs.rmSync(path.join(repoRoot, 'remote-releases/mf-airport', `${v2}.json`), { force: true });
    }
  }
});
