import { existsSync } from 'node:fs';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';

// Issue 15 items 7, 3 and 9: typo-tolerant paged search, same-named stops told apart (with the distance from the
// rider), and maps that draw labelled stops, the rider's position and a scale.
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
async function useCity(page: Page, city: string) {
  await page.addInitScript((c) => localStorage.setItem('sawari.city', c), city);
}
const kochiFeed = path.resolve(__dirname, '../../../shared/data/kochi/gtfs.zip');

test.describe('search a rider can trust', () => {
  test.use({ serviceWorkers: 'block', geolocation: { latitude: 9.96947, longitude: 76.32149 }, permissions: ['geolocation'] });

  test('"Vytilla" finds the Vyttila stops, each told apart with its distance from the rider, and loads more without repeats', async ({ page }) => {
    test.skip(!existsSync(kochiFeed), `the Kochi feed is not at ${kochiFeed}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await useCity(page, 'kochi');
    await page.goto('/app/live-tracking/results?q=Vytilla');
    await expect(h1(page)).toHaveText('Search results');
    const section = page.getByRole('region', { name: 'Stops and places' });
    const cards = section.getByRole('link');
    await expect(cards.filter({ hasText: /^Vyttila(?! )/ }).first()).toBeVisible({ timeout: 20_000 });
    // The rider stands at stop 2 of Vyttila: its card says so ("10 m from you"), the others how far they are.
    const stop2 = cards.filter({ hasText: /stop 2(?!\d)/ }).first();
    await expect(stop2).toContainText(/^Vyttila\d+ m from you · stop 2/);
    // The others: how far, where their buses go, their codes and routes.
    await expect(cards.filter({ hasText: /^Vyttila\d+(\.\d)? k?m from you · towards .+ · stop \d+ · routes / }).first()).toBeVisible();
    await expect(cards.filter({ hasText: /^Vyttila(?! )/ })).toHaveCount(10);
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
    await expect(cards).toHaveCount(20, { timeout: 20_000 });
    await section.getByRole('button', { name: 'Load more stops and places' }).click();
    await expect(cards).toHaveCount(40);
    const hrefs = await cards.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(new Set(hrefs).size).toBe(40);
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
      const boxes = await labels.evaluateAll((els) => els.filter((e) => (e as HTMLElement).style.visibility !== 'hidden').map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
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
    await expect.poll(inside).toBeGreaterThan(0);
    await page.screenshot({ path: test.info().outputPath('route-map-labelled.png') });
    // The list alternative stays below the map.
    const list = (await page.getByRole('list', { name: /stops?,/ }).boundingBox())!;
    expect(list.y).toBeGreaterThan((await map.boundingBox())!.y);
  });
});
