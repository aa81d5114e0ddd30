import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { newIp, newPhone, riderHeaders, riderThroughApi, signIn } from '../support/rider';
import { cardOnGateway, GATEWAY_ORIGIN, onGateway, payByCardOnGateway, upiOnGateway } from '../support/buy';

// The shell's checkout (/app/select-payment/...) against the real server and the development payment gateway on its
// own origin (docs/payment-gateway.md, playwright.config.ts): every method but cash is paid on the gateway's hosted
// page (card + 3-D Secure OTP, UPI collect approved in its test UPI app, netbanking bank pages), never on ours. A
// rider and a general-pass order are made through the API (as the pass purchase remote would), then paid in the UI.
// Service workers are blocked (every request goes to the server); each test has its own rider and client address.
// axe needs the CSP bypassed (support/axe.ts); one test keeps the page's own CSP (form-action 'self' and the gateway's
// origin), which the form post to the gateway must pass.
test.use({ serviceWorkers: 'block', bypassCSP: true });
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': newIp() });
});

type Rider = { phone: string; userId: string; headers: Record<string, string>; codeSentAt: number };
const riderApi = (request: APIRequestContext): Promise<Rider> => riderThroughApi(request, { phone: newPhone('8'), device: 'e2echeckout' });

/**
 * A new rider signed in in the page (the server sends one code per number every 30 s, so the page signs in first and
 * the test borrows the page's session for its API calls), with a profile.
 */
async function riderInPage(page: Page, request: APIRequestContext): Promise<Rider> {
  const phone = newPhone('8');
  await page.goto('/app/login');
  await signIn(page, request, phone);
  await expect(page).toHaveURL('/app/profile/edit-profile');
  const headers = await riderHeaders(page);
  expect((await request.post('/api/profile', { headers, data: { firstName: 'Asha', lastName: 'Rao' } })).status()).toBe(201);
  return { phone, userId: headers.userid, headers, codeSentAt: 0 };
}

/** A 30-day general pass order in Mumbai (₹1,100 after the product's discount), as docs/passes.md describes it. */
async function passOrder(request: APIRequestContext, rider: Rider): Promise<string> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(Date.now());
  const res = await request.post('/api/passes/v3/orders', {
    headers: rider.headers,
    data: {
      appVer: '1001',
      city: 'mumbai',
      deviceId: rider.headers.deviceid,
      source: 1,
      paymentProps: { lpVer: '1', paymentType: 'online' },
      proofs: [],
      userDetails: { mailId: null, mobileNumber: rider.phone, userName: 'Asha Rao', gender: null, dobInMillis: null, userId: rider.userId },
      passProps: { passStartDate: today, categoryId: 'adult', fmId: 'mum-gen-30', configurationId: 'mum-general', passFare: 1100 },
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const order = await res.json();
  expect(order).toMatchObject({ status: 'PENDING', payableAmount: 110000 });
  return order.transactionId as string;
}

/** Opens the checkout of a pass order (signed in already). */
async function openCheckout(page: Page, tx: string, method = ''): Promise<void> {
  await page.goto(`/app/select-payment/MBUS/pass/${tx}${method ? `/${method}` : ''}`);
  await expect(page.getByText('₹1,100', { exact: true }).first()).toBeVisible();
}

/**
 * Every pay request the page sends: its idempotency key, its body and the payment id it got back. Read in a route (the
 * answer is followed at once by a navigation to the gateway's page, after which a response's body cannot be read).
 */
async function recordPays(page: Page) {
  const pays: { key: string; body: Record<string, unknown>; paymentId: string | null; status: number }[] = [];
  await page.route('**/api/payments/pass/*/pay', async (route) => {
    const res = await route.fetch();
    const body = await res.json().catch(() => ({}));
    pays.push({
      key: route.request().headers()['idempotency-key'],
      body: route.request().postDataJSON(),
      paymentId: body.paymentId ?? null,
      status: res.status(),
    });
    await route.fulfill({ response: res });
  });
  return pays;
}

/** Every request the page sends to our origin carries no card number, CVV or expiry (they are typed on the gateway's only). */
function noCardDataToUs(page: Page) {
  const seen: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).origin === GATEWAY_ORIGIN) return;
    const body = req.postData() ?? '';
    if (/4111\s?1111|"cvv"|"number"|expiry/i.test(body + req.url())) seen.push(`${req.method()} ${req.url()} ${body.slice(0, 200)}`);
  });
  return seen;
}

const hi: Record<string, string> = JSON.parse(readFileSync(path.join(__dirname, '../../shell/src/features/checkout/i18n/hi.json'), 'utf8'));
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/checkout-gateway-${name}.png`, fullPage: true });
/** Narrow phone (360 px), for the screenshots of the new states. */
const narrow = (page: Page) => page.setViewportSize({ width: 360, height: 780 });

const successUrl = (tx: string) => `/app/productHooks/bus-pass-purchase/booking-successful/${tx}`;
const cardUrl = (tx: string) => `/app/select-payment/MBUS/pass/${tx}/card`;

async function paidOnce(request: APIRequestContext, rider: Rider, tx: string, paymentIds: string[]): Promise<void> {
  const status = await (await request.get(`/api/payments/orders/pass/${tx}/status`, { headers: rider.headers })).json();
  expect(status).toMatchObject({ status: 'SUCCESS', amountPaise: 110000 });
  const payments = await Promise.all([...new Set(paymentIds)].map(async (id) => (await request.get(`/api/payments/${id}`, { headers: rider.headers })).json()));
  expect(payments.filter((p) => p.status === 'SUCCESS').map((p) => p.paymentId)).toEqual([status.paymentId]);
  const order = await (await request.get(`/api/passes/orders/${tx}`, { headers: rider.headers })).json();
  expect(order).toMatchObject({ status: 'SUCCESS', passId: expect.any(String) });
}

test('card with 3-D Secure: our page has no card fields; a wrong OTP fails in words; Try again (a new key) with the right OTP pays once', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const rider = await riderApi(request);
  const tx = await passOrder(request, rider);
  const pays = await recordPays(page);
  const leaks = noCardDataToUs(page);

  // Signed out: sign-in first, then back to the checkout.
  const path = `/select-payment/MBUS/pass/${tx}`;
  await page.goto(`/app${path}`);
  await expect(page).toHaveURL(`/app/login/${encodeURIComponent(path)}`);
  // the rider signed in through the API (riderApi): that code is used, so the page's sign-in gets a new one at once
  await signIn(page, request, rider.phone);
  await expect(page).toHaveURL(`/app${path}`);

  // The method list with the amount and the server's fare breakup.
  await expect(page.getByRole('heading', { level: 1, name: 'Pay for your bus pass' })).toBeVisible();
  await expect(page.getByText('₹1,100', { exact: true }).first()).toBeVisible();
  await page.getByText('Fare details').click();
  await expect(page.getByText('Pass price')).toBeVisible();
  await page.getByRole('link', { name: /Credit or debit card/ }).click();
  await expect(page).toHaveURL(cardUrl(tx));

  // Our card screen: what happens, one button, nothing to type a card into.
  await expect(page.getByText("You will enter your card on the payment gateway's secure page; Sawari never sees your card number.")).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expect(page.locator('input[autocomplete^="cc-"]')).toHaveCount(0);
  await narrow(page);
  await shot(page, '01-card-screen-en');
  await expectAccessible(page);

  // A wrong OTP three times: the gateway fails the payment and sends the rider back; our page says it in words.
  await payByCardOnGateway(page, '₹1,100', { otp: ['000000', '111111', '222222'] });
  await expect(page).toHaveURL(cardUrl(tx));
  const alert = page.getByRole('alert').filter({ hasText: 'The payment did not go through' });
  await expect(alert).toContainText('The one-time password check with your bank failed');
  await expect(alert).toBeFocused();
  await shot(page, '02-card-otp-failed-en');
  await expectAccessible(page);

  // Try again: a new attempt with a new key; the right OTP; the pass remote's success screen (history replaced).
  await page.getByRole('button', { name: 'Try again: pay ₹1,100' }).click();
  await cardOnGateway(page);
  await expect(page).toHaveURL(successUrl(tx), { timeout: 20_000 });
  expect(pays.map((p) => p.status)).toEqual([200, 200]);
  expect(new Set(pays.map((p) => p.key)).size).toBe(2);
  for (const p of pays) expect(p.body).toEqual({ method: 'card', prefill: {}, returnPath: cardUrl(tx) });
  expect(leaks).toEqual([]);
  await paidOnce(
    request,
    rider,
    tx,
    pays.map((p) => p.paymentId!),
  );

  // Back does not return to the paid checkout's method screen; opening the checkout of a paid order goes to the pass.
  await page.goto(`/app/select-payment/MBUS/pass/${tx}`);
  await expect(page).toHaveURL(successUrl(tx));
});

test.describe('with the page’s own CSP', () => {
  test.use({ bypassCSP: false });
  test('the form post to the gateway passes the CSP form-action, and the card is paid there', async ({ page, request }) => {
    test.setTimeout(90_000);
    const rider = await riderInPage(page, request);
    const tx = await passOrder(request, rider);
    const csp: string[] = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname === cardUrl(tx)) csp.push(res.headers()['content-security-policy'] ?? '');
    });
    const violations: string[] = [];
    page.on('console', (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
    await openCheckout(page, tx, 'card');
    await page.reload();
    expect(csp.at(-1)).toContain(`form-action 'self' ${GATEWAY_ORIGIN}`);
    await payByCardOnGateway(page, '₹1,100');
    await expect(page).toHaveURL(successUrl(tx), { timeout: 20_000 });
    expect(violations).toEqual([]);
  });
});

test('UPI collect: the id is checked on our page, the collect request is approved in the test UPI app, the pass is issued', async ({ page, request }) => {
  test.setTimeout(90_000);
  const rider = await riderInPage(page, request);
  const tx = await passOrder(request, rider);
  const pays = await recordPays(page);
  await openCheckout(page, tx, 'upi');
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by UPI' })).toBeVisible();
  const vpa = page.getByLabel('UPI id');
  await vpa.fill('success');
  await page.getByRole('button', { name: 'Continue to pay ₹1,100' }).click();
  await expect(page.getByText('A UPI id has an @, like name@bank.')).toBeVisible();
  await expect(vpa).toHaveValue('success');
  expect(pays).toHaveLength(0);
  await vpa.fill('success@upi');
  await page.getByRole('button', { name: 'Continue to pay ₹1,100' }).click();
  await onGateway(page);
  await expect(page.getByLabel('UPI ID', { exact: true })).toHaveValue('success@upi'); // our page's choice, prefilled there
  await upiOnGateway(page, 'success@upi');
  await expect(page).toHaveURL(successUrl(tx), { timeout: 20_000 });
  expect(pays[0].body).toEqual({ method: 'upi', prefill: { vpa: 'success@upi' }, returnPath: `/app/select-payment/MBUS/pass/${tx}/upi` });
  await paidOnce(
    request,
    rider,
    tx,
    pays.map((p) => p.paymentId!),
  );
});

test('UPI pending: leaving the gateway page with the request open shows the time left, survives a reload, and ends on the pass once approved', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const rider = await riderInPage(page, request);
  const tx = await passOrder(request, rider);
  const pays = await recordPays(page);
  await openCheckout(page, tx, 'upi');
  await page.getByRole('button', { name: 'Continue to pay ₹1,100' }).click(); // no id: typed on the gateway's page
  await onGateway(page);
  await page.getByLabel('UPI ID', { exact: true }).fill('success@upi');
  await page.getByRole('button', { name: 'Send a collect request' }).click();
  const paymentOnGateway = await page.locator('#upi-waiting').getAttribute('data-payment-id');
  await page.getByRole('link', { name: 'Cancel payment' }).click();

  // Back on our page with ?payment=…&left=1: still pending (the collect request can still be approved).
  await expect(page).toHaveURL(`/app/select-payment/MBUS/pass/${tx}/upi`);
  const waiting = page.getByRole('status').filter({ hasText: 'Waiting for you to approve the payment in your UPI app' });
  await expect(waiting).toBeVisible();
  await expect(waiting).toContainText('You left the payment page before it finished');
  await expect(page.getByRole('timer')).toContainText(/Time left to approve: \d+:\d\d/);
  await expect(page.getByRole('button', { name: 'Go back to the payment page' })).toBeVisible();
  await narrow(page);
  await shot(page, '03-upi-pending-en');
  await expectAccessible(page);

  // Hindi, same state (a reload resumes polling the same payment: no new pay request).
  await page.evaluate(() => localStorage.setItem('sawari.lang', 'hi'));
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: hi['checkout.waiting.upi'] })).toBeVisible();
  await expect(page.getByRole('timer')).toBeVisible();
  await shot(page, '04-upi-pending-hi');
  await page.getByRole('button', { name: hi['checkout.waiting.checkNow'] }).click();

  // Approved in the UPI app (the rider's phone): our page sees it and goes on to the pass.
  const app = await page.context().newPage();
  await app.goto(`${GATEWAY_ORIGIN}/upi-app?vpa=success@upi`);
  await app.locator(`li[data-payment-id="${paymentOnGateway}"]`).getByRole('button', { name: 'Approve' }).click();
  await app.close();
  await expect(page).toHaveURL(successUrl(tx), { timeout: 30_000 });
  expect(pays).toHaveLength(1);
  await paidOnce(request, rider, tx, [pays[0].paymentId!]);
  await page.evaluate(() => localStorage.removeItem('sawari.lang'));
});

test('netbanking: the bank chosen on our page; the bank fails it (said in words, in Hindi too); Try again and the bank pays', async ({ page, request }) => {
  test.setTimeout(120_000);
  const rider = await riderInPage(page, request);
  const tx = await passOrder(request, rider);
  const pays = await recordPays(page);
  await openCheckout(page, tx, 'netbanking');
  await page.getByRole('button', { name: 'Continue to pay ₹1,100' }).click();
  await expect(page.getByText('Choose your bank.')).toBeVisible();
  expect(pays).toHaveLength(0);
  await page.getByRole('radio', { name: /HDFC/ }).check();
  await page.getByRole('button', { name: 'Continue to pay ₹1,100' }).click();
  await onGateway(page);
  await page.getByRole('button', { name: 'Continue to the bank' }).click();
  await page.getByRole('button', { name: 'Fail' }).click();
  await page.waitForURL((url) => url.origin !== GATEWAY_ORIGIN, { timeout: 20_000 });
  const alert = page.getByRole('alert').filter({ hasText: 'The payment did not go through' });
  await expect(alert).toBeVisible();
  await expect(alert).toBeFocused();
  await narrow(page);
  await shot(page, '05-netbanking-failed-en');
  const reason = (await alert.textContent()) ?? '';

  await page.evaluate(() => localStorage.setItem('sawari.lang', 'hi'));
  await page.reload();
  const alertHi = page.getByRole('alert').filter({ hasText: hi['checkout.failure.heading'] });
  await expect(alertHi).toBeVisible();
  expect((await alertHi.textContent()) ?? '').not.toBe(reason);
  await shot(page, '06-netbanking-failed-hi');
  await page.evaluate(() => localStorage.removeItem('sawari.lang'));
  await page.reload();

  await page.getByRole('radio', { name: /HDFC/ }).check();
  await page.getByRole('button', { name: 'Try again: pay ₹1,100' }).click();
  await onGateway(page);
  await page.getByRole('button', { name: 'Continue to the bank' }).click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(successUrl(tx), { timeout: 20_000 });
  expect(new Set(pays.map((p) => p.key)).size).toBe(2);
  for (const p of pays) expect(p.body).toMatchObject({ method: 'netbanking', prefill: { bank: 'HDFC' } });
  await paidOnce(
    request,
    rider,
    tx,
    pays.map((p) => p.paymentId!),
  );
});

test('card data sent to our API with the page’s session is refused whole: 400 RAW_CARD_REFUSED, nothing charged', async ({ page, request }) => {
  const rider = await riderInPage(page, request);
  const tx = await passOrder(request, rider);
  const headers = await riderHeaders(page);
  for (const data of [
    { method: 'card', details: { number: '4111111111111111', expiryMonth: 12, expiryYear: 2030, cvv: '123' } },
    { method: 'card', prefill: {}, card: { number: '4111 1111 1111 1111' } },
    { method: 'card', prefill: { cvv: '123' } },
  ]) {
    const res = await request.post(`/api/payments/pass/${tx}/pay`, {
      headers: { ...headers, 'idempotency-key': `raw-${Math.random().toString(36).slice(2, 12)}` },
      data,
    });
    expect(res.status()).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('RAW_CARD_REFUSED');
    expect(JSON.stringify(body)).not.toContain('4111');
  }
  expect(await (await request.get(`/api/payments/orders/pass/${tx}/status`, { headers })).json()).toMatchObject({ status: 'PENDING', paymentId: null });
});

test('double-clicking Continue sends one payment (one key) to one gateway page', async ({ page, request }) => {
  test.setTimeout(90_000);
  const rider = await riderInPage(page, request);
  const tx = await passOrder(request, rider);
  const pays = await recordPays(page);
  await openCheckout(page, tx, 'card');
  await page.getByRole('button', { name: 'Continue to pay ₹1,100' }).dblclick();
  await cardOnGateway(page);
  await expect(page).toHaveURL(successUrl(tx), { timeout: 20_000 });
  expect(new Set(pays.map((p) => p.key)).size).toBe(1);
  expect(new Set(pays.map((p) => p.paymentId)).size).toBe(1);
  await paidOnce(
    request,
    rider,
    tx,
    pays.map((p) => p.paymentId!),
  );
});

test('a lost answer: the page saw a network error; Retry resends the same key, gets the same gateway page, and pays once', async ({ page, request }) => {
  test.setTimeout(90_000);
  const rider = await riderInPage(page, request);
  const tx = await passOrder(request, rider);
  const keys: string[] = [];
  const paymentIds: string[] = [];
  let drop = true;
  await page.route('**/api/payments/pass/*/pay', async (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    const res = await route.fetch(); // the server starts the payment...
    paymentIds.push((await res.json()).paymentId);
    if (drop) {
      drop = false;
      return route.abort('internetdisconnected'); // ...and the answer is lost on the way back
    }
    return route.fulfill({ response: res });
  });
  await openCheckout(page, tx, 'card');
  await page.getByRole('button', { name: 'Continue to pay ₹1,100' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'You seem to be offline' })).toContainText('you will not be charged twice');
  await page.getByRole('button', { name: 'Try again', exact: true }).click();
  await cardOnGateway(page);
  await expect(page).toHaveURL(successUrl(tx), { timeout: 20_000 });
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(paymentIds[1]).toBe(paymentIds[0]);
  await paidOnce(request, rider, tx, [paymentIds[0]]);
});

test('accessibility: method list, a form with errors, cash (unchanged: the counter reference) and /select-payment pass axe', async ({ page, request }) => {
  const rider = await riderInPage(page, request);
  const tx = await passOrder(request, rider);
  await openCheckout(page, tx);
  await expect(page.getByRole('heading', { name: 'Choose how to pay' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: /Netbanking/ }).click();
  await page.getByRole('button', { name: 'Continue to pay ₹1,100' }).click();
  await expect(page.getByText('Choose your bank.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Choose another way to pay' }).click();
  await page.getByRole('link', { name: /Cash at the counter/ }).click();
  await page.getByRole('button', { name: 'Get a payment reference' }).click();
  await expect(page.getByText('Your payment reference')).toBeVisible();
  await expect(page.getByTestId('counter-reference')).toBeVisible();
  await expectAccessible(page);

  // /select-payment offers the unfinished checkout of this tab.
  await page.goto('/app/select-payment');
  await expect(page.getByRole('link', { name: /Your bus pass: ₹1,100 to pay/ })).toBeVisible();
  await expectAccessible(page);
});
