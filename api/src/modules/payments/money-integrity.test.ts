import { orderStatusSchema, passOrderSchema, paymentRefundsSchema, ticketOrderSchema, trialOfferClaimSchema } from '@sawari/contracts';
import { seedCityConfig } from '../../seed';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { expectError, signIn, TestClock, type Session } from '../../testing/accounts';
import { TEST_CARDS } from '../../dev-gateway/defaults';
import { card, netbanking, payThroughGateway, upi, wallet, type HostedInstrument } from '../../testing/gateway-pay';
import { paymentsOf } from './module';
import type { PaymentService } from './service';

/**
 * The price-freeze, offer-scope, promotion, bank-offer and order-id attacks (docs/money-integrity.md "Attack tests"), each against the wired server (passes, tickets,
 * offers, payments). Each failed on the code before the OrderKind seam: a re-quote under a pending payment issued the
 * dearer pass, the welcome offer zeroed any pass, /promotion issued nothing, bank offers went by the rider's word and
 * order ids were the client's.
 */
describe(`money integrity ${dbLabel()}`, () => {
  const clock = new TestClock(); // 2025-08-14 12:00 in India
  let s: TestServer;
  let rider: Session;
  let other: Session;
  let n = 0;
  beforeAll(async () => {
    s = await startTestServer({ seed: false, now: clock.now, before: (t) => seedCityConfig(t.db) });
    rider = await signIn(s.app, s.db, '9876561001');
    other = await signIn(s.app, s.db, '9876561002');
  }, 60_000);
  afterAll(() => s?.cleanup());

  const headers = (who: Session, key?: string) => ({ ...who.headers, ...(key ? { 'idempotency-key': key } : {}) });
  const passBody = (who: Session, props: Record<string, unknown> = {}, over: Record<string, unknown> = {}) => ({
    appVer: '1.0.0',
    city: 'mumbai',
    deviceId: 'test-device-1',
    source: 1,
    paymentProps: { lpVer: '1', paymentType: 'online' },
    proofs: [],
    userDetails: { mailId: 'a@b.in', mobileNumber: '9876561001', userName: 'Asha Rao', gender: 'F', dobInMillis: 0, userId: who.userId },
    passProps: { passStartDate: '2025-08-20', categoryId: 'adult', fmId: 'mum-gen-7', configurationId: 'mum-general', passFare: 350, ...props },
    ...over,
  });
  const WEEK = { fmId: 'mum-gen-7', passFare: 350 };
  const MAGIC = { configurationId: 'mum-magic', fmId: 'mum-magic-30', passFare: 2500 };
  const passOrder = (who: Session, props: Record<string, unknown> = {}, key?: string, over: Record<string, unknown> = {}) =>
    s.app.inject({ method: 'POST', url: '/api/passes/v3/orders', headers: headers(who, key), payload: passBody(who, props, over) });
  const ticketOrder = (who: Session, fareId = 'mum-inst-10', farePaise = 1000, key?: string) =>
    s.app.inject({
      method: 'POST',
      url: '/api/tickets/v1/orders',
      headers: headers(who, key),
      payload: { city: 'mumbai', kind: 'instant', instantFareId: fareId, passengerCount: 1, farePaise, deviceId: 'test-device-1', appVer: '1001' },
    });
  /** The pay request alone (method and prefill: card data is typed on the gateway's page only). */
  const pay = (kind: string, orderId: string, body: object, who: Session = rider, key = `mi-${++n}-${Date.now()}`) =>
    s.app.inject({ method: 'POST', url: `/api/payments/${kind}/${orderId}/pay`, headers: headers(who, key), payload: body });
  /** The whole payment on the gateway's page (the prefill our page declares: the UPI id, the card's or netbanking bank). */
  const payOn = (kind: string, orderId: string, instrument: HostedInstrument, who: Session = rider, prefill?: Record<string, string>) =>
    payThroughGateway(s.app, who, kind, orderId, instrument, {
      prefill: prefill ?? (instrument.method === 'upi' ? { vpa: instrument.vpa } : instrument.method === 'netbanking' ? { bank: instrument.bank } : undefined),
    });
  /** A UPI collect left waiting in the rider's UPI app: the payment is pending (its order frozen) until `approve`. */
  const pendingUpi = async (kind: string, orderId: string, who: Session = rider) => {
    const r = await payOn(kind, orderId, upi('asha@oksbi', 'wait'), who);
    expect(r.hosted).toBe('waiting');
    return r.json();
  };
  type Ledger = {
    orders: Record<string, { receipt: string }>;
    payments: Record<string, { id: string; order_id: string; status: string; amount: number }>;
    refunds: Record<string, { payment_id: string; status: string; amount: number }>;
  };
  const ledger = async () => ((await s.gateway.inspect('state')) as { ledger: Ledger }).ledger;
  const gatewayRefOf = async (paymentId: string) =>
    (await s.db.query<{ gateway_ref: string }>('SELECT gateway_ref FROM payments WHERE id = $1', [paymentId])).rows[0].gateway_ref;
  /** The rider approves the waiting UPI collect in the UPI app (the gateway captures it; our next read sees it). */
  const approve = async (paymentId: string) => {
    const ref = await gatewayRefOf(paymentId);
    const waiting = Object.values((await ledger()).payments).filter((x) => x.order_id === ref && x.status === 'created');
    expect(waiting).toHaveLength(1);
    await s.gateway.control(`upi/${waiting[0].id}`, { action: 'approve' });
  };
  /** Gateway orders made for an order's payments (one per createOrder), and the refunds the gateway holds for them. */
  const gatewayOrders = async (orderId: string) => {
    const ids = (await s.db.query<{ id: string }>('SELECT id FROM payments WHERE order_id = $1', [orderId])).rows.map((r) => r.id);
    return Object.values((await ledger()).orders).filter((o) => ids.includes(o.receipt)).length;
  };
  const gatewayRefunds = async (paymentId: string) => {
    const ref = await gatewayRefOf(paymentId);
    const l = await ledger();
    const paid = new Set(
      Object.values(l.payments)
        .filter((x) => x.order_id === ref)
        .map((x) => x.id),
    );
    return Object.values(l.refunds).filter((r) => paid.has(r.payment_id));
  };
  /** Moves the gateway's clock past its refund processing time (a refund is pending there until then). */
  const refundsProcessed = () => s.gateway.control('clock', { advanceSeconds: 21 });
  const payment = (id: string, who: Session = rider) => s.app.inject({ url: `/api/payments/${id}`, headers: who.headers });
  const status = async (kind: string, orderId: string, who: Session = rider) =>
    orderStatusSchema.parse((await s.app.inject({ url: `/api/payments/orders/${kind}/${orderId}/status`, headers: who.headers })).json());
  const count = async (sql: string, params: unknown[] = []) => Number((await s.db.query<{ n: string }>(sql, params)).rows[0].n);
  const passOf = (tx: string) =>
    s.db.query<{ fm_id: string; config_id: string }>('SELECT fm_id, config_id FROM passes WHERE transaction_id = $1', [tx]).then((r) => r.rows);

  describe('1. price frozen at payment start; amount checked at issue; refund on mismatch', () => {
    it('a pending UPI payment of a ₹350 pass: re-quoting the same order as a ₹2,500 pass is 409 ORDER_FROZEN; the payment issues the ₹350 pass', async () => {
      const o = passOrderSchema.parse((await passOrder(rider, WEEK, 'requote-attack-01')).json());
      expect(o.payableAmount).toBe(35000);
      const p = await pendingUpi('pass', o.transactionId);
      expect(p.status).toBe('PAYMENT_PROCESSING');
      // the attack: the same order (same key, and the spec's payload transactionId as the key) for a dearer pass
      expectError(await passOrder(rider, MAGIC, 'requote-attack-01'), 409, 'ORDER_FROZEN', /can no longer change/);
      // without a key the rider gets a NEW order; the paying one is untouched
      const fresh = passOrderSchema.parse((await passOrder(rider, MAGIC)).json());
      expect(fresh.transactionId).not.toBe(o.transactionId);
      expect(await status('pass', o.transactionId)).toMatchObject({ amountPaise: 35000, status: 'PAYMENT_PROCESSING' });
      await approve(p.paymentId);
      expect((await payment(p.paymentId)).json()).toMatchObject({ status: 'SUCCESS', amountPaise: 35000 });
      expect(await passOf(o.transactionId)).toEqual([{ fm_id: 'mum-gen-7', config_id: 'mum-general' }]);
      expect(await count('SELECT count(*) AS n FROM passes WHERE transaction_id = $1', [fresh.transactionId])).toBe(0);
    });

    it('a cash reference: the order is frozen until the counter; the counter payment issues the quoted pass', async () => {
      const o = passOrderSchema.parse((await passOrder(rider, { ...WEEK, passStartDate: '2025-08-21' }, 'requote-cash-01')).json());
      const p = (await pay('pass', o.transactionId, { method: 'cash' })).json();
      expect(p.status).toBe('PAYMENT_PROCESSING');
      expectError(await passOrder(rider, { ...MAGIC, passStartDate: '2025-08-21' }, 'requote-cash-01'), 409, 'ORDER_FROZEN');
      const settled = await s.app.inject({
        method: 'POST',
        url: `/api/ops/payments/${p.paymentId}/counter`,
        headers: { authorization: 'Ops sawari-dev-ops' },
        payload: { paid: true },
      });
      expect(settled.json()).toMatchObject({ status: 'SUCCESS', amountPaise: 35000 });
      expect(await passOf(o.transactionId)).toEqual([{ fm_id: 'mum-gen-7', config_id: 'mum-general' }]);
    });

    it('tickets: a re-quote of a ticket order under its key while a payment is pending is 409 ORDER_FROZEN; a failed payment frees it', async () => {
      const t = ticketOrderSchema.parse((await ticketOrder(rider, 'mum-inst-10', 1000, 'tk-requote-0001')).json());
      const p = await pendingUpi('ticket', t.transactionId);
      expect(p.status).toBe('PAYMENT_PROCESSING');
      expectError(await ticketOrder(rider, 'mum-inst-25', 2500, 'tk-requote-0001'), 409, 'ORDER_FROZEN');
      // the identical request under the same key answers the same order
      expect((await ticketOrder(rider, 'mum-inst-10', 1000, 'tk-requote-0001')).json()).toMatchObject({ transactionId: t.transactionId });
      await approve(p.paymentId);
      expect((await payment(p.paymentId)).json()).toMatchObject({ status: 'SUCCESS', amountPaise: 1000 });
      expect(await count('SELECT count(*) AS n FROM tickets WHERE transaction_id = $1', [t.transactionId])).toBe(1);
      // a declined payment releases an order: it can be re-quoted again
      const d = ticketOrderSchema.parse((await ticketOrder(rider, 'mum-inst-10', 1000, 'tk-requote-0002')).json());
      expect((await payOn('ticket', d.transactionId, card(TEST_CARDS.declined))).json()).toMatchObject({
        status: 'PAYMENT_FAILED',
        failureReason: 'CARD_DECLINED',
      });
      expect((await ticketOrder(rider, 'mum-inst-20', 2000, 'tk-requote-0002')).json()).toMatchObject({ transactionId: d.transactionId, payableAmount: 2000 });
    });

    it('a seller that changes a frozen order (or a payment row that does not match) is not issued: the payment is refunded and the order released', async () => {
      // a bug in a seller that bypasses its freeze: the order changes under a pending payment
      const o = passOrderSchema.parse((await passOrder(rider, { ...WEEK, passStartDate: '2025-08-22' }, 'broken-seller-01')).json());
      const p = await pendingUpi('pass', o.transactionId);
      await s.db.query(`UPDATE pass_orders SET fm_id = 'mum-gen-30', payable_paise = 110000 WHERE transaction_id = $1`, [o.transactionId]);
      await approve(p.paymentId);
      expect((await payment(p.paymentId)).json()).toMatchObject({ status: 'SUCCESS', amountPaise: 35000 });
      expect(await passOf(o.transactionId)).toEqual([]);
      expect(await status('pass', o.transactionId)).toMatchObject({ status: 'PAYMENT_FAILED', failureReason: 'ORDER_CHANGED_REFUNDED' });
      const refundsOf = async () =>
        paymentRefundsSchema.parse((await s.app.inject({ url: `/api/payments/${p.paymentId}/refunds`, headers: rider.headers })).json()).refunds;
      // the full refund is asked of the gateway at once, and settles when the gateway processes it
      expect(await refundsOf()).toEqual([
        expect.objectContaining({ amountPaise: 35000, status: 'PENDING', reason: expect.stringMatching(/^ISSUE_REFUSED: the order changed/) }),
      ]);
      await refundsProcessed();
      expect(await refundsOf()).toEqual([
        expect.objectContaining({ amountPaise: 35000, status: 'SUCCESS', reason: expect.stringMatching(/^ISSUE_REFUSED: the order changed/) }),
      ]);
      expect((await gatewayRefunds(p.paymentId)).map((r) => [r.amount, r.status])).toEqual([[35000, 'processed']]);
      expectError(await s.app.inject({ url: `/api/payments/${p.paymentId}/refunds`, headers: other.headers }), 404, 'PAYMENT_NOT_FOUND');

      // a frozen order whose amount is not the payment's (a row written by anything but pay): not issued, refunded
      const o2 = passOrderSchema.parse((await passOrder(rider, { ...WEEK, passStartDate: '2025-08-23' }, 'broken-amount-01')).json());
      const p2 = await pendingUpi('pass', o2.transactionId);
      await s.db.query(`UPDATE payment_orders SET amount_paise = 100 WHERE order_kind = 'pass' AND order_id = $1`, [o2.transactionId]);
      await approve(p2.paymentId);
      await payment(p2.paymentId);
      expect(await passOf(o2.transactionId)).toEqual([]);
      expect(
        await count(
          `SELECT count(*) AS n FROM payment_refunds WHERE payment_id = $1 AND amount_paise = 35000 AND reason LIKE 'ISSUE_REFUSED: paid 35000 paise, the order is 100%'`,
          [p2.paymentId],
        ),
      ).toBe(1);

      // a payment row whose amount is not what the gateway captured: the capture proves nothing for it, refunded in full
      const o3 = passOrderSchema.parse((await passOrder(rider, { ...WEEK, passStartDate: '2025-08-24' }, 'broken-amount-02')).json());
      const p3 = await pendingUpi('pass', o3.transactionId);
      await s.db.query('UPDATE payments SET amount_paise = 100 WHERE id = $1', [p3.paymentId]);
      await approve(p3.paymentId);
      expect((await payment(p3.paymentId)).json()).toMatchObject({ status: 'PENDING' });
      expect(await passOf(o3.transactionId)).toEqual([]);
      expect(
        await count(`SELECT count(*) AS n FROM payment_refunds WHERE payment_id = $1 AND amount_paise = 35000 AND reason = 'AMOUNT_MISMATCH_REFUNDED'`, [
          p3.paymentId,
        ]),
      ).toBe(1);
    });
  });

  describe('2 and 3. offers scoped; free orders; /promotion issues what it promises', () => {
    it('/promotion claim issues the promised 7-day pass exactly once under 20 concurrent claims, with no payment record', async () => {
      const fresh = await signIn(s.app, s.db, '9876561010');
      const t0 = performance.now();
      const res = await Promise.all(
        Array.from({ length: 20 }, () => s.app.inject({ method: 'POST', url: '/api/offers/trial/claim', headers: fresh.headers, payload: { city: 'mumbai' } })),
      );
      const wallMs = Math.round(performance.now() - t0);
      const ok = res.filter((r) => r.statusCode === 201).map((r) => trialOfferClaimSchema.parse(r.json()));
      const refused = res.filter((r) => r.statusCode === 409).map((r) => r.json().code);
      const passes = await count('SELECT count(*) AS n FROM passes WHERE user_id = $1', [fresh.userId]);
      const claims = await count('SELECT count(*) AS n FROM offer_claims WHERE user_id = $1', [fresh.userId]);
      console.log(
        `promotion claim race figures ${JSON.stringify({ db: s.kind, requests: 20, http201: ok.length, http409: refused.length, passes, claims, wallMs })}`,
      );
      expect(ok.length + refused.length).toBe(20);
      expect(new Set(refused)).toEqual(new Set(refused.length ? ['DIGITAL_OFFER_ALREADY_AVAILED'] : []));
      expect(new Set(ok.map((c) => c.passId)).size).toBe(1);
      expect({ passes, claims }).toEqual({ passes: 1, claims: 1 });
      expect(await passOf(ok[0].transactionId)).toEqual([{ fm_id: 'mum-gen-7', config_id: 'mum-general' }]);
      expect(await count('SELECT count(*) AS n FROM payments WHERE user_id = $1', [fresh.userId])).toBe(0);
      expect(await status('pass', ok[0].transactionId, fresh)).toMatchObject({
        status: 'SUCCESS',
        amountPaise: 0,
        paymentId: null,
        freeWith: { offerId: 'mumbai-welcome' },
      });
      expectError(
        await s.app.inject({ method: 'POST', url: '/api/offers/trial/claim', headers: fresh.headers, payload: { city: 'mumbai' } }),
        409,
        'DIGITAL_OFFER_ALREADY_AVAILED',
      );
    });

    it('a claim that cannot issue its pass leaves the offer unclaimed', async () => {
      const fresh = await signIn(s.app, s.db, '9876561011');
      await s.db.query(`UPDATE trial_offers SET scope = '{"configIds": ["no-such-pass"]}' WHERE id = 'mumbai-welcome'`);
      try {
        expectError(
          await s.app.inject({ method: 'POST', url: '/api/offers/trial/claim', headers: fresh.headers, payload: { city: 'mumbai' } }),
          409,
          'OFFER_NOT_APPLICABLE',
        );
        expect((await s.app.inject({ url: '/api/offers/trial?city=mumbai', headers: fresh.headers })).json()).toMatchObject({
          claimed: false,
          eligible: true,
          appliesTo: { configIds: ['no-such-pass'] },
        });
        expect(await count('SELECT count(*) AS n FROM offer_claims WHERE user_id = $1', [fresh.userId])).toBe(0);
      } finally {
        await s.db.query(
          `UPDATE trial_offers SET scope = '{"configIds": ["mum-general"], "categoryIds": ["adult"], "numOfDays": [7]}' WHERE id = 'mumbai-welcome'`,
        );
      }
    });

    it('an order whose payment was declined (released) may be re-quoted with the offer and issued free, once', async () => {
      const fresh = await signIn(s.app, s.db, '9876561013');
      const o = passOrderSchema.parse((await passOrder(fresh, WEEK, 'free-after-fail-01')).json());
      expect((await payOn('pass', o.transactionId, card(TEST_CARDS.declined), fresh)).json()).toMatchObject({ status: 'PAYMENT_FAILED' });
      const free = await passOrder(fresh, WEEK, 'free-after-fail-01', { digitalOffer: true });
      expect(free.json()).toMatchObject({
        transactionId: o.transactionId,
        status: 'SUCCESS',
        passId: expect.any(String),
        freeWith: { offerId: 'mumbai-welcome' },
      });
      expect(await status('pass', o.transactionId, fresh)).toMatchObject({ status: 'SUCCESS', amountPaise: 0, freeWith: { offerId: 'mumbai-welcome' } });
      expect(await count('SELECT count(*) AS n FROM passes WHERE transaction_id = $1', [o.transactionId])).toBe(1);
      expectError(await pay('pass', o.transactionId, { method: 'card' }, fresh), 409, 'ORDER_ALREADY_PAID');
    });

    it('the welcome offer does not make a 30-day ₹1,100 pass free; the API says why', async () => {
      const fresh = await signIn(s.app, s.db, '9876561012');
      expectError(
        await passOrder(fresh, { fmId: 'mum-gen-30', passFare: 1100 }, undefined, { digitalOffer: true }),
        409,
        'OFFER_NOT_APPLICABLE',
        /only for 7-day passes/,
      );
      expect(await count('SELECT count(*) AS n FROM offer_claims WHERE user_id = $1', [fresh.userId])).toBe(0);
      expect((await s.app.inject({ url: '/api/offers/trial?city=mumbai', headers: fresh.headers })).json()).toMatchObject({
        appliesTo: { numOfDays: [7], configIds: ['mum-general'] },
      });
    });
  });

  describe('4. bank offers bound to the instrument actually used', () => {
    const hdfcOrder = async (start: string, who: Session = rider) =>
      passOrderSchema.parse((await passOrder(who, { fmId: 'mum-gen-30', passFare: 1100, passStartDate: start }, undefined, { bankOffer: 'HDFC' })).json());

    it('an HDFC offer paid with a card of no declared bank is re-priced before any charge (409 BANK_OFFER_NOT_FOR_INSTRUMENT), then charged the full fare', async () => {
      const o = await hdfcOrder('2025-08-25');
      expect(o.payableAmount).toBe(99000);
      expectError(await pay('pass', o.transactionId, { method: 'card' }), 409, 'BANK_OFFER_NOT_FOR_INSTRUMENT', /HDFC.*₹1,100 \(it was ₹990\)/);
      expect(await count('SELECT count(*) AS n FROM payments WHERE order_id = $1', [o.transactionId])).toBe(0);
      expect(await gatewayOrders(o.transactionId)).toBe(0);
      expect(await status('pass', o.transactionId)).toMatchObject({ amountPaise: 110000, status: 'PENDING' });
      expect(
        (await s.app.inject({ url: `/api/passes/orders/${o.transactionId}`, headers: rider.headers }))
          .json()
          .fareInfo.fareBreakup.map((l: { name: string }) => l.name),
      ).not.toContain('Bank offer (HDFC)');
      const paid = (await payOn('pass', o.transactionId, card())).json();
      expect((await payment(paid.paymentId)).json()).toMatchObject({ status: 'SUCCESS', amountPaise: 110000 });
    });

    it('an HDFC card declared (and paid with an HDFC card) and UPI from an HDFC handle keep the offer; an SBI handle, a wallet, SBI netbanking and an SBI card do not', async () => {
      const byUpi = await hdfcOrder('2025-08-27');
      expect((await payOn('pass', byUpi.transactionId, upi('asha@okhdfcbank'))).json()).toMatchObject({ status: 'SUCCESS' });
      expect(await status('pass', byUpi.transactionId)).toMatchObject({ amountPaise: 99000, status: 'SUCCESS' });
      for (const [i, body] of [
        { method: 'upi', prefill: { vpa: 'asha@oksbi' } },
        { method: 'wallet', prefill: { wallet: 'PAYTM' } },
        { method: 'netbanking', prefill: { bank: 'SBI' } },
        { method: 'card', prefill: { bank: 'SBI' } },
      ].entries()) {
        const o = await hdfcOrder(`2025-09-0${i + 1}`);
        expectError(await pay('pass', o.transactionId, body), 409, 'BANK_OFFER_NOT_FOR_INSTRUMENT');
        expect(await status('pass', o.transactionId)).toMatchObject({ amountPaise: 110000 });
      }
      // after a wallet re-price the wallet pays the full fare (a wallet never earns a bank offer)
      const byWallet = await hdfcOrder('2025-09-05');
      expectError(await pay('pass', byWallet.transactionId, { method: 'wallet', prefill: { wallet: 'PAYTM' } }), 409, 'BANK_OFFER_NOT_FOR_INSTRUMENT');
      expect((await payOn('pass', byWallet.transactionId, wallet('PAYTM'))).json()).toMatchObject({ status: 'SUCCESS' });
      expect(await status('pass', byWallet.transactionId)).toMatchObject({ amountPaise: 110000, status: 'SUCCESS' });
      const byCard = await hdfcOrder('2025-08-26');
      expect((await payOn('pass', byCard.transactionId, card(TEST_CARDS.hdfc), rider, { bank: 'HDFC' })).json()).toMatchObject({ status: 'SUCCESS' });
      expect(await status('pass', byCard.transactionId)).toMatchObject({ amountPaise: 99000, status: 'SUCCESS' });
    });

    it('the offer price is frozen for the declared bank; a capture from another bank is refunded in full and the pass not issued', async () => {
      // a rider of its own: the refunded order stays held by its refunded payment (one live payment per order)
      const who = await signIn(s.app, s.db, '9876561020');
      const o = await hdfcOrder('2025-09-06', who);
      const r = await payOn('pass', o.transactionId, netbanking('SBI'), who, { bank: 'HDFC' });
      expect(r.started).toMatchObject({ status: 'PAYMENT_PROCESSING' });
      expect(await passOf(o.transactionId)).toEqual([]);
      expect(await status('pass', o.transactionId, who)).toMatchObject({
        amountPaise: 99000,
        status: 'PAYMENT_FAILED',
        failureReason: 'ORDER_CHANGED_REFUNDED',
      });
      expect(
        await count(
          `SELECT count(*) AS n FROM payment_refunds WHERE payment_id = $1 AND amount_paise = 99000 AND reason LIKE 'ISSUE_REFUSED: the order was priced for paying with HDFC%'`,
          [r.json().paymentId],
        ),
      ).toBe(1);
      expect((await gatewayRefunds(r.json().paymentId)).map((x) => x.amount)).toEqual([99000]);
    });
  });

  describe('5. server-minted order ids; client keys scoped to the rider', () => {
    it('a client transactionId never becomes the order id; the same key from two riders makes two orders', async () => {
      const mine = passOrderSchema.parse((await passOrder(rider, { passStartDate: '2025-09-10' }, undefined, { transactionId: 'my-chosen-id' })).json());
      const theirs = passOrderSchema.parse((await passOrder(other, { passStartDate: '2025-09-10' }, undefined, { transactionId: 'my-chosen-id' })).json());
      expect(mine.transactionId).toMatch(/^PASS_[A-Za-z0-9_-]{22}$/);
      expect(theirs.transactionId).toMatch(/^PASS_[A-Za-z0-9_-]{22}$/);
      expect(mine.transactionId).not.toBe(theirs.transactionId);
      expect(await count('SELECT count(*) AS n FROM pass_orders WHERE transaction_id = $1', ['my-chosen-id'])).toBe(0);
    });

    it('another rider’s order id is 404 everywhere (read, pay, status); a ticket’s id is not a pass order', async () => {
      const o = passOrderSchema.parse((await passOrder(rider, { passStartDate: '2025-09-11' })).json());
      expectError(await s.app.inject({ url: `/api/passes/orders/${o.transactionId}`, headers: other.headers }), 404, 'ORDER_NOT_FOUND');
      expectError(await pay('pass', o.transactionId, { method: 'card' }, other), 404, 'ORDER_NOT_FOUND');
      expectError(await s.app.inject({ url: `/api/payments/orders/pass/${o.transactionId}/status`, headers: other.headers }), 404, 'ORDER_NOT_FOUND');
      const t = ticketOrderSchema.parse((await ticketOrder(rider)).json());
      expectError(await pay('pass', t.transactionId, { method: 'card' }), 404, 'ORDER_NOT_FOUND');
      expectError(await s.app.inject({ url: `/api/passes/orders/${t.transactionId}`, headers: rider.headers }), 404, 'ORDER_NOT_FOUND');
      expectError(await pay('ticket', o.transactionId, { method: 'card' }), 404, 'ORDER_NOT_FOUND');
    });

    it('20 concurrent identical creates under one key make one order (passes and tickets); bad keys are 400', async () => {
      const t0 = performance.now();
      const passes = await Promise.all(Array.from({ length: 20 }, () => passOrder(rider, { passStartDate: '2025-09-12' }, 'race-create-pass-01')));
      const passMs = Math.round(performance.now() - t0);
      const t1 = performance.now();
      const tickets = await Promise.all(Array.from({ length: 20 }, () => ticketOrder(rider, 'mum-inst-15', 1500, 'race-create-tkt-01')));
      const ticketMs = Math.round(performance.now() - t1);
      const passIds = new Set(passes.map((r) => r.json().transactionId));
      const ticketIds = new Set(tickets.map((r) => r.json().transactionId));
      const passRows = await count('SELECT count(*) AS n FROM pass_orders WHERE user_id = $1 AND order_key = $2', [rider.userId, 'client:race-create-pass-01']);
      const ticketRows = await count('SELECT count(*) AS n FROM ticket_orders WHERE user_id = $1 AND order_key = $2', [rider.userId, 'race-create-tkt-01']);
      console.log(
        `order create race figures ${JSON.stringify({ db: s.kind, requests: 20, passes: { http201: passes.filter((r) => r.statusCode === 201).length, ids: passIds.size, rows: passRows, wallMs: passMs }, tickets: { http201: tickets.filter((r) => r.statusCode === 201).length, ids: ticketIds.size, rows: ticketRows, wallMs: ticketMs } })}`,
      );
      expect(passes.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
      expect(tickets.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
      expect({ passIds: passIds.size, ticketIds: ticketIds.size, passRows, ticketRows }).toEqual({ passIds: 1, ticketIds: 1, passRows: 1, ticketRows: 1 });
      expectError(await passOrder(rider, {}, 'bad key!'), 400, 'VALIDATION_FAILED', /idempotency-key/);
      expectError(await ticketOrder(rider, 'mum-inst-10', 1000, 'x'.repeat(65)), 400, 'VALIDATION_FAILED', /idempotency-key/);
    });
  });

  describe('refunds (payments owns them)', () => {
    let service: PaymentService;
    beforeAll(() => {
      service = paymentsOf(s.app)!.service;
    });
    const paidPass = async (start: string, instrument: HostedInstrument = card()) => {
      const o = passOrderSchema.parse((await passOrder(rider, { passStartDate: start })).json());
      const p = (await payOn('pass', o.transactionId, instrument)).json();
      expect(p).toMatchObject({ status: 'SUCCESS' });
      return p.paymentId;
    };

    it('partial refunds add up to at most the payment; a key refunds once; refunds are pending until the gateway processes them', async () => {
      const paymentId = await paidPass('2025-09-15');
      const first = await service.refund(paymentId, 10_000, 'seat cancelled', 'cancel-1');
      expect(first).toMatchObject({ amountPaise: 10_000, status: 'PENDING' });
      expect(await service.refund(paymentId, 10_000, 'seat cancelled', 'cancel-1')).toMatchObject({ refundId: first.refundId });
      await expect(service.refund(paymentId, 10_001, 'seat cancelled', 'cancel-1')).rejects.toMatchObject({ code: 'REFUND_KEY_REUSED' });
      await expect(service.refund(paymentId, 25_001, 'too much', 'cancel-2')).rejects.toMatchObject({ status: 409, code: 'REFUND_EXCEEDS_PAYMENT' });
      const second = await service.refund(paymentId, 25_000, 'the rest', 'cancel-2');
      expect(second.status).toBe('PENDING');
      await expect(service.refund(paymentId, 1, 'one more paisa', 'cancel-3')).rejects.toMatchObject({ code: 'REFUND_EXCEEDS_PAYMENT' });
      expect((await service.reconcile()).refundsSettled).toBe(0); // the gateway has not processed them yet
      await refundsProcessed();
      await service.reconcile(); // (the server's own job may settle them first: either way each settles once)
      const listed = paymentRefundsSchema.parse((await s.app.inject({ url: `/api/payments/${paymentId}/refunds`, headers: rider.headers })).json());
      expect(listed.refunds.map((r) => [r.amountPaise, r.status]).sort()).toEqual([
        [10_000, 'SUCCESS'],
        [25_000, 'SUCCESS'],
      ]); // made in the same millisecond: any order
      expect((await gatewayRefunds(paymentId)).map((r) => [r.amount, r.status]).sort()).toEqual([
        [10_000, 'processed'],
        [25_000, 'processed'],
      ]);
    });

    it('a refused refund is FAILED with its reason and does not count; 20 concurrent refunds under one key make one refund; unpaid payments are not refunded', async () => {
      const paymentId = await paidPass('2025-09-16', upi('norefund@upi'));
      const refused = await service.refund(paymentId, 35_000, 'cancelled', 'nr-1');
      expect(refused.status).toBe('PENDING');
      await refundsProcessed();
      expect(await service.refundStatus(refused.refundId)).toMatchObject({ status: 'FAILED', failureReason: 'REFUND_REJECTED' });
      // a failed refund does not count: the whole payment can still be refunded
      expect(await service.refund(paymentId, 35_000, 'cancelled', 'nr-2')).toMatchObject({ amountPaise: 35_000 });
      const again = await paidPass('2025-09-17', upi('asha@okhdfcbank'));
      const t0 = performance.now();
      const res = await Promise.allSettled(Array.from({ length: 20 }, () => service.refund(again, 5_000, 'cancelled', 'race-refund-1')));
      const wallMs = Math.round(performance.now() - t0);
      const ok = res.filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<PaymentService['refund']>>> => r.status === 'fulfilled').map((r) => r.value);
      const rows = await count('SELECT count(*) AS n FROM payment_refunds WHERE payment_id = $1', [again]);
      const atGateway = (await gatewayRefunds(again)).length;
      console.log(
        `refund race figures ${JSON.stringify({ db: s.kind, requests: 20, fulfilled: ok.length, distinctRefundIds: new Set(ok.map((r) => r.refundId)).size, rows, gatewayRefunds: atGateway, wallMs })}`,
      );
      expect(ok.length).toBe(20);
      expect({ ids: new Set(ok.map((r) => r.refundId)).size, rows, gatewayRefunds: atGateway }).toEqual({ ids: 1, rows: 1, gatewayRefunds: 1 });
      await refundsProcessed();
      expect(await service.refundStatus(ok[0].refundId)).toMatchObject({ status: 'SUCCESS' });
      const pending = passOrderSchema.parse((await passOrder(rider, { passStartDate: '2025-09-18' })).json());
      const p = await pendingUpi('pass', pending.transactionId);
      await expect(service.refund(p.paymentId, 100, 'x', 'early')).rejects.toMatchObject({ code: 'PAYMENT_NOT_SETTLED' });
      await expect(service.refund('pay_nope', 100, 'x', 'k')).rejects.toMatchObject({ status: 404 });
      await expect(service.refund(again, 0, 'x', 'zero')).rejects.toMatchObject({ status: 400 });
      await expect(service.refund(again, 1.5, 'x', 'frac')).rejects.toMatchObject({ status: 400 });
    });
  });
});
