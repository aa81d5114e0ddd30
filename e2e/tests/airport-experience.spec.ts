import type { Page } from '@playwright/test';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { expectAccessible } from '../support/axe';
import { payHeldSeatByUpi } from '../support/buy';
import { expect, test } from '../support/clock';
import { riderHeaders, signUpInApp } from '../support/rider';

// The airport express from the rider's side (mf-airport's /airport-experience screens, a lazy chunk): the next buses
// from and to the airport, then a seat booked on a slot of the board's timetable through mf-premium's fare, hold and
// the shared checkout. A board loads none of the rider screens' code. On the fixed e2e clock (a Wednesday at 10:00 in
// Mumbai, support/clock.ts): buses run both ways, whatever the hour CI runs at.
test.use({ bypassCSP: true, viewport: { width: 390, height: 844 } });

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(os.tmpdir(), 'sawari-premium-screens', `${name}.png`), fullPage: true });

test('an airport-express seat is booked from /airport-experience', async ({ page, request, serverNow }) => {
  test.setTimeout(150_000);
  await signUpInApp(page, request, { firstName: 'Irfan', now: serverNow });

  await page.goto('/app/airport-experience');
  await expect(page.getByRole('heading', { level: 1, name: 'Airport express' })).toBeVisible();
  await expect(page.getByText('AE1 · Terminal 1 – Kharghar')).toBeVisible();
  await shot(page, 'airport-experience');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Next buses from the airport' }).click();
  await expect(page).toHaveURL('/app/airport-experience/eta/from-airport');
  await expect(page.getByRole('heading', { level: 1, name: 'Next buses from the airport' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'AE1 → Kharghar' })).toBeVisible();
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
  const id = await payHeldSeatByUpi(page, '₹300');
  await expect(page).toHaveURL(`/app/premium-buses/ticket-successful-booking/${id}`, { timeout: 20_000 });
  await expect(page.getByText('Your 2 seats are booked.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Terminal 1 Bus Bay', { exact: false }).first()).toBeVisible();
  // in the wallet with its live QR: a seat is valid from 30 minutes before its slot, and the first bus offered (one
  // every 30 minutes) leaves within 30 minutes (premium.spec.ts opens a seat a day ahead: not valid yet)
  const headers = await riderHeaders(page);
  const booking = await (await request.get(`/api/reservations/v1/bookings/${id}`, { headers })).json();
  expect(booking.tripSlotStartTime - 30 * 60_000).toBeLessThanOrEqual(serverNow());
  await page.goto(`/app/your-tickets-and-passes/sound-qr/${id}`);
  await expect(page.getByTestId('ticket-qr')).toBeVisible({ timeout: 20_000 });
  await shot(page, 'airport-wallet-qr');
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

test('buses to the airport: Kharghar and Thane to T1/T2 listed live and a seat booked to Terminal 1', async ({ page, request, serverNow }) => {
  test.setTimeout(150_000);
  await signUpInApp(page, request, { firstName: 'Kavya', now: serverNow });

  // both lists, on the fixed clock's morning: buses to the airport run 05:30 to 21:30 and from it 06:30 to 23:00
  await page.goto('/app/airport-experience/eta/to-airport');
  await expect(page.getByRole('heading', { level: 1, name: 'Next buses to the airport' })).toBeVisible();
  for (const row of [
    'AE5 Kharghar → Terminal 1 Bus Bay',
    'AE6 Thane → Terminal 1 Bus Bay',
    'AE7 Kharghar → Terminal 2 Bus Bay',
    'AE8 Thane → Terminal 2 Bus Bay',
  ])
    await expect(page.getByRole('rowheader', { name: row })).toBeVisible();
  await shot(page, 'airport-eta-to');
  await expectAccessible(page);
  await page.goto('/app/airport-experience/eta/from-airport');
  await expect(page.getByRole('heading', { level: 1, name: 'Next buses from the airport' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'AE1 → Kharghar' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: /Terminal/ })).toHaveCount(0);

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
  const id = await payHeldSeatByUpi(page, '₹150');
  await expect(page).toHaveURL(`/app/premium-buses/ticket-successful-booking/${id}`, { timeout: 20_000 });
  await expect(page.getByText('Your seat is booked.')).toBeVisible({ timeout: 20_000 });
  const booking = await (await request.get(`/api/reservations/v1/bookings/${id}`, { headers: await riderHeaders(page) })).json();
  expect(booking).toMatchObject({ status: 'ACTIVE', lineId: 'AIR-AE-KHR-T1', from: { stopId: 'KHARGHAR' }, to: { stopId: 'T1-BAY' }, amountPaise: 15000 });
});
