// The development gateway's /v1 API: Razorpay's shapes, auth, validation (400, never 500), refunds settling on the
// gateway's clock, the outage switch, persistence across a restart, and the official SDK against it when installed.
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { payOnHostedPage } from './driver';
import { KEY_ID, KEY_SECRET, startReceiver, startTestGateway } from './test-support';

type Gw = Awaited<ReturnType<typeof startTestGateway>>;
let gw: Gw;
beforeEach(async () => {
  gw = await startTestGateway();
});
afterEach(async () => {
  await gw.close();
});

const card = (number = '4111111111111111') => ({ method: 'card' as const, number, expiry: '12/30', cvv: '123' });

async function paidPayment(g: Gw, amount = 5000, instrument: Parameters<typeof payOnHostedPage>[1] = card()) {
  const order = await g.order(amount, `r_${amount}_${Math.random().toString(36).slice(2, 8)}`);
  const out = await payOnHostedPage(g.checkout(order.id), instrument);
  if (out.kind !== 'callback' || !out.fields.razorpay_payment_id) throw new Error(`not paid: ${JSON.stringify(out)}`);
  return { order, paymentId: out.fields.razorpay_payment_id };
}

describe('orders', () => {
  it('creates, fetches, lists by receipt, and lists its payments in Razorpay shapes', async () => {
    const created = await gw.api('POST', '/v1/orders', { amount: 12345, currency: 'INR', receipt: 'pay_ours_1', notes: { a: 'b' } });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^order_[0-9A-Za-z]{14}$/),
      entity: 'order',
      amount: 12345,
      amount_paid: 0,
      amount_due: 12345,
      currency: 'INR',
      receipt: 'pay_ours_1',
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: { a: 'b' },
      created_at: expect.any(Number),
    });
    const id = created.body.id as string;
    expect((await gw.api('GET', `/v1/orders/${id}`)).body).toEqual(created.body);
    await gw.order(500, 'other');
    const list = await gw.api('GET', '/v1/orders?receipt=pay_ours_1');
    expect(list.body).toEqual({ entity: 'collection', count: 1, items: [created.body] });
    expect((await gw.api('GET', '/v1/orders?receipt=nobody')).body).toEqual({ entity: 'collection', count: 0, items: [] });
    expect((await gw.api('GET', `/v1/orders/${id}/payments`)).body).toEqual({ entity: 'collection', count: 0, items: [] });
  });

  it('refuses bad input with 400 in the error shape, never 5xx', async () => {
    const bad: [unknown, string][] = [
      [{ amount: 99, currency: 'INR' }, 'amount'],
      [{ amount: 100.5, currency: 'INR' }, 'amount'],
      [{ amount: 'ten', currency: 'INR' }, 'amount'],
      [{ currency: 'INR' }, 'amount'],
      [{ amount: 500, currency: 'USD' }, 'currency'],
      [{ amount: 500 }, 'currency'],
      [{ amount: 500, currency: 'INR', receipt: 'x'.repeat(41) }, 'receipt'],
      [{ amount: 500, currency: 'INR', notes: 'nope' }, 'notes'],
      [{ amount: 500, currency: 'INR', notes: Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, 'v'])) }, 'notes'],
    ];
    for (const [body, field] of bad) {
      const r = await gw.api('POST', '/v1/orders', body);
      expect([r.status, r.body.error.code, r.body.error.field]).toEqual([400, 'BAD_REQUEST_ERROR', field]);
      expect(r.body.error).toEqual(
        expect.objectContaining({
          description: expect.any(String),
          source: 'business',
          step: 'payment_initiation',
          reason: 'input_validation_failed',
          metadata: {},
        }),
      );
    }
    expect((await gw.api('POST', '/v1/orders', { amount: 100, currency: 'INR', receipt: 'x'.repeat(40) })).status).toBe(200);
    // Not JSON, an array, a wrong id, an unknown id, a bad query, an unknown path
    const raw = await fetch(`${gw.url}/v1/orders`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`, 'content-type': 'application/json' },
      body: '{"amount": ',
    });
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as { error: { code: string } }).error.code).toBe('BAD_REQUEST_ERROR');
    expect((await gw.api('POST', '/v1/orders', [1, 2])).status).toBe(400);
    const unknownOrder = await gw.api('GET', '/v1/orders/order_00000000000000');
    expect([unknownOrder.status, unknownOrder.body.error.description]).toEqual([400, 'The id provided does not exist']);
    expect((await gw.api('GET', '/v1/orders/nonsense')).status).toBe(400);
    expect((await gw.api('GET', '/v1/payments/pay_00000000000000')).status).toBe(400);
    expect((await gw.api('GET', '/v1/refunds/rfnd_00000000000000')).status).toBe(400);
    expect((await gw.api('GET', '/v1/orders?count=abc')).status).toBe(400);
    expect((await gw.api('POST', '/v1/payments/pay_00000000000000/refund', { amount: 100 })).status).toBe(400);
    const nowhere = await gw.api('GET', '/v1/nowhere');
    expect([nowhere.status, nowhere.body.error.code]).toEqual([404, 'BAD_REQUEST_ERROR']);
  });

  it('answers 401 "Authentication failed" without the right Basic auth', async () => {
    for (const headers of [
      {},
      { authorization: `Basic ${Buffer.from(`${KEY_ID}:wrong`).toString('base64')}` },
      { authorization: 'Bearer x' },
      { authorization: 'Basic !!!' },
    ] as Record<string, string>[]) {
      const r = await gw.api('POST', '/v1/orders', { amount: 500, currency: 'INR' }, headers);
      expect(r.status).toBe(401);
      expect(r.body.error).toEqual(expect.objectContaining({ code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' }));
    }
    expect((await gw.api('GET', '/v1/orders')).status).toBe(200);
  });
});

describe('payments and refunds', () => {
  it('a paid order, its captured payment with a card entity, and a signature that verifies', async () => {
    const order = await gw.order(5000, 'r1');
    const out = await payOnHostedPage(gw.checkout(order.id), card('4893770000000000'));
    if (out.kind !== 'callback') throw new Error('no callback');
    const { razorpay_payment_id: pid, razorpay_order_id: oid, razorpay_signature: sig } = out.fields;
    expect(oid).toBe(order.id);
    expect(pid).toMatch(/^pay_[0-9A-Za-z]{14}$/);
    expect(sig).toBe(createHmac('sha256', KEY_SECRET).update(`${order.id}|${pid}`).digest('hex'));
    const p = (await gw.api('GET', `/v1/payments/${pid}`)).body;
    expect(p).toEqual(
      expect.objectContaining({
        id: pid,
        entity: 'payment',
        amount: 5000,
        currency: 'INR',
        status: 'captured',
        order_id: order.id,
        method: 'card',
        amount_refunded: 0,
        refund_status: null,
        captured: true,
        bank: null,
        wallet: null,
        vpa: null,
        error_code: null,
        error_reason: null,
        card: expect.objectContaining({
          entity: 'card',
          last4: '0000',
          network: 'Visa',
          type: 'debit',
          issuer: 'HDFC',
          international: false,
          name: 'Test Rider',
        }),
      }),
    );
    const o = (await gw.api('GET', `/v1/orders/${order.id}`)).body;
    expect(o).toEqual(expect.objectContaining({ status: 'paid', amount_paid: 5000, amount_due: 0, attempts: 1 }));
    expect((await gw.api('GET', `/v1/orders/${order.id}/payments`)).body.items).toEqual([p]);
  });

  it('refunds: pending, capped at captured − refunded, processed on the gateway clock (timer and lazy read)', async () => {
    const { paymentId } = await paidPayment(gw, 5000);
    const r1 = await gw.api('POST', `/v1/payments/${paymentId}/refund`, {
      amount: 2000,
      speed: 'normal',
      receipt: 'our_refund_1',
      notes: { why: 'cancelled' },
    });
    expect(r1.status).toBe(200);
    expect(r1.body).toEqual({
      id: expect.stringMatching(/^rfnd_[0-9A-Za-z]{14}$/),
      entity: 'refund',
      amount: 2000,
      currency: 'INR',
      payment_id: paymentId,
      notes: { why: 'cancelled' },
      receipt: 'our_refund_1',
      acquirer_data: { arn: null },
      created_at: expect.any(Number),
      batch_id: null,
      status: 'pending',
      speed_processed: 'normal',
      speed_requested: 'normal',
    });
    expect((await gw.api('GET', `/v1/payments/${paymentId}`)).body).toEqual(
      expect.objectContaining({ amount_refunded: 2000, refund_status: 'partial', status: 'captured' }),
    );
    const over = await gw.api('POST', `/v1/payments/${paymentId}/refund`, { amount: 3001 });
    expect([over.status, over.body.error.code, over.body.error.description]).toEqual([
      400,
      'BAD_REQUEST_ERROR',
      'The refund amount provided is greater than amount captured',
    ]);
    expect((await gw.api('POST', `/v1/payments/${paymentId}/refund`, { amount: 'x' })).status).toBe(400);
    expect((await gw.api('POST', `/v1/payments/${paymentId}/refund`, { speed: 'instant' })).status).toBe(400);
    // The rest, without an amount
    const r2 = await gw.api('POST', `/v1/payments/${paymentId}/refund`, { receipt: 'our_refund_2' });
    expect(r2.body.amount).toBe(3000);
    expect((await gw.api('GET', `/v1/payments/${paymentId}`)).body).toEqual(
      expect.objectContaining({ amount_refunded: 5000, refund_status: 'full', status: 'refunded' }),
    );
    expect((await gw.api('POST', `/v1/payments/${paymentId}/refund`, { amount: 100 })).status).toBe(400);

    const list = await gw.api('GET', `/v1/payments/${paymentId}/refunds?count=100`);
    expect(list.body.count).toBe(2);
    expect(list.body.items.map((r: { receipt: string }) => r.receipt).sort()).toEqual(['our_refund_1', 'our_refund_2']);
    expect((await gw.api('GET', `/v1/payments/${paymentId}/refunds/${r1.body.id}`)).body.id).toBe(r1.body.id);

    expect((await gw.api('GET', `/v1/refunds/${r1.body.id}`)).body.status).toBe('pending');
    await gw.dev('clock', { advanceSeconds: 19 });
    expect((await gw.api('GET', `/v1/refunds/${r1.body.id}`)).body.status).toBe('pending');
    await gw.dev('clock', { advanceSeconds: 2 });
    const settled = (await gw.api('GET', `/v1/refunds/${r1.body.id}`)).body;
    expect(settled.status).toBe('processed');
    expect(settled.acquirer_data.arn).toMatch(/^\d{12}$/);
  });

  it('refunds of a norefund@upi payment fail, and the payment is refundable again', async () => {
    const order = await gw.order(3000, 'nr');
    const waiting = await payOnHostedPage(gw.checkout(order.id), { method: 'upi', vpa: 'norefund@upi' });
    if (waiting.kind !== 'waiting') throw new Error('not waiting');
    expect((await gw.dev(`upi/${waiting.paymentId}`, { action: 'approve' })).status).toBe(200);
    const r = await gw.api('POST', `/v1/payments/${waiting.paymentId}/refund`, { amount: 3000 });
    expect(r.body.status).toBe('pending');
    await gw.dev('clock', { advanceSeconds: 21 });
    expect((await gw.api('GET', `/v1/refunds/${r.body.id}`)).body.status).toBe('failed');
    expect((await gw.api('GET', `/v1/payments/${waiting.paymentId}`)).body).toEqual(
      expect.objectContaining({ status: 'captured', amount_refunded: 0, refund_status: null }),
    );
  });

  it('a refund settles on its own (the timer, no request needed) with a short refundSettleSeconds', async () => {
    const receiver = await startReceiver();
    const quick = await startTestGateway({ refundSettleSeconds: 0.2, webhookUrl: receiver.url });
    try {
      const { paymentId } = await paidPayment(quick, 1000);
      const r = await quick.api('POST', `/v1/payments/${paymentId}/refund`, {});
      expect(r.body.status).toBe('pending');
      // Nothing asks the gateway: its own timer settles the refund and sends refund.processed.
      await receiver.waitFor((got) => got.some((g) => g.json.event === 'refund.processed'));
      const processed = receiver.received.find((g) => g.json.event === 'refund.processed')!;
      expect(processed.json.payload.refund.entity).toEqual(expect.objectContaining({ id: r.body.id, status: 'processed' }));
      expect(processed.json.payload.payment.entity).toEqual(expect.objectContaining({ id: paymentId, refund_status: 'full', status: 'refunded' }));
    } finally {
      await quick.close();
      await receiver.close();
    }
  });

  it('a failed or unpaid payment cannot be refunded', async () => {
    const order = await gw.order(1000, 'f');
    const out = await payOnHostedPage(gw.checkout(order.id), card('4000000000000002'));
    if (out.kind !== 'callback') throw new Error('no callback');
    const meta = JSON.parse(out.fields['error[metadata]']) as { payment_id: string };
    const r = await gw.api('POST', `/v1/payments/${meta.payment_id}/refund`, { amount: 100 });
    expect([r.status, r.body.error.code]).toEqual([400, 'BAD_REQUEST_ERROR']);
  });
});

describe('test controls', () => {
  it('outage: /v1 answers 503 SERVER_ERROR while on', async () => {
    const order = await gw.order();
    expect((await gw.dev('outage', { api: true })).body).toEqual({ api: true });
    const r = await gw.api('GET', `/v1/orders/${order.id}`);
    expect([r.status, r.body.error.code]).toEqual([503, 'SERVER_ERROR']);
    expect((await gw.api('POST', '/v1/orders', { amount: 500, currency: 'INR' })).status).toBe(503);
    await gw.dev('outage', { api: false });
    expect((await gw.api('GET', `/v1/orders/${order.id}`)).status).toBe(200);
    expect((await gw.dev('outage', { api: 'yes' })).status).toBe(400);
  });

  it('the controls are refused (404) under NODE_ENV=production', async () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    const prod = await startTestGateway();
    process.env.NODE_ENV = before;
    try {
      expect((await prod.dev('outage', { api: true })).status).toBe(404);
      expect((await prod.dev('state')).status).toBe(404);
      expect((await prod.dev('clock', { advanceSeconds: 1 })).status).toBe(404);
      expect((await prod.api('POST', '/v1/orders', { amount: 500, currency: 'INR' })).status).toBe(200);
    } finally {
      await prod.close();
    }
  });

  it('bad control input is a 4xx {code, message}', async () => {
    for (const [p, body] of [
      ['clock', { advanceSeconds: -1 }],
      ['clock', {}],
      ['webhooks', { mode: 'sometimes' }],
      ['webhooks/redeliver', { eventId: 'evt_nope' }],
      ['upi/pay_00000000000000', { action: 'approve' }],
    ] as const) {
      const r = await gw.dev(p, body);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.body).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
  });
});

describe('persistence', () => {
  it('a restart on the same data folder loses nothing (orders, payments, refunds, the clock, queued webhooks)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sawari-devgw-'));
    try {
      const first = await startTestGateway({ dataDir: dir, webhookUrl: 'http://127.0.0.1:9/never' });
      await first.dev('webhooks', { mode: 'hold' });
      const { order, paymentId } = await paidPayment(first, 2500);
      const refund = (await first.api('POST', `/v1/payments/${paymentId}/refund`, { amount: 500, receipt: 'kept' })).body;
      await first.dev('clock', { advanceSeconds: 5 });
      const queuedBefore = (await first.dev('webhooks/log')).body.queued.length;
      expect(queuedBefore).toBeGreaterThanOrEqual(4);
      await first.close();
      expect(fs.readdirSync(dir)).toEqual(['ledger.json']);

      const second = await startTestGateway({ dataDir: dir, webhookUrl: 'http://127.0.0.1:9/never' });
      try {
        expect((await second.api('GET', `/v1/orders/${order.id}`)).body.status).toBe('paid');
        expect((await second.api('GET', `/v1/payments/${paymentId}`)).body.status).toBe('captured');
        expect((await second.api('GET', `/v1/orders?receipt=${encodeURIComponent(order.receipt)}`)).body.items.map((o: { id: string }) => o.id)).toEqual([
          order.id,
        ]);
        expect((await second.api('GET', `/v1/refunds/${refund.id}`)).body).toEqual(expect.objectContaining({ receipt: 'kept', status: 'pending' }));
        const log = (await second.dev('webhooks/log')).body;
        expect(log.queued.length).toBe(queuedBefore);
        // The clock kept its 5 s: 16 more settle the 20 s refund.
        await second.dev('clock', { advanceSeconds: 16 });
        expect((await second.api('GET', `/v1/refunds/${refund.id}`)).body.status).toBe('processed');
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the official razorpay SDK', () => {
  let Razorpay: (new (o: { key_id: string; key_secret: string }) => Record<string, Record<string, (...a: unknown[]) => Promise<unknown>>>) | null = null;
  let utils: { validatePaymentVerification(p: { order_id: string; payment_id: string }, sig: string, secret: string): boolean } | null = null;
  try {
    require.resolve('razorpay');
    /* eslint-disable @typescript-eslint/no-require-imports */
    Razorpay = require('razorpay');
    utils = require('razorpay/dist/utils/razorpay-utils');
    /* eslint-enable @typescript-eslint/no-require-imports */
  } catch {
    Razorpay = null;
  }
  const sdkIt = Razorpay ? it : it.skip;
  if (!Razorpay) it.todo('razorpay is not installed in node_modules: the SDK test is skipped (install `razorpay` to run it)');

  sdkIt('orders, payments, refunds and signatures through the SDK pointed at the gateway', async () => {
    const rzp = new Razorpay!({ key_id: KEY_ID, key_secret: KEY_SECRET });
    (rzp as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL = gw.url;
    const order = (await rzp.orders.create({ amount: 4200, currency: 'INR', receipt: 'sdk_1', notes: { n: '1' } })) as { id: string; amount: number };
    expect(order.amount).toBe(4200);
    expect(((await rzp.orders.all({ receipt: 'sdk_1' })) as { items: { id: string }[] }).items.map((o) => o.id)).toEqual([order.id]);
    const out = await payOnHostedPage(gw.checkout(order.id), card());
    if (out.kind !== 'callback') throw new Error('no callback');
    expect(
      utils!.validatePaymentVerification({ order_id: order.id, payment_id: out.fields.razorpay_payment_id }, out.fields.razorpay_signature, KEY_SECRET),
    ).toBe(true);
    const payment = (await rzp.payments.fetch(out.fields.razorpay_payment_id)) as { status: string };
    expect(payment.status).toBe('captured');
    expect(((await rzp.orders.fetchPayments(order.id)) as { count: number }).count).toBe(1);
    const refund = (await rzp.payments.refund(out.fields.razorpay_payment_id, { amount: 1000, speed: 'normal', receipt: 'sdk_r' })) as { id: string };
    expect(
      ((await rzp.payments.fetchMultipleRefund(out.fields.razorpay_payment_id, { count: 100 })) as { items: { id: string }[] }).items.map((r) => r.id),
    ).toEqual([refund.id]);
    expect(((await rzp.refunds.fetch(refund.id)) as { status: string }).status).toBe('pending');
    await expect(rzp.payments.refund(out.fields.razorpay_payment_id, { amount: 999999 })).rejects.toEqual({
      statusCode: 400,
      error: expect.objectContaining({ code: 'BAD_REQUEST_ERROR', description: 'The refund amount provided is greater than amount captured' }),
    });
    await expect(rzp.payments.fetch('pay_00000000000000')).rejects.toEqual({
      statusCode: 400,
      error: expect.objectContaining({ description: 'The id provided does not exist' }),
    });
    const wrong = new Razorpay!({ key_id: KEY_ID, key_secret: 'nope' });
    (wrong as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL = gw.url;
    await expect(wrong.orders.fetch(order.id)).rejects.toEqual({ statusCode: 401, error: expect.objectContaining({ description: 'Authentication failed' }) });
  });
});

describe('another company’s server', () => {
  it('imports nothing of the API (modules, platform, app) nor of the shared packages: node built-ins, fastify and itself only', () => {
    const dir = __dirname;
    let seen = 0;
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const src = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const [, spec] of src.matchAll(/(?:^import\s[^;]*?\sfrom\s+|^import\s+|\brequire\()['"]([^'"]+)['"]/gm)) {
        const ok = spec.startsWith('node:') || spec === 'fastify' || spec === 'razorpay' || spec.startsWith('razorpay/') || /^\.\/[\w-]+$/.test(spec);
        if (!ok) throw new Error(`${file} imports ${spec}`);
        seen++;
      }
    }
    expect(seen).toBeGreaterThan(20);
  });
});
