import { orderStatusSchema, passOrderSchema } from '@sawari/contracts';
import { seedCityConfig } from '../../seed';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { expectError, signIn, TestClock, type Session } from '../../testing/accounts';
import { SANDBOX_BANK_CARDS } from './gateway';

/**
 * A bank offer's price follows the instrument the rider actually pays with, both ways (issue 35 item 3, reported
 * twice): the order keeps the offer the rider chose; paying with an instrument that does not earn it re-prices the
 * order without it before any charge (409 BANK_OFFER_NOT_FOR_INSTRUMENT), and paying afterwards with one that does
 * (an HDFC UPI handle, an HDFC card) charges the offer's price again. Before, the first re-price removed the offer
 * from the order for good, and the HDFC handle was charged ₹800 for a ₹720 pass. With the attacks on that path:
 * replays, 20 racing requests, wrong-typed fields.
 */
describe(`bank offers follow the instrument ${dbLabel()}`, () => {
  const clock = new TestClock(); // 2025-08-14 12:00 in India
  let s: TestServer;
  let n = 0;
  let phone = 9876562000;
  beforeAll(async () => {
    s = await startTestServer({ seed: false, now: clock.now, before: (t) => seedCityConfig(t.db) });
  }, 120_000);
  afterAll(() => s?.cleanup());

  const rider = () => signIn(s.app, s.db, String(++phone));
  const headers = (who: Session, key?: string) => ({ ...who.headers, ...(key ? { 'idempotency-key': key } : {}) });
  /** Kochi General pass, 30 days (₹800), adult, with the HDFC offer (10 %): ₹720. */
  const kochiHdfc = async (who: Session, start = '2025-08-20', over: Record<string, unknown> = {}) => {
    const r = await s.app.inject({
      method: 'POST',
      url: '/api/passes/v3/orders',
      headers: who.headers,
      payload: {
        appVer: '1.0.0',
        city: 'kochi',
        deviceId: 'test-device-1',
        source: 1,
        paymentProps: { lpVer: '1', paymentType: 'online' },
        proofs: [],
        userDetails: { mailId: null, mobileNumber: String(phone), userName: 'Asha Rao', gender: null, dobInMillis: null, userId: who.userId },
        passProps: { passStartDate: start, categoryId: 'adult', fmId: 'koc-gen-30', configurationId: 'koc-general', passFare: 800 },
        bankOffer: 'HDFC',
        ...over,
      },
    });
    return r;
  };
  const pay = (who: Session, orderId: string, body: unknown, key = `bo-${++n}-${Date.now()}`) =>
    s.app.inject({ method: 'POST', url: `/api/payments/pass/${orderId}/pay`, headers: headers(who, key), payload: body as object });
  const upi = (vpa: string) => ({ method: 'upi', details: { vpa } });
  const card = (number: string) => ({ method: 'card', details: { number, expiryMonth: 12, expiryYear: 2030, cvv: '123' } });
  const status = async (who: Session, orderId: string) =>
    orderStatusSchema.parse((await s.app.inject({ url: `/api/payments/orders/pass/${orderId}/status`, headers: who.headers })).json());
  const order = async (who: Session, orderId: string) =>
    passOrderSchema.parse((await s.app.inject({ url: `/api/passes/orders/${orderId}`, headers: who.headers })).json());
  const count = async (sql: string, params: unknown[] = []) => Number((await s.db.query<{ n: string }>(sql, params)).rows[0].n);
  const charges = (orderId: string) =>
    s.db
      .query<{ amount_paise: string; instrument: string; status: string }>(
        `SELECT c.amount_paise, p.instrument, c.status FROM sandbox_charges c JOIN payments p ON p.id = c.idempotency_key WHERE p.order_id = $1`,
        [orderId],
      )
      .then((r) => r.rows.map((x) => ({ amountPaise: Number(x.amount_paise), instrument: x.instrument, status: x.status })));
  const passes = (orderId: string) => count('SELECT count(*) AS n FROM passes WHERE transaction_id = $1', [orderId]);

  it('₹720 with the HDFC offer; another bank’s UPI re-prices to ₹800 (nothing charged); then an HDFC handle is charged ₹720', async () => {
    const who = await rider();
    const o = passOrderSchema.parse((await kochiHdfc(who)).json());
    expect(o.payableAmount).toBe(72000);
    expectError(await pay(who, o.transactionId, upi('asha@oksbi')), 409, 'BANK_OFFER_NOT_FOR_INSTRUMENT', /HDFC.*₹800 \(it was ₹720\)/);
    expect(await status(who, o.transactionId)).toMatchObject({ amountPaise: 80000, status: 'PENDING' });
    expect((await order(who, o.transactionId)).fareInfo.fareBreakup.map((l) => l.name)).not.toContain('Bank offer (HDFC)');
    expect(await charges(o.transactionId)).toEqual([]);

    const paid = await pay(who, o.transactionId, upi('asha@okhdfcbank'));
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'SUCCESS' });
    const p = (await s.app.inject({ url: `/api/payments/${paid.json().paymentId}`, headers: who.headers })).json();
    expect(p).toMatchObject({ status: 'SUCCESS', amountPaise: 72000, instrument: 'asha@okhdfcbank' });
    expect(await status(who, o.transactionId)).toMatchObject({ amountPaise: 72000, status: 'SUCCESS' });
    expect(await charges(o.transactionId)).toEqual([{ amountPaise: 72000, instrument: 'asha@okhdfcbank', status: 'SUCCESS' }]);
    const after = await order(who, o.transactionId);
    expect(after.fareInfo).toMatchObject({ payableAmount: 72000 });
    expect(after.fareInfo.fareBreakup).toContainEqual({ name: 'Bank offer (HDFC)', value: -8000 });
    expect(await passes(o.transactionId)).toBe(1);
  });

  it('both ways, any number of times: SBI card → ₹800, HDFC netbanking frozen at ₹720 (declined by the bank: released), SBI netbanking → ₹800, HDFC handle → ₹720', async () => {
    const who = await rider();
    const o = passOrderSchema.parse((await kochiHdfc(who, '2025-08-21')).json());
    expectError(await pay(who, o.transactionId, card(SANDBOX_BANK_CARDS.sbi)), 409, 'BANK_OFFER_NOT_FOR_INSTRUMENT');
    expect((await status(who, o.transactionId)).amountPaise).toBe(80000);
    // the sandbox's HDFC netbanking declines: the offer price is frozen for that attempt, the decline releases it
    const declined = await pay(who, o.transactionId, { method: 'netbanking', details: { bank: 'HDFC' } });
    expect(declined.json()).toMatchObject({ status: 'PAYMENT_FAILED', failureReason: 'BANK_DECLINED' });
    expect(await status(who, o.transactionId)).toMatchObject({ amountPaise: 72000, status: 'PAYMENT_FAILED' });
    expectError(
      await pay(who, o.transactionId, { method: 'netbanking', details: { bank: 'SBI' } }),
      409,
      'BANK_OFFER_NOT_FOR_INSTRUMENT',
      /₹800 \(it was ₹720\)/,
    );
    expect((await status(who, o.transactionId)).amountPaise).toBe(80000);
    expect((await pay(who, o.transactionId, upi('ravi@okhdfcbank'))).json()).toMatchObject({ status: 'SUCCESS' });
    expect((await status(who, o.transactionId)).amountPaise).toBe(72000);
    expect((await charges(o.transactionId)).filter((c) => c.status === 'SUCCESS')).toEqual([
      { amountPaise: 72000, instrument: 'ravi@okhdfcbank', status: 'SUCCESS' },
    ]);
    expect(await passes(o.transactionId)).toBe(1);
  });

  it('an order without a bank offer is never given one by the instrument; after a re-price the other bank is charged ₹800', async () => {
    const who = await rider();
    const plain = passOrderSchema.parse((await kochiHdfc(who, '2025-08-22', { bankOffer: undefined })).json());
    expect(plain.payableAmount).toBe(80000);
    expect((await pay(who, plain.transactionId, upi('asha@okhdfcbank'))).json()).toMatchObject({ status: 'SUCCESS' });
    expect((await charges(plain.transactionId)).map((c) => c.amountPaise)).toEqual([80000]);
    const o = passOrderSchema.parse((await kochiHdfc(who, '2025-08-23')).json());
    expectError(await pay(who, o.transactionId, upi('asha@oksbi')), 409, 'BANK_OFFER_NOT_FOR_INSTRUMENT');
    expect((await pay(who, o.transactionId, upi('asha@oksbi'))).json()).toMatchObject({ status: 'SUCCESS' });
    expect((await charges(o.transactionId)).map((c) => c.amountPaise)).toEqual([80000]);
  });

  it('replays: the same key and body answer the same payment (one charge); the same key with another instrument is 422; a paid order is not re-priced', async () => {
    const who = await rider();
    const o = passOrderSchema.parse((await kochiHdfc(who, '2025-08-24')).json());
    // the re-price answer is not a payment: its key stays free for the next attempt
    expectError(await pay(who, o.transactionId, upi('asha@oksbi'), 'bo-replay-0001'), 409, 'BANK_OFFER_NOT_FOR_INSTRUMENT', /₹800 \(it was ₹720\)/);
    const first = await pay(who, o.transactionId, upi('asha@okhdfcbank'), 'bo-replay-0001');
    expect(first.json()).toMatchObject({ status: 'SUCCESS' });
    const again = await pay(who, o.transactionId, upi('asha@okhdfcbank'), 'bo-replay-0001');
    expect(again.json()).toEqual(first.json());
    expectError(await pay(who, o.transactionId, upi('asha@oksbi'), 'bo-replay-0001'), 422, 'IDEMPOTENCY_KEY_REUSED');
    // after the payment: another instrument neither re-prices nor charges
    expectError(await pay(who, o.transactionId, upi('asha@oksbi')), 409, 'ORDER_ALREADY_PAID');
    expect(await status(who, o.transactionId)).toMatchObject({ amountPaise: 72000, status: 'SUCCESS' });
    expect(await charges(o.transactionId)).toHaveLength(1);
    expect(await passes(o.transactionId)).toBe(1);
  });

  it('20 racing pays after a re-price: identical ones make one payment; 10 SBI and 10 HDFC at once charge once, at the price of the instrument that won', async () => {
    const who = await rider();
    const o = passOrderSchema.parse((await kochiHdfc(who, '2025-08-25')).json());
    expectError(await pay(who, o.transactionId, upi('asha@oksbi')), 409, 'BANK_OFFER_NOT_FOR_INSTRUMENT');
    const same = await Promise.all(Array.from({ length: 20 }, () => pay(who, o.transactionId, upi('asha@okhdfcbank'), 'bo-race-same-01')));
    expect(same.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(same.map((r) => r.json().paymentId)).size).toBe(1);
    expect(await charges(o.transactionId)).toEqual([{ amountPaise: 72000, instrument: 'asha@okhdfcbank', status: 'SUCCESS' }]);
    expect(await passes(o.transactionId)).toBe(1);

    const mixed = passOrderSchema.parse((await kochiHdfc(who, '2025-08-26')).json());
    const bodies = Array.from({ length: 20 }, (_, i) => upi(i % 2 ? `r${i}@okhdfcbank` : `r${i}@oksbi`));
    const answers = await Promise.all(bodies.map((b) => pay(who, mixed.transactionId, b)));
    for (const r of answers) expect([200, 409]).toContain(r.statusCode);
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won.map((r) => r.json().status)).toEqual(won.map(() => 'SUCCESS'));
    const all = await charges(mixed.transactionId);
    expect(all).toHaveLength(1);
    expect(all[0].amountPaise).toBe(all[0].instrument.endsWith('@okhdfcbank') ? 72000 : 80000);
    expect((await status(who, mixed.transactionId)).amountPaise).toBe(all[0].amountPaise);
    expect(await passes(mixed.transactionId)).toBe(1);
  });

  it('wrong-typed fields on the order and the pay: 400, never a 5xx, nothing charged', async () => {
    const who = await rider();
    for (const bankOffer of [123, true, { bank: 'HDFC' }, ['HDFC'], '']) {
      const r = await kochiHdfc(who, '2025-08-27', { bankOffer });
      expect([400]).toContain(r.statusCode);
    }
    expectError(await kochiHdfc(who, '2025-08-27', { bankOffer: 'NOBANK' }), 400, 'BANK_OFFER_NOT_APPLICABLE');
    const o = passOrderSchema.parse((await kochiHdfc(who, '2025-08-27', { bankOffer: 'hdfc' })).json());
    expect(o.payableAmount).toBe(72000);
    for (const body of [
      { method: 'upi', details: { vpa: 42 } },
      { method: 'upi', details: { vpa: ['asha@okhdfcbank'] } },
      { method: 'upi' },
      { method: 'upi', details: { number: SANDBOX_BANK_CARDS.hdfc } },
      { method: 'card', details: { number: 4893770000000000, expiryMonth: '12', expiryYear: 2030, cvv: 123 } },
      { method: 'netbanking', details: { bank: null } },
      { method: 'HDFC', details: {} },
      'asha@okhdfcbank',
      null,
    ]) {
      const r = await pay(who, o.transactionId, body);
      // 400 VALIDATION_FAILED, or 415 for a body that is not JSON: never a 5xx
      expect({ body, status: r.statusCode }).toEqual({ body, status: typeof body === 'string' ? 415 : 400 });
    }
    expect(await charges(o.transactionId)).toEqual([]);
    expect(await status(who, o.transactionId)).toMatchObject({ amountPaise: 72000, status: 'PENDING' });
  });
});
