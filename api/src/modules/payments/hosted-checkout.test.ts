import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { paymentSchema, payResponseSchema, type HostedCheckout } from '@sawari/contracts';
import { testConfig } from '../../app/config';
import { buildServer } from '../../app/server';
import { payOnHostedPage } from '../../dev-gateway/driver';
import { TEST_CARDS } from '../../dev-gateway/defaults';
import { signIn, TestClock, type Session } from '../../testing/accounts';
import { card, payThroughGateway, upi } from '../../testing/gateway-pay';
import { dbLabel, openTestDb, type TestDb } from '../../testing/test-db';
import { freePort, startTestGateway, type TestGateway } from '../../testing/test-gateway';
import { paymentsOf } from './module';
import type { OrderKind, OrderQuote } from './order-kind';
import { DEV_RAZORPAY } from './settings';

/** Orders in a map; a product issued once per order, every issue counted. */
class DemoOrders implements OrderKind {
  orders = new Map<string, { userId: string; amountPaise: number }>();
  issued: string[] = [];
  released: string[] = [];
  async quote(_db: unknown, orderId: string): Promise<OrderQuote | null> {
    const o = this.orders.get(orderId);
    return o
      ? { orderId, userId: o.userId, city: 'mumbai', amountPaise: o.amountPaise, productRef: 'demo:day', quantity: 1, label: 'Demo day pass', returnData: {} }
      : null;
  }
  async freeze(db: unknown, orderId: string) {
    return { frozen: (await this.quote(db, orderId))! };
  }
  async issue(_db: unknown, order: OrderQuote) {
    this.issued.push(order.orderId);
    return { productId: `product-${order.orderId}` };
  }
  async release(_db: unknown, orderId: string) {
    this.released.push(orderId);
  }
}

const count = async (db: TestDb['db'], sql: string, params: unknown[]) => Number((await db.query<{ n: string }>(sql, params)).rows[0].n);
/** Waits (up to 10 s) until `read` answers `want`; answers the last value read. */
async function until<T>(read: () => Promise<T>, want: T): Promise<T> {
  const end = Date.now() + 10_000;
  let v = await read();
  while (v !== want && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    v = await read();
  }
  return v;
}
const sign = (body: string, secret: string = DEV_RAZORPAY.webhookSecret) => createHmac('sha256', secret).update(body).digest('hex');

/**
 * Payments through the gateway's hosted page (docs/payment-gateway.md), against the development gateway on its own
 * port: the rider pays on its page, and the order is paid only when the gateway proves it. Every attack of issue 32
 * is a test here: none changes anything, none answers 5xx.
 */
describe(`hosted checkout ${dbLabel()}`, () => {
  const clock = new TestClock(Date.UTC(2026, 11, 2, 6, 30));
  const orders = new DemoOrders();
  let t: TestDb;
  let app: FastifyInstance;
  let gw: TestGateway;
  let rider: Session;
  let other: Session;
  let n = 0;
  beforeAll(async () => {
    t = await openTestDb();
    const port = await freePort();
    gw = await startTestGateway({ webhookUrl: `http://127.0.0.1:${port}/api/payments/gateway/razorpay/webhook`, upiExpirySeconds: 300 });
    await gw.control('webhooks', { mode: 'hold' });
    app = await buildServer(testConfig({ razorpay: gw.razorpay }), {
      db: t.db,
      payments: { now: clock.now, orderKinds: { demo: orders }, reconcileEveryMs: 0, staleMs: 60_000 },
    });
    await app.listen({ port, host: '127.0.0.1' });
    rider = await signIn(app, t.db, '9876571001');
    other = await signIn(app, t.db, '9876571002');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await gw?.close();
    await t?.cleanup();
  });

  const newOrder = (who: Session = rider, amountPaise = 45_000) => {
    const id = `hc-${++n}`;
    orders.orders.set(id, { userId: who.userId, amountPaise });
    return id;
  };
  const startPay = async (orderId: string, method = 'card', who: Session = rider, key = `hc-key-${++n}`) => {
    const r = await app.inject({
      method: 'POST',
      url: `/api/payments/demo/${orderId}/pay`,
      headers: { ...who.headers, 'idempotency-key': key },
      payload: { method, returnPath: `/app/select-payment/MBUS/demo/${orderId}/${method}` },
    });
    expect(r.statusCode).toBe(200);
    return payResponseSchema.parse(r.json());
  };
  const paymentView = async (id: string, who: Session = rider) =>
    paymentSchema.parse((await app.inject({ url: `/api/payments/${id}`, headers: who.headers })).json());
  const postReturn = (paymentId: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: `/api/payments/gateway/razorpay/return/${paymentId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const webhook = (body: string, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/payments/gateway/razorpay/webhook', headers: { 'content-type': 'application/json', ...headers }, payload: body });
  const issuedCount = (orderId: string) => orders.issued.filter((o) => o === orderId).length;
  const gatewayCallback = async (checkout: HostedCheckout) => {
    const r = await payOnHostedPage(checkout, card());
    if (r.kind !== 'callback') throw new Error(`expected the gateway to call back, got ${r.kind}`);
    return r;
  };

  describe('card data never reaches us', () => {
    it.each([
      ['a card form', { method: 'card', details: { number: '4111 1111 1111 1111', expiryMonth: 12, expiryYear: 2030, cvv: '123' } }],
      ['a card number at the top', { method: 'card', cardNumber: '4111111111111111' }],
      ['a CVV in the prefill', { method: 'card', prefill: { cvv: '123' } }],
      ['a number under another name, deep down', { method: 'upi', notes: { a: { b: { pan: '4111111111111111' } } } }],
    ])('%s is refused 400 RAW_CARD_REFUSED, and nothing is charged', async (_label, body) => {
      const orderId = newOrder();
      const r = await app.inject({
        method: 'POST',
        url: `/api/payments/demo/${orderId}/pay`,
        headers: { ...rider.headers, 'idempotency-key': `raw-${++n}` },
        payload: body,
      });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ code: 'RAW_CARD_REFUSED' });
      expect(r.body).not.toContain('4111');
      expect(await count(t.db, 'SELECT count(*) AS n FROM payments WHERE order_id = $1', [orderId])).toBe(0);
    });
  });

  describe('the return path stays ours', () => {
    it.each([
      ['another origin', 'https://evil.example/app/select-payment/MBUS/demo/x/card'],
      ['a scheme-relative URL', '//evil.example/app/select-payment/MBUS/demo/x/card'],
      ['a path outside the checkout', '/app/login'],
      ['dot segments', '/app/select-payment/../../api/demo/x'],
      ['a query of its own', '/app/select-payment/MBUS/demo/x/card?next=https://evil.example'],
    ])('%s is refused 400, nothing started', async (_label, returnPath) => {
      const orderId = newOrder();
      const r = await app.inject({
        method: 'POST',
        url: `/api/payments/demo/${orderId}/pay`,
        headers: { ...rider.headers, 'idempotency-key': `rp-key-${++n}` },
        payload: { method: 'card', returnPath },
      });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(await count(t.db, 'SELECT count(*) AS n FROM payments WHERE order_id = $1', [orderId])).toBe(0);
    });

    it('an encoded agency (as checkoutPath writes it) is ours: the rider comes back to it', async () => {
      const orderId = newOrder();
      const r = await app.inject({
        method: 'POST',
        url: `/api/payments/demo/${orderId}/pay`,
        headers: { ...rider.headers, 'idempotency-key': `rp-key-${++n}` },
        payload: { method: 'card', returnPath: `/app/select-payment/KMRL%20feeder/demo/${orderId}/card` },
      });
      expect(r.statusCode).toBe(200);
      const back = await app.inject({ url: `/api/payments/gateway/razorpay/cancel/${r.json().paymentId}` });
      expect(back.headers.location).toBe(`/app/select-payment/KMRL%20feeder/demo/${orderId}/card?payment=${r.json().paymentId}&left=1`);
    });
  });

  describe('the rider pays on the gateway page', () => {
    it("a card with 3-D Secure: the gateway's signed return pays the order once, the card masked", async () => {
      const orderId = newOrder();
      const r = await payThroughGateway(app, rider, 'demo', orderId, card());
      expect(r.started?.checkout?.action).toBe(`${gw.url}/v1/checkout/embedded`);
      expect(r.started?.checkout?.fields).toMatchObject({ key_id: DEV_RAZORPAY.keyId, 'prefill[method]': 'card' });
      expect(JSON.stringify(r.started)).not.toMatch(/key_secret|sawari_dev_gateway_key_secret/);
      expect(r.json()).toMatchObject({ status: 'SUCCESS' });
      const p = await paymentView(r.json().paymentId);
      expect(p).toMatchObject({ status: 'SUCCESS', method: 'card', instrument: expect.stringMatching(/•••• 1111$/) });
      expect(issuedCount(orderId)).toBe(1);
    });

    it('a wrong one-time password fails the payment in words, releases the order, and a new attempt pays it', async () => {
      const orderId = newOrder();
      const failed = await payThroughGateway(app, rider, 'demo', orderId, card(TEST_CARDS.success, '000000'));
      expect(failed.json()).toMatchObject({ status: 'PAYMENT_FAILED', failureReason: expect.stringMatching(/AUTHENTICATION/) });
      expect(issuedCount(orderId)).toBe(0);
      expect(orders.released).toContain(orderId);
      const again = await payThroughGateway(app, rider, 'demo', orderId, card());
      expect(again.json()).toMatchObject({ status: 'SUCCESS' });
      expect(issuedCount(orderId)).toBe(1);
    });

    it('leaving the gateway page pays nothing and frees the order (PAYMENT_CANCELLED)', async () => {
      const orderId = newOrder();
      const s = await startPay(orderId);
      const back = await app.inject({ url: `/api/payments/gateway/razorpay/cancel/${s.paymentId}` });
      expect(back.statusCode).toBe(303);
      expect(back.headers.location).toBe(`/app/select-payment/MBUS/demo/${orderId}/card?payment=${s.paymentId}&left=1`);
      expect(await paymentView(s.paymentId)).toMatchObject({ status: 'FAILED', failureReason: 'PAYMENT_CANCELLED' });
    });
  });

  describe('attacks on the return', () => {
    it('20 parallel returns of the same redirect issue the order once', async () => {
      const orderId = newOrder();
      const s = await startPay(orderId);
      const cb = await gatewayCallback(s.checkout!);
      const answers = await Promise.all(Array.from({ length: 20 }, () => postReturn(s.paymentId, cb.fields)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(303));
      expect(issuedCount(orderId)).toBe(1);
      expect((await paymentView(s.paymentId)).status).toBe('SUCCESS');
    });

    it("another order's signed result posted to this payment's return changes nothing (400)", async () => {
      const paidOrder = newOrder();
      const paid = await startPay(paidOrder);
      const cb = await gatewayCallback(paid.checkout!);
      const victimOrder = newOrder();
      const victim = await startPay(victimOrder);
      const r = await postReturn(victim.paymentId, cb.fields);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ code: 'RETURN_SIGNATURE_INVALID' });
      expect((await paymentView(victim.paymentId)).status).toBe('PENDING');
      expect(issuedCount(victimOrder)).toBe(0);
    });

    it('status=success without a signature, or with a forged one, pays nothing', async () => {
      const orderId = newOrder();
      const s = await startPay(orderId);
      const order = s.checkout!.fields.order_id;
      const unsigned = await postReturn(s.paymentId, { status: 'success' });
      expect(unsigned.statusCode).toBe(303);
      const halfSigned = await postReturn(s.paymentId, { status: 'success', razorpay_order_id: order });
      expect(halfSigned.statusCode).toBe(400);
      const forged = await postReturn(s.paymentId, {
        razorpay_order_id: order,
        razorpay_payment_id: 'pay_ForgedForgedFo',
        razorpay_signature: sign(`${order}|pay_ForgedForgedFo`, 'guess'),
      });
      expect(forged.statusCode).toBe(400);
      expect((await paymentView(s.paymentId)).status).toBe('PENDING');
      expect(issuedCount(orderId)).toBe(0);
    });

    it('a rider paying twice in two tabs gets one gateway order: one payment, one product', async () => {
      const orderId = newOrder();
      const tab1 = await startPay(orderId, 'card', rider, `tab-one-${n}`);
      const tab2 = await startPay(orderId, 'card', rider, `tab-two-${n}`);
      expect(tab2.paymentId).toBe(tab1.paymentId);
      expect(tab2.checkout!.fields.order_id).toBe(tab1.checkout!.fields.order_id);
      const cb = await gatewayCallback(tab1.checkout!);
      expect((await postReturn(tab1.paymentId, cb.fields)).statusCode).toBe(303);
      // the second tab's page: the gateway refuses to take a paid order again
      const second = await payOnHostedPage(tab2.checkout!, card()).catch((e: Error) => ({ kind: 'refused', message: e.message }));
      expect(second.kind).not.toBe('callback');
      expect(await count(t.db, 'SELECT count(*) AS n FROM payments WHERE order_id = $1', [orderId])).toBe(1);
      expect(issuedCount(orderId)).toBe(1);
    });

    it("another rider's payment id is not found (404), and its return without the gateway's proof changes nothing", async () => {
      const orderId = newOrder();
      const s = await startPay(orderId);
      expect((await app.inject({ url: `/api/payments/${s.paymentId}`, headers: other.headers })).statusCode).toBe(404);
      expect((await postReturn('pay_doesnotexist000', { status: 'success' })).statusCode).toBe(404);
    });
  });

  describe('attacks on the webhook', () => {
    /** A payment captured on the gateway whose rider never came back: the gateway's own webhook body for it. */
    const capturedNotReturned = async () => {
      const orderId = newOrder();
      const s = await startPay(orderId);
      await gatewayCallback(s.checkout!);
      await gw.control('webhooks/flush', {});
      return { orderId, s };
    };
    const capturedEvent = async (orderId: string, s: { paymentId: string; checkout?: HostedCheckout }) => {
      const payments = (await fetch(`${gw.url}/v1/orders/${s.checkout!.fields.order_id}/payments`, {
        headers: { authorization: `Basic ${Buffer.from(`${DEV_RAZORPAY.keyId}:${DEV_RAZORPAY.keySecret}`).toString('base64')}` },
      }).then((r) => r.json())) as { items: Array<Record<string, unknown>> };
      const entity = payments.items.find((p) => p.status === 'captured')!;
      return {
        orderId,
        entity,
        body: JSON.stringify({
          entity: 'event',
          account_id: 'acc_test',
          event: 'payment.captured',
          contains: ['payment'],
          payload: { payment: { entity } },
          created_at: 1,
        }),
      };
    };

    it('a forged or missing signature is refused 400 and changes nothing', async () => {
      await gw.control('webhooks', { mode: 'drop' });
      const { orderId, s } = await capturedNotReturned();
      const { body } = await capturedEvent(orderId, s);
      expect((await webhook(body, { 'x-razorpay-signature': sign(body, 'not-our-secret'), 'x-razorpay-event-id': `evt_forged${n}` })).statusCode).toBe(400);
      expect((await webhook(body, { 'x-razorpay-event-id': `evt_unsigned${n}` })).statusCode).toBe(400);
      expect((await webhook('{"not":"json', { 'x-razorpay-signature': sign('{"not":"json'), 'x-razorpay-event-id': `evt_bad${n}` })).statusCode).toBe(400);
      expect(issuedCount(orderId)).toBe(0);
      // a signed one pays it, and its replay is a duplicate that changes nothing
      const headers = { 'x-razorpay-signature': sign(body), 'x-razorpay-event-id': `evt_real${n}` };
      expect((await webhook(body, headers)).json()).toMatchObject({ outcome: 'captured' });
      expect((await webhook(body, headers)).json()).toMatchObject({ outcome: 'duplicate' });
      expect((await webhook(body, { ...headers, 'x-razorpay-event-id': `evt_again${n}` })).json()).toMatchObject({ outcome: 'already-captured' });
      expect(issuedCount(orderId)).toBe(1);
      await gw.control('webhooks', { mode: 'hold' });
    });

    it('a signed webhook for another amount, or for a gateway order that is not ours, pays nothing', async () => {
      await gw.control('webhooks', { mode: 'drop' });
      const { orderId, s } = await capturedNotReturned();
      const { entity } = await capturedEvent(orderId, s);
      const cheaper = JSON.stringify({
        entity: 'event',
        event: 'payment.captured',
        contains: ['payment'],
        payload: { payment: { entity: { ...entity, amount: 100 } } },
      });
      expect((await webhook(cheaper, { 'x-razorpay-signature': sign(cheaper), 'x-razorpay-event-id': `evt_cheap${n}` })).statusCode).toBe(200);
      expect(issuedCount(orderId)).toBe(0);
      const foreign = JSON.stringify({
        entity: 'event',
        event: 'payment.captured',
        contains: ['payment'],
        payload: { payment: { entity: { ...entity, order_id: 'order_NotOursNotOurs' } } },
      });
      expect((await webhook(foreign, { 'x-razorpay-signature': sign(foreign), 'x-razorpay-event-id': `evt_foreign${n}` })).json()).toMatchObject({
        outcome: 'not-ours',
      });
      expect(issuedCount(orderId)).toBe(0);
      await gw.control('webhooks', { mode: 'hold' });
    });

    it("a webhook before our books hold its gateway order (the order's answer not recorded yet) is matched by its receipt", async () => {
      await gw.control('webhooks', { mode: 'drop' });
      for (const withOrderEntity of [true, false]) {
        const { orderId, s } = await capturedNotReturned();
        const { entity } = await capturedEvent(orderId, s);
        await t.db.query('UPDATE payments SET gateway_ref = NULL WHERE id = $1', [s.paymentId]);
        const order = {
          id: entity.order_id,
          entity: 'order',
          amount: 45_000,
          amount_paid: 45_000,
          amount_due: 0,
          currency: 'INR',
          receipt: s.paymentId,
          status: 'paid',
          created_at: 1,
        };
        const body = JSON.stringify({
          entity: 'event',
          event: withOrderEntity ? 'order.paid' : 'payment.captured',
          contains: withOrderEntity ? ['payment', 'order'] : ['payment'],
          payload: withOrderEntity ? { payment: { entity }, order: { entity: order } } : { payment: { entity } },
        });
        const r = await webhook(body, { 'x-razorpay-signature': sign(body), 'x-razorpay-event-id': `evt_early${++n}` });
        expect(r.statusCode).toBe(200);
        expect(r.json()).toMatchObject({ outcome: 'captured' });
        expect((await paymentView(s.paymentId)).status).toBe('SUCCESS');
        expect(issuedCount(orderId)).toBe(1);
      }
      await gw.control('webhooks', { mode: 'hold' });
    });

    it("the gateway's own webhooks, delivered twice and in any order, pay the order once without the rider's return", async () => {
      await gw.control('webhooks', { mode: 'hold' });
      const orderId = newOrder();
      const s = await startPay(orderId);
      await gatewayCallback(s.checkout!);
      await gw.control('webhooks/flush', {});
      expect(await until(async () => (await paymentView(s.paymentId)).status, 'SUCCESS')).toBe('SUCCESS');
      const deliveries = ((await gw.inspect('webhooks/log')) as { items: Array<{ eventId: string; event: string }> }).items;
      const captured = deliveries.find((d) => d.event === 'payment.captured')!;
      await gw.control('webhooks/redeliver', { eventId: captured.eventId });
      await gw.control('webhooks/flush', {});
      expect(issuedCount(orderId)).toBe(1);
    });
  });

  describe('the gateway down, a lost webhook, reconciliation', () => {
    it('the gateway down at order creation: PAYMENT_FAILED GATEWAY_UNAVAILABLE, nothing charged, the order payable again', async () => {
      const orderId = newOrder();
      await gw.control('outage', { api: true });
      try {
        const s = await startPay(orderId);
        expect(s).toMatchObject({ status: 'PAYMENT_FAILED', failureReason: 'GATEWAY_UNAVAILABLE' });
        expect(s.checkout).toBeUndefined();
      } finally {
        await gw.control('outage', { api: false });
      }
      expect((await payThroughGateway(app, rider, 'demo', orderId, card())).json()).toMatchObject({ status: 'SUCCESS' });
    });

    it('a lost webhook and no return: reconciliation asks the gateway and pays the order; down during it, it waits', async () => {
      await gw.control('webhooks', { mode: 'drop' });
      const orderId = newOrder();
      const s = await startPay(orderId);
      await gatewayCallback(s.checkout!); // the rider's browser never posts it back
      const service = paymentsOf(app)!.service;
      clock.advance(61_000);
      await gw.control('outage', { api: true });
      try {
        await expect(service.reconcile()).resolves.toBeDefined();
        const row = await t.db.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [s.paymentId]);
        expect(row.rows[0].status).toBe('PENDING');
      } finally {
        await gw.control('outage', { api: false });
      }
      const result = await service.reconcile();
      expect(result.settled).toBeGreaterThanOrEqual(1);
      expect((await paymentView(s.paymentId)).status).toBe('SUCCESS');
      expect(issuedCount(orderId)).toBe(1);
      await gw.control('webhooks', { mode: 'hold' });
    });

    it('a capture after the payment was given up is refunded in full, never issued (LATE_PAYMENT_REFUNDED)', async () => {
      const orderId = newOrder();
      const s = await startPay(orderId);
      await app.inject({ url: `/api/payments/gateway/razorpay/cancel/${s.paymentId}` });
      expect((await paymentView(s.paymentId)).status).toBe('FAILED');
      // the rider goes back to the gateway's page (browser history) and pays after all
      const cb = await gatewayCallback(s.checkout!);
      expect((await postReturn(s.paymentId, cb.fields)).statusCode).toBe(303);
      expect(issuedCount(orderId)).toBe(0);
      const refunds = await t.db.query<{ reason: string; amount_paise: string }>('SELECT reason, amount_paise FROM payment_refunds WHERE payment_id = $1', [
        s.paymentId,
      ]);
      expect(refunds.rows).toEqual([expect.objectContaining({ reason: 'LATE_PAYMENT_REFUNDED' })]);
      expect(Number(refunds.rows[0].amount_paise)).toBe(45_000);
    });
  });

  describe('UPI collect', () => {
    it('pending with its time left until the rider approves it in the UPI app; the webhook then pays it', async () => {
      await gw.control('webhooks', { mode: 'deliver' });
      const orderId = newOrder();
      const r = await payThroughGateway(app, rider, 'demo', orderId, upi('asha@okhdfcbank', 'wait'));
      expect(r.hosted).toBe('waiting');
      const pending = await paymentView(r.json().paymentId);
      expect(pending.status).toBe('PENDING');
      expect(pending.expiresAt).toBeGreaterThan(clock.now());
      const s = r.started!;
      const attempts = (await fetch(`${gw.url}/v1/orders/${s.checkout!.fields.order_id}/payments`, {
        headers: { authorization: `Basic ${Buffer.from(`${DEV_RAZORPAY.keyId}:${DEV_RAZORPAY.keySecret}`).toString('base64')}` },
      }).then((x) => x.json())) as { items: Array<{ id: string }> };
      await gw.control(`upi/${attempts.items[0].id}`, { action: 'approve' });
      expect(await until(async () => (await paymentView(s.paymentId)).status, 'SUCCESS')).toBe('SUCCESS');
      expect(issuedCount(orderId)).toBe(1);
      await gw.control('webhooks', { mode: 'hold' });
    });

    it('a collect request nobody approves expires at the gateway, and the payment fails (not forever pending)', async () => {
      const orderId = newOrder();
      const r = await payThroughGateway(app, rider, 'demo', orderId, upi('expire@upi', 'wait'));
      await gw.control('clock', { advanceSeconds: 301 });
      const service = paymentsOf(app)!.service;
      // the gateway's page still takes another attempt until its timeout: reconciliation waits for that, then fails it
      clock.advance(61_000);
      await service.reconcile();
      expect((await paymentView(r.json().paymentId)).status).toBe('PENDING');
      clock.advance(900_000 + 121_000);
      await service.reconcile();
      expect(await paymentView(r.json().paymentId)).toMatchObject({ status: 'FAILED', failureReason: expect.stringMatching(/TIMED_OUT/) });
      expect(issuedCount(orderId)).toBe(0);
    });
  });

  describe('refunds settle when the gateway says so', () => {
    it('a refund is pending until the gateway processes it; its webhook settles it once', async () => {
      await gw.control('webhooks', { mode: 'deliver' });
      const orderId = newOrder();
      const paid = await payThroughGateway(app, rider, 'demo', orderId, card());
      const service = paymentsOf(app)!.service;
      const refund = await service.refund(paid.json().paymentId, 45_000, 'rider cancelled', 'cancel-1');
      expect(refund.status).toBe('PENDING');
      await gw.control('clock', { advanceSeconds: 60 });
      await gw.control('webhooks/flush', {});
      expect(await until(async () => (await service.refundStatus(refund.refundId)).status, 'SUCCESS')).toBe('SUCCESS');
      // the payment's captured webhook again, after the refund (a late redelivery): nothing issued twice, nothing changed
      const deliveries = ((await gw.inspect('webhooks/log')) as { items: Array<{ eventId: string; event: string }> }).items;
      const orderRef = paid.started!.checkout!.fields.order_id;
      const capturedOfThis = await Promise.all(
        deliveries
          .filter((d) => d.event === 'payment.captured')
          .map(async (d) => ({
            d,
            ev: (await gw.inspect(`webhooks/events/${d.eventId}`)) as { body: { payload: { payment: { entity: { order_id: string } } } } },
          })),
      );
      const again = capturedOfThis.find((x) => x.ev.body.payload.payment.entity.order_id === orderRef)!;
      await gw.control('webhooks/redeliver', { eventId: again.d.eventId });
      expect(issuedCount(orderId)).toBe(1);
      expect((await service.refundStatus(refund.refundId)).status).toBe('SUCCESS');
      expect((await paymentView(paid.json().paymentId)).status).toBe('SUCCESS');
      await gw.control('webhooks', { mode: 'hold' });
    });
  });
});
