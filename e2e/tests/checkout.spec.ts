import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { newIp, newPhone, riderHeaders, riderThroughApi, signIn } from '../support/rider';

// The shell's checkout (/app/select-payment/...) against the real server and its sandbox gateway (docs/payments.md).
// A rider and a general-pass order are made through the API (as the pass purchase remote would), then paid in the UI.
// The e2e server settles pending sandbox payments after 4 s (PAYMENTS_SANDBOX_PENDING_MS in playwright.config.ts).
// Service workers are blocked (every request goes to the server); each test has its own rider and client address.
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

/** Every pay request the page sends: its idempotency key and the payment id it got back. */
function recordPays(page: Page) {
  const pays: { key: string; paymentId: string | null; status: number }[] = [];
  page.on('response', async (res) => {
    if (res.request().method() !== 'POST' || !/\/api\/payments\/pass\/[^/]+\/pay$/.test(new URL(res.url()).pathname)) return;
    const body = await res.json().catch(() => ({}));
    pays.push({ key: res.request().headers()['idempotency-key'], paymentId: body.paymentId ?? null, status: res.status() });
  });
  return pays;
}

const successUrl = (tx: string) => `/app/productHooks/bus-pass-purchase/booking-successful/${tx}`;

async function paidOnce(request: APIRequestContext, rider: Rider, tx: string, paymentIds: string[]): Promise<void> {
  const status = await (await request.get(`/api/payments/orders/pass/${tx}/status`, { headers: rider.headers })).json();
  expect(status).toMatchObject({ status: 'SUCCESS', amountPaise: 110000 });
  const payments = await Promise.all([...new Set(paymentIds)].map(async (id) => (await request.get(`/api/payments/${id}`, { headers: rider.headers })).json()));
  expect(payments.filter((p) => p.status === 'SUCCESS').map((p) => p.paymentId)).toEqual([status.paymentId]);
  const order = await (await request.get(`/api/passes/orders/${tx}`, { headers: rider.headers })).json();
  expect(order).toMatchObject({ status: 'SUCCESS', passId: expect.any(String) });
}

test('card: a declined card keeps the form and says why; a retry with a new key pays once and lands on the pass', async ({ page, request }) => {
  test.setTimeout(120_000);
  const rider = await riderApi(request);
  const tx = await passOrder(request, rider);
  const pays = recordPays(page);

  // Signed out: sign-in first, then back to the checkout.
  const path = `/select-payment/MBUS/pass/${tx}`;
  await page.goto(`/app${path}`);
  await expect(page).toHaveURL(`/app/login/${encodeURIComponent(path)}`);
  await page.waitForTimeout(Math.max(0, rider.codeSentAt + 31_000 - Date.now())); // one code per number every 30 s
  await signIn(page, request, rider.phone);
  await expect(page).toHaveURL(`/app${path}`);

  // The method list with the amount and the server's fare breakup.
  await expect(page.getByRole('heading', { level: 1, name: 'Pay for your bus pass' })).toBeVisible();
  await expect(page.getByText('₹1,100', { exact: true }).first()).toBeVisible();
  await page.getByText('Fare details').click();
  await expect(page.getByText('Pass price')).toBeVisible();
  await expect(page.getByText('₹1,200')).toBeVisible();
  await page.getByRole('link', { name: /Credit or debit card/ }).click();
  await expect(page).toHaveURL(`/app/select-payment/MBUS/pass/${tx}/card`);

  // Validated before sending: nothing goes to the server.
  const number = page.getByLabel('Card number');
  await number.fill('4111 1111 1111 1112');
  await page.getByLabel('Expiry date (MM/YY)').fill('0120');
  await page.getByRole('button', { name: 'Pay ₹1,100' }).click();
  await expect(page.getByText('This card number is not valid. Check the digits.')).toBeVisible();
  await expect(page.getByText('This card has expired. Use another card.')).toBeVisible();
  await expect(page.getByText('Enter the CVV.')).toBeVisible();
  await expect(number).toBeFocused();
  await expect(number).toHaveValue('4111 1111 1111 1112');
  expect(pays).toHaveLength(0);

  // Declined by the bank: the reason, the masked card, and the form as typed.
  await number.fill('4000000000000002');
  await expect(number).toHaveValue('4000 0000 0000 0002');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/30');
  await page.getByLabel('CVV', { exact: true }).fill('123');
  await page.getByLabel('Name on card').fill('Asha Rao');
  await page.getByRole('button', { name: 'Pay ₹1,100' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'The payment did not go through' });
  await expect(alert).toContainText('Your bank declined this card.');
  await expect(alert).toContainText('XXXX XXXX XXXX 0002');
  await expect(alert).toBeFocused();
  await expect(number).toHaveValue('4000 0000 0000 0002');
  await expect(page.getByLabel('Name on card')).toHaveValue('Asha Rao');

  // Try again with a good card: a new idempotency key, SUCCESS, and the pass remote's success screen (history replaced).
  await number.fill('4111 1111 1111 1111');
  await page.getByRole('button', { name: 'Try again: pay ₹1,100' }).click();
  await expect(page).toHaveURL(successUrl(tx));
  expect(pays.map((p) => p.status)).toEqual([200, 200]);
  expect(new Set(pays.map((p) => p.key)).size).toBe(2);
  await paidOnce(
    request,
    rider,
    tx,
    pays.map((p) => p.paymentId!),
  );

  // Opening the checkout of a paid order goes straight to the pass.
  await page.goto(`/app/select-payment/MBUS/pass/${tx}`);
  await expect(page).toHaveURL(successUrl(tx));
});

test('UPI: success@upi pays at once', async ({ page, request }) => {
  const rider = await riderInPage(page, request);
  const tx = await passOrder(request, rider);
  const pays = recordPays(page);
  await openCheckout(page, tx, 'upi');
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by UPI' })).toBeVisible();
  const vpa = page.getByLabel('UPI id');
  await vpa.fill('success');
  await page.getByRole('button', { name: 'Pay ₹1,100' }).click();
  await expect(page.getByText('A UPI id has an @, like name@bank.')).toBeVisible();
  await expect(vpa).toHaveValue('success');
  await vpa.fill('success@upi');
  await page.getByRole('button', { name: 'Pay ₹1,100' }).click();
  await expect(page).toHaveURL(successUrl(tx));
  await paidOnce(
    request,
    rider,
    tx,
    pays.map((p) => p.paymentId!),
  );
});

test('UPI pending: the waiting state is announced, survives a reload, and ends on the pass', async ({ page, request }) => {
  const rider = await riderInPage(page, request);
  const tx = await passOrder(request, rider);
  const pays = recordPays(page);
  await openCheckout(page, tx, 'upi');
  await page.getByLabel('UPI id').fill('pending@upi');
  await page.getByRole('button', { name: 'Pay ₹1,100' }).click();
  const waiting = page.getByRole('status').filter({ hasText: 'Waiting for you to approve the payment in your UPI app' });
  await expect(waiting).toBeVisible();
  await expect(waiting).toContainText('Paying ₹1,100 with pending@upi');
  const [pay] = pays;
  expect(pay.status).toBe(200);

  // A reload while waiting resumes polling the same payment (no new pay request).
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Waiting for' })).toBeVisible();
  await expect(page).toHaveURL(successUrl(tx), { timeout: 20_000 });
  expect(pays).toHaveLength(1);
  await paidOnce(request, rider, tx, [pay.paymentId!]);
});

test('double-clicking Pay charges once', async ({ page, request }) => {
  const rider = await riderInPage(page, request);
  const tx = await passOrder(request, rider);
  const pays = recordPays(page);
  await openCheckout(page, tx, 'card');
  await page.getByLabel('Card number').fill('4111111111111111');
  await page.getByLabel('Expiry date (MM/YY)').fill('1230');
  await page.getByLabel('CVV', { exact: true }).fill('123');
  await page.getByLabel('Name on card').fill('Asha Rao');
  await page.getByRole('button', { name: 'Pay ₹1,100' }).dblclick();
  await expect(page).toHaveURL(successUrl(tx));
  expect(new Set(pays.map((p) => p.key)).size).toBe(1);
  expect(new Set(pays.map((p) => p.paymentId)).size).toBe(1);
  await paidOnce(
    request,
    rider,
    tx,
    pays.map((p) => p.paymentId!),
  );
});

test('a lost answer: the server charged but the page saw a network error; Retry resends the same key and is replayed', async ({ page, request }) => {
  const rider = await riderInPage(page, request);
  const tx = await passOrder(request, rider);
  const keys: string[] = [];
  let drop = true;
  await page.route('**/api/payments/pass/*/pay', async (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    const res = await route.fetch(); // the server takes the payment...
    if (drop) {
      drop = false;
      expect((await res.json()).status).toBe('SUCCESS');
      return route.abort('internetdisconnected'); // ...and the answer is lost on the way back
    }
    return route.fulfill({ response: res });
  });
  await openCheckout(page, tx, 'upi');
  await page.getByLabel('UPI id').fill('success@upi');
  await page.getByRole('button', { name: 'Pay ₹1,100' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'You seem to be offline' })).toContainText('you will not be charged twice');
  await expect(page.getByLabel('UPI id')).toHaveValue('success@upi');
  await page.getByRole('button', { name: 'Try again', exact: true }).click();
  await expect(page).toHaveURL(successUrl(tx));
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  const status = await (await request.get(`/api/payments/orders/pass/${tx}/status`, { headers: rider.headers })).json();
  await paidOnce(request, rider, tx, [status.paymentId]);
});

test('accessibility: method list, a form with errors, the waiting state and /select-payment pass axe', async ({ page, request }) => {
  const rider = await riderInPage(page, request);
  const tx = await passOrder(request, rider);
  await openCheckout(page, tx);
  await expect(page.getByRole('heading', { name: 'Choose how to pay' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: /Netbanking/ }).click();
  await page.getByRole('button', { name: 'Pay ₹1,100' }).click();
  await expect(page.getByText('Choose your bank.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Choose another way to pay' }).click();
  await page.getByRole('link', { name: /Cash at the counter/ }).click();
  await page.getByRole('button', { name: 'Get a payment reference' }).click();
  await expect(page.getByText('Your payment reference')).toBeVisible();
  await expectAccessible(page);

  // /select-payment offers the unfinished checkout of this tab.
  await page.goto('/app/select-payment');
  await expect(page.getByRole('link', { name: /Your bus pass: ₹1,100 to pay/ })).toBeVisible();
  await expectAccessible(page);
});
