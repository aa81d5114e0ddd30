import { test, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { kochiFeed } from '../playwright.config';
import { expectReadableLayout } from '../support/layout';
import { freePort, startServer, type RunningServer } from '../support/server';

// The rider's screens on the real Kochi feed (routes without short names, long headsigns, a stop with about a hundred
// routes), not the demo: Home's next buses near Kaloor Stadium, that stop's page, a route there, its ETA and timetable
// (the board), a place search, a plan and an itinerary, at 360 px, at 100 % and 200 % text, in English and Hindi. Each
// screen passes the layout check (support/layout.ts: no sideways scrolling, no squeezed text, no list row taller than
// the phone). Its own server at 10:00 in India today (the fixed clock of docs/testing.md, so buses run whatever the
// hour of the run), the Kochi feed imported. Screenshots of Home in $TMPDIR/sawari-kochi/.
test.skip(!existsSync(kochiFeed), `Kochi feed absent (${kochiFeed}): the real-city screens need it`);
// One server for the file: its tests run in order in one worker.
test.describe.configure({ mode: 'default' });

const SHOTS = path.join(os.tmpdir(), 'sawari-kochi');
/** Kaloor Stadium, a platform of about a hundred routes (OpenStreetMap node ids are the feed's stop ids). */
// A stop of the feed, named by its id; where it is comes from the imported feed itself (nothing of it copied here).
const STADIUM = { stopId: 'n8463147703', name: 'Kaloor Stadium', lat: 0, lon: 0 };
const cityToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(Date.now());

let server: RunningServer;
let clockOffset = 0;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  server = await startServer(port, { SAWARI_CLOCK_START: `${cityToday()}T10:00:00+05:30`, SAWARI_IMPORT_GTFS: `kochi=${kochiFeed}` });
  // The feed is imported after the health check answers: wait until the stop is known.
  for (const deadline = Date.now() + 150_000; ;) {
    const r = await fetch(`${server.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ stop(city: "kochi", stopId: "${STADIUM.stopId}") { stop_id stop_lat stop_lon } }` }),
    }).then(
      (x) => x.json() as Promise<{ data?: { stop: { stop_lat: number; stop_lon: number } | null } }>,
      () => null,
    );
    if (r?.data?.stop) {
      STADIUM.lat = r.data.stop.stop_lat;
      STADIUM.lon = r.data.stop.stop_lon;
      break;
    }
    if (Date.now() > deadline) throw new Error('the Kochi feed was not imported in 150 s');
    await new Promise((ok) => setTimeout(ok, 500));
  }
  const { serverTime } = (await (await fetch(`${server.url}/api/config/server-time`)).json()) as { serverTime: number };
  clockOffset = serverTime - Date.now();
});
test.afterAll(async () => server?.stop());

async function gql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const r = await request.post(`${server.url}/api/graphql`, { data: { query, variables } });
  const body = (await r.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** A phone at 360 px, located at Kaloor Stadium, on the server's clock, in `lang`. */
async function phone(browser: Browser, lang: 'en' | 'hi'): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 360, height: 800 },
    geolocation: { latitude: STADIUM.lat, longitude: STADIUM.lon },
    permissions: ['geolocation'],
    serviceWorkers: 'block',
    bypassCSP: true,
  });
  await context.clock.install({ time: Date.now() + clockOffset });
  await context.addInitScript((l) => {
    localStorage.setItem('sawari.city', 'kochi');
    localStorage.setItem('sawari.lang', l);
  }, lang);
  return context.newPage();
}

/** The screen as drawn, checked at 100 % and at 200 % text (the root font size doubled, as the text-size setting does). */
async function readable(page: Page, screen: string, shot?: string) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('main [role="status"]:has-text("…")')).toHaveCount(0, { timeout: 20_000 });
  if (shot) await page.screenshot({ path: path.join(SHOTS, `${shot}.png`), fullPage: true });
  await expectReadableLayout(page, `${screen}, 100 % text`, { soft: true });
  await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
  if (shot) await page.screenshot({ path: path.join(SHOTS, `${shot}-200.png`), fullPage: true });
  await expectReadableLayout(page, `${screen}, 200 % text`, { soft: true });
  await page.evaluate(() => (document.documentElement.style.fontSize = ''));
}

for (const lang of ['en', 'hi'] as const) {
  test(`Kochi at 360 px (${lang}): Home, the stop, a route, its ETA and timetable, a search, a plan and an itinerary read at a glance`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const page = await phone(browser, lang);

    // Home: the next buses near Kaloor Stadium, grouped by line and direction.
    await page.goto('/app/');
    const near = page.getByTestId('home-near');
    await expect(near.locator('[data-route-badge]').first()).toBeVisible({ timeout: 30_000 });
    await readable(page, 'Home', `home-${lang}`);
    // No badge holds a whole route description ("Fort Kochi ↔ Palarivattom"): a short name or an abbreviation.
    for (const label of await page.locator('main [data-route-badge]').allTextContents()) expect(label.length, `badge "${label}"`).toBeLessThanOrEqual(8);

    // The stop's page: every bus due and the routes calling there, grouped and folded.
    await page.goto(`/app/nearest-bus-stop/all-buses/${STADIUM.stopId}/${encodeURIComponent(STADIUM.name)}/-`);
    await expect(page.locator('main [data-route-badge]').first()).toBeVisible({ timeout: 30_000 });
    await readable(page, 'stop', `stop-${lang}`);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height, 'the stop page scrolls in a few screens (it was 27,199 px)').toBeLessThan(6 * 800);

    // A route calling there, its ETA at the stop, its timetable there (the board).
    const stop = await gql<{ stop: { routes: { route_id: string; route_name: string }[] } }>(
      request,
      'query($s: ID!) { stop(city: "kochi", stopId: $s) { routes { route_id route_name } } }',
      { s: STADIUM.stopId },
    );
    const route = stop.stop.routes[0];
    await page.goto(`/app/live-tracking/route-map/${encodeURIComponent(route.route_id)}/${STADIUM.stopId}`);
    await readable(page, 'route', `route-${lang}`);
    await page.goto(
      `/app/live-tracking/estimate-arrival-time/${encodeURIComponent(route.route_id)}/${STADIUM.stopId}/${encodeURIComponent(STADIUM.name)}/${encodeURIComponent(route.route_name)}`,
    );
    await readable(page, 'ETA');
    await page.goto(`/app/live-tracking/time-table/${encodeURIComponent(route.route_id)}?stop=${STADIUM.stopId}`);
    await readable(page, 'timetable');

    // A search: one result per station (five "Kaloor" platforms are one Kaloor).
    await page.goto('/app/live-tracking/results?q=Kaloor');
    await expect(page.locator('#res-stops')).toBeVisible({ timeout: 20_000 });
    await readable(page, 'search');
    const kaloor = page.locator('section[aria-labelledby="res-stops"] li').filter({ hasText: /^Kaloor(?! Stadium)/ });
    expect(await kaloor.count(), 'one "Kaloor" result').toBe(1);

    // A plan from the stadium to Vyttila at 10:30 today, then its first option.
    const to = await gql<{ search: { result_type: string; stop_id: string | null; name: string }[] }>(
      request,
      'query { search(city: "kochi", query: "Vyttila", limit: 10) { result_type stop_id name } }',
    );
    const vyttila = to.search.find((s) => s.result_type === 'STOP' && s.stop_id)!;
    const q = new URLSearchParams({
      from: `stop:${STADIUM.stopId}`,
      fromName: STADIUM.name,
      to: `stop:${vyttila.stop_id}`,
      toName: vyttila.name,
      mode: 'at',
      time: '10:30',
      date: cityToday(),
    });
    await page.goto(`/app/trip-planner/results?${q}`);
    const options = page
      .locator('main ol')
      .filter({ has: page.locator('[data-route-badge]') })
      .first();
    await expect(options).toBeVisible({ timeout: 30_000 });
    await readable(page, 'plan');
    await options.getByRole('link').first().click();
    await expect(page.locator('main li [data-route-badge]').first()).toBeVisible({ timeout: 20_000 });
    await readable(page, 'itinerary');
    await page.context().close();
  });
}
