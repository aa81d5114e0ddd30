import type { Page } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { expectAccessible } from '../support/axe';
import { bookAndPaySeatThroughApi, orderPassThroughApi, payHeldSeatByUpi, payThroughApi, SANDBOX_UPI } from '../support/buy';
import { cityDate, expect, test } from '../support/clock';
import { newPhone, riderHeaders, riderThroughApi, signUpInApp } from '../support/rider';

// Reserved seats against the real server (docs/reservations.md): a rider books a premium seat, pays in the shared
// checkout, sees it in the wallet with its QR, changes the slot, cancels it and sees the refund; an operator cancels a
// trip and the rider sees the pop-up once; an event trip (great escape) is booked; the booked bus is followed live.
// The slots are the demo schedules (premium buses on weekdays, 07:00 to 21:00), on the fixed e2e clock (a Wednesday
// at 10:00 in Mumbai, support/clock.ts): a bus always leaves within 30 minutes, whatever the hour CI runs at.
test.use({ bypassCSP: true, viewport: { width: 390, height: 844 } });

const OPS = { authorization: 'Ops sawari-dev-ops' };
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: path.join(os.tmpdir(), 'sawari-premium-screens', `${name}.png`), fullPage });

const rider = { firstName: 'Meera', lastName: 'Nair' };

/** From a slots screen: a day at least a day ahead (so the refund is 100 %), the first slot there. */
async function chooseLaterSlot(page: Page): Promise<void> {
  const days = page.getByRole('navigation', { name: 'Day' }).getByRole('link');
  await expect(days.first()).toBeVisible();
  await days.nth((await days.count()) > 1 ? 1 : 0).click();
  await page
    .getByRole('button', { name: /^Choose the .* slot$/ })
    .first()
    .click();
}

/** The pay screen of a held seat (its hold's countdown, axe), then paid by UPI in the shared checkout. */
async function payByUpi(page: Page, price: string): Promise<string> {
  await expect(page).toHaveURL(/\/app\/premium-buses\/pay-for-ticket\?bookingId=RSV-/);
  await expect(page.getByRole('timer')).toContainText(/[0-9]:[0-5][0-9]/);
  await shot(page, 'pay');
  await expectAccessible(page);
  return payHeldSeatByUpi(page, price);
}

test('book a premium seat and pay, see it in the wallet, change the slot, cancel it and see the refund', async ({ page, request, serverNow }) => {
  test.setTimeout(180_000);
  await signUpInApp(page, request, { ...rider, now: serverNow });

  await page.goto('/app/premium-buses');
  await expect(page.getByRole('heading', { level: 1, name: 'Premium buses' })).toBeVisible();
  await expect(page.getByText('You have no reserved seats yet.')).toBeVisible();
  await expect(page.getByText('Non-AC').first()).toBeVisible();
  await shot(page, 'landing');
  await expectAccessible(page);

  // search between two stops
  await page.getByRole('link', { name: 'Find a bus between two stops' }).click();
  await page.getByLabel('Boarding stop').selectOption({ label: 'Thane Station (West)' });
  await page.getByLabel('Drop stop').selectOption({ label: 'Bandra Kurla Complex' });
  await expect(page.getByRole('heading', { name: '1 trip found' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Slots from Thane Station (West) to Bandra Kurla Complex' }).click();

  // passengers: two adults; the choice travels in the URL
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a slot' })).toBeVisible();
  await page.getByRole('button', { name: 'One Adult more' }).click();
  await shot(page, 'slots', false);
  await expectAccessible(page);
  await chooseLaterSlot(page);
  await expect(page).toHaveURL(/fare-details\?tripId=PRM-1\.\d{12}&fromStopId=PRM-THANE&toStopId=PRM-BKC&adult=2/);
  await expect(page.getByRole('row', { name: /To pay/ }).getByText('₹320')).toBeVisible();
  await shot(page, 'fare');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Keep my seats and pay ₹320' }).click();
  const id = await payByUpi(page, '₹320');

  await expect(page).toHaveURL(`/app/premium-buses/ticket-successful-booking/${id}`, { timeout: 20_000 });
  await expect(page.getByText('Your 2 seats are booked.')).toBeVisible({ timeout: 20_000 });
  await shot(page, 'success');
  await expectAccessible(page);

  // the seat is a ticket in the wallet, with its QR
  const headers = await riderHeaders(page);
  const wallet = await (await request.get('/api/tickets/wallet?city=mumbai', { headers })).json();
  expect(wallet.items.find((i: { transactionId: string }) => i.transactionId === id)).toMatchObject({
    productSubType: 'premiumReserveTicket',
    status: 'ACTIVE',
  });
  // a day ahead, the ticket is not valid yet: the wallet opens it on before-activation (its QR shows from 30 minutes
  // before the slot; airport-experience.spec.ts checks the QR of a seat that is valid now)
  await page.goto(`/app/your-tickets-and-passes/before-activation/${id}`);
  await expect(page.getByRole('heading', { name: 'Not valid yet' })).toBeVisible({ timeout: 20_000 });
  await shot(page, 'wallet-before-activation');

  // change the slot
  await page.goto(`/app/premium-buses/premium-bus-summary/${id}`);
  // the booking's status as the wallet tells it (shared/domain productStatus): not valid yet, starting on its day
  await expect(page.getByTestId('status-pill')).toHaveText(/^(starts from \d{2} \w{3} \d{4}|ticket valid until .+)$/);
  await page.getByRole('link', { name: 'Change the slot' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Change the slot' })).toBeVisible();
  await expectAccessible(page);
  await page
    .getByRole('button', { name: /^Move to the .* slot$/ })
    .nth(1)
    .click();
  await expect(page).toHaveURL(/\/app\/premium-buses\/premium-bus-summary\/RSV-/);
  const movedId = /premium-bus-summary\/(RSV-[0-9a-f-]+)/.exec(page.url())![1];
  expect(movedId).not.toBe(id);
  const old = await (await request.get(`/api/reservations/v1/bookings/${id}`, { headers })).json();
  expect(old.status).toBe('USER_RESCHEDULED');

  // cancel: the policy and the refund are shown before confirming
  await page.getByRole('link', { name: 'Cancel the booking' }).click();
  await expect(page.getByText('60 minutes or more before the slot: full refund.')).toBeVisible();
  await expect(page.getByText('If you cancel now you get ₹320 back (100%).')).toBeVisible();
  await shot(page, 'cancel');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Cancel and get ₹320 back' }).click();
  await expect(page.getByText('Booking cancelled. ₹320 is coming back to you.')).toBeVisible();
  await page.getByRole('link', { name: 'See the refund' }).click();
  await expect(page.getByTestId('seat-headline')).toHaveText('Cancelled by you');
  await expect(page.getByText(/^(Refunded|Refund on its way)$/)).toBeVisible();
  await shot(page, 'refund');
  await expectAccessible(page);
});

test('an operator cancels a trip: the rider sees the pop-up once, with the full refund', async ({ page, request, serverNow }) => {
  test.setTimeout(120_000);
  await signUpInApp(page, request, { ...rider, now: serverNow });
  const headers = await riderHeaders(page);
  // book and pay through the API (another device of the rider)
  const { days } = await (await request.get('/api/reservations/v1/cities/mumbai/lines/PRM-2/days', { headers })).json();
  const { slots } = await (
    await request.get(
      `/api/reservations/v1/cities/mumbai/slots?lineId=PRM-2&fromStopId=PRM-KHARGHAR&toStopId=PRM-ANDHERI&date=${days[days.length > 1 ? 1 : 0]}`,
      { headers },
    )
  ).json();
  const tripId = slots[2].tripId as string;
  await bookAndPaySeatThroughApi(request, headers, tripId, { fromStopId: 'PRM-KHARGHAR', toStopId: 'PRM-ANDHERI' }, { payment: SANDBOX_UPI });
  const cancel = await request.post(`/api/ops/reservations/trips/${tripId}/cancel`, {
    headers: OPS,
    data: { disruption: 'WEATHER', note: 'Flooding at Sion' },
  });
  expect(cancel.status(), await cancel.text()).toBe(200);

  await page.goto('/app/premium-buses');
  const dialog = page.getByRole('alertdialog', { name: 'Your trip was cancelled' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('because of bad weather');
  await expect(dialog).toContainText('₹85');
  await shot(page, 'popup');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'OK, got it' }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your reserved seats' })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.goto('/app/premium-buses/tripCancellationCard');
  await expect(page.getByText('None of your trips has changed.')).toBeVisible();
});

test('a seat the operator cancelled is never "booked", never offered Pay or a cancel: success, pay and cancel pages at 360 px, English and Hindi', async ({
  page,
  request,
  serverNow,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await signUpInApp(page, request, { ...rider, now: serverNow });
  const headers = await riderHeaders(page);
  const { days } = await (await request.get('/api/reservations/v1/cities/mumbai/lines/PRM-2/days', { headers })).json();
  const { slots } = await (
    await request.get(`/api/reservations/v1/cities/mumbai/slots?lineId=PRM-2&fromStopId=PRM-KHARGHAR&toStopId=PRM-ANDHERI&date=${days[0]}`, { headers })
  ).json();
  // today's last slot: no other test here books it (the operator's cancel ends every booking on the trip)
  const tripId = slots[slots.length - 1].tripId as string;
  const { id } = await bookAndPaySeatThroughApi(request, headers, tripId, { fromStopId: 'PRM-KHARGHAR', toStopId: 'PRM-ANDHERI' }, { payment: SANDBOX_UPI });
  const cancelled = await request.post(`/api/ops/reservations/trips/${tripId}/cancel`, {
    headers: OPS,
    data: { disruption: 'BREAKDOWN', note: 'Bus broke down' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  // where the checkout returns (a rider coming back to it later, from the history): not "Seat booked", no QR
  await page.goto(`/app/premium-buses/ticket-successful-booking/${id}`);
  const popup = page.getByRole('alertdialog');
  if (await popup.isVisible().catch(() => false)) await popup.getByRole('button').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your booking' })).toBeVisible();
  await expect(page.getByTestId('seat-headline')).toHaveText(/Cancelled by the operator/);
  await expect(page.getByText('Your seat is booked.')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Show the ticket QR' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'See this booking' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, 'success-operator-cancelled');
  await expectAccessible(page);
  // the pay step: nothing to pay
  await page.goto(`/app/premium-buses/pay-for-ticket?bookingId=${id}`);
  await expect(page.getByTestId('pay-step')).toHaveAttribute('data-step', 'closed');
  await expect(page.getByRole('heading', { level: 1, name: 'Your booking' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  await shot(page, 'pay-operator-cancelled');
  // cancel: says what happened instead of offering a cancel; the booking's page has the refund
  await page.goto(`/app/premium-buses/cancellationRescheduleCard/${id}?mode=cancel`);
  await expect(page.getByTestId('manage-not-allowed')).toContainText('Cancelled by the operator');
  await expect(page.getByRole('button', { name: /Cancel and get/ })).toHaveCount(0);
  await shot(page, 'cancel-operator-cancelled');
  await page.getByRole('link', { name: 'See this booking' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/premium-buses/premium-bus-summary/${id}`));
  await expect(page.getByTestId('seat-headline')).toHaveText(/Cancelled by the operator/);

  // Hindi
  await page.evaluate(() => localStorage.setItem('sawari.lang', 'hi'));
  await page.goto(`/app/premium-buses/ticket-successful-booking/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'आपकी बुकिंग' })).toBeVisible();
  await expect(page.getByTestId('seat-headline')).toHaveText(/ऑपरेटर ने रद्द किया/);
  await expect(page.getByRole('link', { name: 'यह बुकिंग देखें' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, 'success-operator-cancelled-hi');
  await expectAccessible(page);
  await page.goto(`/app/premium-buses/pay-for-ticket?bookingId=${id}`);
  await expect(page.getByTestId('pay-step')).toHaveAttribute('data-step', 'closed');
  await expect(page.getByRole('heading', { level: 1, name: 'आपकी बुकिंग' })).toBeVisible();
  await expect(page.getByText('यह बुकिंग अब इस्तेमाल नहीं की जा सकती।')).toBeVisible();
  await shot(page, 'pay-operator-cancelled-hi');
});

test('an event trip (great escape) is booked and paid', async ({ page, request, serverNow }) => {
  test.setTimeout(120_000);
  await signUpInApp(page, request, { ...rider, now: serverNow });
  await page.goto('/app/great-escape');
  await expect(page.getByRole('heading', { level: 1, name: 'Great escape' })).toBeVisible();
  await shot(page, 'escape');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Choose a slot on GE1' }).click();
  await expect(page).toHaveURL(/\/app\/great-escape\/select-slots\?lineId=EVT-LONAVALA/);
  await page
    .getByRole('button', { name: /^Choose the .* slot$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/app\/great-escape\/fare-details\?/);
  await page.getByRole('button', { name: 'Keep my seats and pay ₹450' }).click();
  const id = await payByUpi(page, '₹450');
  await expect(page).toHaveURL(`/app/premium-buses/ticket-successful-booking/${id}`, { timeout: 20_000 });
  await expect(page.getByText('Your seat is booked.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Lonavala weekend escape')).toBeVisible();
});

test('signed-out riders are sent to sign in; an unknown booking says so', async ({ page, request, serverNow }) => {
  await page.goto('/app/premium-buses');
  await expect(page).toHaveURL(/\/app\/login\//);
  const { headers } = await riderThroughApi(request, { phone: newPhone('6'), now: serverNow });
  expect((await request.get('/api/reservations/v1/bookings/RSV-00000000-0000-4000-8000-000000000000', { headers })).status()).toBe(404);
});

test('a rider with a premium pass (Magic pass) books a premium seat for ₹0', async ({ page, request, serverNow }) => {
  test.setTimeout(150_000);
  await signUpInApp(page, request, { ...rider, now: serverNow });
  const headers = await riderHeaders(page);
  // buy the Magic pass (serviceType PREMIUM) through the API, from today on the server's clock, and pay it
  const tx = await orderPassThroughApi(request, headers, {
    startDate: cityDate(serverNow()),
    categoryId: 'adult',
    fmId: 'mum-magic-30',
    configurationId: 'mum-magic',
    fare: 2500,
    userName: 'Meera Nair',
  });
  await payThroughApi(request, headers, 'pass', tx, SANDBOX_UPI);
  await expect
    .poll(async () => (await (await request.get('/api/reservations/v1/cities/mumbai/premium-passes', { headers })).json()).passes.length, { timeout: 20_000 })
    .toBe(1);

  await page.goto('/app/premium-buses');
  await page.getByRole('link', { name: 'Book with my premium pass' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Book with your premium pass' })).toBeVisible();
  await expect(page.getByText('Magic pass')).toBeVisible();
  await expect(page.getByText('Unlimited rides a day')).toBeVisible();
  await shot(page, 'use-pass');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'P1: Thane Station (West) → Bandra Kurla Complex' }).click();
  await expect(page.getByText('A pass books one seat, for you.')).toBeVisible();
  await chooseLaterSlot(page);
  await expect(page).toHaveURL(/passId=/);
  await expect(page.getByText('₹0 with your pass (the seat costs ₹160).')).toBeVisible();
  await page.getByRole('button', { name: 'Book for ₹0 with my pass' }).click();
  await expect(page).toHaveURL(/\/app\/premium-buses\/ticket-successful-booking\/RSV-/);
  await expect(page.getByText('Your seat is booked.')).toBeVisible();
  await expect(page.getByText('₹0 with your premium pass')).toBeVisible();
  await shot(page, 'pass-success');
});

test('the booked bus, live: when tracking opens, then the bus on a map with its ETA to the boarding stop; find my stop', async ({
  page,
  request,
  serverNow,
}) => {
  test.setTimeout(150_000);
  await signUpInApp(page, request, { ...rider, now: serverNow });
  const headers = await riderHeaders(page);
  const R = '/api/reservations/v1';
  const pair = { fromStopId: 'PRM-GHATKOPAR', toStopId: 'PRM-BKC' };
  const daysOf = async (lineId: string) =>
    ((await (await request.get(`${R}/cities/mumbai/lines/${lineId}/days`, { headers })).json()) as { days: string[] }).days;
  const slotsOn = async (lineId: string, date: string) =>
    (
      (await (
        await request.get(`${R}/cities/mumbai/slots?lineId=${lineId}&fromStopId=${pair.fromStopId}&toStopId=${pair.toStopId}&date=${date}`, { headers })
      ).json()) as {
        slots: { tripId: string; startTime: number; bookable: boolean }[];
      }
    ).slots.filter((s) => s.bookable);
  const bookAndPay = async (tripId: string) => (await bookAndPaySeatThroughApi(request, headers, tripId, pair)).id;

  // a seat on a later day: tracking is not open yet, and the screen says when it opens
  const days = await daysOf('PRM-1');
  const later = (await slotsOn('PRM-1', days[days.length - 1]))[0];
  const laterId = await bookAndPay(later.tripId);
  await page.goto(`/app/premium-buses/premium-bus-summary/${laterId}`);
  // on its date (a later day), and no "updates every N min" before tracking opens
  await expect(page.getByText(/^Live tracking of your bus opens at \d{2} [A-Za-z]{3,4} \d{4}, .*, 30 minutes before it leaves at .*\.$/)).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(/^Updates by itself/)).toHaveCount(0);
  await expect(page.getByTestId('map')).toHaveCount(0);

  // find my stop: the boarding stop on a map and in the list
  await page.getByRole('link', { name: 'Find my stop' }).click();
  await expect(page).toHaveURL(/\/app\/premium-buses\/viewODStopDetails\/PRM-1\/PRM-GHATKOPAR\/PRM-BKC/);
  await expect(page.getByText('You board at Ghatkopar (East).')).toBeVisible();
  await expect(page.getByTestId('map')).toHaveAttribute('data-map-status', 'ready', { timeout: 30_000 });
  await expect(page.getByRole('list', { name: /Map of Thane – BKC Premium/ }).getByText('Ghatkopar (East) — board here')).toBeVisible();
  await shot(page, 'find-my-stop');
  await expectAccessible(page);

  // a seat on a bus leaving within 30 minutes: on the fixed clock (a weekday morning) today's first bookable slot, as
  // P1 leaves every 20 minutes
  expect(days[0]).toBe(cityDate(serverNow()).replace(/-/g, ''));
  const now = serverNow();
  const soon = (await slotsOn('PRM-1', days[0])).find((s) => s.startTime - 30 * 60_000 <= now);
  expect(soon, `a P1 slot within 30 minutes of ${new Date(now).toISOString()}`).toBeDefined();
  const id = await bookAndPay(soon!.tripId);
  await page.goto(`/app/premium-buses/premium-bus-summary/${id}`);
  const live = page.getByRole('region', { name: /^Your bus MH-43-[A-Z]{2}-\d{4}$/ });
  await expect(live).toBeVisible({ timeout: 20_000 });
  await expect(live.getByText(/^At Ghatkopar \(East\) in \d+ min$/)).toBeVisible();
  await expect(live.getByText(/^(On time|Arriving early|Running behind|Delayed|Scheduled)$/)).toBeVisible();
  await expect(live.getByText(/^(Live|Last seen \d+ min ago) · (waiting at Thane Station \(West\)|next stop .+)$/)).toBeVisible();
  await expect(live.getByTestId('map')).toHaveAttribute('data-map-status', 'ready', { timeout: 30_000 });
  await expect(live.getByText(/^Updates by itself every \d+ min\.$/)).toBeVisible();
  const tracking = await (await request.get(`${R}/bookings/${id}/tracking`, { headers })).json();
  expect(tracking).toMatchObject({ state: 'LIVE', boarding: { stopId: 'PRM-GHATKOPAR' } });
  expect(tracking.pollAfterMs).toBeGreaterThanOrEqual(120_000);
  // The map's tiles-free style has drawn: two frames after it said ready (a condition, not a sleep).
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await shot(page, 'live-bus');
  await expectAccessible(page);
});

test('change to a dearer slot pays the difference in the checkout; back to a cheaper one refunds it', async ({ page, request, serverNow }) => {
  test.setTimeout(180_000);
  await signUpInApp(page, request, { ...rider, now: serverNow });
  const headers = await riderHeaders(page);
  const R = '/api/reservations/v1';
  const pair = { fromStopId: 'PRM-THANE', toStopId: 'PRM-BKC' };
  // the last whole weekday on sale (the last one is on sale only up to this time of day): its 16:40 slot (₹160) and
  // the evening rush from 17:00 (₹200, docs/reservations.md)
  const days = ((await (await request.get(`${R}/cities/mumbai/lines/PRM-1/days`, { headers })).json()) as { days: string[] }).days;
  const day = days[days.length - 2];
  const { id, farePaise } = await bookAndPaySeatThroughApi(request, headers, `PRM-1.${day}1640`, pair);
  expect(farePaise).toBe(16000);

  // the change-of-slot list says what each slot costs against the current one
  await page.goto(`/app/premium-buses/cancellationRescheduleCard/${id}?mode=reschedule`);
  await expect(page.getByRole('heading', { level: 1, name: 'Change the slot' })).toBeVisible();
  const dear = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Move to the 5:00\s?(PM|pm) slot$/ }) });
  await expect(dear.getByText(/pay ₹40 more/)).toBeVisible({ timeout: 20_000 });
  await expect(
    page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^Move to the 4:20\s?(PM|pm) slot$/ }) })
      .getByText(/same fare/),
  ).toBeVisible();
  await shot(page, 'reschedule-dearer');
  await dear.getByRole('button').click();

  // the difference is a new order paid through the shared checkout
  const newId = await payByUpi(page, '₹40');
  expect(newId).not.toBe(id);
  await expect(page).toHaveURL(`/app/premium-buses/ticket-successful-booking/${newId}`, { timeout: 20_000 });
  await expect(page.getByText('Your seat is booked.')).toBeVisible({ timeout: 20_000 });
  const old = await (await request.get(`${R}/bookings/${id}`, { headers })).json();
  const now = await (await request.get(`${R}/bookings/${newId}`, { headers })).json();
  expect(old.status).toBe('USER_RESCHEDULED');
  expect(now).toMatchObject({ status: 'ACTIVE', tripId: `PRM-1.${day}1700`, farePaise: 20000, amountPaise: 4000, firstBookingId: id });
  const wallet = await (await request.get('/api/tickets/wallet?city=mumbai', { headers })).json();
  const ids = wallet.items.map((i: { transactionId: string }) => i.transactionId);
  expect(ids).toContain(newId);
  expect(wallet.items.find((i: { transactionId: string }) => i.transactionId === id)?.status ?? 'GONE').not.toBe('ACTIVE');

  // back to a cheaper slot: done at once, ₹40 refunded (fare difference) and shown with its status
  await page.goto(`/app/premium-buses/cancellationRescheduleCard/${newId}?mode=reschedule`);
  const cheap = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Move to the 4:20\s?(PM|pm) slot$/ }) });
  await expect(cheap.getByText(/₹40 back to you/)).toBeVisible({ timeout: 20_000 });
  await cheap.getByRole('button').click();
  await expect(page).toHaveURL(/\/app\/premium-buses\/premium-bus-summary\/RSV-/);
  const thirdId = /premium-bus-summary\/(RSV-[0-9a-f-]+)/.exec(page.url())![1];
  await expect(page.getByRole('heading', { name: 'Refund', exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('₹40', { exact: true })).toBeVisible();
  const third = await (await request.get(`${R}/bookings/${thirdId}`, { headers })).json();
  expect(third).toMatchObject({ status: 'ACTIVE', tripId: `PRM-1.${day}1620`, farePaise: 16000 });
  const refunds = [...third.refunds, ...(await (await request.get(`${R}/bookings/${newId}`, { headers })).json()).refunds];
  expect(
    refunds.filter((r: { reason: string; amountPaise: number }) => r.reason === 'FARE_DIFFERENCE' && r.amountPaise === 4000).length,
  ).toBeGreaterThanOrEqual(1);
  await shot(page, 'reschedule-cheaper-refund');
});
