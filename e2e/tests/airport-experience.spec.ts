import { test, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { expectAccessible } from '../support/axe';
import { newIp, newPhone, riderHeaders, signIn } from '../support/rider';

// The airport express from the rider's side (mf-airport's /airport-experience screens, a lazy chunk): the next buses
// from the airport, then a seat booked on a slot of the board's timetable through mf-premium's fare, hold and the
// shared checkout. A board loads none of the rider screens' code.
test.use({ bypassCSP: true, viewport: { width: 390, height: 844 } });

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(os.tmpdir(), 'sawari-premium-screens', `${name}.png`), fullPage: true });

/** A new rider in Mumbai, signed in with a first name. */
async function signUpInMumbai(page: Page, context: BrowserContext, request: APIRequestContext, firstName: string): Promise<void> {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': newIp() });
  await page.addInitScript(() => {
    if (!localStorage.getItem('sawari.city')) localStorage.setItem('sawari.city', 'mumbai');
  });
  await page.goto('/app/login');
  await signIn(page, request, newPhone('6'));
  await expect(page).toHaveURL('/app/profile/edit-profile');
  await page.getByLabel('First name').fill(firstName);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL('/app/profile');
}

test('an airport-express seat is booked from /airport-experience', async ({ page, context, request }) => {
  test.setTimeout(150_000);
  await signUpInMumbai(page, context, request, 'Irfan');

  await page.goto('/app/airport-experience');
  await expect(page.getByRole('heading', { level: 1, name: 'Airport express' })).toBeVisible();
  await expect(page.getByText('AE1 · Terminal 1 – Kharghar')).toBeVisible();
  await shot(page, 'airport-experience');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Next buses from the airport' }).click();
  await expect(page).toHaveURL('/app/airport-experience/eta/from-airport');
  await expect(page.getByRole('heading', { level: 1, name: 'Next buses from the airport' })).toBeVisible();
  await expect(page.getByText(/No more buses leave the airport today\.|AE1 → Kharghar/)).toBeVisible();
  await shot(page, 'airport-eta');
  await expectAccessible(page);

  await page.goto('/app/airport-experience/mumbai');
  await page.getByRole('link', { name: 'Choose a time for AE1 to Kharghar' }).click();
  await expect(page).toHaveURL(/\/app\/airport-experience\/select-slots\?lineId=AIR-AE-T1-KHR/);
  await page.getByLabel('Passengers').selectOption('2');
  await shot(page, 'airport-slots');
  await expectAccessible(page);
  await page
    .getByRole('button', { name: /^Choose the .* bus$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/app\/premium-buses\/fare-details\?tripId=AIR-AE-T1-KHR\.\d{12}&fromStopId=T1-BAY&toStopId=KHARGHAR&adult=2/);
  await page.getByRole('button', { name: 'Keep my seats and pay ₹300' }).click();
  await expect(page).toHaveURL(/\/app\/premium-buses\/pay-for-ticket\?bookingId=RSV-/);
  const id = new URL(page.url()).searchParams.get('bookingId')!;
  await page.getByRole('button', { name: 'Pay ₹300' }).click();
  await page.getByRole('link', { name: /UPI/ }).click();
  await page.getByLabel('UPI id').fill('success@upi');
  await page.getByRole('button', { name: 'Pay ₹300' }).click();
  await expect(page).toHaveURL(`/app/premium-buses/ticket-successful-booking/${id}`, { timeout: 20_000 });
  await expect(page.getByText('Your 2 seats are booked.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Terminal 1 Bus Bay', { exact: false }).first()).toBeVisible();
  // in the wallet: with its live QR when the slot is within 30 minutes (valid from 30 min before), else not valid yet
  const headers = await riderHeaders(page);
  const booking = await (await request.get(`/api/reservations/v1/bookings/${id}`, { headers })).json();
  if (booking.tripSlotStartTime - 30 * 60_000 <= Date.now()) {
    await page.goto(`/app/your-tickets-and-passes/sound-qr/${id}`);
    await expect(page.getByTestId('ticket-qr')).toBeVisible({ timeout: 20_000 });
    await shot(page, 'airport-wallet-qr');
  } else {
    await page.goto(`/app/your-tickets-and-passes/before-activation/${id}`);
    await expect(page.getByRole('heading', { name: 'Not valid yet' })).toBeVisible({ timeout: 20_000 });
  }
});

test('a board downloads none of the rider screens and stays within its 150 KB budget', async ({ page }) => {
  const scripts: string[] = [];
  const sizes: Promise<number>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    scripts.push(res.url());
    sizes.push(
      res.body().then(
        (b) => gzipSync(b).length,
        () => 0,
      ),
    );
  });
  await page.goto('/app/airport-static-screens/airport-express-bus-time/T1');
  await expect(page.getByText('LIVE SCHEDULE')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((u) => /experience|mf-premium/.test(u))).toEqual([]);
  const kb = (await Promise.all(sizes)).reduce((a, b) => a + b, 0) / 1024;
  console.log(`board first-load JS (gzip): ${kb.toFixed(1)} KB in ${scripts.length} files`);
  expect(kb).toBeLessThanOrEqual(150);
});

test('buses to the airport: Kharghar and Thane to T1/T2 listed live and a seat booked to Terminal 1', async ({ page, context, request }) => {
  test.setTimeout(150_000);
  await signUpInMumbai(page, context, request, 'Kavya');

  // both lists: buses to the airport run 05:30 to 21:30 and from it 06:30 to 23:00 (India time)
  const minutes = (() => {
    const [h, m] = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .format(new Date())
      .split(':');
    return Number(h) * 60 + Number(m);
  })();
  await page.goto('/app/airport-experience/eta/to-airport');
  await expect(page.getByRole('heading', { level: 1, name: 'Next buses to the airport' })).toBeVisible();
  // the last bus to the airport leaves at 21:30: rows before it, "no more" after it (either within 5 minutes of it,
  // as the screen and this clock may read a minute apart)
  if (minutes < 21 * 60 + 25) {
    for (const row of [
      'AE5 Kharghar → Terminal 1 Bus Bay',
      'AE6 Thane → Terminal 1 Bus Bay',
      'AE7 Kharghar → Terminal 2 Bus Bay',
      'AE8 Thane → Terminal 2 Bus Bay',
    ])
      await expect(page.getByRole('rowheader', { name: row })).toBeVisible();
  } else if (minutes >= 21 * 60 + 35) {
    await expect(page.getByText('No more buses leave for the airport today.', { exact: false })).toBeVisible();
  }
  await shot(page, 'airport-eta-to');
  await expectAccessible(page);
  await page.goto('/app/airport-experience/eta/from-airport');
  await expect(page.getByRole('heading', { level: 1, name: 'Next buses from the airport' })).toBeVisible();
  if (minutes >= 6 * 60 && minutes < 22 * 60) {
    await expect(page.getByRole('rowheader', { name: 'AE1 → Kharghar' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: /Terminal/ })).toHaveCount(0);
  }

  // a seat from Kharghar to Terminal 1
  await page.goto('/app/airport-experience/mumbai');
  await expect(page.getByText('AE5 · Kharghar – Terminal 1')).toBeVisible();
  await page.getByRole('link', { name: 'Choose a time for AE5 to Terminal 1 Bus Bay' }).click();
  await expect(page).toHaveURL(/\/app\/airport-experience\/select-slots\?lineId=AIR-AE-KHR-T1&fromStopId=KHARGHAR&toStopId=T1-BAY/);
  await page
    .getByRole('button', { name: /^Choose the .* bus$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/app\/premium-buses\/fare-details\?tripId=AIR-AE-KHR-T1\.\d{12}&fromStopId=KHARGHAR&toStopId=T1-BAY&adult=1/);
  await page.getByRole('button', { name: 'Keep my seats and pay ₹150' }).click();
  await expect(page).toHaveURL(/\/app\/premium-buses\/pay-for-ticket\?bookingId=RSV-/);
  const id = new URL(page.url()).searchParams.get('bookingId')!;
  await page.getByRole('button', { name: 'Pay ₹150' }).click();
  await page.getByRole('link', { name: /UPI/ }).click();
  await page.getByLabel('UPI id').fill('success@upi');
  await page.getByRole('button', { name: 'Pay ₹150' }).click();
  await expect(page).toHaveURL(`/app/premium-buses/ticket-successful-booking/${id}`, { timeout: 20_000 });
  await expect(page.getByText('Your seat is booked.')).toBeVisible({ timeout: 20_000 });
  const booking = await (await request.get(`/api/reservations/v1/bookings/${id}`, { headers: await riderHeaders(page) })).json();
  expect(booking).toMatchObject({ status: 'ACTIVE', lineId: 'AIR-AE-KHR-T1', from: { stopId: 'KHARGHAR' }, to: { stopId: 'T1-BAY' }, amountPaise: 15000 });
});
