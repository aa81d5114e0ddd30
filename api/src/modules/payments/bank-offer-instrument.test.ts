import { orderStatusSchema, passOrderSchema } from '@sawari/contracts';
import { seedCityConfig } from '../../seed';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { expectError, signIn, TestClock, type Session } from '../../testing/accounts';
import { TEST_CARDS } from '../../dev-gateway/defaults';
import { card, netbanking, payThroughGateway, upi, type HostedInstrument } from '../../testing/gateway-pay';

/**
 * A bank offer's price follows the instrument the rider actually pays with, both ways (issue 35 item 3, reported
 * twice): the order keeps the offer the rider chose; paying with an instrument that does not earn it re-prices the
 * order without it before any charge (409 BANK_OFFER_NOT_FOR_INSTRUMENT), and paying afterwards with one that does
 * (an HDFC UPI handle, an HDFC card) charges the offer's price again. Before, the first re-price removed the offer
 * from the order for good, and the HDFC handle was charged ₹800 for a ₹720 pass. With the attacks on that path:
 * replays, 20 racing requests, wrong-typed fields. The rider pays on the gateway's page: the price follows the bank the
 * rider declares on our page (`prefill.bank`, or the UPI id's handle), and the bank the gateway reports on capture must
 * be that bank, or the payment is refunded and the order not issued.
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
  /** The pay request alone (what our page posts: method and prefill, never card data). */
  const pay = (who: Session, orderId: string, body: unknown, key = `bo-${++n}-${Date.now()}`) =>
    s.app.inject({ method: 'POST', url: `/api/payments/pass/${orderId}/pay`, headers: headers(who, key), payload: body as object });
  /** The whole payment on the gateway's page, with the prefill our page declares (the UPI id; the card's or netbanking bank). */
  const payOnGateway = (who: Session, orderId: string, instrument: HostedInstrument, prefill: Record<string, string> = {}, key = `bo-${++n}-${Date.now()}`) =>
    payThroughGateway(s.app, who, 'pass', orderId, instrument, {
      key,
      prefill:
        instrument.method === 'upi'
          ? { vpa: instrument.vpa, ...prefill }
          : instrument.method === 'netbanking'
            ? { bank: instrument.bank, ...prefill }
            : prefill,
    });
  const upiBody = (vpa: string) => ({ method: 'upi', prefill: { vpa } });
  const status = async (who: Session, orderId: string) =>
    orderStatusSchema.parse((await s.app.inject({ url: `/api/payments/orders/pass/${orderId}/status`, headers: who.headers })).json());
  const order = async (who: Session, orderId: string) =>
    passOrderSchema.parse((await s.app.inject({ url: `/api/passes/orders/${orderId}`, headers: who.headers })).json());
  const count = async (sql: string, params: unknown[] = []) => Number((await s.db.query<{ n: string }>(sql, params)).rows[0].n);
  /** What the gateway took for this order: its payments on the gateway orders of our payments (amount, instrument, outcome). */
  const charges = async (orderId: string) => {
    const refs = (await s.db.query<{ gateway_ref: string | null }>('SELECT gateway_ref FROM payments WHERE order_id = $1', [orderId])).rows.map(
      (r) => r.gateway_ref,
    );
    const state = (await s.gateway.inspect('state')) as {
      ledger: {
        payments: Record<
          string,
          {
            order_id: string;
            amount: number;
            status: string;
            vpa: string | null;
            bank: string | null;
            card: { issuer: string | null } | null;
            created_at: number;
          }
        >;
      };
    };
    return Object.values(state.ledger.payments)
      .filter((p) => refs.includes(p.order_id) && p.status !== 'created')
      .sort((x, y) => x.created_at - y.created_at)
      .map((p) => ({
        amountPaise: p.amount,
        instrument: p.vpa ?? p.bank ?? p.card?.issuer ?? 'card',
        status: p.status === 'captured' ? 'SUCCESS' : p.status === 'refunded' ? 'REFUNDED' : 'FAILED',
      }));
  };
  const gatewayOrders = async (orderId: string) => {
    const ids = (await s.db.query<{ id: string }>('SELECT id FROM payments WHERE order_id = $1', [orderId])).rows.map((r) => r.id);
    const state = (await s.gateway.inspect('state')) as { ledger: { orders: Record<string, { receipt: string }> } };
    return Object.values(state.ledger.orders).filter((o) => ids.includes(o.receipt)).length;
  };
  const passes = (orderId: string) => count('SELECT count(*) AS n FROM passes WHERE transaction_id = $1', [orderId]);

  it('₹720 with the HDFC offer; another bank’s UPI re-prices to ₹800 (nothing charged); then an HDFC handle is charged ₹720', async () => {
    const who = await rider();
    const o = passOrderSchema.parse((await kochiHdfc(who)).json());
    expect(o.payableAmount).toBe(72000);
    expectError(await pay(who, o.transactionId, upiBody('asha@oksbi')), 409, 'BANK_OFFER_NOT_FOR_INSTRUMENT', /HDFC.*₹800 \(it was ₹720\)/);
    expect(await status(who, o.transactionId)).toMatchObject({ amountPaise: 80000, status: 'PENDING' });
    expect((await order(who, o.transactionId)).fareInfo.fareBreakup.map((l) => l.name)).not.toContain('Bank offer (HDFC)');
    expect(await charges(o.transactionId)).toEqual([]);
    expect(await count('SELECT count(*) AS n FROM payments WHERE order_id = $1', [o.transactionId])).toBe(0);

    const paid = await payOnGateway(who, o.transactionId, upi('asha@okhdfcbank'));
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
    expectError(await pay(who, o.transactionId, { method: 'card', prefill: { bank: 'SBI' } }), 409, 'BANK_OFFER_NOT_FOR_INSTRUMENT');
    expect((await status(who, o.transactionId)).amountPaise).toBe(80000);
    // HDFC netbanking declined on the bank's page: the offer price is frozen for that attempt, the decline releases it
    const declined = await payOnGateway(who, o.transactionId, netbanking('HDFC', 'failure'));
    expect(declined.json()).toMatchObject({ status: 'PAYMENT_FAILED', failureReason: expect.any(String) });
    expect(await status(who, o.transactionId)).toMatchObject({ amountPaise: 72000, status: 'PAYMENT_FAILED' });
    expectError(
      await pay(who, o.transactionId, { method: 'netbanking', prefill: { bank: 'SBI' } }),
      409,
      'BANK_OFFER_NOT_FOR_INSTRUMENT',
      /₹800 \(it was ₹720\)/,
    );
    expect((await status(who, o.transactionId)).amountPaise).toBe(80000);
    expect((await payOnGateway(who, o.transactionId, upi('ravi@okhdfcbank'))).json()).toMatchObject({ status: 'SUCCESS' });
    expect((await status(who, o.transactionId)).amountPaise).toBe(72000);
    expect((await charges(o.transactionId)).filter((c) => c.status === 'SUCCESS')).toEqual([
      { amountPaise: 72000, instrument: 'ravi@okhdfcbank', status: 'SUCCESS' },
    ]);
    expect(await passes(o.transactionId)).toBe(1);
  });

  it('an HDFC card declared on our page and paid with an HDFC card on the gateway’s page keeps the offer (₹720)', async () => {
    const who = await rider();
    const o = passOrderSchema.parse((await kochiHdfc(who, '2025-08-28')).json());
    const paid = await payOnGateway(who, o.transactionId, card(TEST_CARDS.hdfc), { bank: 'HDFC' });
    expect(paid.json()).toMatchObject({ status: 'SUCCESS' });
    expect(await status(who, o.transactionId)).toMatchObject({ amountPaise: 72000, status: 'SUCCESS' });
    expect(await charges(o.transactionId)).toEqual([{ amountPaise: 72000, instrument: 'HDFC', status: 'SUCCESS' }]);
    expect(await passes(o.transactionId)).toBe(1);
  });

  it.each([
    [
      'an HDFC card declared, another bank’s card typed on the gateway’s page',
      card(TEST_CARDS.sbi),
      { bank: 'HDFC' },
      /priced for paying with HDFC; the gateway reports SBI/,
    ],
    [
      'an HDFC card declared, a card of no known bank typed',
      card(TEST_CARDS.success),
      { bank: 'HDFC' },
      /priced for paying with HDFC; the gateway reports another bank/,
    ],
    ['an HDFC UPI id declared, an SBI UPI id typed', upi('asha@oksbi'), { vpa: 'asha@okhdfcbank' }, /priced for paying with HDFC; the gateway reports SBI/],
  ])('%s: the ₹720 capture is refunded in full, the pass not issued, nothing charged again', async (_label, instrument, prefill, why) => {
    const who = await rider();
    const o = passOrderSchema.parse((await kochiHdfc(who, `2025-10-${String(10 + ++n).slice(-2)}`)).json());
    const r = await payOnGateway(who, o.transactionId, instrument, prefill);
    // the first pay froze the offer price for the declared bank: if this fails, the declared bank did not earn the offer
    expect(r.started).toMatchObject({ status: 'PAYMENT_PROCESSING' });
    expect(await passes(o.transactionId)).toBe(0);
    expect(await status(who, o.transactionId)).toMatchObject({ status: 'PAYMENT_FAILED', failureReason: 'ORDER_CHANGED_REFUNDED' });
    const refunds = await s.db.query<{ amount_paise: string; reason: string }>('SELECT amount_paise, reason FROM payment_refunds WHERE payment_id = $1', [
      r.json().paymentId,
    ]);
    expect(refunds.rows.map((x) => [Number(x.amount_paise), x.reason])).toEqual([[72000, expect.stringMatching(why)]]);
    expect((await charges(o.transactionId)).map((c) => c.amountPaise)).toEqual([72000]);
    // the refused payment no longer holds the order: the rider may pay it again (a new gateway order), and the
    // refunded capture is never counted towards it
    const again = await pay(who, o.transactionId, upiBody('asha@okhdfcbank'));
    expect(again.statusCode).toBe(200);
    expect(await gatewayOrders(o.transactionId)).toBe(2);
    expect(await passes(o.transactionId)).toBe(0);
  });

  it('an order without a bank offer is never given one by the instrument; after a re-price the other bank is charged ₹800', async () => {
    const who = await rider();
    const plain = passOrderSchema.parse((await kochiHdfc(who, '2025-08-22', { bankOffer: undefined })).json());
    expect(plain.payableAmount).toBe(80000);
    expect((await payOnGateway(who, plain.transactionId, upi('asha@okhdfcbank'))).json()).toMatchObject({ status: 'SUCCESS' });
    expect((await charges(plain.transactionId)).map((c) => c.amountPaise)).toEqual([80000]);
    const o = passOrderSchema.parse((await kochiHdfc(who, '2025-08-23')).json());
    expectError(await pay(who, o.transactionId, upiBody('asha@oksbi')), 409, 'BANK_OFFER_NOT_FOR_INSTRUMENT');
    expect((await payOnGateway(who, o.transactionId, upi('asha@oksbi'))).json()).toMatchObject({ status: 'SUCCESS' });
    expect((await charges(o.transactionId)).map((c) => c.amountPaise)).toEqual([80000]);
    expect(await passes(o.transactionId)).toBe(1);
  });

  it('replays: the same key and body answer the same payment (one charge); the same key with another instrument is 422; a paid order is not re-priced', async () => {
    const who = await rider();
    const o = passOrderSchema.parse((await kochiHdfc(who, '2025-08-24')).json());
    // the re-price answer is not a payment: its key stays free for the next attempt
    expectError(await pay(who, o.transactionId, upiBody('asha@oksbi'), 'bo-replay-0001'), 409, 'BANK_OFFER_NOT_FOR_INSTRUMENT', /₹800 \(it was ₹720\)/);
    const first = await payOnGateway(who, o.transactionId, upi('asha@okhdfcbank'), {}, 'bo-replay-0001');
    expect(first.json()).toMatchObject({ status: 'SUCCESS' });
    const again = await pay(who, o.transactionId, upiBody('asha@okhdfcbank'), 'bo-replay-0001');
    expect(again.json()).toEqual(first.json());
    expectError(await pay(who, o.transactionId, upiBody('asha@oksbi'), 'bo-replay-0001'), 422, 'IDEMPOTENCY_KEY_REUSED');
    // after the payment: another instrument neither re-prices nor charges
    expectError(await pay(who, o.transactionId, upiBody('asha@oksbi')), 409, 'ORDER_ALREADY_PAID');
    expect(await status(who, o.transactionId)).toMatchObject({ amountPaise: 72000, status: 'SUCCESS' });
    expect(await charges(o.transactionId)).toHaveLength(1);
    expect(await gatewayOrders(o.transactionId)).toBe(1);
    expect(await passes(o.transactionId)).toBe(1);
  });

  it('20 racing pays after a re-price: identical ones make one payment; 10 SBI and 10 HDFC at once charge once, at the price of the instrument that won', async () => {
    const who = await rider();
    const o = passOrderSchema.parse((await kochiHdfc(who, '2025-08-25')).json());
    expectError(await pay(who, o.transactionId, upiBody('asha@oksbi')), 409, 'BANK_OFFER_NOT_FOR_INSTRUMENT');
    const same = await Promise.all(Array.from({ length: 20 }, () => pay(who, o.transactionId, upiBody('asha@okhdfcbank'), 'bo-race-same-01')));
    expect(same.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(same.map((r) => r.json().paymentId)).size).toBe(1);
    expect(new Set(same.map((r) => r.json().checkout?.fields.order_id)).size).toBe(1);
    expect(await gatewayOrders(o.transactionId)).toBe(1);
    const done = await payOnGateway(who, o.transactionId, upi('asha@okhdfcbank'), {}, 'bo-race-same-01');
    expect(done.json()).toMatchObject({ paymentId: same[0].json().paymentId, status: 'SUCCESS' });
    expect(await charges(o.transactionId)).toEqual([{ amountPaise: 72000, instrument: 'asha@okhdfcbank', status: 'SUCCESS' }]);
    expect(await passes(o.transactionId)).toBe(1);

    const mixed = passOrderSchema.parse((await kochiHdfc(who, '2025-08-26')).json());
    const vpas = Array.from({ length: 20 }, (_, i) => (i % 2 ? `r${i}@okhdfcbank` : `r${i}@oksbi`));
    const answers = await Promise.all(vpas.map((v) => pay(who, mixed.transactionId, upiBody(v))));
    for (const r of answers) expect([200, 409]).toContain(r.statusCode);
    const won = answers.filter((r) => r.statusCode === 200);
    // one payment at most is live: every 200 is that one payment (the rider's other tabs resume its gateway page)
    expect(new Set(won.map((r) => r.json().paymentId)).size).toBe(1);
    expect(won.map((r) => r.json().status)).toEqual(won.map(() => 'PAYMENT_PROCESSING'));
    expect(await gatewayOrders(mixed.transactionId)).toBe(1);
    const winner = (
      await s.db.query<{ instrument: string; amount_paise: string }>('SELECT instrument, amount_paise FROM payments WHERE order_id = $1', [mixed.transactionId])
    ).rows;
    expect(winner).toHaveLength(1);
    const paid = await payOnGateway(who, mixed.transactionId, upi(winner[0].instrument));
    expect(paid.json()).toMatchObject({ paymentId: won[0].json().paymentId, status: 'SUCCESS' });
    const all = await charges(mixed.transactionId);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ instrument: winner[0].instrument, status: 'SUCCESS' });
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
    for (const [body, code] of [
      [{ method: 'upi', prefill: { vpa: 42 } }, 'VALIDATION_FAILED'],
      [{ method: 'upi', prefill: { vpa: ['asha@okhdfcbank'] } }, 'VALIDATION_FAILED'],
      [{ method: 'upi', prefill: 'asha@okhdfcbank' }, 'VALIDATION_FAILED'],
      [{ method: 'upi', prefill: { vpa: 'not-an-id' } }, 'VALIDATION_FAILED'],
      [{ method: 'upi', details: { vpa: 'asha@okhdfcbank' } }, 'VALIDATION_FAILED'],
      [{ method: 'upi', prefill: { number: TEST_CARDS.hdfc } }, 'RAW_CARD_REFUSED'],
      [{ method: 'card', details: { number: 4893770000000000, expiryMonth: '12', expiryYear: 2030, cvv: 123 } }, 'RAW_CARD_REFUSED'],
      [{ method: 'card', prefill: { bank: 'HDFC', bin: '489377' } }, 'VALIDATION_FAILED'],
      [{ method: 'netbanking', prefill: { bank: null } }, 'VALIDATION_FAILED'],
      [{ method: 'HDFC' }, 'VALIDATION_FAILED'],
      ['asha@okhdfcbank', null],
      [null, null],
    ] as const) {
      const r = await pay(who, o.transactionId, body);
      // 400 (VALIDATION_FAILED, or RAW_CARD_REFUSED for anything with card data), or 415 for a body that is not JSON: never a 5xx
      expect({ body, status: r.statusCode }).toEqual({ body, status: typeof body === 'string' ? 415 : 400 });
      if (code) expect({ body, code: r.json().code }).toEqual({ body, code });
    }
    expect(await charges(o.transactionId)).toEqual([]);
    expect(await count('SELECT count(*) AS n FROM payments WHERE order_id = $1', [o.transactionId])).toBe(0);
    expect(await status(who, o.transactionId)).toMatchObject({ amountPaise: 72000, status: 'PENDING' });
  });
});
