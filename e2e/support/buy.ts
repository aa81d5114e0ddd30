import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { payOnHostedPage, type HostedInstrument } from '../../api/src/dev-gateway/driver';

// Buying for the e2e specs (docs/payment-gateway.md): every method but cash is paid on the payment gateway's own hosted
// page, on the gateway's origin (the development gateway, api/src/dev-gateway, started by playwright.config.ts). In
// the page: our checkout's "Continue to pay", then the gateway's page (card number, 3-D Secure OTP, UPI collect
// approved in its test UPI app), then back on our page. Through the API (as another device of the rider would): the
// pay request (method and prefill only, never card data), the gateway's page over HTTP (its driver), and its return
// posted to our API, as the rider's browser would.

/** The gateway's origin (playwright.config.ts starts it on this port): the only one card numbers and OTPs are typed on. */
export const GATEWAY_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_GATEWAY_PORT || 18190)}`;

/** The development gateway's test instruments (api/src/dev-gateway/defaults.ts). */
export const TEST_CARD = { number: '4111 1111 1111 1111', expiry: '12/30', cvv: '123', otp: '123456' } as const;
export const SANDBOX_CARD: HostedInstrument = { method: 'card', number: '4111111111111111', expiry: '12/30', cvv: '123', otp: '123456' };
export const SANDBOX_UPI: HostedInstrument = { method: 'upi', vpa: 'success@upi', approve: true };

/** Waits until the page is on the gateway's origin (asserted before anything is typed there). */
export async function onGateway(page: Page): Promise<void> {
  await page.waitForURL((url) => url.origin === GATEWAY_ORIGIN, { timeout: 20_000 });
  expect(new URL(page.url()).origin).toBe(GATEWAY_ORIGIN);
}

/**
 * On the gateway's page (already there): pays by card, typing the number, expiry and CVV, then the 3-D Secure OTP
 * (123456 is right; another is wrong: the page says so and, after its tries, fails the payment).
 */
export async function cardOnGateway(
  page: Page,
  { number = TEST_CARD.number, otp = TEST_CARD.otp }: { number?: string; otp?: string | string[] } = {},
): Promise<void> {
  await onGateway(page);
  const card = page.locator('#method-card');
  if (!(await card.getAttribute('open').then((v) => v !== null))) await card.locator('summary').click();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill(TEST_CARD.expiry);
  await page.getByLabel('CVV', { exact: true }).fill(TEST_CARD.cvv);
  await page.getByLabel('Name on the card').fill('Asha Rao');
  await card.getByRole('button', { name: /^Pay ₹/ }).click();
  for (const code of Array.isArray(otp) ? otp : [otp]) {
    expect(new URL(page.url()).origin).toBe(GATEWAY_ORIGIN);
    await page.getByLabel('OTP').fill(code);
    await page.getByRole('button', { name: 'Verify and pay' }).click();
  }
}

/** From our card screen: "Continue to pay <amount>", then the card and the OTP on the gateway's page; back on our origin. */
export async function payByCardOnGateway(page: Page, amount: string, opts: { number?: string; otp?: string | string[] } = {}): Promise<void> {
  await page.getByRole('button', { name: `Continue to pay ${amount}` }).click();
  await cardOnGateway(page, opts);
  await page.waitForURL((url) => url.origin !== GATEWAY_ORIGIN, { timeout: 20_000 });
}

/**
 * On the gateway's page (already there): UPI collect to `vpa`, approved (or declined) in the gateway's test UPI app,
 * opened in a tab of its own as a rider's phone would; the gateway's page then sends the rider back.
 */
export async function upiOnGateway(page: Page, vpa = 'success@upi', approve = true): Promise<void> {
  await onGateway(page);
  const upi = page.locator('#method-upi');
  if (!(await upi.getAttribute('open').then((v) => v !== null))) await upi.locator('summary').click();
  await page.getByLabel('UPI ID', { exact: true }).fill(vpa);
  await page.getByRole('button', { name: 'Send a collect request' }).click();
  await expect(page.locator('#upi-waiting')).toBeVisible();
  const paymentId = await page.locator('#upi-waiting').getAttribute('data-payment-id');
  const app = await page.context().newPage();
  await app.goto(`${GATEWAY_ORIGIN}/upi-app?vpa=${encodeURIComponent(vpa)}`);
  const item = app.locator(`li[data-payment-id="${paymentId}"]`);
  await item.getByRole('button', { name: approve ? 'Approve' : 'Decline' }).click();
  await expect(app.getByText(approve ? 'Payment approved.' : 'Payment declined.')).toBeVisible();
  await app.close();
  // the gateway's waiting page checks again every 3 s, then posts the outcome to our return URL
  await page.waitForURL((url) => url.origin !== GATEWAY_ORIGIN, { timeout: 30_000 });
}

/** From a held seat's pay screen (pay-for-ticket): pay `price` by UPI (success@upi, approved). Answers the booking id. */
export async function payHeldSeatByUpi(page: Page, price: string): Promise<string> {
  await expect(page).toHaveURL(/\/app\/premium-buses\/pay-for-ticket\?bookingId=RSV-/);
  const id = new URL(page.url()).searchParams.get('bookingId')!;
  await page.getByRole('button', { name: `Pay ${price}` }).click();
  await expect(page).toHaveURL(new RegExp(`/app/select-payment/[^/]+/reservation/${id}`));
  await page.getByRole('link', { name: /UPI/ }).click();
  await page.getByLabel('UPI id').fill('success@upi');
  await page.getByRole('button', { name: `Continue to pay ${price}` }).click();
  await upiOnGateway(page, 'success@upi');
  return id;
}

/**
 * Pays an order of `kind` (reservation, pass, …) through the API and the gateway's page over HTTP; the payment must
 * succeed. The gateway's return is posted to our API as the browser would (303 to the checkout), then the payment is
 * read until it has settled.
 */
export async function payThroughApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  kind: string,
  orderId: string,
  payment: HostedInstrument = SANDBOX_CARD,
): Promise<void> {
  // A key of its own per order (8 to 64 characters: the order id's end is the unique part).
  const key = `e2e-${orderId}`.slice(-64);
  const prefill = payment.method === 'netbanking' ? { bank: payment.bank } : payment.method === 'wallet' ? { wallet: payment.wallet } : {};
  const started = await request.post(`/api/payments/${kind}/${orderId}/pay`, {
    headers: { ...headers, 'idempotency-key': key },
    data: { method: payment.method, prefill },
  });
  expect(started.status(), await started.text()).toBe(200);
  const answer = await started.json();
  if (answer.status !== 'SUCCESS') {
    expect(answer.checkout, JSON.stringify(answer)).toBeTruthy();
    const outcome = await payOnHostedPage(answer.checkout, payment);
    if (outcome.kind === 'callback') {
      const back = await request.post(outcome.url, { form: outcome.fields, maxRedirects: 0 });
      expect(back.status(), await back.text()).toBe(303);
    }
    await expect
      .poll(async () => (await (await request.get(`/api/payments/${answer.paymentId}`, { headers })).json()).status, { timeout: 20_000 })
      .toBe('SUCCESS');
  }
}

/** Holds seats on a reserved trip (premium, airport express, event) at its quoted fare and pays for them through the
 *  API. Answers the booking id and the fare paid. */
export async function bookAndPaySeatThroughApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  tripId: string,
  pair: { fromStopId: string; toStopId: string },
  { passengers = { adult: 1, child: 0, senior: 0 }, payment = SANDBOX_CARD }: { passengers?: Record<string, number>; payment?: HostedInstrument } = {},
): Promise<{ id: string; farePaise: number }> {
  const fare = await (await request.post('/api/reservations/v1/fare', { headers, data: { options: [{ tripId, ...pair }], passengers } })).json();
  const held = await request.post('/api/reservations/v1/bookings', { headers, data: { tripId, ...pair, passengers, farePaise: fare.payableAmount } });
  expect(held.status(), await held.text()).toBe(201);
  const id = (await held.json()).bookingId as string;
  await payThroughApi(request, headers, 'reservation', id, payment);
  return { id, farePaise: fare.payableAmount as number };
}

/** Orders a Mumbai pass through the API, starting on `startDate` (a city date, YYYY-MM-DD, on the server's clock), with
 *  the uploaded `proofs` a concession needs (none by default); answers its transaction id, unpaid. */
export async function orderPassThroughApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  pass: {
    startDate: string;
    fmId: string;
    configurationId: string;
    categoryId: string;
    fare: number;
    userName: string;
    mobileNumber?: string;
    proofs?: { kind: string; fileId: string }[];
  },
): Promise<string> {
  const order = await request.post('/api/passes/v3/orders', {
    headers,
    data: {
      appVer: '1001',
      city: 'mumbai',
      deviceId: headers.deviceid,
      source: 1,
      paymentProps: { lpVer: '1', paymentType: 'online' },
      proofs: pass.proofs ?? [],
      userDetails: {
        mailId: null,
        mobileNumber: pass.mobileNumber ?? '9000000000',
        userName: pass.userName,
        gender: null,
        dobInMillis: null,
        userId: headers.userid,
      },
      passProps: { passStartDate: pass.startDate, categoryId: pass.categoryId, fmId: pass.fmId, configurationId: pass.configurationId, passFare: pass.fare },
    },
  });
  expect(order.status(), await order.text()).toBeLessThan(300);
  return (await order.json()).transactionId as string;
}
