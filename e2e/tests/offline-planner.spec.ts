import { test, expect, type Page } from '@playwright/test';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { kochiFeed } from '../playwright.config';
import { freePort, startServer, type RunningServer } from '../support/server';

// Plans with no network: the planner opened once online keeps Kochi's timetable file on the phone (IndexedDB, through
// its worker); then the server is really stopped, and a plan from a stop to a stop and one from the rider's location
// (browser geolocation: the walk to nearby stops is computed on the phone) are answered in the browser by the same
// routing core, marked as timetable-only. English and Hindi, 360 px wide.
let server: RunningServer | undefined;
test.skip(!existsSync(kochiFeed), 'Kochi feed absent (../shared/data/kochi/gtfs.zip): the offline planner test needs a real city');
test.beforeEach(async ({}, testInfo) => {
  testInfo.setTimeout(180_000);
  server = await startServer(await freePort(), {
    SAWARI_IMPORT_GTFS: `kochi=${kochiFeed}`,
  });
});
test.afterEach(async () => server?.stop());

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
// Screenshots to look at, outside test-results (which the next Playwright run empties).
const shots = path.join(os.tmpdir(), 'sawari-offline-planner');
const shot = (name: string) => {
  mkdirSync(shots, { recursive: true });
  return path.join(shots, name);
};

/** Cities whose timetable file the planner worker keeps (its own IndexedDB database). */
const keptCities = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('sawari-timetables');
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains('files')) return resolve(0);
          const req = open.result.transaction('files').objectStore('files').count();
          req.onsuccess = () => resolve(req.result);
        };
        open.onerror = () => resolve(0);
      }),
  );

const TEXT = {
  en: {
    offline: 'From the timetable, without live bus data',
    planner: 'Trip planner',
    options: 'Trip options',
    list: 'Trip options',
    details: 'Trip details',
    plan: 'Plan trip',
    here: 'Use my location',
  },
  hi: {
    offline: 'समय-सारणी से, लाइव बस जानकारी के बिना',
    planner: 'यात्रा योजनाकार',
    details: 'यात्रा का विवरण',
    options: 'यात्रा विकल्प',
    list: 'यात्रा विकल्प',
    plan: 'यात्रा की योजना बनाएँ',
    here: 'मेरी लोकेशन इस्तेमाल करें',
  },
} as const;

for (const lang of ['en', 'hi'] as const) {
  test(`${lang}: the server stopped, a plan from a stop and one from my location come from the kept timetable`, async ({ page, context }) => {
    const t = TEXT[lang];
    const api = server!.url;
    // Two Kochi stops by name, as the search finds them.
    const stop = async (q: string) => {
      const r = await fetch(`${api}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: `query { search(city: "kochi", query: ${JSON.stringify(q)}, limit: 10) { result_type stop_id name lat lon } }` }),
      });
      const found = ((await r.json()) as { data: { search: { result_type: string; stop_id: string | null; name: string; lat: number; lon: number }[] } }).data
        .search;
      const s = found.find((x) => x.result_type === 'STOP' && x.stop_id);
      expect(s, `a stop named ${q}`).toBeTruthy();
      return s!;
    };
    const kaloor = await stop('Kaloor');
    const vyttila = await stop('Vyttila');
    await context.grantPermissions(['geolocation']);
    // About 150 m west of the Kaloor stop.
    await context.setGeolocation({ latitude: kaloor.lat, longitude: kaloor.lon - 0.0014 });
    await page.setViewportSize({ width: 360, height: 780 });
    await page.addInitScript((l) => {
      localStorage.setItem('sawari.city', 'kochi');
      localStorage.setItem('sawari.lang', l);
    }, lang);

    // Online, every screen the rider will use: the form (which has the worker keep the timetable file), the server's
    // options and an option's details; then back to the form.
    // Tomorrow 08:00 in Kochi: in the kept file (today and tomorrow) and with buses whatever the time of the run.
    const tomorrow = new Date(Date.now() + 19_800_000 + 86_400_000).toISOString().slice(0, 10);
    const q = new URLSearchParams({
      from: `stop:${kaloor.stop_id}`,
      fromName: kaloor.name,
      to: `stop:${vyttila.stop_id}`,
      toName: vyttila.name,
      mode: 'at',
      date: tomorrow,
      time: '08:00',
    });
    await page.goto(`${api}/app/trip-planner?${q}`);
    await expect(h1(page)).toHaveText(t.planner);
    await page.getByRole('button', { name: t.plan }).click();
    await expect(h1(page)).toHaveText(t.options);
    const options = page.getByRole('list', { name: t.list }).getByRole('link');
    await expect(options.first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('offline-plan')).toHaveCount(0);
    await options.first().click();
    await expect(h1(page)).toHaveText(t.details);
    await page.goBack();
    await page.goBack();
    await expect(h1(page)).toHaveText(t.planner);
    await expect.poll(() => keptCities(page), { timeout: 60_000 }).toBe(1);

    // The server is stopped: nothing answers on its port any more.
    await server!.stop();
    await expect(fetch(`${api}/api/health`)).rejects.toThrow();

    // Stop to stop again: the phone's answer, marked as timetable-only.
    await page.getByRole('button', { name: t.plan }).click();
    await expect(h1(page)).toHaveText(t.options);
    await expect(page.getByTestId('offline-plan')).toContainText(t.offline, { timeout: 30_000 });
    await expect(options.first()).toBeVisible();
    await page.screenshot({ path: shot(`offline-stop-to-stop-${lang}.png`), fullPage: true });
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // From my location: the walk to the nearby stops is computed on the phone.
    await page.goBack();
    await expect(h1(page)).toHaveText(t.planner);
    await page.getByRole('button', { name: t.here }).first().click();
    await page.getByRole('button', { name: t.plan }).click();
    await expect(h1(page)).toHaveText(t.options);
    await expect(page).toHaveURL(/from=geo%3A/);
    await expect(page.getByTestId('offline-plan')).toContainText(t.offline, { timeout: 30_000 });
    await expect(options.first()).toBeVisible();
    // The first option starts with a walk from the rider's location.
    await page.screenshot({ path: shot(`offline-from-location-${lang}.png`), fullPage: true });
    await options.first().click();
    await expect(h1(page)).toHaveText(t.details);
    if (lang === 'en') await expect(page.locator('ol li').first()).toContainText(/^Walk \d+ min to /);
    await page.screenshot({ path: shot(`offline-details-${lang}.png`), fullPage: true });
  });
}
