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
    await expect(stop2).toContainText(/\b\d+ m from you/);
    await expect(stop2).toContainText('towards');
    await expect(cards.filter({ hasText: /^Vyttila(?! )/ })).toHaveCount(10);
    await expect(cards.filter({ hasText: /from you/ })).toHaveCount(await cards.count());
    await page.getByRole('heading', { name: 'Stops and places' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('search-vytilla-disambiguation.png'), fullPage: true });

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
    await expect(page.locator('.maplibregl-ctrl-scale')).toHaveText(/^\d+(\.\d+)? ?(m|km)$/);
    await expect(page.getByTestId('you-are-here')).toHaveText('You are here');
    // Stop names are drawn once the map is close enough for them not to pile up; the zoom buttons get there.
    const labels = page.getByTestId('stop-label');
    await expect(labels.first()).toBeAttached();
    for (let i = 0; i < 4 && (await map.getAttribute('data-stop-labels')) !== 'shown'; i++) {
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await page.waitForTimeout(400);
    }
    await expect(map).toHaveAttribute('data-stop-labels', 'shown');
    await expect(labels.filter({ hasText: /Terminal 1/ }).first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('route-map-labelled.png') });
    // The list alternative stays below the map.
    const list = (await page.getByRole('list', { name: /stops?,/ }).boundingBox())!;
    expect(list.y).toBeGreaterThan((await map.boundingBox())!.y);
  });
});
