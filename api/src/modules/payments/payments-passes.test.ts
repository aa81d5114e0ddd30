import { seedCityConfig } from '../../seed';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { expectError, signIn, TestClock, type Session } from '../../testing/accounts';

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
  const pay = (tx: string, key: string, number = '4111111111111111', who: Session = rider) =>
    s.app.inject({
      method: 'POST',
      url: `/api/payments/pass/${tx}/pay`,
      headers: { ...who.headers, 'idempotency-key': key },
      payload: { method: 'card', details: { number, expiryMonth: 12, expiryYear: 2030, cvv: '123' } },
    });

  it('20 concurrent identical pays of a pass order: one charge, one pass; the order amount comes from the pass order', async () => {
    const o = await createOrder();
    const t0 = performance.now();
    const res = await Promise.all(Array.from({ length: 20 }, () => pay(o.transactionId, 'pass-key-000001')));
    const wallMs = Math.round(performance.now() - t0);
    const ids = new Set(res.map((r) => (r.json() as { paymentId: string }).paymentId));
    const charges = Number((await s.db.query<{ n: string }>('SELECT count(*) AS n FROM sandbox_charges')).rows[0].n);
    const passes = Number((await s.db.query<{ n: string }>('SELECT count(*) AS n FROM passes WHERE transaction_id = $1', [o.transactionId])).rows[0].n);
    console.log(
      `payments pass-order concurrency figures ${JSON.stringify({ db: s.kind, requests: 20, http200: res.filter((r) => r.statusCode === 200).length, distinctPaymentIds: ids.size, sandboxCharges: charges, passesIssued: passes, wallMs })}`,
    );
    expect(res.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(ids.size).toBe(1);
    expect(res[0].json()).toMatchObject({ status: 'SUCCESS' });
    expect({ charges, passes }).toEqual({ charges: 1, passes: 1 });
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
    expect((await pay(o.transactionId, 'other-key-0002', '4000000000000002', other)).json()).toMatchObject({
      status: 'PAYMENT_FAILED',
      failureReason: 'CARD_DECLINED',
    });
    expect((await s.app.inject({ url: `/api/passes/orders/${o.transactionId}`, headers: other.headers })).json()).toMatchObject({ status: 'PAYMENT_FAILED' });
    expect((await pay(o.transactionId, 'other-key-0003', '4111111111111111', other)).json()).toMatchObject({ status: 'SUCCESS' });
    const passes = Number((await s.db.query<{ n: string }>('SELECT count(*) AS n FROM passes WHERE transaction_id = $1', [o.transactionId])).rows[0].n);
    expect(passes).toBe(1);
  });
});
