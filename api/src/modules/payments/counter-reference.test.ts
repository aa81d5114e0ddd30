import { hkdfSync } from 'node:crypto';
import { counterReferenceSchema, passOrderSchema, paymentSchema, payResponseSchema } from '@sawari/contracts';
import { seedCityConfig } from '../../seed';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { expectError, signIn, TestClock, type Session } from '../../testing/accounts';
import { card, payThroughGateway } from '../../testing/gateway-pay';
import { passOrderBody } from '../passes/testing';
import { COUNTER_REFERENCE_ALPHABET, newCounterReference, parseCounterReference } from './counter-reference';
import { RazorpayGateway } from './razorpay-gateway';
import { OrderKinds, type OrderKind, type OrderQuote } from './order-kind';
import { PaymentService } from './service';

// Issue 35 item 13: the cash reference to read out at a counter was the payment id, `pay_cWqmaHlQ8Y9Tfmqh` (16
// letters and digits in mixed case, with l/I and O/0 among them). It is now 8 characters without look-alikes, in two
// groups ("K7QX-M4TP"), unique and drawn at random, and the counter finds the payment by it (or by the id, as before).

describe('counter reference format', () => {
  it('8 characters of an alphabet without 0/O, 1/I/L or U, in two groups of four; 500 drawn are all different', () => {
    expect(COUNTER_REFERENCE_ALPHABET).not.toMatch(/[0O1ILU]/);
    expect(COUNTER_REFERENCE_ALPHABET).toHaveLength(30);
    const drawn = Array.from({ length: 500 }, () => newCounterReference());
    for (const r of drawn) {
      expect(r).toMatch(/^[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/);
      expect(counterReferenceSchema.safeParse(r).success).toBe(true);
    }
    expect(new Set(drawn).size).toBe(500);
    // every character is used (the draw is over the whole alphabet)
    expect(new Set(drawn.join('').replace(/-/g, '')).size).toBe(30);
  });

  it('what a counter types is read in any case, with or without the dash or spaces; anything else is not a reference', () => {
    expect(parseCounterReference('k7qx-m4tp')).toBe('K7QX-M4TP');
    expect(parseCounterReference(' K7QX M4TP ')).toBe('K7QX-M4TP');
    expect(parseCounterReference('K7QXM4TP')).toBe('K7QX-M4TP');
    for (const bad of ['K7QX-M4T', 'K7QX-M4TPP', 'K0QX-M4TP', 'KOQX-M4TP', 'K1QX-M4TP', 'KIQX-M4TP', 'KLQX-M4TP', 'pay_cWqmaHlQ8Y9Tfmqh', '', '--------'])
      expect([bad, parseCounterReference(bad)]).toEqual([bad, null]);
  });
});

describe(`cash at the counter by its reference ${dbLabel()}`, () => {
  const clock = new TestClock();
  const OPS = { authorization: 'Ops sawari-dev-ops' };
  let s: TestServer;
  let rider: Session;
  let n = 0;
  beforeAll(async () => {
    s = await startTestServer({ seed: false, now: clock.now, before: (t) => seedCityConfig(t.db) });
    rider = await signIn(s.app, s.db, '9876563001');
  }, 120_000);
  afterAll(() => s?.cleanup());

  let day = 0;
  /** A start date of its own for each order (one open order per pass and start date). */
  const nextDate = () => new Date(Date.UTC(2025, 7, 20 + day++)).toISOString().slice(0, 10);
  const order = async () =>
    passOrderSchema.parse(
      (
        await s.app.inject({
          method: 'POST',
          url: '/api/passes/v3/orders',
          // a key per order: without one, a new request re-quotes the rider's unpaid order for this pass
          headers: { ...rider.headers, 'idempotency-key': `cash-order-${day}` },
          payload: passOrderBody(rider.userId, { passStartDate: nextDate() }),
        })
      ).json(),
    ).transactionId;
  const pay = (orderId: string, body: object = { method: 'cash' }, key = `cash-ref-${++n}`) =>
    s.app.inject({ method: 'POST', url: `/api/payments/pass/${orderId}/pay`, headers: { ...rider.headers, 'idempotency-key': key }, payload: body });
  const lookup = (reference: string, headers: Record<string, string> = OPS) =>
    s.app.inject({ url: `/api/ops/payments/counter/${encodeURIComponent(reference)}`, headers });
  const settle = (ref: string, body: unknown, headers: Record<string, string> = OPS) =>
    s.app.inject({ method: 'POST', url: `/api/ops/payments/${encodeURIComponent(ref)}/counter`, headers, payload: body as object });

  it('a cash payment answers its short reference (pay, replay and status); the counter finds it in any case and settles it by it', async () => {
    const tx = await order();
    const r = payResponseSchema.parse((await pay(tx, { method: 'cash' }, 'cash-ref-replay-1')).json());
    expect(r).toMatchObject({ status: 'PAYMENT_PROCESSING', counterReference: expect.stringMatching(/^[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/) });
    const ref = r.counterReference!;
    expect(payResponseSchema.parse((await pay(tx, { method: 'cash' }, 'cash-ref-replay-1')).json())).toEqual(r);
    const status = paymentSchema.parse((await s.app.inject({ url: `/api/payments/${r.paymentId}`, headers: rider.headers })).json());
    expect(status).toMatchObject({ method: 'cash', status: 'PENDING', counterReference: ref, amountPaise: 35000 });

    for (const typed of [ref, ref.toLowerCase(), ref.replace('-', ''), ` ${ref.replace('-', ' ')} `]) {
      const found = await lookup(typed);
      expect(found.statusCode).toBe(200);
      expect(paymentSchema.parse(found.json())).toMatchObject({ paymentId: r.paymentId, amountPaise: 35000, status: 'PENDING', orderId: tx });
    }
    expectError(await lookup(ref, rider.headers), 401, 'OPS_UNAUTHENTICATED');
    expectError(await settle(ref.toLowerCase(), { paid: 'yes' }), 400, 'VALIDATION_FAILED', /paid/);
    const settled = await settle(ref.toLowerCase(), { paid: true });
    expect(settled.statusCode).toBe(200);
    expect(paymentSchema.parse(settled.json())).toMatchObject({ paymentId: r.paymentId, status: 'SUCCESS', counterReference: ref });
    expectError(await settle(ref, { paid: true }), 409, 'PAYMENT_NOT_PENDING');
    expect(Number((await s.db.query<{ n: string }>('SELECT count(*) AS n FROM passes WHERE transaction_id = $1', [tx])).rows[0].n)).toBe(1);
  });

  it('the payment id still works at the counter; a card payment has no reference; unknown and malformed references are 404, never a 5xx', async () => {
    const cash = payResponseSchema.parse((await pay(await order())).json());
    expect(paymentSchema.parse((await settle(cash.paymentId, { paid: false })).json())).toMatchObject({
      status: 'FAILED',
      counterReference: cash.counterReference,
    });
    const paidByCard = await payThroughGateway(s.app, rider, 'pass', await order(), card());
    const byCard = paidByCard.json();
    expect(byCard).toMatchObject({ status: 'SUCCESS' });
    // neither the pay answer (with its gateway checkout) nor the payment has a counter reference
    expect(paidByCard.started).toMatchObject({ checkout: expect.any(Object) });
    expect(paidByCard.started!.counterReference).toBeUndefined();
    const view = paymentSchema.parse((await s.app.inject({ url: `/api/payments/${byCard.paymentId}`, headers: rider.headers })).json());
    expect(view.counterReference).toBeUndefined();
    expectError(await lookup(byCard.paymentId), 409, 'NOT_A_COUNTER_PAYMENT');
    const unused = (() => {
      for (;;) {
        const x = newCounterReference();
        if (x !== cash.counterReference) return x;
      }
    })();
    expectError(await lookup(unused), 404, 'PAYMENT_NOT_FOUND');
    expectError(await settle(unused, { paid: true }), 404, 'PAYMENT_NOT_FOUND');
    for (const bad of ['K0QX-M4TP', 'KOQXM4TP', 'x', "'; DROP TABLE payments; --", 'K7QX-M4TP-K7QX', 'a'.repeat(101)]) {
      const r = await lookup(bad);
      expect([bad, r.statusCode]).toEqual([bad, expect.any(Number)]);
      expect(r.statusCode === 400 || r.statusCode === 404).toBe(true);
    }
  });

  it('20 cash payments at once: 20 different references, each found', async () => {
    const orders: string[] = [];
    for (let i = 0; i < 20; i++) orders.push(await order());
    expect(new Set(orders).size).toBe(20);
    const answers = await Promise.all(orders.map((tx) => pay(tx)));
    expect(answers.map((a) => [a.statusCode, a.json().code])).toEqual(answers.map(() => [200, undefined]));
    const refs = answers.map((a) => payResponseSchema.parse(a.json()).counterReference!);
    expect(new Set(refs).size).toBe(20);
    for (const [i, ref] of refs.entries()) expect((await lookup(ref)).json()).toMatchObject({ orderId: orders[i] });
  });

  it('20 racing settles of one reference (typed in different ways, paid and not paid): one outcome, every answer agrees with it, one pass at most, never a 5xx', async () => {
    const tx = await order();
    const ref = payResponseSchema.parse((await pay(tx)).json()).counterReference!;
    const typed = (i: number) => (i % 3 === 0 ? ref : i % 3 === 1 ? ref.toLowerCase() : ref.replace('-', ''));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => settle(typed(i), { paid: i % 4 !== 3 })));
    const final = paymentSchema.parse((await lookup(ref)).json()).status;
    expect(['SUCCESS', 'FAILED']).toContain(final);
    for (const [i, a] of answers.entries()) {
      // a twin answers the settled payment (200) when it asked for that outcome, else 409: never the other outcome as done
      if (a.statusCode === 200) {
        expect(a.json().status).toBe(final);
        expect(i % 4 !== 3).toBe(final === 'SUCCESS');
      } else expect([a.statusCode, a.json().code]).toEqual([409, 'PAYMENT_NOT_PENDING']);
    }
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    const passes = Number((await s.db.query<{ n: string }>('SELECT count(*) AS n FROM passes WHERE transaction_id = $1', [tx])).rows[0].n);
    expect(passes).toBe(final === 'SUCCESS' ? 1 : 0);
  });

  it('a reference already taken is drawn again (unique), and the payment is still made once', async () => {
    // its own service on the same tables, whose draw repeats a taken reference twice before a new one
    const taken = payResponseSchema.parse((await pay(await order())).json()).counterReference!;
    const fresh = newCounterReference();
    const draws = [taken, taken, fresh];
    const orders: OrderKind = {
      quote: async (_db, orderId): Promise<OrderQuote> => ({
        orderId,
        userId: 'clash-rider',
        city: 'mumbai',
        amountPaise: 1000,
        productRef: 'demo:1',
        quantity: 1,
        label: 'Demo',
        returnData: {},
      }),
      freeze: async (db, orderId) => ({ frozen: (await orders.quote(db, orderId))! }),
      issue: async () => ({ productId: 'p1' }),
      release: async () => undefined,
    };
    const service = new PaymentService(s.db, new RazorpayGateway(s.gateway.razorpay), new OrderKinds().register('demo', orders), clock.now, {
      requestKey: Buffer.from(hkdfSync('sha256', 'test', 'sawari', 'x', 32)),
      newCounterReference: () => draws.shift() ?? newCounterReference(),
    });
    const r = await service.pay('clash-rider', 'demo', 'DEMO_clash_1', 'clash-key-0001', { method: 'cash', prefill: {} }, { origin: 'http://127.0.0.1' });
    expect(r).toMatchObject({ status: 'PAYMENT_PROCESSING', counterReference: fresh });
    expect(draws).toEqual([]);
    expect(Number((await s.db.query<{ n: string }>(`SELECT count(*) AS n FROM payments WHERE order_id = 'DEMO_clash_1'`)).rows[0].n)).toBe(1);
  });
});
