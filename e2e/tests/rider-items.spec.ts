import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { payThroughApi, SANDBOX_UPI } from '../support/buy';
import os from 'node:os';
import path from 'node:path';
import { expectAccessible } from '../support/axe';
import { newIp, newPhone, riderHeaders, signIn } from '../support/rider';

// Against the real server: what a rider sees of what they bought. A new rider signs in on the way to the wallet
// and lands there after the profile (item 4); with a Mumbai ticket and a Kochi pass, Home shows the ticket with one tap
// to its QR (13), the wallet lists both cities, the current one first (11), the pass's end is the same day on the wallet
// and on the passes screens (1), the pass shows its holder and a short number (8), saved favourites open (12), and the
// catalogue reads in Malayalam (10). Screenshots in English and Malayalam: $TMPDIR/sawari-rider-items/.
test.use({ bypassCSP: true, viewport: { width: 390, height: 844 } });

const W = '/app/your-tickets-and-passes';
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(os.tmpdir(), 'sawari-rider-items', `${name}.png`), fullPage: true });
const cityToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now());

/** Pays an order of `kind` by UPI (success@upi, approved on the gateway's page) through the payments API. */
async function payByUpi(request: APIRequestContext, headers: Record<string, string>, kind: 'pass' | 'ticket', tx: string): Promise<void> {
  await payThroughApi(request, headers, kind, tx, SANDBOX_UPI);
}

test('what a rider holds: sign-in on the way, Home, every city in the wallet, one end date, holder, favourites, Malayalam', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': newIp() });
  await page.addInitScript(() => {
    if (!localStorage.getItem('sawari.city')) localStorage.setItem('sawari.city', 'mumbai');
  });

  // --- item 4: a new rider going to the wallet signs in, makes a profile and arrives at the wallet ---
  const phone = newPhone('9');
  await page.goto(W);
  await expect(page).toHaveURL(/\/app\/login\//);
  await signIn(page, request, phone);
  await expect(page).toHaveURL(/\/app\/profile\/edit-profile\?next=%2Fyour-tickets-and-passes$/);
  await page.getByLabel('First name').fill('Meera');
  await page.getByLabel('Last name (optional)').fill('Nair');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL(W);
  await expect(page.getByRole('heading', { level: 1, name: 'Your tickets and passes' })).toBeVisible();

  // --- a Mumbai ticket and a Kochi pass, bought on "another device" (the API) ---
  const headers = await riderHeaders(page);
  const leg = { routeId: 'AE-T2-THN', fromStopId: 'T2-BAY', toStopId: 'THANE' };
  const fare = await (await request.post('/api/tickets/v1/cities/mumbai/fare', { headers, data: { ...leg, passengers: { adult: 1 } } })).json();
  const ticketOrder = await request.post('/api/tickets/v1/orders', {
    headers,
    data: {
      kind: 'singleJourney',
      city: 'mumbai',
      ...leg,
      passengers: { adult: 1 },
      farePaise: fare.payableAmount,
      deviceId: headers.deviceid,
      appVer: '1001',
    },
  });
  expect(ticketOrder.status(), await ticketOrder.text()).toBe(201);
  const ticketTx = (await ticketOrder.json()).transactionId as string;
  await payByUpi(request, headers, 'ticket', ticketTx);
  const passOrder = await request.post('/api/passes/v3/orders', {
    headers,
    data: {
      appVer: '1001',
      city: 'kochi',
      deviceId: headers.deviceid,
      source: 1,
      paymentProps: { lpVer: '1', paymentType: 'online' },
      proofs: [],
      userDetails: { mailId: 'meera@example.in', mobileNumber: phone, userName: 'Meera Nair', gender: 'F', dobInMillis: 0, userId: headers.userid },
      passProps: { passStartDate: cityToday(), categoryId: 'adult', fmId: 'koc-gen-30', configurationId: 'koc-general', passFare: 800 },
    },
  });
  expect(passOrder.status(), await passOrder.text()).toBe(201);
  const passTx = (await passOrder.json()).transactionId as string;
  await payByUpi(request, headers, 'pass', passTx);
  await expect
    .poll(
      async () =>
        (await (await request.get(`/api/tickets/wallet`, { headers })).json()).items.filter(
          (i: { status: string }) => i.status === 'SUCCESS' || i.status === 'UNUSED',
        ).length,
      { timeout: 20_000 },
    )
    .toBe(2);

  // --- item 13: Home shows the ticket (it expires first) with one tap to its code ---
  await page.goto('/app/');
  const active = page.getByTestId('home-active');
  await expect(active.getByRole('heading', { name: 'Ready to ride' })).toBeVisible();
  await expect(active).toHaveAttribute('data-transaction-id', ticketTx);
  await expect(active).toContainText('Terminal 2 Bus Bay → Thane');
  await expect(active).toContainText(/Valid until \d{1,2} \w{3}, \d{1,2}:\d{2} [AP]M · expires in (23 h \d+ min|24 h)/);
  await shot(page, 'home-en');
  await expectAccessible(page);
  await active.getByRole('link', { name: 'Show QR code' }).click();
  await expect(page).toHaveURL(new RegExp(`/your-tickets-and-passes/(sound-qr|pass-validation)/${ticketTx}$`));
  await expect(page.getByTestId('ticket-qr')).toBeVisible();

  // --- item 11: every city in the wallet, the current one first ---
  await page.goto(W);
  const sections = page.locator('section[data-city]');
  await expect(sections).toHaveCount(2);
  await expect(sections.nth(0).getByRole('heading', { name: 'Mumbai (your city)' })).toBeVisible();
  await expect(sections.nth(0).locator(`a[data-transaction-id="${ticketTx}"]`)).toBeVisible();
  await expect(sections.nth(1).getByRole('heading', { name: 'Kochi' })).toBeVisible();
  const passCard = sections.nth(1).locator(`a[data-transaction-id="${passTx}"]`);
  await expect(passCard).toBeVisible();
  await shot(page, 'wallet-en');
  await expectAccessible(page);

  // --- item 1: the pass's last day is the same on the wallet and on the passes screens (city time, last valid minute) ---
  const walletEnd = /valid until (\d{1,2} \w{3}), 11:59 PM/.exec((await passCard.textContent()) ?? '')?.[1];
  expect(walletEnd).toBeTruthy();
  const mine = (await (await request.get('/api/passes/mine', { headers })).json()).passes.find((p: { transactionId: string }) => p.transactionId === passTx);
  expect(mine.statusLabel).toBe(`valid till ${walletEnd}, 11:59 PM`);

  // --- item 8: the pass shows its holder and a short readable number ---
  await page.goto(`${W}/summary/${encodeURIComponent(passTx)}`);
  const holder = page.getByTestId('holder');
  await expect(holder).toContainText('Meera Nair');
  await expect(holder).toContainText(/Pass no\. [0-9A-HJKMNP-TV-Z]{4} [0-9A-HJKMNP-TV-Z]{4}/);
  await shot(page, 'pass-summary-en');
  await expectAccessible(page);

  // --- item 12: a saved route opens its map, a saved stop its arrivals ---
  for (const f of [
    { kind: 'route', city: 'mumbai', refId: 'AE-T1-KHR', label: 'AE1', detail: 'Terminal 1 → Kharghar' },
    { kind: 'stop', city: 'mumbai', refId: 'T1-BAY', label: 'Terminal 1 Bus Bay' },
  ])
    expect((await request.post('/api/favourites', { headers, data: f })).ok()).toBe(true);
  await page.goto('/app/Favorites');
  await page.getByRole('link', { name: 'AE1', exact: true }).click();
  await expect(page).toHaveURL('/app/live-tracking/route-map/AE-T1-KHR');
  await page.goto('/app/Favorites');
  await shot(page, 'favourites-en');
  await page.getByRole('link', { name: 'Terminal 1 Bus Bay', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/nearest-bus-stop\/all-buses\/T1-BAY\/Terminal%201%20Bus%20Bay\/-$/);

  // --- item 10: in Malayalam the catalogue's own texts are Malayalam too; Home and the wallet as well ---
  await page.evaluate(() => localStorage.setItem('sawari.lang', 'ml'));
  await page.goto('/app/productHooks');
  await expect(page.getByText('ജനറൽ പാസ്').first()).toBeVisible();
  await expect(page.getByText('General pass', { exact: true })).toHaveCount(0);
  await shot(page, 'products-ml');
  await expectAccessible(page);
  await page.goto('/app/');
  await expect(page.getByTestId('home-active').getByRole('heading', { name: 'യാത്രയ്ക്ക് തയ്യാർ' })).toBeVisible();
  await shot(page, 'home-ml');
  await page.goto(W);
  await expect(
    page
      .locator('section[data-city]')
      .nth(0)
      .getByRole('heading', { name: /നിങ്ങളുടെ നഗരം/ }),
  ).toBeVisible();
  await expect(page.locator(`a[data-transaction-id="${passTx}"]`)).toContainText('മുതിർന്നവർ'); // the category, from the catalogue's translations
  await shot(page, 'wallet-ml');
  await expectAccessible(page);
  await page.goto(`${W}/summary/${encodeURIComponent(passTx)}`);
  await expect(page.getByTestId('holder')).toContainText('പാസ് നമ്പർ');
  await shot(page, 'pass-summary-ml');
  await page.goto(`${W}/pass-validation/${ticketTx}`);
  await expect(page.getByTestId('ticket-qr')).toBeVisible();
  await expect(page.getByTestId('brightness-hint')).toContainText('തെളിച്ചം');
  await expect(page.getByTestId('expires-in')).toContainText('കാലാവധി');
  await shot(page, 'ticket-ml');
  await expectAccessible(page);
});
