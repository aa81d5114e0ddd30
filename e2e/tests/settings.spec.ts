import { test, expect, type Page, type APIRequestContext } from '@playwright/test';
import path from 'node:path';
import { repoRoot } from '../support/server';

// Settings and the rider's own screens in the shell: language, city, onboarding, SOS, favourites, promotion.
// bypassCSP: axe-core is injected as an inline script, which the app's CSP (script-src 'self') refuses.
test.use({ serviceWorkers: 'block', bypassCSP: true });

const AXE = path.join(repoRoot, 'node_modules/axe-core/axe.min.js');

/** A unique Indian mobile number per test: 9 + 9 random digits, never ending in 0000. */
function uniquePhone(): string {
  const digits = String(Math.floor(Math.random() * 1e9)).padStart(9, '7');
  return '9' + (digits.endsWith('0000') ? digits.slice(0, 5) + '1234' : digits);
}

/** Signs a new rider in through the API (OTP from the development SMS outbox) and answers the session. */
async function signInByApi(request: APIRequestContext, deviceId: string) {
  const phoneNumber = uniquePhone();
  const otpAnswer = await request.get('/api/auth/otp', { params: { phoneNumber, countryCode: '+91' } });
  expect(otpAnswer.ok()).toBe(true);
  const outbox = await (await request.get('/api/dev/sms-outbox', { params: { phoneNumber } })).json();
  const otp = /\b(\d{6})\b/.exec(outbox.messages.at(-1).body)![1];
  const login = await request.post('/api/auth/login', { data: { phoneNumber, countryCode: '+91', otp, deviceId } });
  expect(login.ok()).toBe(true);
  const { userId, accessToken, refreshToken } = await login.json();
  return { phoneNumber, userId, accessToken, refreshToken };
}

/** Chooses a city (and optionally a language) before the app starts, as onboarding would have stored them. */
async function prepare(page: Page, { city, lang }: { city?: string; lang?: string } = {}) {
  await page.addInitScript(
    ({ city, lang }) => {
      if (sessionStorage.getItem('sawari.e2e.prepared')) return;
      sessionStorage.setItem('sawari.e2e.prepared', '1');
      if (city) localStorage.setItem('sawari.city', city);
      if (lang) localStorage.setItem('sawari.lang', lang);
    },
    { city, lang },
  );
}

/** Puts a signed-in session where the session client reads it (IndexedDB 'sawari-session', same deviceId). */
async function signIn(page: Page, request: APIRequestContext) {
  const deviceId = `e2e${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const session = await signInByApi(request, deviceId);
  await page.goto('/app/network-error');
  await page.evaluate(
    async ({ session, deviceId }) => {
      localStorage.setItem('sawari.deviceId', deviceId);
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('sawari-session');
        open.onupgradeneeded = () => open.result.createObjectStore('session');
        open.onsuccess = () => {
          const tx = open.result.transaction('session', 'readwrite');
          tx.objectStore('session').put(session, 'session');
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      });
    },
    { session, deviceId },
  );
  return session;
}

/** axe-core on the page as it is: no serious or critical violation. */
async function expectAccessible(page: Page) {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }
    ).axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
  expect(violations).toEqual([]);
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

test('first visit without a city goes to onboarding; a granted location near Kochi offers Kochi', async ({ page, context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 9.98, longitude: 76.28 }); // Ernakulam, a few km from Kochi
  await page.goto('/app/');
  await expect(page).toHaveURL(/\/app\/onboarding$/);
  await expect(h1(page)).toHaveText('Welcome to Sawari');
  await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your city' })).toBeFocused();
  await expect(page.getByText(/Nearest city: Kochi, \d+ km away/)).toBeVisible();
  // The full list is there too, the Kerala cluster grouped.
  await expect(page.getByRole('heading', { name: 'Kerala and nearby' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Choose Kochi' }).click();
  await expect(page).toHaveURL(/\/app\/$/);
  await expect(page.getByRole('heading', { name: 'Travel in Kochi' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sawari.city'))).toBe('kochi');
});

test('Mumbai onboarding chooses a home cluster', async ({ page }) => {
  await prepare(page, { city: 'mumbai' });
  await page.goto('/app/on-boarding-mumbai');
  await expect(h1(page)).toHaveText('Choose your home area');
  for (const name of ['Navi Mumbai', 'Thane', 'Western Suburbs']) await expect(page.getByRole('button', { name })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Thane' }).click();
  await expect(page).toHaveURL(/\/app\/$/);
  expect(await page.evaluate(() => localStorage.getItem('sawari.homeCluster'))).toBe('Thane');
});

test('changing the language to हिन्दी shows Hindi at once and after a reload', async ({ page }) => {
  await prepare(page, { city: 'mumbai' });
  await page.goto('/app/');
  await expect(h1(page)).toHaveText('Welcome to Sawari');
  await page.getByRole('link', { name: 'Change language' }).click();
  await expect(page).toHaveURL(/\/app\/change-language$/);
  await expect(h1(page)).toBeFocused();
  await expectAccessible(page);
  await page.getByRole('radio', { name: 'हिन्दी' }).check();
  // No reload: react-intl re-renders in Hindi and <html lang> follows.
  await expect(h1(page)).toHaveText('भाषा बदलें');
  await expect(page.getByRole('status').filter({ hasText: 'सवारी अब हिन्दी में है।' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  expect(await page.evaluate(() => localStorage.getItem('sawari.lang'))).toBe('hi');
  await page.getByRole('link', { name: 'वापस' }).click();
  await expect(h1(page)).toHaveText('सवारी में आपका स्वागत है');
  // The city is named in the rider's language too.
  await expect(page.getByRole('heading', { name: 'मुंबई में यात्रा' })).toBeVisible();

  await page.reload();
  await expect(h1(page)).toHaveText('सवारी में आपका स्वागत है');
  await expect(page.getByRole('link', { name: 'बस पास' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expectAccessible(page);
});

test('changing the city changes the home entries; a city without airport hides the boards', async ({ page, request }) => {
  await prepare(page, { city: 'mumbai' });
  await page.goto('/app/');
  const services = page.getByRole('region', { name: 'Travel in Mumbai' });
  // Only the tiles the deployed remotes declare (Mumbai enables every feature): never a link to a route nobody serves.
  type Tile = { path: string; title: { en: string } };
  const { remotes } = (await (await request.get('/app/remotes.json')).json()) as { remotes: { homeTiles: Tile[] }[] };
  const tiles = remotes.flatMap((r) => r.homeTiles);
  expect(tiles.map((t) => t.path)).toEqual(expect.arrayContaining(['/productHooks', '/buy-bus-ticket', '/live-tracking']));
  await expect(services.getByRole('link')).toHaveCount(tiles.length);
  for (const tile of tiles) await expect(services.getByRole('link', { name: new RegExp(`^${tile.title.en}`) })).toHaveAttribute('href', `/app${tile.path}`);
  await expect(page.getByRole('heading', { name: 'Airport display boards' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Terminal 1 — vertical board' })).toHaveAttribute(
    'href',
    '/app/airport-static-screens/airport-express-bus-time/T1',
  );
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Change city' }).click();
  await expect(h1(page)).toHaveText('Change city');
  await expectAccessible(page);
  await page.getByLabel('Search cities').fill('koz');
  await expect(page.getByRole('button', { name: /Mumbai/ })).toHaveCount(0);
  await page.getByRole('button', { name: /Kozhikode/ }).click();

  await expect(page).toHaveURL(/\/app\/$/);
  // Kozhikode's configuration enables tickets and live tracking, but the city has no fares and no feed: it offers
  // nothing, and says so (the city config answers what a city's data can serve; issue 35 item 11).
  const kozhikode = page.getByRole('region', { name: 'Travel in Kozhikode' });
  await expect(kozhikode.getByText('No services are available in Kozhikode yet. Try another city.')).toBeVisible();
  await expect(kozhikode.getByRole('link', { name: /Bus tickets|Bus passes|Live tracking/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Airport display boards' })).toHaveCount(0);
});

test('the network error screen explains and retries', async ({ page }) => {
  await prepare(page, { city: 'mumbai' });
  await page.goto('/app/');
  await expect(h1(page)).toHaveText('Welcome to Sawari');
  await page.goto('/app/network-error');
  await expect(h1(page)).toHaveText("You're offline");
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page).toHaveURL(/\/app\/$/);
});

test('SOS, favourites and promotion send a signed-out rider to sign in', async ({ page }) => {
  await prepare(page, { city: 'mumbai' });
  for (const [from, to] of [
    ['/app/SOS', '/app/login/%2FSOS'],
    ['/app/Favorites', '/app/login/%2FFavorites'],
    ['/app/promotion', '/app/login/%2Fpromotion'],
  ]) {
    await page.goto(from);
    await expect(page).toHaveURL(new RegExp(`${to.replace(/[/%]/g, (c) => `\\${c}`)}$`));
  }
});

test('SOS signed out: the sign-in on the way shows the emergency number 112 first, at 360 px, in English and Hindi', async ({ browser }) => {
  for (const [lang, call] of [
    ['en', 'Call 112'],
    ['hi', '112 पर कॉल करें'],
  ] as const) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await prepare(page, { city: 'mumbai', lang });
    await page.goto('/app/SOS');
    await expect(page).toHaveURL(/\/app\/login\/%2FSOS$/);
    await expect(page.getByRole('link', { name: call })).toHaveAttribute('href', 'tel:112');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`sos-signed-out-${lang}.png`), fullPage: true });
    await context.close();
  }
});

test('SOS: contacts are checked before saving, the alert asks first, then counts down', async ({ page, request, context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 19.07, longitude: 72.87 });
  await prepare(page, { city: 'mumbai' });
  await signIn(page, request);
  await page.goto('/app/SOS');
  await expect(h1(page)).toHaveText('SOS');
  // The emergency numbers first; with no contact yet no alert button that cannot be pressed, but the two ways forward.
  await expect(page.getByRole('region', { name: 'Emergency numbers' }).getByRole('link', { name: 'Call 112' })).toHaveAttribute('href', 'tel:112');
  await expect(page.getByText('No emergency contacts yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send SOS alert' })).toHaveCount(0);
  const none = page.getByRole('group', { name: 'Add at least one emergency contact before sending an alert.' });
  await expect(none.getByRole('link', { name: 'Call 112' })).toHaveAttribute('href', 'tel:112');
  await expect(none.getByRole('link', { name: 'Add an emergency contact' })).toHaveAttribute('href', '/app/SOS/editSOSMessage');
  await expect(page.getByText(/Open now|Closed now/)).toBeVisible();
  await expect(page.getByText(/Mon–Fri: 8:00 am – 8:00 pm/i)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Edit contacts and message' }).click();
  await expect(h1(page)).toHaveText('SOS contacts and message');
  await page.getByLabel('Name').fill('Asha 2');
  await page.getByLabel('Mobile number').fill('12345');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Check the fields marked below.')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Name')).toBeFocused();
  await expectAccessible(page);
  await page.getByLabel('Name').fill('Asha Rao');
  await page.getByLabel('Mobile number').fill(uniquePhone());
  // The alert texts the rider's contacts: it may carry no link (the form says which one to remove, as the API would).
  const message = page.getByLabel('Message sent with your alert');
  const typed = await message.inputValue();
  await message.fill('Help me, details at bit.ly/x9');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The message cannot carry links or web or email addresses. Remove “bit.ly”.')).toBeVisible();
  await expect(message).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: test.info().outputPath('sos-link-refused.png'), fullPage: true });
  await message.fill(typed);
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/app\/SOS$/);
  await expect(page.getByText('Asha Rao')).toBeVisible();
  await page.getByRole('button', { name: 'Send SOS alert' }).click();
  await expect(page.getByRole('heading', { name: 'Send an SOS alert?' })).toBeFocused();
  await page.getByRole('button', { name: 'Yes, send the alert' }).click();
  await expect(page.getByText('Alert sent to 1 contact.')).toBeVisible();
  await expect(page.getByRole('timer')).toContainText(/You can send another alert in [45]:\d\d\./);
  await expect(page.getByRole('button', { name: 'Send SOS alert' })).toBeDisabled();
});

test('favourites: empty state, grouped list, search and remove', async ({ page, request }) => {
  await prepare(page, { city: 'mumbai' });
  const session = await signIn(page, request);
  await page.goto('/app/Favorites');
  await expect(h1(page)).toHaveText('Favourites');
  await expect(page.getByRole('heading', { name: 'No favourites yet' })).toBeVisible();
  await expectAccessible(page);

  const headers = {
    accessToken: session.accessToken,
    authType: 'ACCESS_TOKEN',
    userId: session.userId,
    deviceId: await page.evaluate(() => localStorage.getItem('sawari.deviceId')!),
  };
  for (const data of [
    { kind: 'stop', city: 'mumbai', refId: 's1', label: 'Dadar TT', detail: 'Towards Worli' },
    { kind: 'route', city: 'mumbai', refId: 'r1', label: 'Route 83', detail: 'Colaba – Kurla' },
    { kind: 'trip', city: 'mumbai', refId: 't1', label: 'Home to office', detail: '' },
  ])
    expect((await request.post('/api/favourites', { data, headers })).ok()).toBe(true);

  await page.reload();
  for (const name of ['Stops', 'Routes', 'Trips']) await expect(page.getByRole('heading', { name })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Remove Route 83' }).click();
  await expect(page.getByText('Route 83 removed from favourites.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Routes' })).toHaveCount(0);

  await page.getByLabel('Search your favourites').fill('Dadar');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/app\/Favorites\/search\/Dadar$/);
  await expect(page.getByRole('heading', { name: 'Favourites matching “Dadar”' })).toBeVisible();
  await expect(page.getByText('Dadar TT')).toBeVisible();
  await expect(page.getByText('Home to office')).toHaveCount(0);
  await expectAccessible(page);
});

test('promotion: claim the offer once, then the friendly already-used message (in Hindi too)', async ({ page, request }) => {
  await prepare(page, { city: 'mumbai' });
  await signIn(page, request);
  await page.goto('/app/promotion');
  await expect(h1(page)).toHaveText('Offers');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Claim offer' }).click();
  await expect(page.getByText(/Offer claimed\. It is valid till \d{1,2} \w{3} \d{4}\./)).toBeVisible();
  await page.reload();
  await expect(page.getByText('You have already used this offer')).toBeVisible();
  await page.evaluate(() => localStorage.setItem('sawari.lang', 'hi'));
  await page.reload();
  await expect(page.getByText('आप यह ऑफ़र पहले ही इस्तेमाल कर चुके हैं')).toBeVisible();
});

test('promotion: a city without an offer shows the empty state', async ({ page, request }) => {
  await prepare(page, { city: 'kozhikode' });
  await signIn(page, request);
  await page.goto('/app/promotion');
  await expect(page.getByRole('heading', { name: 'No offer right now' })).toBeVisible();
  await expectAccessible(page);
});
