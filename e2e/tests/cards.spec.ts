import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { luhnValid, withClosedLoopCheckDigit } from '@sawari/domain';
import { expectAccessible } from '../support/axe';
import { newIp, newPhone, rand, riderHeaders, signIn } from '../support/rider';
import { payByCardOnGateway, payThroughApi, SANDBOX_UPI, upiOnGateway } from '../support/buy';

// Transit cards (docs/cards.md) against the built app and the real server: link an NCMC card, recharge ₹500 by UPI
// in the shell's checkout (a collect request approved in the development gateway's test UPI app), move it into the offline wallet, see it pending, tap at a terminal (the validator API), see
// it on the card and in the history; a recharge over ₹2,000 refused before payment; a city card recharged by card.
test.use({ serviceWorkers: 'block', bypassCSP: true });
test.beforeEach(async ({ context, page }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': newIp() });
  await page.addInitScript(() => {
    if (!localStorage.getItem('sawari.city')) localStorage.setItem('sawari.city', 'mumbai');
  });
});

const VALIDATOR = { authorization: 'Validator sawari-dev-validator' };
const digits = (n: number) => Array.from({ length: n }, () => rand(10)).join('');
/** A fresh RuPay NCMC number (prefix 6070, Luhn). */
function newNcmc(): string {
  const base = `6070${digits(11)}`;
  for (let d = 0; d < 10; d++) if (luhnValid(base + d)) return base + d;
  throw new Error('unreachable');
}
/** A fresh city-card number (98 + Damm check digit). */
const newCityCard = () => withClosedLoopCheckDigit(`98${digits(13)}`);

/** Screenshots of each screen for review. */
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(os.tmpdir(), 'sawari-cards-screens', `${name}.png`), fullPage: true });

async function tap(request: APIRequestContext, cardNumber: string, farePaise: number, extra: Record<string, unknown> = {}) {
  const r = await request.post('/api/cards/v1/terminal/taps', {
    headers: VALIDATOR,
    data: { tapId: `e2e-${Date.now()}-${rand(1e9)}`, cardNumber, farePaise, ...extra },
  });
  expect(r.status(), await r.text()).toBe(200);
  return r.json();
}

async function riderInPage(page: Page, request: APIRequestContext): Promise<Record<string, string>> {
  await page.goto('/app/login');
  await signIn(page, request, newPhone('7'));
  await expect(page).toHaveURL('/app/profile/edit-profile');
  const headers = await riderHeaders(page);
  expect((await request.post('/api/profile', { headers, data: { firstName: 'Asha', lastName: 'Rao' } })).status()).toBe(201);
  return headers;
}

/** The link form, filled and sent. */
async function linkInUi(page: Page, kind: 'NCMC card' | 'Sawari city card', number: string, name: string) {
  await page.goto('/app/sawari-card/link-card-form');
  await page.getByRole('radio', { name: new RegExp(kind) }).check();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Name for this card').fill(name);
  await page.getByRole('button', { name: 'Link card' }).click();
  await expect(page).toHaveURL(/\/app\/sawari-card\/summury\?card=crd_/);
}

test('NCMC: link, recharge ₹500 by UPI, move it to the offline wallet, pending, tap, written and in the history', async ({ page, request }) => {
  test.setTimeout(120_000);
  const headers = await riderInPage(page, request);
  const number = newNcmc();

  // Home's tile (from mf-cards' manifest; Mumbai sells cards) leads to the card list.
  await page.goto('/app/');
  await page.getByRole('link', { name: /Transit cards/ }).click();
  await expect(page).toHaveURL('/app/card-payments');
  await expect(page.getByText('You have not linked a card yet.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'cards-empty');

  // The form checks before sending and keeps what was typed; an unknown card is refused by the server with a way on.
  await page.getByRole('link', { name: 'Link a card' }).click();
  await expect(page).toHaveURL('/app/sawari-card/link-card-form');
  await page.getByRole('button', { name: 'Link card' }).click();
  await expect(page.getByText('Correct 2 fields to continue.')).toBeVisible();
  await expect(page.getByText('Choose the kind of card.')).toBeVisible();
  await page.getByRole('radio', { name: /NCMC card/ }).check();
  await page.getByLabel('Card number').fill(number.slice(0, 15) + String((Number(number[15]) + 1) % 10));
  await page.getByLabel('Name for this card').fill('Metro card');
  await page.getByRole('button', { name: 'Link card' }).click();
  await expect(page.getByText('This card number is not valid. Check the digits.')).toBeVisible();
  await expect(page.getByLabel('Name for this card')).toHaveValue('Metro card');
  await expectAccessible(page);
  await shot(page, 'link-errors');
  await page.getByLabel('Card number').fill(number);
  await page.getByRole('button', { name: 'Link card' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'We do not know this card yet. Tap it once on a bus validator' })).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveValue(number.replace(/(.{4})(?=.)/g, '$1 '));

  // The card's first tap (service creation at a validator), then linking works; the page shows the last four only.
  await tap(request, number, 0, { validThru: '2031-12' });
  await page.getByRole('button', { name: 'Link card' }).click();
  await expect(page).toHaveURL(/\/app\/sawari-card\/summury\?card=crd_/);
  await expect(page.getByText(`XXXX XXXX XXXX ${number.slice(-4)}`)).toBeVisible();
  expect(page.url()).not.toContain(number);
  await expectAccessible(page);
  await shot(page, 'summary');
  // Nothing of the number is kept in the browser's storage.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toContain(number);

  // Recharge: presets, ₹500, the ₹5 load fee, pay in the shell's checkout by UPI.
  await page.goto('/app/card-payments');
  await expect(page.getByRole('heading', { level: 2, name: 'Metro card' })).toBeVisible();
  await shot(page, 'cards');
  await page.getByRole('link', { name: 'Recharge Metro card' }).click();
  await expect(page).toHaveURL(/\/app\/ncmc-card-recharge\/amount-selection\?card=crd_/);
  await expect(page.getByText('You can add up to ₹2,000 now.')).toBeVisible();
  await page.getByRole('button', { name: '₹500' }).click();
  await expect(page.getByRole('button', { name: '₹500' })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);
  await shot(page, 'amount');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/app\/ncmc-card-recharge\/payment-details\?card=crd_.*&amount=50000/);
  await expect(page.getByRole('row', { name: /Card load fee/ })).toContainText('₹5');
  await expect(page.getByRole('row', { name: /To pay/ })).toContainText('₹505');
  await expectAccessible(page);
  await shot(page, 'confirm');
  await page.getByRole('button', { name: 'Pay ₹505' }).click();
  await expect(page).toHaveURL(/\/app\/select-payment\/NCMC\/ncmcCardRecharge\/CRG_/);
  await expect(page.getByText('₹505', { exact: true }).first()).toBeVisible();
  await shot(page, 'checkout');
  await page.getByRole('link', { name: /UPI/ }).first().click();
  await page.getByLabel('UPI id').fill('success@upi');
  await page.getByRole('button', { name: 'Continue to pay ₹505' }).click();
  await upiOnGateway(page, 'success@upi');

  // Back on the card remote: paid, then moved into the offline wallet: pending until the next tap.
  await expect(page).toHaveURL(/\/app\/ncmc-card-recharge\/successful\/ncmc\?orderId=CRG_/);
  // the heading says what was charged: the ₹500 load and its ₹5 fee
  await expect(page.getByText('₹505 paid')).toBeVisible();
  await expect(page.getByText('₹500 for the card + ₹5 fee')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'ncmc-success');
  await page.getByRole('link', { name: 'Move ₹500 to the card' }).click();
  await expect(page).toHaveURL(/\/app\/ncmc-card-recharge\/tranfer-in-offline-wallet\?orderId=CRG_/);
  await page.getByRole('button', { name: 'Move ₹500 to the card' }).click();
  await expect(page.getByText('₹500 is pending: tap your card on a bus validator to add it.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'transfer-pending');
  const cards = (await (await request.get('/api/cards/v1/cards', { headers })).json()) as { cards: { pendingPaise: number; chipBalancePaise: number }[] };
  expect(cards.cards[0]).toMatchObject({ pendingPaise: 50_000, chipBalancePaise: 0 });

  // A tap at a bus validator writes it and takes the fare; the open transfer screen confirms it by itself.
  const t = await tap(request, number, 2_500, { routeName: '42 Churchgate' });
  expect(t).toMatchObject({ status: 'ACCEPTED', balancePaise: 47_500, written: [{ amountPaise: 50_000 }] });
  await expect(page.getByText('Written to your card. Balance on card: ₹475.')).toBeVisible({ timeout: 15_000 });
  await shot(page, 'transfer-written');

  await page.goto('/app/card-payments');
  await expect(page.getByText('₹475', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'History of Metro card' }).click();
  await expect(page).toHaveURL(/\/app\/sawari-card\/card-history\/crd_/);
  await expect(page.getByText('Bus fare, 42 Churchgate')).toBeVisible();
  await expect(page.getByText('−₹25')).toBeVisible();
  await expect(page.getByText(/written to card/)).toBeVisible();
  await expect(page.getByText('+₹500')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'history');

  // In Hindi: the same history in the rider's language.
  await page.evaluate(() => localStorage.setItem('sawari.lang', 'hi'));
  await page.reload();
  await expect(page.getByText('बस किराया, 42 Churchgate')).toBeVisible();
  await shot(page, 'history-hi');
});

test('a recharge that would take the card over ₹2,000 is refused before payment', async ({ page, request }) => {
  const headers = await riderInPage(page, request);
  const number = newCityCard();
  await tap(request, number, 0);
  await linkInUi(page, 'Sawari city card', number, 'Bus card');
  const card = ((await (await request.get('/api/cards/v1/cards', { headers })).json()) as { cards: { cardRef: string }[] }).cards[0];
  // ₹1,800 already paid and pending (through the API, as another device would).
  const order = await (
    await request.post('/api/cards/v1/recharges', { headers, data: { cardRef: card.cardRef, amountPaise: 180_000, city: 'mumbai' } })
  ).json();
  await payThroughApi(request, headers, 'cardRecharge', order.orderId, SANDBOX_UPI); // approved on the gateway's UPI app

  const payRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/payments/') && r.method() === 'POST') payRequests.push(r.url());
  });
  await page.goto(`/app/select-card/amount-selection?card=${card.cardRef}`);
  await expect(page.getByText('You can add up to ₹200 now.')).toBeVisible();
  await expect(page.getByRole('button', { name: '₹500' })).toBeDisabled();
  await page.getByLabel('Or type an amount in rupees').fill('300');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('This card can take at most ₹200 more now.')).toBeVisible();
  await expect(page.getByLabel('Or type an amount in rupees')).toHaveValue('300');
  await expectAccessible(page);
  await shot(page, 'over-limit');
  // The server refuses it too (a stale page or another tab): no order, no payment.
  const refused = await request.post('/api/cards/v1/recharges', { headers, data: { cardRef: card.cardRef, amountPaise: 30_000, city: 'mumbai' } });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).code).toBe('OVER_CHIP_LIMIT');
  await expect(page).toHaveURL(/\/app\/select-card\/amount-selection/);
  expect(payRequests).toEqual([]);
});

test('a city card recharged by card payment reaches the card at the next tap', async ({ page, request }) => {
  test.setTimeout(90_000);
  const headers = await riderInPage(page, request);
  const number = newCityCard();
  await tap(request, number, 0);
  await linkInUi(page, 'Sawari city card', number, 'School card');
  await page.goto('/app/select-card');
  await expect(page.getByRole('heading', { level: 1, name: 'Recharge your city card' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'select-card');
  await page.getByRole('link', { name: 'Recharge School card' }).click();
  await page.getByLabel('Or type an amount in rupees').fill('250');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/app\/select-card\/confirm-details-and-pay\?card=crd_.*&amount=25000/);
  await expect(page.getByRole('row', { name: /Card load fee/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Pay ₹250' }).click();
  await expect(page).toHaveURL(/\/app\/select-payment\/CITYCARD\/cardRecharge\/CRG_/);
  await page.getByRole('link', { name: /Credit or debit card/ }).click();
  // the card is typed on the gateway's page (its own origin), with its 3-D Secure OTP
  await payByCardOnGateway(page, '₹250');
  await expect(page).toHaveURL(/\/app\/select-card\/card-recharge-successful\/CRG_/);
  await expect(page.getByText('₹250 reaches your card the next time you tap it on a bus validator.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'city-success');
  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  const t = await tap(request, number, 1_000);
  expect(t).toMatchObject({ written: [{ orderId, amountPaise: 25_000 }], balancePaise: 24_000 });
  await page.reload();
  await expect(page.getByText('₹250 is on your card.')).toBeVisible();
  const o = await (await request.get(`/api/cards/v1/recharges/${orderId}`, { headers })).json();
  expect(o.status).toBe('WRITTEN');
});
