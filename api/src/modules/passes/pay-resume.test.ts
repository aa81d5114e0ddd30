import { passOrderSchema, type PassOrder } from '@sawari/contracts';
import { TEST_CARDS } from '../../dev-gateway/defaults';
import { seedCityConfig } from '../../seed';
import { card, payThroughGateway, upi, type HostedInstrument } from '../../testing/gateway-pay';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { expectError, signIn, TestClock, type Session } from '../../testing/accounts';
import { DEV_RAZORPAY } from '../payments';
import { passOrderBody } from './testing';

/**
 * A rider whose pass payment is pending goes back to the pass's pay screen (which re-posts the order without a key):
 * the answer is the order being paid, never a second order for the same pass that could be paid as well
 * (docs/passes.md "One order per pass while it is being paid"). Failed on the code before: a new order each time.
 */
describe(`a pass being paid is one order ${dbLabel()}`, () => {
  const clock = new TestClock(); // 2025-08-14 12:00 in India
  let s: TestServer;
  let rider: Session;
  let n = 0;
  beforeAll(async () => {
    s = await startTestServer({ seed: false, now: clock.now, before: (t) => seedCityConfig(t.db) });
    rider = await signIn(s.app, s.db, '9876582001');
  }, 60_000);
  afterAll(() => s?.cleanup());

  const WEEK = { configurationId: 'mum-general', categoryId: 'adult', fmId: 'mum-gen-7', passFare: 350 };
  const MONTH = { configurationId: 'mum-general', categoryId: 'adult', fmId: 'mum-gen-30', passFare: 1100 };
  /** What the pay screen posts (no key), or with a client key (the spec's payload transactionId / idempotency-key). */
  const passOrder = (passProps: Record<string, unknown>, key?: string, over: Record<string, unknown> = {}) =>
    s.app.inject({
      method: 'POST',
      url: '/api/passes/v3/orders',
      headers: { ...rider.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: passOrderBody(rider.userId, passProps, over),
    });
  const created = async (passProps: Record<string, unknown>, key?: string, over?: Record<string, unknown>): Promise<PassOrder> => {
    const r = await passOrder(passProps, key, over);
    expect(r.statusCode).toBe(201);
    return passOrderSchema.parse(r.json());
  };
  const pay = (orderId: string, instrument: HostedInstrument | { method: 'cash' }) =>
    payThroughGateway(s.app, rider, 'pass', orderId, instrument, { key: `resume-${++n}-${Date.now()}` });
  /** The rider approves, in the UPI app, the collect request the gateway's page left waiting. */
  const approveUpi = async (gatewayOrderId: string) => {
    const attempts = (await fetch(`${s.gateway.url}/v1/orders/${gatewayOrderId}/payments`, {
      headers: { authorization: `Basic ${Buffer.from(`${DEV_RAZORPAY.keyId}:${DEV_RAZORPAY.keySecret}`).toString('base64')}` },
    }).then((r) => r.json())) as { items: { id: string }[] };
    expect(attempts.items).toHaveLength(1);
    await s.gateway.control(`upi/${attempts.items[0].id}`, { action: 'approve' });
  };
  const ordersFor = async (date: string) =>
    (
      await s.db.query<{ transaction_id: string }>('SELECT transaction_id FROM pass_orders WHERE user_id = $1 AND pass_start_date = $2', [rider.userId, date])
    ).rows.map((r) => r.transaction_id);

  it('a pending UPI payment: the pay screen again, a new key, a bank offer chosen: the same order, same amount', async () => {
    const day = { ...WEEK, passStartDate: '2025-08-20' };
    const o = await created(day);
    const waiting = await pay(o.transactionId, upi('asha@okaxis', 'wait'));
    expect(waiting.hosted).toBe('waiting');
    const p = waiting.json();
    expect(p).toMatchObject({ status: 'PAYMENT_PROCESSING' });
    // back to the pay screen: it re-posts the same order without a key
    const again = await created(day);
    expect(again).toMatchObject({ transactionId: o.transactionId, payableAmount: 35000, fareInfo: { payableAmount: 35000 } });
    // another tab with its own key, and one asking for a bank offer: still the order being paid, at its frozen price
    expect(await created(day, 'another-tab-key-01')).toMatchObject({ transactionId: o.transactionId, payableAmount: 35000 });
    expect(await created(day, undefined, { bankOffer: 'HDFC' })).toMatchObject({ transactionId: o.transactionId, payableAmount: 35000 });
    expect(await ordersFor('2025-08-20')).toEqual([o.transactionId]);
    // a second payment of it while the first is pending: the same payment and gateway order (paid at most once), or,
    // at the counter, refused
    const second = await s.app.inject({
      method: 'POST',
      url: `/api/payments/pass/${o.transactionId}/pay`,
      headers: { ...rider.headers, 'idempotency-key': `resume-second-${++n}` },
      payload: { method: 'upi' },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ paymentId: p.paymentId, checkout: { fields: { order_id: waiting.started!.checkout!.fields.order_id } } });
    expectError(await pay(o.transactionId, { method: 'cash' }), 409, 'PAYMENT_IN_PROGRESS');
    // another pass (a month) is another order; the paying one is untouched
    const month = await created({ ...MONTH, passStartDate: '2025-08-20' });
    expect(month.transactionId).not.toBe(o.transactionId);
    // the rider approves it in the UPI app: the pass is issued once; ordering the week pass again is then a new purchase
    await approveUpi(waiting.started!.checkout!.fields.order_id);
    expect((await s.app.inject({ url: `/api/payments/${p.paymentId}`, headers: rider.headers })).json()).toMatchObject({
      status: 'SUCCESS',
      amountPaise: 35000,
    });
    expect(Number((await s.db.query<{ n: string }>('SELECT count(*) AS n FROM passes WHERE transaction_id = $1', [o.transactionId])).rows[0].n)).toBe(1);
    expect((await created(day)).transactionId).not.toBe(o.transactionId);
  });

  it('a cash reference waiting for the counter: re-posting answers the same order', async () => {
    const day = { ...WEEK, passStartDate: '2025-08-21' };
    const o = await created(day);
    expect((await pay(o.transactionId, { method: 'cash' })).json()).toMatchObject({ status: 'PAYMENT_PROCESSING' });
    expect(await created(day)).toMatchObject({ transactionId: o.transactionId, payableAmount: 35000 });
    expect(await ordersFor('2025-08-21')).toEqual([o.transactionId]);
  });

  it('a declined payment releases the order: re-posting re-quotes the same order (payable again), no second order', async () => {
    const day = { ...WEEK, passStartDate: '2025-08-22' };
    const o = await created(day);
    expect((await pay(o.transactionId, card(TEST_CARDS.declined))).json()).toMatchObject({ status: 'PAYMENT_FAILED', failureReason: 'CARD_DECLINED' });
    expect(await created(day)).toMatchObject({ transactionId: o.transactionId, status: 'PENDING', payableAmount: 35000 });
    expect(await ordersFor('2025-08-22')).toEqual([o.transactionId]);
  });

  it('attack: 20 parallel "start payment" requests for a pass (no key, and each with its own key) give one order', async () => {
    const day = { ...WEEK, passStartDate: '2025-08-25' };
    // from nothing: the pay screen's requests race (no key): one order
    const first = await Promise.all(Array.from({ length: 20 }, () => passOrder(day)));
    expect(first.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const ids = new Set(first.map((r) => passOrderSchema.parse(r.json()).transactionId));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(await ordersFor('2025-08-25')).toEqual([id]);
    expect((await pay(id, upi('asha@okaxis', 'wait'))).json()).toMatchObject({ status: 'PAYMENT_PROCESSING' });
    // while it is being paid: 10 without a key and 10 with new keys, all at once
    const t0 = Date.now();
    const racing = await Promise.all(Array.from({ length: 20 }, (_, i) => passOrder(day, i % 2 ? `race-key-${String(i).padStart(4, '0')}` : undefined)));
    const ms = Date.now() - t0;
    expect(racing.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(racing.map((r) => passOrderSchema.parse(r.json()).transactionId))).toEqual(new Set([id]));
    expect(racing.every((r) => passOrderSchema.parse(r.json()).payableAmount === 35000)).toBe(true);
    expect(await ordersFor('2025-08-25')).toEqual([id]);
    console.log(`figure: 20 parallel pass orders while one is being paid: 1 order, ${ms} ms (${dbLabel()})`);
  });
});
