import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { newIp, newPhone, riderHeaders, signIn } from '../support/rider';
import { cardOnGateway, payByCardOnGateway } from '../support/buy';

// The money rules on screen (docs/money-integrity.md): a bank offer is bound to the instrument actually used (the
// card screen asks whether the card is from the offer's bank, the gateway's page checks the card; a card from another
// bank re-prices the order before anything is charged and the checkout shows the new amount and why), and a free order
// says what made it free.
test.use({ serviceWorkers: 'block', bypassCSP: true });
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': newIp() });
});

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/money-${name}.png`, fullPage: true });

/** A new rider signed in in the page with a profile; their API headers. */
async function riderInPage(page: Page, request: APIRequestContext): Promise<{ phone: string; headers: Record<string, string> }> {
  const phone = newPhone('7');
  await page.goto('/app/login');
  await signIn(page, request, phone);
  await expect(page).toHaveURL('/app/profile/edit-profile');
  const headers = await riderHeaders(page);
  expect((await request.post('/api/profile', { headers, data: { firstName: 'Asha', lastName: 'Rao' } })).status()).toBe(201);
  return { phone, headers };
}

/** A 30-day Mumbai general pass order with the HDFC offer (₹990 instead of ₹1,100). */
async function hdfcOrder(request: APIRequestContext, rider: { phone: string; headers: Record<string, string> }): Promise<string> {
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
      bankOffer: 'HDFC',
      userDetails: { mailId: null, mobileNumber: rider.phone, userName: 'Asha Rao', gender: null, dobInMillis: null, userId: rider.headers.userid },
      passProps: { passStartDate: today, categoryId: 'adult', fmId: 'mum-gen-30', configurationId: 'mum-general', passFare: 1100 },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const order = await res.json();
  expect(order).toMatchObject({ payableAmount: 99000 });
  return order.transactionId as string;
}

test('bank offer: paying an HDFC-offer order with a card from another bank re-prices it before any charge; the checkout shows the new price and why', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const rider = await riderInPage(page, request);
  const tx = await hdfcOrder(request, rider);
  await page.goto(`/app/select-payment/MBUS/pass/${tx}/card`);
  await expect(page.getByText('₹990', { exact: true }).first()).toBeVisible();
  const bank = page.getByRole('group', { name: 'Which bank issued your card?' });
  await page.getByRole('button', { name: 'Continue to pay ₹990' }).click();
  await expect(page.getByText('Choose the bank of your card.')).toBeVisible();
  await bank.getByRole('radio', { name: 'A card from another bank (without the offer)' }).check();
  await page.getByRole('button', { name: 'Continue to pay ₹990' }).click();

  const alert = page.getByRole('alert').filter({ hasText: 'The price changed: nothing was charged' });
  await expect(alert).toContainText('the price is now ₹1,100 (it was ₹990)');
  await expect(alert).toBeFocused();
  await expect(page.getByText('₹1,100', { exact: true }).first()).toBeVisible();
  const payments = await (await request.get(`/api/payments/orders/pass/${tx}/status`, { headers: rider.headers })).json();
  expect(payments).toMatchObject({ amountPaise: 110000, status: 'PENDING', paymentId: null });
  await shot(page, '01-repriced');
  await expectAccessible(page);

  // the new price, any card: on the gateway's page
  await payByCardOnGateway(page, '₹1,100');
  await expect(page).toHaveURL(`/app/productHooks/bus-pass-purchase/booking-successful/${tx}`, { timeout: 20_000 });
  await expect(page.getByText('Payment received. Your pass is ready.')).toBeVisible({ timeout: 20_000 });
  expect(await (await request.get(`/api/payments/orders/pass/${tx}/status`, { headers: rider.headers })).json()).toMatchObject({
    status: 'SUCCESS',
    amountPaise: 110000,
  });
});

test('bank offer: an HDFC card declared on our page and paid on the gateway keeps the offer (charged ₹990)', async ({ page, request }) => {
  test.setTimeout(90_000);
  const rider = await riderInPage(page, request);
  const tx = await hdfcOrder(request, rider);
  await page.goto(`/app/select-payment/MBUS/pass/${tx}/card`);
  await page.getByRole('radio', { name: 'HDFC card (with the offer)' }).check();
  await page.getByRole('button', { name: 'Continue to pay ₹990' }).click();
  await cardOnGateway(page, { number: '4893 7700 0000 0000' });
  await expect(page).toHaveURL(`/app/productHooks/bus-pass-purchase/booking-successful/${tx}`, { timeout: 20_000 });
  expect(await (await request.get(`/api/payments/orders/pass/${tx}/status`, { headers: rider.headers })).json()).toMatchObject({
    status: 'SUCCESS',
    amountPaise: 99000,
  });
});

test('welcome offer: not offered on a 30-day pass (it says why); on the 7-day pass the pass is free and says “Free with” the offer, with no payment', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const rider = await riderInPage(page, request);
  await page.evaluate(() => localStorage.setItem('sawari.city', 'mumbai'));
  const choose = async (fare: RegExp) => {
    await page.goto('/app/productHooks');
    await page.getByRole('article', { name: 'General pass', exact: true }).getByRole('button', { name: 'Buy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a plan' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a fare' })).toBeVisible();
    await page.getByRole('radio', { name: fare }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your choice' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm and continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your details' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm and pay' })).toBeVisible();
  };
  await choose(/Monthly/);
  const offer = page.getByRole('region', { name: /Welcome pass/ });
  await expect(offer.getByText('Welcome pass: 7 days of free rides is only for 7-day passes, not this one.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get it with the welcome offer' })).toHaveCount(0);
  await shot(page, '02-offer-not-for-this-pass');
  await expectAccessible(page);

  await choose(/Weekly/);
  await page.getByRole('button', { name: 'Get it with the welcome offer' }).click();
  await expect(page).toHaveURL(/booking-successful\//);
  await expect(page.getByText('Free with Welcome pass: 7 days of free rides. Your pass is ready; no payment was taken.')).toBeVisible();
  await expect(page.getByText('Payment received')).toHaveCount(0);
  const tx = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  expect(await (await request.get(`/api/payments/orders/pass/${tx}/status`, { headers: rider.headers })).json()).toMatchObject({
    status: 'SUCCESS',
    amountPaise: 0,
    paymentId: null,
    freeWith: { offerId: 'mumbai-welcome' },
  });
  await shot(page, '03-free-with-offer');
  await expectAccessible(page);
});

test('/promotion: claiming the welcome offer issues its 7-day pass; the link shows it free, with no payment', async ({ page, request }) => {
  const rider = await riderInPage(page, request);
  await page.evaluate(() => localStorage.setItem('sawari.city', 'mumbai'));
  await page.goto('/app/promotion');
  await page.getByRole('button', { name: 'Claim offer' }).click();
  await expect(page.getByText(/Offer claimed\. It is valid till/)).toBeVisible();
  await shot(page, '04-promotion-claimed');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'See your pass' }).click();
  await expect(page).toHaveURL(/\/app\/productHooks\/bus-pass-purchase\/booking-successful\/PASS_/);
  await expect(page.getByText('Free with Welcome pass: 7 days of free rides. Your pass is ready; no payment was taken.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Adult pass, 7 days' })).toBeVisible();
  const mine = await (await request.get('/api/passes/mine', { headers: rider.headers })).json();
  expect(mine.passes).toHaveLength(1);
});
