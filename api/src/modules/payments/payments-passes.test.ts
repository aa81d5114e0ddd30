import { seedCityConfig } from '../../seed';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { expectError, signIn, TestClock, type Session } from '../../testing/accounts';
import { card, payThroughGateway } from '../../testing/gateway-pay';
import { TEST_CARDS } from '../../dev-gateway/defaults';

/** The pass order kind wired in server.ts: paying a pass order through payments issues its pass once. */
describe(`payments for pass orders ${dbLabel()}`, () => {
  const clock = new TestClock();
  let s: TestServer;
  let rider: Session;
  let other: Session;
  beforeAll(async () => {
    s = await startTestServer({ seed: false, now: clock.now, before: (t) => seedCityConfig(t.db) });
    rider = await signIn(s.app, s.db, '9876590001');
    other = await signIn(s.app, s.db, '9876590002');
  }, 60_000);
  afterAll(() => s?.cleanup());

  const createOrder = async (who: Session = rider) => {
    const r = await s.app.inject({
      method: 'POST',
      url: '/api/passes/v3/orders',
      headers: who.headers,
      payload: {
        appVer: '1.0.0',
        city: 'mumbai',
        deviceId: 'test-device-1',
        source: 1,
        paymentProps: { lpVer: '1', paymentType: 'online' },
        proofs: [],
        userDetails: {
          mailId: 'a@b.in',
          mobileNumber: who === rider ? '9876590001' : '9876590002',
          userName: 'Asha Rao',
          gender: 'F',
          dobInMillis: 0,
          userId: who.userId,
        },
        passProps: { passStartDate: '2025-08-14', categoryId: 'adult', fmId: 'mum-gen-30', configurationId: 'mum-general', passFare: 1100 },
      },
    });
    expect(r.statusCode).toBe(201);
    return r.json() as { transactionId: string; payableAmount: number };
  };
  /** The pay request alone (method only: card data is typed on the gateway's page): its checkout, nothing charged yet. */
  const startPay = (tx: string, key: string, who: Session = rider) =>
    s.app.inject({
      method: 'POST',
      url: `/api/payments/pass/${tx}/pay`,
      headers: { ...who.headers, 'idempotency-key': key },
      payload: { method: 'card' },
    });
  /** The whole payment: the pay request, the card on the gateway's page, its signed return. */
  const pay = (tx: string, key: string, number: string = TEST_CARDS.success, who: Session = rider) =>
    payThroughGateway(s.app, who, 'pass', tx, card(number), { key });
  /** Gateway orders made for this pass order's payments (the gateway's own ledger: one per createOrder). */
  const gatewayOrders = async (tx: string) => {
    const ids = (await s.db.query<{ id: string }>('SELECT id FROM payments WHERE order_id = $1', [tx])).rows.map((r) => r.id);
    const state = (await s.gateway.inspect('state')) as { ledger: { orders: Record<string, { receipt: string }> } };
    return Object.values(state.ledger.orders).filter((o) => ids.includes(o.receipt)).length;
  };
  const capturedAtGateway = async (tx: string) => {
    const state = (await s.gateway.inspect('state')) as { ledger: { payments: Record<string, { order_id: string; status: string }> } };
    const refs = (await s.db.query<{ gateway_ref: string }>('SELECT gateway_ref FROM payments WHERE order_id = $1', [tx])).rows.map((r) => r.gateway_ref);
    return Object.values(state.ledger.payments).filter((p) => refs.includes(p.order_id) && p.status === 'captured').length;
  };

  it('20 concurrent identical pays of a pass order: one payment, one gateway order and checkout; paid on its page once, one pass; the order amount comes from the pass order', async () => {
    const o = await createOrder();
    const t0 = performance.now();
    const res = await Promise.all(Array.from({ length: 20 }, () => startPay(o.transactionId, 'pass-key-000001')));
    const wallMs = Math.round(performance.now() - t0);
    const ids = new Set(res.map((r) => (r.json() as { paymentId: string }).paymentId));
    const checkouts = new Set(res.map((r) => JSON.stringify((r.json() as { checkout?: { fields: Record<string, string> } }).checkout?.fields ?? null)));
    const orders = await gatewayOrders(o.transactionId);
    console.log(
      `payments pass-order concurrency figures ${JSON.stringify({ db: s.kind, requests: 20, http200: res.filter((r) => r.statusCode === 200).length, distinctPaymentIds: ids.size, distinctCheckouts: checkouts.size, gatewayOrders: orders, wallMs })}`,
    );
    expect(res.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(ids.size).toBe(1);
    expect(checkouts.size).toBe(1);
    expect([...checkouts][0]).toContain('order_');
    expect(res[0].json()).toMatchObject({ status: 'PAYMENT_PROCESSING' });
    expect(orders).toBe(1);
    // the rider pays on the gateway's page (the same key again: the same payment and checkout), once
    const done = await pay(o.transactionId, 'pass-key-000001');
    expect(done.started?.paymentId).toBe([...ids][0]);
    expect(done.json()).toMatchObject({ paymentId: [...ids][0], status: 'SUCCESS' });
    const passes = Number((await s.db.query<{ n: string }>('SELECT count(*) AS n FROM passes WHERE transaction_id = $1', [o.transactionId])).rows[0].n);
    expect({ orders: await gatewayOrders(o.transactionId), captured: await capturedAtGateway(o.transactionId), passes }).toEqual({
      orders: 1,
      captured: 1,
      passes: 1,
    });
    // replays after the payment answer the same payment, paid
    const replays = await Promise.all(Array.from({ length: 5 }, () => startPay(o.transactionId, 'pass-key-000001')));
    expect(replays.map((r) => [r.statusCode, r.json().paymentId, r.json().status])).toEqual(replays.map(() => [200, [...ids][0], 'SUCCESS']));
    const p = (await s.app.inject({ url: `/api/payments/${[...ids][0]}`, headers: rider.headers })).json();
    expect(p).toMatchObject({ orderKind: 'pass', amountPaise: o.payableAmount, status: 'SUCCESS' });
    expect((await s.app.inject({ url: `/api/payments/orders/pass/${o.transactionId}/status`, headers: rider.headers })).json()).toMatchObject({
      status: 'SUCCESS',
    });
    expectError(await pay(o.transactionId, 'pass-key-000002'), 409, 'ORDER_ALREADY_PAID');
  });

  it('a declined pay marks the pass order PAYMENT_FAILED; a new key pays it and issues the pass; another rider cannot pay it', async () => {
    const o = await createOrder(other);
    expectError(await pay(o.transactionId, 'other-key-0001', '4111111111111111', rider), 404, 'ORDER_NOT_FOUND');
    expect((await pay(o.transactionId, 'other-key-0002', TEST_CARDS.declined, other)).json()).toMatchObject({
      status: 'PAYMENT_FAILED',
      failureReason: 'CARD_DECLINED',
    });
    expect((await s.app.inject({ url: `/api/passes/orders/${o.transactionId}`, headers: other.headers })).json()).toMatchObject({ status: 'PAYMENT_FAILED' });
    expect((await pay(o.transactionId, 'other-key-0003', '4111111111111111', other)).json()).toMatchObject({ status: 'SUCCESS' });
    const passes = Number((await s.db.query<{ n: string }>('SELECT count(*) AS n FROM passes WHERE transaction_id = $1', [o.transactionId])).rows[0].n);
    expect(passes).toBe(1);
  });
});
