import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expectAccessible } from '../support/axe';
import { newIp, newPhone, riderHeaders, signIn } from '../support/rider';
import { upiOnGateway } from '../support/buy';

// A planned journey bought in one go (docs/money-integrity.md "A journey: one order, a ticket per leg"): on the demo
// city's airport-express feed a rider plans Thane → Kharghar (no bus does both: one to a terminal, another on), and the
// trip details offer one "Buy tickets for this journey · ₹N". One checkout lists each bus's ride, passengers and fare
// and the total, one UPI payment, and the wallet holds a ticket per bus ("Journey ticket 1 of 2", "2 of 2"). At 360 px,
// in English and in Hindi, with axe on the trip details, the checkout and the wallet.
test.use({ bypassCSP: true, viewport: { width: 360, height: 780 }, serviceWorkers: 'block' });

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
/** Tomorrow in Kolkata, YYYY-MM-DD (a whole day of service ahead, whatever the time of the run). */
const tomorrowInKolkata = () => new Date(Date.now() + 19_800_000 + 86_400_000).toISOString().slice(0, 10);
const shotsDir = path.join(os.tmpdir(), 'sawari-journey-screens');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });

const TEXT = {
  en: {
    details: 'Trip details',
    buy: /^Buy tickets for this journey · ₹[\d,]+$/,
    leg: (route: string, from: string, to: string) => `Bus ${route}: ${from} → ${to}`,
    adult: '1 adult',
    upiId: 'UPI id',
    pay: (amount: string) => `Continue to pay ${amount}`,
    legNo: (n: number) => `Journey ticket ${n} of 2`,
  },
  hi: {
    details: 'यात्रा का विवरण',
    buy: /^इस यात्रा के टिकट खरीदें · ₹[\d,]+$/,
    leg: (route: string, from: string, to: string) => `बस ${route}: ${from} → ${to}`,
    adult: '1 वयस्क',
    upiId: 'UPI आईडी',
    pay: (amount: string) => `${amount} का भुगतान करने के लिए आगे बढ़ें`,
    legNo: (n: number) => `यात्रा टिकट ${n}/2`,
  },
} as const;

async function signUp(page: Page, request: APIRequestContext): Promise<void> {
  await page.goto('/app/login');
  await signIn(page, request, newPhone('7'));
  await expect(page).toHaveURL('/app/profile/edit-profile');
  await page.getByLabel('First name').fill('Meera');
  await page.getByLabel('Last name (optional)').fill('Pillai');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL('/app/profile');
}

for (const lang of ['en', 'hi'] as const) {
  test(`a two-bus plan bought in one checkout: one payment, a ticket per bus in the wallet (${lang}, 360 px)`, async ({ page, context, request }) => {
    test.setTimeout(180_000);
    fs.mkdirSync(shotsDir, { recursive: true });
    const T = TEXT[lang];
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': newIp() });
    await page.addInitScript(() => localStorage.setItem('sawari.city', 'mumbai'));
    await signUp(page, request);
    await page.evaluate((l) => localStorage.setItem('sawari.lang', l), lang);

    // --- plan: Thane → Kharghar tomorrow at 09:00; every option takes two buses (via a terminal) ---
    const q = new URLSearchParams({
      from: 'stop:THANE',
      fromName: 'Thane',
      to: 'stop:KHARGHAR',
      toName: 'Kharghar',
      mode: 'at',
      date: tomorrowInKolkata(),
      time: '09:00',
    });
    await page.goto(`/app/trip-planner/results?${q.toString()}`);
    const options = page.locator('a[href$="/trip-planner/selected-trip-card-details"]');
    await expect(options.first()).toBeVisible({ timeout: 30_000 });
    await options.first().click();
    await expect(h1(page)).toHaveText(T.details);

    // --- one action for the whole journey, with its total (the tickets module's fare) ---
    const buy = page.getByRole('button', { name: T.buy });
    await expect(buy).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('list', { name: /Tickets for this trip|इस यात्रा के टिकट/ })).toHaveCount(0);
    const total = /₹[\d,]+/.exec((await buy.textContent()) ?? '')![0];
    await buy.scrollIntoViewIfNeeded();
    await shot(page, `details-${lang}`);
    await expectAccessible(page);
    // a double tap makes one order (one idempotency key per itinerary)
    await buy.dblclick();

    // --- the shell's checkout: each bus named with its ride, passengers and fare; the total ---
    await expect(page).toHaveURL(/\/app\/select-payment\/[^/]*\/journey\/JNY_[A-Za-z0-9_-]{22}$/, { timeout: 20_000 });
    const orderId = /\/journey\/(JNY_[A-Za-z0-9_-]{22})$/.exec(page.url())![1];
    const legs = page.getByTestId('journey-leg');
    await expect(legs).toHaveCount(2);
    // to a terminal (AE6 or AE8), then on from it (AE1 or AE3)
    await expect(legs.nth(0)).toContainText(T.leg('AE', 'Thane', 'Terminal ').replace(/: .*/, ''));
    await expect(legs.nth(0)).toContainText(/AE[68]: Thane → Terminal [12] Bus Bay/);
    await expect(legs.nth(1)).toContainText(/AE[13]: Terminal [12] Bus Bay → Kharghar/);
    for (const i of [0, 1]) {
      await expect(legs.nth(i)).toContainText(T.adult);
      await expect(legs.nth(i).locator('dd')).toHaveText(/^₹[\d,]+$/);
    }
    await expect(page.getByRole('region', { name: /Your journey|आपकी यात्रा/ })).toContainText(total);
    await shot(page, `checkout-${lang}`);
    await expectAccessible(page);

    // --- one UPI payment, approved in the UPI app on the gateway's page ---
    await page.getByRole('link', { name: /UPI/ }).click();
    await page.getByLabel(T.upiId).fill('success@upi');
    await page.getByRole('button', { name: T.pay(total) }).click();
    await upiOnGateway(page, 'success@upi');
    await expect(page).toHaveURL(`/app/your-tickets-and-passes/journey/${orderId}`, { timeout: 30_000 });

    // --- the wallet: a ticket per bus, each for its own ride ---
    const headers = await riderHeaders(page);
    const order = await (await request.get(`/api/tickets/v1/journeys/${orderId}`, { headers })).json();
    expect(order).toMatchObject({ status: 'SUCCESS' });
    expect(order.tickets).toHaveLength(2);
    // one order and one payment for the double tap
    const status = await (await request.get(`/api/payments/orders/journey/${orderId}/status`, { headers })).json();
    expect(status).toMatchObject({ status: 'SUCCESS', amountPaise: order.payableAmount });
    const wallet = await (await request.get('/api/tickets/wallet?city=mumbai', { headers })).json();
    const journeyItems = (wallet.items as { journey?: { orderId: string } }[]).filter((i) => i.journey);
    expect(journeyItems.map((i) => i.journey!.orderId)).toEqual([orderId, orderId]);
    for (const [n, t] of (order.tickets as { leg: number; transactionId: string }[]).entries()) {
      const card = page.locator(`a[data-transaction-id="${t.transactionId}"]`);
      await expect(card).toBeVisible({ timeout: 20_000 });
      await expect(card).toContainText(T.legNo(n + 1));
      await expect(card).toContainText(n === 0 ? /AE[68]/ : /AE[13]/);
    }
    await shot(page, `wallet-${lang}`);
    await expectAccessible(page);
  });
}
