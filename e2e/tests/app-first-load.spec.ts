import { test, expect, type Page } from '@playwright/test';

// The first HTML of /app/ carries the app's first paint (docs/architecture.md "First paint of /app"): the header and the
// first screen's heading are on the page before any script runs, in the rider's language, and the app takes them over.
test.use({ serviceWorkers: 'block' });

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  test('home and onboarding show the header and the heading, in the language of the cookie', async ({ page, context, baseURL }) => {
    for (const path of ['/app/', '/app/onboarding']) {
      await page.goto(path);
      await expect(page.getByRole('link', { name: 'Sawari' })).toHaveAttribute('href', '/app/');
      await expect(h1(page)).toHaveText('Welcome to Sawari');
      await expect(h1(page)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    }
    await context.addCookies([{ name: 'sawari_lang', value: 'hi', url: `${baseURL}/app/` }]);
    await page.goto('/app/');
    await expect(h1(page)).toHaveText('सवारी में आपका स्वागत है');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  });

  test("other pages are sent as before: a remote's screen has no home heading", async ({ page }) => {
    await page.goto('/app/live-tracking');
    await expect(page.locator('#sawari-app')).toBeEmpty();
    await expect(h1(page)).toHaveCount(0);
  });
});

test('the app takes the first paint over in place, then works as before', async ({ page, context, baseURL }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/app/');
  // A first visit: onboarding, under the same header, with one heading (the first paint's is gone).
  await expect(page).toHaveURL(/\/app\/onboarding$/);
  await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
  await expect(page.locator('#sawari-first-paint')).toHaveCount(0);
  await expect(h1(page)).toHaveText('Welcome to Sawari');
  await expect(page.locator('header#sawari-header')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Sawari', exact: true })).toHaveCount(1);

  // Choosing a language is remembered for the server too: the next first HTML is in Hindi.
  await page.getByRole('radio', { name: 'हिन्दी' }).check();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect.poll(async () => (await context.cookies(`${baseURL}/app/`)).find((c) => c.name === 'sawari_lang')?.value).toBe('hi');
  expect((await context.cookies(`${baseURL}/api/health`)).some((c) => c.name === 'sawari_lang')).toBe(false);
  const html = await (await page.request.get('/app/')).text();
  expect(html).toContain('<h1>सवारी में आपका स्वागत है</h1>');

  // Onboarding goes on as before (the cities named in Hindi too), and home follows.
  await page.getByRole('button', { name: 'आगे बढ़ें' }).click();
  await page.getByRole('button', { name: /^कोच्चि/ }).click();
  await expect(page).toHaveURL(/\/app\/$/);
  await expect(page.getByRole('heading', { name: 'कोच्चि में यात्रा' })).toBeVisible();
  await page.reload();
  await expect(h1(page)).toHaveText('सवारी में आपका स्वागत है');
  await expect(page.getByRole('heading', { name: 'कोच्चि में यात्रा' })).toBeVisible();
  await expect(page.locator('#sawari-first-paint')).toHaveCount(0);

  // Away to a remote's screen and back: the first paint never comes back, the header stays one.
  await page.getByRole('region', { name: 'कोच्चि में यात्रा' }).locator('a[href="/app/live-tracking"]').click();
  await expect(page).toHaveURL(/\/app\/live-tracking$/);
  await expect(page.locator('#sawari-outlet')).not.toBeEmpty();
  await page.goBack();
  await expect(h1(page)).toHaveText('सवारी में आपका स्वागत है');
  await expect(page.locator('header#sawari-header')).toHaveCount(1);
  expect(errors).toEqual([]);
});

// docs/architecture.md "Nothing suspends on a first render": a direct open renders its screen without the loading
// skeleton (its chunk and the catalog are fetched first), and an in-app move to a shell screen whose chunk is not in
// keeps the screen it leaves (marked busy) instead of showing the skeleton, which React would hold for 300 ms after
// the chunk arrived.
test('no loading skeleton on a direct open nor on a move to a screen whose code is not yet loaded', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('sawari.city', 'mumbai');
    const seen: string[] = [];
    (window as unknown as { skeletonsSeen: string[] }).skeletonsSeen = seen;
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.addedNodes)
          if (n instanceof Element && (n.matches('[data-screen-skeleton]') || n.querySelector('[data-screen-skeleton]'))) seen.push(location.pathname);
    }).observe(document, { childList: true, subtree: true });
  });
  const skeletons = () => page.evaluate(() => (window as unknown as { skeletonsSeen: string[] }).skeletonsSeen);
  await page.goto('/app/change-language');
  await expect(h1(page)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'English' })).toBeVisible();
  expect(await skeletons()).toEqual([]);
  // The tab bar's Account tab: a shell screen whose chunk this page has not loaded.
  const account = page.getByRole('navigation', { name: 'Main sections' }).getByRole('link', { name: /Account/ });
  await account.click();
  await expect(page).toHaveURL(/\/app\/login/);
  await expect(h1(page)).toHaveText(/Sign in/);
  await expect(page.locator('#sawari-main [aria-busy="true"], #sawari-main[aria-busy="true"]')).toHaveCount(0);
  expect(await skeletons()).toEqual([]);
});
