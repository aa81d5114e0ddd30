import { existsSync } from 'node:fs';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { freePort, startServer } from '../support/server';

// typo-tolerant paged search, same-named stops told apart (with the distance from the
// rider), and maps that draw labelled stops, the rider's position and a scale.
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
async function useCity(page: Page, city: string) {
  await page.addInitScript((c) => localStorage.setItem('sawari.city', c), city);
}
const kochiFeed = path.resolve(__dirname, '../../../shared/data/kochi/gtfs.zip');

test.describe('search a rider can trust', () => {
  test.use({ serviceWorkers: 'block', geolocation: { latitude: 9.96947, longitude: 76.32149 }, permissions: ['geolocation'] });

  test('"Vytilla" finds Vyttila, one result for its ten stops, with its distance from the rider, and loads more without repeats', async ({ page }) => {
    test.skip(!existsSync(kochiFeed), `the Kochi feed is not at ${kochiFeed}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await useCity(page, 'kochi');
    await page.goto('/app/live-tracking/results?q=Vytilla');
    await expect(h1(page)).toHaveText('Search results');
    const section = page.getByRole('region', { name: 'Stops and places' });
    const cards = section.getByRole('link');
    await expect(cards.filter({ hasText: /^Vyttila(?! )/ }).first()).toBeVisible({ timeout: 20_000 });
    // One result per station (issue 36): the ten Vyttila stops, 200 m apart, are one Vyttila, how far it is from the
    // rider, where its buses go and its routes; it opens the stops around it, each told apart (the nearby test below).
    const vyttila = cards.filter({ hasText: /^Vyttila(?! )/ });
    await expect(vyttila).toHaveCount(1);
    await expect(vyttila).toContainText(/^Vyttila10 stops here\d+ m from you · towards .+ · routes /);
    await expect(vyttila).toHaveAttribute('href', /\/app\/nearest-bus-stop\/near-bus-stops\?lat=9\.9\d+&lon=76\.3\d+&name=Vyttila$/);
    await expect(cards.filter({ hasText: /from you/ })).toHaveCount(await cards.count());
    await page.getByRole('heading', { name: 'Stops and places' }).evaluate((h) => h.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: test.info().outputPath('search-vytilla-disambiguation.png') });

    // 21 routes pass by Vyttila: 20 first, the rest on request, none twice.
    const routes = page.getByRole('region', { name: 'Routes' }).getByRole('link');
    await expect(routes).toHaveCount(20);
    await page.getByRole('button', { name: 'Load more routes' }).click();
    await expect(routes).toHaveCount(21);
    await expect(page.getByRole('button', { name: 'Load more routes' })).toHaveCount(0);
    const hrefs = await routes.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(new Set(hrefs).size).toBe(hrefs.length);
  });

  test('stops page past 20 with "Load more", without repeats', async ({ page }) => {
    test.skip(!existsSync(kochiFeed), `the Kochi feed is not at ${kochiFeed}`);
    await useCity(page, 'kochi');
    await page.goto('/app/live-tracking/results?q=road');
    const section = page.getByRole('region', { name: 'Stops and places' });
    const cards = section.getByRole('link');
    // A page is 20 stops and places; the two directions' stops of a road are one result (issue 36), so fewer cards.
    await expect(cards.first()).toBeVisible({ timeout: 20_000 });
    const first = await cards.count();
    expect(first).toBeLessThanOrEqual(20);
    await section.getByRole('button', { name: 'Load more stops and places' }).click();
    await expect.poll(() => cards.count()).toBeGreaterThan(first);
    const hrefs = await cards.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(new Set(hrefs).size).toBe(hrefs.length);
  });

  test('a route found by name is shown once, not twice (badge and title)', async ({ page }) => {
    test.skip(!existsSync(kochiFeed), `the Kochi feed is not at ${kochiFeed}`);
    await useCity(page, 'kochi');
    await page.goto('/app/live-tracking/results?q=Nedungad');
    const routes = page.getByRole('region', { name: 'Routes' }).getByRole('link');
    await expect(routes.first()).toBeVisible({ timeout: 20_000 });
    // Kochi's routes have no short names: the long name used to be shown twice (as the badge and as the title).
    const texts = await routes.allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text.split('Nedungad').length - 1).toBe(1);
  });
});

test.describe('maps draw what we have, clearly (item 9)', () => {
  test.use({ serviceWorkers: 'block', geolocation: { latitude: 19.0975, longitude: 72.8525 }, permissions: ['geolocation'] });

  test('a route map shows a scale, zoom buttons, the rider ("You are here") and stop names', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await useCity(page, 'mumbai');
    await page.goto('/app/live-tracking/route-map/AE-T1-KHR');
    await expect(h1(page)).toHaveText('Route AE1');
    const map = page.getByTestId('map');
    await expect(map).toHaveAttribute('data-map-status', 'ready', { timeout: 20_000 });
    await expect(page.locator('.maplibregl-ctrl-scale')).toHaveText(/^\d+(\.\d+)?\s?(m|km)$/);
    await expect(page.getByTestId('you-are-here')).toHaveText('You are here');
    // Stop names: as many as fit without overlapping, inside the map's box.
    const labels = page.getByTestId('stop-label');
    const box = (await map.boundingBox())!;
    const inside = async () => {
      const boxes = await labels.evaluateAll((els) =>
        els.filter((e) => (e as HTMLElement).style.visibility !== 'hidden').map((e) => e.getBoundingClientRect().toJSON() as DOMRect),
      );
      return boxes.filter((r) => r.x >= box.x && r.y >= box.y && r.x + r.width <= box.x + box.width + 200 && r.y + r.height <= box.y + box.height).length;
    };
    await expect.poll(inside).toBeGreaterThan(0);
    await expect(labels.filter({ hasText: 'Terminal 1 Bus Bay' }).first()).toBeAttached();
    // "Show where I am" centres the map on the rider, and the zoom buttons work.
    await page.getByRole('button', { name: 'Show where I am' }).click();
    const youInMap = async () => {
      const r = (await page.getByTestId('you-are-here').boundingBox())!;
      const cx = r.x + r.width / 2;
      const cy = r.y + r.height;
      return cx > box.x && cx < box.x + box.width && cy > box.y && cy < box.y + box.height;
    };
    await expect.poll(youInMap).toBe(true);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(inside, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.screenshot({ path: test.info().outputPath('route-map-labelled.png') });
    // The list alternative stays below the map.
    const list = (await page.getByRole('list', { name: /stops?,/ }).boundingBox())!;
    expect(list.y).toBeGreaterThan((await map.boundingBox())!.y);
  });
});

// In the nearby list: the ten "Vyttila" stops around the rider say where their buses go and their code.
test.describe('nearby stops told apart (item 3)', () => {
  test.use({ serviceWorkers: 'block', geolocation: { latitude: 9.96947, longitude: 76.32149 }, permissions: ['geolocation'] });

  for (const [lang, towards, code] of [
    ['en', 'towards', 'stop'],
    ['hi', 'की ओर', 'स्टॉप'],
  ] as const) {
    test(`each Vyttila stop nearby shows "towards …" and its stop code (${lang})`, async ({ page }) => {
      test.skip(!existsSync(kochiFeed), `the Kochi feed is not at ${kochiFeed}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await useCity(page, 'kochi');
      await page.addInitScript((l) => localStorage.setItem('sawari.lang', l), lang);
      await page.goto('/app/nearest-bus-stop/near-bus-stops');
      const cards = page.getByRole('link').filter({ hasText: /^Vyttila(?! )/ });
      await expect(cards.first()).toBeVisible({ timeout: 20_000 });
      await expect(cards).toHaveCount(10);
      // Every one has its code (2 to 11, each once); those with buses onward say where they go.
      const texts = await cards.allTextContents();
      const codes = texts.map((t) => t.match(new RegExp(`${code} (\\d+)`))?.[1]);
      expect(new Set(codes)).toEqual(new Set(['2', '3', '4', '5', '6', '7', '8', '9', '10', '11']));
      expect(texts.filter((t) => t.includes(towards)).length).toBeGreaterThanOrEqual(5);
      if (lang === 'en') await expect(cards.filter({ hasText: /towards .+ · stop \d+/ }).first()).toBeVisible();
      await cards.first().evaluate((c) => c.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: test.info().outputPath(`nearby-vyttila-${lang}.png`) });
    });
  }
});

// With SAWARI_MAP_TILES set, the map draws raster tiles from that origin (a server of its own here, so
// the shared one keeps the default: no tiles, nothing fetched from elsewhere).
test.describe('map tiles when configured (item 9)', () => {
  test.use({ serviceWorkers: 'block' });
  // Only an origin's name: the page's requests to it are answered by page.route below, nothing listens there.
  const tilePort = Number(process.env.E2E_PORT || 18180) + 9;
  const tileOrigin = `http://127.0.0.1:${tilePort}`;
  // A 1×1 PNG (grey-green), the same for every tile.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGO4+eQCAAUnAo4acu/8AAAAAElFTkSuQmCC', 'base64');

  test('the route map asks the configured tile origin for tiles, and the page policy allows exactly it', async ({ page }) => {
    test.setTimeout(150_000);
    const server = await startServer(await freePort(), {
      SAWARI_MAP_TILES: `${tileOrigin}/tiles/{z}/{x}/{y}.png`,
      SAWARI_MAP_ATTRIBUTION: '© Test tile makers',
    });
    try {
      const asked: string[] = [];
      await page.route(`${tileOrigin}/**`, (route) => {
        asked.push(new URL(route.request().url()).pathname);
        return route.fulfill({ status: 200, contentType: 'image/png', body: png, headers: { 'access-control-allow-origin': '*' } });
      });
      await page.setViewportSize({ width: 390, height: 844 });
      await useCity(page, 'mumbai');
      const doc = await page.goto(`${server.url}/app/live-tracking/route-map/AE-T1-KHR`);
      const csp = (await doc!.headerValue('content-security-policy')) ?? '';
      expect(csp).toContain(`img-src 'self' data: blob: ${tileOrigin};`);
      expect(csp).toContain(`connect-src 'self' ${tileOrigin};`);
      await expect(page.getByTestId('map')).toHaveAttribute('data-map-status', 'ready', { timeout: 30_000 });
      await expect.poll(() => asked.length, { timeout: 20_000 }).toBeGreaterThan(0);
      expect(asked.every((p) => /^\/tiles\/\d+\/\d+\/\d+\.png$/.test(p))).toBe(true);
      // The route and its stop names are still drawn over the tiles, which are credited on the map and below it.
      await expect(page.getByTestId('stop-label').filter({ hasText: 'Terminal 1 Bus Bay' }).first()).toBeAttached();
      await expect(page.locator('.maplibregl-ctrl-attrib')).toContainText('© Test tile makers');
      await expect(page.getByTestId('map-credit')).toHaveText('Map: © Test tile makers');
      await page.screenshot({ path: test.info().outputPath('route-map-tiles.png') });
      // A failing tile server does not keep the route from being drawn.
      await page.unrouteAll();
      await page.route(`${tileOrigin}/**`, (route) => route.fulfill({ status: 503, body: 'down' }));
      await page.reload();
      await expect(page.getByTestId('map')).toHaveAttribute('data-map-status', 'ready', { timeout: 20_000 });
      await expect(page.getByTestId('stop-label').filter({ hasText: 'Terminal 1 Bus Bay' }).first()).toBeAttached();
    } finally {
      await server.stop();
    }
  });

  test('without a tile source (the shared server) the map asks nothing from elsewhere', async ({ page, baseURL }) => {
    const outside: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(baseURL!) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) outside.push(r.url());
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await useCity(page, 'mumbai');
    const doc = await page.goto('/app/live-tracking/route-map/AE-T1-KHR');
    expect(await doc!.headerValue('content-security-policy')).toContain("img-src 'self' data: blob:;connect-src 'self';");
    await expect(page.getByTestId('map')).toHaveAttribute('data-map-status', 'ready', { timeout: 20_000 });
    await expect(page.getByTestId('stop-label').first()).toBeAttached();
    expect(await page.evaluate(() => fetch('/api/map-tiles?city=mumbai').then((r) => r.json()))).toEqual({
      tiles: null,
      pmtiles: null,
      vector: false,
      attribution: null,
    });
    await expect(page.getByTestId('map-credit')).toHaveCount(0);
    expect(outside).toEqual([]);
  });
});
