import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../support/clock';
import os from 'node:os';
import path from 'node:path';
import { expectAccessible } from '../support/axe';
import { orderPassThroughApi, payThroughApi, SANDBOX_UPI } from '../support/buy';
import { newIp, newPhone, riderHeaders, signIn } from '../support/rider';

// The one status model against the real server: what the wallet and the item screens say about a seat the rider cancelled,
// the old booking of a change of slot, a seat whose trip an operator cancelled (ops API), and a pass whose documents
// were rejected, all made through the real API and the payments sandbox. One status model decides it
// (shared/domain productStatus): none of them is "Not valid yet · Valid in 2 h", none stays under Active, and nothing
// in the Expired tab says "expires in". Screenshots at 360 px in English and Hindi: $TMPDIR/sawari-product-status/.
// On the fixed e2e clock (support/clock.ts, Wednesday 10:00 in Mumbai): the line's last bookable day has its morning
// slots on sale whatever the hour the suite runs at (on the machine's clock, at 08:15 in India it had 2, not 6).
test.use({ bypassCSP: true, viewport: { width: 360, height: 800 } });

const W = '/app/your-tickets-and-passes';
const OPS = { authorization: 'Ops sawari-dev-ops' };
const PAIR = { fromStopId: 'PRM-KHARGHAR', toStopId: 'PRM-ANDHERI' };
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(os.tmpdir(), 'sawari-product-status', `${name}.png`), fullPage: true });
/** A 1×1 PNG (the proofs endpoint checks magic bytes). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function signUp(page: Page, request: APIRequestContext, now: () => number): Promise<string> {
  await page.addInitScript(() => {
    if (!localStorage.getItem('sawari.city')) localStorage.setItem('sawari.city', 'mumbai');
  });
  // 8 and nine random digits (the first digit must be 6-9; every digit is taken by some spec, the nine random ones keep numbers apart)
  const phone = newPhone('8');
  await page.goto('/app/login');
  await signIn(page, request, phone, now);
  await expect(page).toHaveURL('/app/profile/edit-profile');
  await page.getByLabel('First name').fill('Asha');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL('/app/profile');
  return phone;
}

/** Holds one adult seat on `tripId` and pays it by UPI in the sandbox; answers the booking id. */
async function bookAndPay(request: APIRequestContext, headers: Record<string, string>, tripId: string): Promise<string> {
  const passengers = { adult: 1, child: 0, senior: 0 };
  const fare = await (await request.post('/api/reservations/v1/fare', { headers, data: { options: [{ tripId, ...PAIR }], passengers } })).json();
  const held = await request.post('/api/reservations/v1/bookings', { headers, data: { tripId, ...PAIR, passengers, farePaise: fare.payableAmount } });
  expect(held.status(), await held.text()).toBe(201);
  const id = (await held.json()).bookingId as string;
  await payThroughApi(request, headers, 'reservation', id, SANDBOX_UPI);
  await expect
    .poll(async () => (await (await request.get(`/api/reservations/v1/bookings/${id}`, { headers })).json()).status, { timeout: 20_000 })
    .toBe('ACTIVE');
  return id;
}

test('a cancelled, a replaced and an operator-cancelled seat and a rejected pass say what they are, in English and Hindi', async ({
  page,
  context,
  request,
  serverNow,
}) => {
  test.setTimeout(180_000);
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': newIp() });
  const phone = await signUp(page, request, serverNow);
  const headers = await riderHeaders(page);

  // Seats on the line's LAST bookable day (premium.spec.ts's operator test cancels a trip of the second day), later slots.
  const { days } = await (await request.get('/api/reservations/v1/cities/mumbai/lines/PRM-2/days', { headers })).json();
  const day = days[days.length - 1] as string;
  const { slots } = await (
    await request.get(`/api/reservations/v1/cities/mumbai/slots?lineId=PRM-2&fromStopId=${PAIR.fromStopId}&toStopId=${PAIR.toStopId}&date=${day}`, { headers })
  ).json();
  const bookable = (slots as { tripId: string; bookable: boolean; startTime: number }[]).filter((s) => s.bookable);
  expect(bookable.length).toBeGreaterThanOrEqual(6);

  // 1. cancelled by the rider
  const cancelled = await bookAndPay(request, headers, bookable[1].tripId);
  const quote = (await (await request.get(`/api/reservations/v1/bookings/${cancelled}`, { headers })).json()).cancellation;
  const cancel = await request.post(`/api/reservations/v1/bookings/${cancelled}/cancel`, { headers, data: { refundPaise: quote.refundPaise } });
  expect(cancel.status(), await cancel.text()).toBe(200);

  // 2. a change of slot: the old booking is replaced by a new one (same fare: nothing to pay)
  const replaced = await bookAndPay(request, headers, bookable[3].tripId);
  const moved = await request.post(`/api/reservations/v1/bookings/${replaced}/reschedule`, { headers, data: { tripId: bookable[5].tripId, farePaise: 0 } });
  expect(moved.status(), await moved.text()).toBe(201);
  const current = (await moved.json()) as { bookingId: string; status: string };
  expect(current.status).toBe('ACTIVE');

  // 3. the operator cancels the trip (ops API): SYSTEM_CANCELLED with a full refund
  const byOperator = await bookAndPay(request, headers, bookable[4].tripId);
  const opsCancel = await request.post(`/api/ops/reservations/trips/${bookable[4].tripId}/cancel`, {
    headers: OPS,
    data: { disruption: 'TRAFFIC', note: 'e2e' },
  });
  expect(opsCancel.status(), await opsCancel.text()).toBe(200);

  // 4. a student pass whose documents an operator rejected
  const proof = async () =>
    (await (await request.post('/api/passes/proofs', { headers, multipart: { file: { name: 'proof.png', mimeType: 'image/png', buffer: PNG } } })).json())
      .fileId as string;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(serverNow());
  const rejected = await orderPassThroughApi(request, headers, {
    startDate: today,
    fmId: 'mum-stu-30',
    configurationId: 'mum-concession',
    categoryId: 'student',
    fare: 400,
    userName: 'Asha Rao',
    mobileNumber: phone,
    proofs: [
      { kind: 'PHOTO', fileId: await proof() },
      { kind: 'STUDENT_ID', fileId: await proof() },
    ],
  });
  expect((await request.post(`/api/passes/orders/${rejected}/submit-for-verification`, { headers })).ok()).toBe(true);
  const reject = await request.post(`/api/ops/verifications/${rejected}/reject`, { headers: OPS, data: { reason: 'The student ID is not readable' } });
  expect(reject.status(), await reject.text()).toBe(200);

  const card = (tx: string) => page.locator(`a[data-transaction-id="${tx}"]`);

  // --- the wallet: Active holds the new booking and the rejected pass; the others are under Expired ---
  await page.goto(W);
  await expect(card(current.bookingId)).toBeVisible({ timeout: 20_000 });
  await expect(card(current.bookingId)).toContainText(/Departs \d{2} \w{3} \d{4}, \d{1,2}:\d{2} [AP]M/);
  await expect(card(rejected)).toContainText('verification rejected');
  for (const tx of [cancelled, replaced, byOperator]) await expect(card(tx)).toHaveCount(0);
  await shot(page, 'wallet-active-en');

  await page.getByRole('tab', { name: /Expired/ }).click();
  for (const tx of [cancelled, replaced, byOperator]) await expect(card(tx)).toBeVisible();
  await expect(card(cancelled)).toContainText('cancelled');
  await expect(card(byOperator)).toContainText('cancelled');
  await expect(card(replaced)).toContainText('rescheduled');
  await expect(page.getByRole('tabpanel')).not.toContainText('expires in');
  await expect(page.getByRole('tabpanel')).not.toContainText('Valid in');
  await expect(page.getByTestId('expires-in')).toHaveCount(0);
  await shot(page, 'wallet-expired-en');
  await expectAccessible(page);

  // --- each item's own screen: what happened, no "Not valid yet", no countdown ---
  const expectSays = async (tx: string, headline: string) => {
    await expect(page.getByTestId('item-headline')).toHaveText(headline);
    await expect(page.getByText('Not valid yet')).toHaveCount(0);
    await expect(page.getByTestId('valid-in')).toHaveCount(0);
    await expect(page.getByTestId('expires-in')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Show ticket' })).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe(`${W}/summary/${tx}`);
  };
  await card(cancelled).click();
  await expectSays(cancelled, 'Cancelled by you');
  await expect(page.getByRole('link', { name: 'See the refund' })).toHaveAttribute('href', `/app/premium-buses/premium-bus-summary/${cancelled}`);
  await expect(page.getByRole('link', { name: 'Cancel booking' })).toHaveCount(0);
  await shot(page, 'cancelled-en');
  await expectAccessible(page);

  // the wallet's old address for a seat before its slot (before-activation) now says what it is
  await page.goto(`${W}/before-activation/${byOperator}`);
  await expectSays(byOperator, 'Cancelled by the operator');
  await shot(page, 'operator-cancelled-en');

  await page.goto(`${W}/summary/${replaced}`);
  await expectSays(replaced, 'Replaced by your change of slot');
  await expect(page.getByRole('link', { name: 'Change slot' })).toHaveCount(0);
  await shot(page, 'replaced-en');

  // the QR screen of a cancelled seat shows no code
  await page.goto(`${W}/pass-validation/${cancelled}`);
  await expect(page.getByTestId('item-headline')).toHaveText('Cancelled by you');
  await expect(page.getByRole('img', { name: /Ticket QR code/ })).toHaveCount(0);

  // the new booking of the change: before its slot, change and cancel are offered and the departure is shown
  await page.goto(`${W}/summary/${current.bookingId}`);
  await expect(page.getByTestId('item-headline')).toHaveText('Not valid yet');
  await expect(page.getByRole('link', { name: 'Change slot' })).toHaveAttribute(
    'href',
    `/app/premium-buses/cancellationRescheduleCard/${current.bookingId}?mode=reschedule`,
  );
  await expect(page.getByRole('link', { name: 'Cancel booking' })).toHaveAttribute(
    'href',
    `/app/premium-buses/cancellationRescheduleCard/${current.bookingId}?mode=cancel`,
  );
  await expect(page.getByRole('term').filter({ hasText: 'Departure' })).toBeVisible();
  await shot(page, 'active-seat-en');

  // the rejected pass: its summary says so and leads to the reason
  await page.goto(`${W}/summary/${rejected}`);
  await expect(page.getByTestId('item-headline')).toHaveText('Documents not accepted');
  await expect(page.getByRole('link', { name: 'See why and send again' })).toHaveAttribute('href', `${W}/verification-rejection/${rejected}`);
  await shot(page, 'rejected-en');

  // the premium screens read the same model
  await page.goto(`/app/premium-buses/premium-bus-summary/${cancelled}`);
  await expect(page.getByTestId('seat-headline')).toHaveText('Cancelled by you');
  await expect(page.getByTestId('status-pill')).toHaveText('cancelled');

  // --- item 5: the fare page before paying (date, departure, stops, passengers, one fare line each), the instant ticket ---
  const fareUrl = `/app/premium-buses/fare-details?tripId=${bookable[2].tripId}&fromStopId=${PAIR.fromStopId}&toStopId=${PAIR.toStopId}&adult=2&child=1&senior=0`;
  await page.goto(fareUrl);
  await expect(page.getByTestId('fare-lines').getByRole('row')).toHaveCount(4);
  await expect(page.getByTestId('fare-facts')).toContainText('2 adults, 1 child');
  await expect(page.getByRole('link', { name: /Choose a slot/ })).toHaveAttribute(
    'href',
    new RegExp(`select-slot\\?lineId=PRM-2&fromStopId=PRM-KHARGHAR&toStopId=PRM-ANDHERI&date=${day}`),
  );
  await shot(page, 'fare-en');
  await page.goto('/app/instant-ticket');
  await expect(page.getByTestId('instant-valid-for')).toContainText('15 minutes');
  await shot(page, 'instant-en');

  // --- Hindi ---
  await page.evaluate(() => localStorage.setItem('sawari.lang', 'hi'));
  await page.goto(`${W}?tab=expired`);
  await expect(card(cancelled)).toContainText('रद्द');
  await expect(page.getByRole('tabpanel')).not.toContainText('में मान्य होगा');
  await shot(page, 'wallet-expired-hi');
  await page.goto(`${W}/summary/${byOperator}`);
  await expect(page.getByTestId('item-headline')).toHaveText('ऑपरेटर ने रद्द किया');
  await shot(page, 'operator-cancelled-hi');
  await page.goto(`${W}/summary/${replaced}`);
  await expect(page.getByTestId('item-headline')).toHaveText('आपके स्लॉट बदलने से बदला गया');
  await shot(page, 'replaced-hi');
  await page.goto(`${W}/summary/${rejected}`);
  await expect(page.getByTestId('item-headline')).toHaveText('दस्तावेज़ स्वीकार नहीं हुए');
  await shot(page, 'rejected-hi');
  await page.goto(`${W}/summary/${current.bookingId}`);
  await expect(page.getByTestId('seat-departure')).toContainText('प्रस्थान');
  await shot(page, 'active-seat-hi');
  await page.goto(fareUrl);
  await expect(page.getByTestId('fare-lines').getByRole('row')).toHaveCount(4);
  await shot(page, 'fare-hi');
  await page.goto(`/app/premium-buses/premium-bus-summary/${byOperator}`);
  await expect(page.getByTestId('refund-where').first()).toBeVisible();
  await shot(page, 'premium-operator-cancelled-hi');
});
