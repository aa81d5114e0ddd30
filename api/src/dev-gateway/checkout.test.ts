// The hosted checkout, driven over HTTP as a browser would (driver.ts): cards with 3-D Secure, UPI collect and intent,
// netbanking, wallets, retries on one order, a paid order, the page's timeout, and the page itself (CSP, labels, ₹).
import { HostedPageError, parseForms, payOnHostedPage } from './driver';
import { cardIssuer, cardNetwork, cardType } from './instruments';
import { paymentSignature, startTestGateway } from './test-support';

type Gw = Awaited<ReturnType<typeof startTestGateway>>;
let gw: Gw;
beforeEach(async () => {
  gw = await startTestGateway();
});
afterEach(async () => {
  await gw.close();
});

const card = (number: string, extra: Partial<{ expiry: string; otp: string; abandon: boolean }> = {}) => ({
  method: 'card' as const,
  number,
  expiry: '12/30',
  cvv: '123',
  ...extra,
});
const payment = async (id: string) => (await gw.api('GET', `/v1/payments/${id}`)).body;
const order = async (id: string) => (await gw.api('GET', `/v1/orders/${id}`)).body;

function failed(out: Awaited<ReturnType<typeof payOnHostedPage>>) {
  if (out.kind !== 'callback' || !out.fields['error[code]']) throw new Error(`expected a failure callback, got ${JSON.stringify(out)}`);
  const meta = JSON.parse(out.fields['error[metadata]']) as { payment_id: string; order_id: string };
  return { reason: out.fields['error[reason]'], code: out.fields['error[code]'], meta, fields: out.fields };
}
function succeeded(out: Awaited<ReturnType<typeof payOnHostedPage>>, orderId: string) {
  if (out.kind !== 'callback' || !out.fields.razorpay_payment_id) throw new Error(`expected a success callback, got ${JSON.stringify(out)}`);
  expect(out.url).toBe('http://127.0.0.1:9/return/pay_1');
  expect(out.fields.razorpay_order_id).toBe(orderId);
  expect(out.fields.razorpay_signature).toBe(paymentSignature(orderId, out.fields.razorpay_payment_id));
  return out.fields.razorpay_payment_id;
}

async function openCheckout(orderId: string, extra: Record<string, string> = {}) {
  const c = gw.checkout(orderId, extra);
  const res = await fetch(c.action, { method: 'POST', body: new URLSearchParams(c.fields), redirect: 'follow' });
  return { res, html: await res.text() };
}

describe('cards and 3-D Secure', () => {
  it('the right OTP captures; the order is paid and refuses another attempt', async () => {
    const o = await gw.order(5000);
    const pid = succeeded(await payOnHostedPage(gw.checkout(o.id), card('4111111111111111')), o.id);
    expect(await payment(pid)).toEqual(expect.objectContaining({ status: 'captured', captured: true, method: 'card' }));
    expect((await order(o.id)).status).toBe('paid');
    await expect(payOnHostedPage(gw.checkout(o.id), card('4111111111111111'))).rejects.toThrow(/This order has already been paid/);
    // A form posted straight to the card endpoint of a paid order is refused too.
    const { html, res } = await openCheckout(o.id);
    const sid = /\/checkout\/(chk_[0-9A-Za-z]+)/.exec(res.url)![1];
    const direct = await fetch(`${gw.url}/checkout/${sid}/card`, {
      method: 'POST',
      body: new URLSearchParams({ number: '4111111111111111', expiry: '12/30', cvv: '123' }),
    });
    expect(direct.status).toBe(409);
    expect(await direct.text()).toContain('This order has already been paid');
    expect(html).toContain('This order has already been paid');
    expect((await gw.api('GET', `/v1/orders/${o.id}/payments`)).body.count).toBe(1);
  });

  it('a wrong OTP three times fails authentication_failed; a failed order takes another attempt', async () => {
    const o = await gw.order(5000);
    const f = failed(await payOnHostedPage(gw.checkout(o.id), card('4111111111111111', { otp: '000000' })));
    expect(f).toEqual(expect.objectContaining({ reason: 'authentication_failed', code: 'BAD_REQUEST_ERROR' }));
    expect(f.fields['error[step]']).toBe('payment_authentication');
    expect(f.meta.order_id).toBe(o.id);
    expect(await payment(f.meta.payment_id)).toEqual(
      expect.objectContaining({ status: 'failed', error_reason: 'authentication_failed', error_code: 'BAD_REQUEST_ERROR' }),
    );
    expect(await order(o.id)).toEqual(expect.objectContaining({ status: 'attempted', attempts: 1 }));
    // Again on the same order: the page says the last attempt failed, and this one succeeds.
    const { html } = await openCheckout(o.id);
    expect(html).toContain('Your last attempt failed');
    succeeded(await payOnHostedPage(gw.checkout(o.id), card('4111111111111111')), o.id);
    expect(await order(o.id)).toEqual(expect.objectContaining({ status: 'paid', attempts: 2 }));
  });

  it('a wrong OTP then the right one succeeds (the page says how many tries are left)', async () => {
    const o = await gw.order(5000);
    const { res, html } = await openCheckout(o.id);
    const cardForm = parseForms(html, res.url).find((f) => f.action.endsWith('/card'))!;
    const tds = await fetch(cardForm.action, {
      method: 'POST',
      body: new URLSearchParams({ number: '4111 1111 1111 1111', expiry: '01/29', cvv: '123', name: 'A' }),
    });
    const tdsHtml = await tds.text();
    expect(tdsHtml).toContain('Enter the OTP sent to your phone');
    const otpForm = parseForms(tdsHtml, tds.url).find((f) => f.fields.step === 'otp')!;
    const wrong = await fetch(otpForm.action, { method: 'POST', body: new URLSearchParams({ ...otpForm.fields, otp: '111111' }) });
    expect(await wrong.text()).toContain('2 tries left');
    const right = await fetch(otpForm.action, { method: 'POST', body: new URLSearchParams({ ...otpForm.fields, otp: '123456' }) });
    const done = parseForms(await right.text(), right.url).find((f) => f.id === 'gateway-callback')!;
    expect(done.fields.razorpay_order_id).toBe(o.id);
  });

  it('Cancel on the 3-D Secure page fails payment_cancelled and leads back to the checkout page', async () => {
    const o = await gw.order(5000);
    const out = await payOnHostedPage(gw.checkout(o.id), card('4111111111111111', { abandon: true }));
    expect(out).toEqual({ kind: 'cancel', url: 'http://127.0.0.1:9/cancel/pay_1' });
    const [p] = (await gw.api('GET', `/v1/orders/${o.id}/payments`)).body.items;
    expect(p).toEqual(expect.objectContaining({ status: 'failed', error_reason: 'payment_cancelled' }));
  });

  it('a 3-D Secure page left for another attempt is abandoned (payment_cancelled)', async () => {
    const o = await gw.order(5000);
    const { res, html } = await openCheckout(o.id);
    const cardForm = parseForms(html, res.url).find((f) => f.action.endsWith('/card'))!;
    await fetch(cardForm.action, { method: 'POST', body: new URLSearchParams({ number: '4111111111111111', expiry: '12/30', cvv: '123' }) });
    const [open] = (await gw.api('GET', `/v1/orders/${o.id}/payments`)).body.items;
    expect(open.status).toBe('created');
    await fetch(res.url); // back on the checkout page
    expect((await payment(open.id)).error_reason).toBe('payment_cancelled');
  });

  it.each([
    ['4000000000000002', '12/30', 'card_declined'],
    ['4000000000009995', '12/30', 'insufficient_funds'],
    ['4111111111111111', '01/20', 'card_expired'],
  ])('card %s %s fails %s after 3-D Secure', async (number, expiry, reason) => {
    const o = await gw.order(5000);
    const f = failed(await payOnHostedPage(gw.checkout(o.id), card(number, { expiry })));
    expect(f.reason).toBe(reason);
    expect((await payment(f.meta.payment_id)).error_reason).toBe(reason);
  });

  it('a Luhn-invalid number, a bad expiry or CVV is a form error on the page; nothing is created', async () => {
    const o = await gw.order(5000);
    await expect(payOnHostedPage(gw.checkout(o.id), card('4111111111111112'))).rejects.toThrow(HostedPageError);
    await expect(payOnHostedPage(gw.checkout(o.id), card('4111111111111112'))).rejects.toThrow(/not valid: check the digits/);
    await expect(payOnHostedPage(gw.checkout(o.id), card('4111111111111111', { expiry: '13/30' }))).rejects.toThrow(/MM\/YY/);
    await expect(payOnHostedPage(gw.checkout(o.id), { method: 'card', number: '4111111111111111', expiry: '12/30', cvv: '12' })).rejects.toThrow(/CVV/);
    expect((await gw.api('GET', `/v1/orders/${o.id}/payments`)).body.count).toBe(0);
    expect((await order(o.id)).status).toBe('created');
  });

  it('networks, types and issuers by number; the SBI test card succeeds', async () => {
    expect([cardNetwork('4111111111111111'), cardNetwork('5522601234567890'), cardNetwork('6070941234567890'), cardNetwork('378282246310005')]).toEqual([
      'Visa',
      'MasterCard',
      'RuPay',
      'Amex',
    ]);
    expect(['489377', '552265', '460133', '607094', '402656', '524193', '438628', '416643', '411111'].map((b) => cardIssuer(`${b}0000000000`))).toEqual([
      'HDFC',
      'HDFC',
      'SBI',
      'SBI',
      'ICICI',
      'ICICI',
      'AXIS',
      'KOTAK',
      null,
    ]);
    expect([cardType('4111111111111111'), cardType('4601330000000006')]).toEqual(['credit', 'debit']);
    const o = await gw.order(5000);
    const pid = succeeded(await payOnHostedPage(gw.checkout(o.id), card('4601330000000006')), o.id);
    expect((await payment(pid)).card).toEqual(expect.objectContaining({ issuer: 'SBI', network: 'Visa', last4: '0006' }));
  });
});

describe('UPI', () => {
  it('collect: approved in the test UPI app; vpa and bank from the handle', async () => {
    const o = await gw.order(5000);
    const pid = succeeded(
      await payOnHostedPage(gw.checkout(o.id, { 'prefill[method]': 'upi' }), { method: 'upi', vpa: 'rider@okhdfcbank', approve: true }),
      o.id,
    );
    expect(await payment(pid)).toEqual(expect.objectContaining({ method: 'upi', vpa: 'rider@okhdfcbank', bank: 'HDFC', status: 'captured' }));
  });

  it('collect: declined in the UPI app, or at once for failure@upi', async () => {
    const o = await gw.order(5000);
    const f = failed(await payOnHostedPage(gw.checkout(o.id), { method: 'upi', vpa: 'rider@oksbi', approve: false }));
    expect(f.reason).toBe('payment_failed');
    expect((await payment(f.meta.payment_id)).bank).toBe('SBI');
    const g = failed(await payOnHostedPage(gw.checkout(o.id), { method: 'upi', vpa: 'failure@upi' }));
    expect(g.reason).toBe('payment_failed');
  });

  it('collect: expire@upi is never in the UPI app and fails payment_timed_out at expiry (the clock)', async () => {
    const o = await gw.order(5000);
    const out = await payOnHostedPage(gw.checkout(o.id), { method: 'upi', vpa: 'expire@upi' });
    if (out.kind !== 'waiting') throw new Error('not waiting');
    const app = await (await fetch(`${gw.url}/upi-app?vpa=expire@upi`)).text();
    expect(app).not.toContain(out.paymentId);
    expect((await gw.dev(`upi/${out.paymentId}`, { action: 'approve' })).status).toBe(400);
    await gw.dev('clock', { advanceSeconds: 299 });
    expect((await payment(out.paymentId)).status).toBe('created');
    await gw.dev('clock', { advanceSeconds: 2 });
    expect(await payment(out.paymentId)).toEqual(expect.objectContaining({ status: 'failed', error_reason: 'payment_timed_out' }));
  });

  it('collect: the waiting page shows the time left, refreshes itself, and turns into the callback once approved', async () => {
    const o = await gw.order(5000);
    const out = await payOnHostedPage(gw.checkout(o.id), { method: 'upi', vpa: 'rider@ybl' });
    if (out.kind !== 'waiting') throw new Error('not waiting');
    const state = (await gw.dev('state')).body.ledger;
    const sid = state.paymentState[out.paymentId].sessionId as string;
    const waitingUrl = `${gw.url}/checkout/${sid}/pay/${out.paymentId}`;
    const waiting = await (await fetch(waitingUrl)).text();
    expect(waiting).toContain('Time left: 5:00');
    expect(waiting).toContain('<meta http-equiv="refresh" content="3">');
    expect(waiting).toContain(`/upi-app?vpa=rider%40ybl`);
    await gw.dev(`upi/${out.paymentId}`, { action: 'approve' });
    const after = parseForms(await (await fetch(waitingUrl)).text(), waitingUrl).find((f) => f.id === 'gateway-callback')!;
    expect(after.fields.razorpay_payment_id).toBe(out.paymentId);
    expect((await payment(out.paymentId)).bank).toBeNull();
  });

  it('intent: the upi:// link carries the payment id; approved on /upi-app?intent=', async () => {
    const o = await gw.order(12345);
    const waiting = await payOnHostedPage(gw.checkout(o.id), { method: 'upi', vpa: 'x@upi', flow: 'intent' });
    if (waiting.kind !== 'waiting') throw new Error('not waiting');
    const sid = (await gw.dev('state')).body.ledger.paymentState[waiting.paymentId].sessionId as string;
    const page = await (await fetch(`${gw.url}/checkout/${sid}/pay/${waiting.paymentId}`)).text();
    const href = /id="upi-intent-link" href="([^"]+)"/.exec(page)![1].replace(/&amp;/g, '&');
    const link = new URL(href);
    expect(link.protocol).toBe('upi:');
    expect(Object.fromEntries(link.searchParams)).toEqual(expect.objectContaining({ tr: waiting.paymentId, am: '123.45', cu: 'INR', pn: 'Sawari' }));
    expect(link.searchParams.get('pa')).toMatch(/@/);
    const o2 = await gw.order(5000);
    const pid = succeeded(await payOnHostedPage(gw.checkout(o2.id), { method: 'upi', vpa: 'rider@okicici', flow: 'intent', approve: true }), o2.id);
    expect(await payment(pid)).toEqual(expect.objectContaining({ vpa: 'rider@okicici', bank: 'ICICI', status: 'captured' }));
  });

  it('a UPI ID that is not one is a form error', async () => {
    const o = await gw.order(5000);
    await expect(payOnHostedPage(gw.checkout(o.id), { method: 'upi', vpa: 'not a vpa' })).rejects.toThrow(/UPI ID like/);
  });
});

describe('netbanking and wallets', () => {
  it('netbanking: Pay succeeds, Fail fails payment_failed, Close fails payment_cancelled and leaves by cancel_url', async () => {
    const o = await gw.order(5000);
    const f = failed(await payOnHostedPage(gw.checkout(o.id), { method: 'netbanking', bank: 'AXIS', outcome: 'failure' }));
    expect(f.reason).toBe('payment_failed');
    const close = await payOnHostedPage(gw.checkout(o.id), { method: 'netbanking', bank: 'KOTAK', outcome: 'close' });
    expect(close).toEqual({ kind: 'cancel', url: 'http://127.0.0.1:9/cancel/pay_1' });
    const items = (await gw.api('GET', `/v1/orders/${o.id}/payments`)).body.items as { error_reason: string; bank: string }[];
    expect(items.map((p) => [p.bank, p.error_reason]).sort()).toEqual([
      ['AXIS', 'payment_failed'],
      ['KOTAK', 'payment_cancelled'],
    ]);
    const pid = succeeded(
      await payOnHostedPage(gw.checkout(o.id, { 'prefill[method]': 'netbanking', 'prefill[bank]': 'HDFC' }), {
        method: 'netbanking',
        bank: 'HDFC',
        outcome: 'success',
      }),
      o.id,
    );
    expect(await payment(pid)).toEqual(expect.objectContaining({ method: 'netbanking', bank: 'HDFC', status: 'captured' }));
    await expect(payOnHostedPage(gw.checkout((await gw.order()).id), { method: 'netbanking', bank: 'NOBANK', outcome: 'success' })).rejects.toThrow(
      /no "NOBANK"/,
    );
  });

  it('wallets hold ₹2,000: up to it succeeds, more fails insufficient_funds; Cancel leaves', async () => {
    const o = await gw.order(200000);
    const pid = succeeded(await payOnHostedPage(gw.checkout(o.id), { method: 'wallet', wallet: 'PAYTM' }), o.id);
    expect(await payment(pid)).toEqual(expect.objectContaining({ method: 'wallet', wallet: 'PAYTM', status: 'captured' }));
    const big = await gw.order(200001);
    expect(failed(await payOnHostedPage(gw.checkout(big.id), { method: 'wallet', wallet: 'phonepe' })).reason).toBe('insufficient_funds');
    expect((await payOnHostedPage(gw.checkout(big.id), { method: 'wallet', wallet: 'MOBIKWIK', approve: false })).kind).toBe('cancel');
  });
});

describe('the page', () => {
  it('test-mode header, ₹ in en-IN grouping, the merchant, a strict CSP whose nonce the inline script carries, labelled inputs', async () => {
    const o = await gw.order(12345600);
    const { res, html } = await openCheckout(o.id, { 'prefill[method]': 'wallet' });
    expect(res.status).toBe(200);
    expect(html).toContain('Sawari Dev Gateway · test mode');
    expect(html).toContain('₹1,23,456.00');
    expect(html).toContain('Ticket 42');
    expect(html).toContain('<html lang="en-IN">');
    expect(html).toContain('width=device-width');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/script-src 'nonce-[^']+'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(html).toContain(`<style nonce="${nonce}">`);
    // Every visible input has a label.
    for (const m of html.matchAll(/<input\b[^>]*\bid="([^"]+)"[^>]*>/g)) if (!m[0].includes('type="hidden"')) expect(html).toContain(`<label for="${m[1]}">`);
    // prefill[method] opens first.
    expect(html.indexOf('id="method-wallet" open')).toBeGreaterThan(0);
    expect(html.indexOf('id="method-wallet"')).toBeLessThan(html.indexOf('id="method-card"'));
    // The callback page's auto-submit script carries its response's nonce and the CSP lets the form reach callback_url.
    const done = await payOnHostedPage(gw.checkout(o.id), { method: 'netbanking', bank: 'SBI', outcome: 'failure' });
    expect(done.kind).toBe('callback');
    const sid = /\/checkout\/(chk_[0-9A-Za-z]+)/.exec(res.url)![1];
    const state = (await gw.dev('state')).body.ledger;
    const [pid] = Object.keys(state.payments);
    const page = await fetch(`${gw.url}/checkout/${state.paymentState[pid].sessionId}/pay/${pid}`);
    const pageCsp = page.headers.get('content-security-policy')!;
    const pageHtml = await page.text();
    expect(pageCsp).toContain("form-action 'self' http://127.0.0.1:9");
    expect(pageHtml).toContain(`<script nonce="${/'nonce-([^']+)'/.exec(pageCsp)![1]}">document.getElementById('gateway-callback').submit();</script>`);
    expect(pageHtml).toContain('<button type="submit">Continue</button>');
    expect(sid).toBeTruthy();
  });

  it('after its timeout the page says the time ran out and takes no payment', async () => {
    const o = await gw.order(5000);
    await gw.dev('clock', { advanceSeconds: 61 });
    await expect(payOnHostedPage(gw.checkout(o.id, { timeout: '60' }), card('4111111111111111'))).rejects.toThrow(/time to pay ran out/);
    // the default (and this form's) 900 s from the order's creation still takes it
    succeeded(await payOnHostedPage(gw.checkout(o.id), card('4111111111111111')), o.id);
  });

  it('a checkout form with a wrong key, an unknown order or no callback_url is a 400 page', async () => {
    const o = await gw.order(5000);
    await expect(payOnHostedPage(gw.checkout(o.id, { key_id: 'rzp_test_other' }), card('4111111111111111'))).rejects.toThrow(/key_id is not valid/);
    await expect(payOnHostedPage(gw.checkout('order_00000000000000'), card('4111111111111111'))).rejects.toThrow(/order_id is not valid/);
    await expect(payOnHostedPage(gw.checkout(o.id, { callback_url: 'javascript:alert(1)' }), card('4111111111111111'))).rejects.toThrow(/callback_url/);
    const junk = await fetch(`${gw.url}/v1/checkout/embedded`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(junk.status).toBe(400);
  });
});
