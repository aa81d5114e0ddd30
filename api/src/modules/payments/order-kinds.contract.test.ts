import type { LightMyRequestResponse } from 'fastify';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signIn, TestClock, type Session } from '../../testing/accounts';
import { card, payThroughGateway, upi } from '../../testing/gateway-pay';
import { passOrderBody } from '../passes/testing';
import { paymentsOf } from './module';

/**
 * The OrderKind contract (docs/money-integrity.md "The seller seam's contract"): every order kind the composition root
 * registers runs these rules against the wired server, through HTTP, with the development gateway (the rider pays on
 * its hosted page):
 * 1. 20 identical pays (one idempotency key) → one payment, one gateway order and checkout, one capture, one product;
 * 2. a re-quote of an order after its payment started is refused (409, or 422 for a key reused for another product)
 *    and the payment issues the frozen product at the frozen price;
 * 3. a product that became unusable between freeze and issue is not issued and the payment is refunded in full (a
 *    kind whose products cannot lapse says so, and must not answer `usable`);
 * 4. a product being replaced cannot be refunded while its successor is paid (kinds with replacement);
 * 5. free orders only through issueFree: issueFree of a payable order is refused, and no order was issued free with
 *    an amount;
 * 6. 20 parallel cancels (the seller's own cancel where it has one) or refunds of one payment → one refund.
 * A kind registered without a fixture here fails the suite: a new seller gets these rules by registering.
 */
const ist = (s: string) => Date.parse(`${s}+05:30`);
const VALIDATOR = { authorization: 'Validator sawari-dev-validator' };
const OPS = { authorization: 'Ops sawari-dev-ops' };
type Res = LightMyRequestResponse;

interface Ctx {
  s: TestServer;
  rider: Session;
  req(method: 'GET' | 'POST', url: string, body?: unknown, headers?: Record<string, string>, who?: Session | null): Promise<Res>;
  n(): number;
}

/** What a kind's fixture must answer (small: one new order, the seller's own views of it). */
interface Fixture {
  /** A new payable order for the rider; `key` is the order's idempotency key where the seller takes one. */
  order(c: Ctx, key: string): Promise<string>;
  /** The same key asked for another product or price (the seller's re-quote path). */
  requote(c: Ctx, key: string): Promise<Res>;
  /** Products issued for this order (the seller's own table). */
  products(c: Ctx, orderId: string): Promise<number>;
  /** Makes the order's product unusable (between freeze and issue); null: this kind's products cannot lapse. */
  makeUnusable: ((c: Ctx, orderId: string) => Promise<void>) | null;
  /** The seller's own rider cancel of an issued product (else payments' refund is raced). */
  cancel?(c: Ctx, orderId: string): Promise<Res>;
  /** A successor that replaces the issued product, paid pending; and the attempt to refund the replaced one. */
  replace?(c: Ctx, orderId: string): Promise<{ successorId: string; refundReplaced: () => Promise<Res> }>;
}

const count = async (c: Ctx, sql: string, params: unknown[]) => Number((await c.s.db.query<{ n: string }>(sql, params)).rows[0].n);

// --- the sellers' fixtures ---------------------------------------------------------------------------------------------

let cardN = 0;
const cityCard = (n: number) => {
  // 98 + 13 digits + the Damm check digit (the closed-loop city card)
  const table = [
    [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
    [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
    [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
    [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
    [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
    [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
    [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
    [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
    [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
    [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
  ];
  const base = `98${String(700 + n).padStart(13, '0')}`;
  let i = 0;
  for (const ch of base) i = table[i][Number(ch)];
  return base + String(i);
};
const ncmcCard = (n: number) => {
  const base = `6070${String(700 + n).padStart(11, '0')}`;
  for (let d = 0; d < 10; d++) {
    const s = base + d;
    let sum = 0;
    for (let i = 0; i < 16; i++) {
      let x = s.charCodeAt(15 - i) - 48;
      if (i % 2) x = x * 2 > 9 ? x * 2 - 9 : x * 2;
      sum += x;
    }
    if (sum % 10 === 0) return s;
  }
  throw new Error('unreachable');
};
const cardNumbers = new Map<string, string>();
const cardFixture = (kind: 'closedLoop' | 'ncmc'): Fixture => {
  const newCard = async (c: Ctx) => {
    const number = kind === 'ncmc' ? ncmcCard(++cardN) : cityCard(++cardN);
    expect(
      (
        await c.req(
          'POST',
          '/api/cards/v1/terminal/taps',
          { tapId: `contract-tap-${c.n()}`, cardNumber: number, farePaise: 0, validThru: '2031-01' },
          VALIDATOR,
          null,
        )
      ).statusCode,
    ).toBe(200);
    const r = await c.req('POST', '/api/cards/v1/cards', { kind, cardNumber: number, name: `Contract ${cardN}` });
    expect(r.statusCode).toBe(201);
    const ref = (r.json() as { cardRef: string }).cardRef;
    cardNumbers.set(ref, number);
    return ref;
  };
  const refs = new Map<string, string>();
  return {
    order: async (c, key) => {
      const ref = await newCard(c);
      const r = await c.req('POST', '/api/cards/v1/recharges', { cardRef: ref, amountPaise: 10_000, city: 'mumbai' }, { 'idempotency-key': key });
      expect(r.statusCode).toBe(201);
      const id = (r.json() as { orderId: string }).orderId;
      refs.set(key, ref);
      return id;
    },
    requote: (c, key) => c.req('POST', '/api/cards/v1/recharges', { cardRef: refs.get(key)!, amountPaise: 20_000, city: 'mumbai' }, { 'idempotency-key': key }),
    products: (c, id) =>
      count(c, `SELECT count(*) AS n FROM card_recharge_orders WHERE order_id = $1 AND status IN ('STAGED', 'PENDING_ON_CARD', 'WRITTEN')`, [id]),
    makeUnusable: async (c, id) => {
      const ref = (await c.s.db.query<{ card_ref: string }>('SELECT card_ref FROM card_recharge_orders WHERE order_id = $1', [id])).rows[0].card_ref;
      expect((await c.req('POST', '/api/ops/cards/block', { cardNumber: cardNumbers.get(ref)!, blocked: true }, OPS, null)).statusCode).toBe(200);
    },
  };
};

const R = '/api/reservations/v1';
const P1 = { fromStopId: 'PRM-THANE', toStopId: 'PRM-BKC' };
const ONE = { adult: 1, child: 0, senior: 0 };
let slot = 0;
/** A fresh PRM-1 off-peak slot per order on Tuesday 24 Nov (07:00 to 16:40, every 20 minutes), so orders do not meet. */
const nextSlot = () => {
  const m = 7 * 60 + 20 * slot++;
  return `PRM-1.20261124${String(Math.floor(m / 60)).padStart(2, '0')}${String(m % 60).padStart(2, '0')}`;
};
const fareOf = async (c: Ctx, tripId: string) =>
  ((await c.req('POST', `${R}/fare`, { options: [{ tripId, ...P1 }], passengers: ONE })).json() as { payableAmount: number }).payableAmount;
const reservationFixture: Fixture = {
  order: async (c, key) => {
    const tripId = nextSlot();
    const r = await c.req('POST', `${R}/bookings`, { tripId, ...P1, passengers: ONE, farePaise: await fareOf(c, tripId) }, { 'idempotency-key': key });
    expect(r.statusCode).toBe(201);
    return (r.json() as { bookingId: string }).bookingId;
  },
  requote: async (c, key) => {
    const tripId = nextSlot();
    return c.req('POST', `${R}/bookings`, { tripId, ...P1, passengers: ONE, farePaise: await fareOf(c, tripId) }, { 'idempotency-key': key });
  },
  products: (c, id) => count(c, `SELECT count(*) AS n FROM reservation_bookings WHERE id = $1 AND status IN ('ACTIVE', 'PUNCHED')`, [id]),
  makeUnusable: async (c, id) => {
    const trip = (await c.s.db.query<{ trip_id: string }>('SELECT trip_id FROM reservation_bookings WHERE id = $1', [id])).rows[0].trip_id;
    expect((await c.req('POST', `/api/ops/reservations/trips/${trip}/cancel`, { disruption: 'BREAKDOWN' }, OPS, null)).statusCode).toBe(200);
  },
  cancel: async (c, id) => {
    const b = (await c.req('GET', `${R}/bookings/${id}`)).json() as { cancellation: { refundPaise: number } };
    return c.req('POST', `${R}/bookings/${id}/cancel`, { refundPaise: b.cancellation.refundPaise });
  },
  replace: async (c, id) => {
    const b = (await c.req('GET', `${R}/bookings/${id}`)).json() as { tripId: string; farePaise: number; cancellation: { refundPaise: number } };
    // the evening rush (17:00 to 19:40) costs 25 % more: a dearer slot of the same pair
    const to = `PRM-1.20261124${String(17 + (slot % 3)).padStart(2, '0')}${['00', '20', '40'][slot++ % 3]}`;
    const diff = (await fareOf(c, to)) - b.farePaise;
    const r = await c.req('POST', `${R}/bookings/${id}/reschedule`, { tripId: to, farePaise: diff });
    expect(r.statusCode).toBe(201);
    return {
      successorId: (r.json() as { bookingId: string }).bookingId,
      refundReplaced: () => c.req('POST', `${R}/bookings/${id}/cancel`, { refundPaise: b.cancellation.refundPaise }),
    };
  },
};

// A planned journey bought in one go (tickets/journey.ts): two buses of the demo feed, a ticket per leg. Unusable: the
// legs' fares withdrawn from sale between freeze and issue (every Mumbai fare table off; the next order puts them back).
const JOURNEY_LEGS = [
  { routeId: 'AE-T1-KHR', fromStopId: 'T1-BAY', toStopId: 'SION' },
  { routeId: 'AE-T2-THN', fromStopId: 'GHATKOPAR', toStopId: 'THANE' },
];
const journeyOrder = async (c: Ctx, key: string, passengers = ONE) => {
  await c.s.db.query(`UPDATE ticket_fare_tables SET is_active = true WHERE city_id = 'mumbai'`);
  const fare = (await c.req('POST', '/api/tickets/v1/cities/mumbai/multi-route-fare', { legs: JOURNEY_LEGS, passengers })).json() as { payableAmount: number };
  const body = { city: 'mumbai', legs: JOURNEY_LEGS, passengers, farePaise: fare.payableAmount, deviceId: 'test-device-1', appVer: '1001' };
  return c.req('POST', '/api/tickets/v1/journeys', body, { 'idempotency-key': key });
};
const journeyFixture: Fixture = {
  order: async (c, key) => {
    const r = await journeyOrder(c, key);
    expect(r.statusCode).toBe(201);
    return (r.json() as { orderId: string }).orderId;
  },
  requote: (c, key) => journeyOrder(c, key, { adult: 2, child: 0, senior: 0 }),
  products: (c, id) =>
    count(c, 'SELECT count(DISTINCT o.journey_order_id) AS n FROM ticket_orders o JOIN tickets t USING (transaction_id) WHERE o.journey_order_id = $1', [id]),
  makeUnusable: async (c) => {
    await c.s.db.query(`UPDATE ticket_fare_tables SET is_active = false WHERE city_id = 'mumbai'`);
  },
};

const FIXTURES: Record<string, Fixture> = {
  pass: {
    order: async (c, key) => {
      const r = await c.req('POST', '/api/passes/v3/orders', passOrderBody(c.rider.userId, { passStartDate: '2026-11-24' }), { 'idempotency-key': key });
      expect(r.statusCode).toBeLessThan(300);
      return (r.json() as { transactionId: string }).transactionId;
    },
    requote: (c, key) =>
      c.req('POST', '/api/passes/v3/orders', passOrderBody(c.rider.userId, { passStartDate: '2026-11-24', fmId: 'mum-gen-30', passFare: 1250 }), {
        'idempotency-key': key,
      }),
    products: (c, id) => count(c, 'SELECT count(*) AS n FROM passes WHERE transaction_id = $1', [id]),
    makeUnusable: null,
  },
  ticket: {
    order: async (c, key) => {
      const r = await c.req(
        'POST',
        '/api/tickets/v1/orders',
        { city: 'mumbai', kind: 'instant', instantFareId: 'mum-inst-10', passengerCount: 1, farePaise: 1000, deviceId: 'test-device-1', appVer: '1001' },
        { 'idempotency-key': key },
      );
      expect(r.statusCode).toBeLessThan(300);
      return (r.json() as { transactionId: string }).transactionId;
    },
    requote: (c, key) =>
      c.req(
        'POST',
        '/api/tickets/v1/orders',
        { city: 'mumbai', kind: 'instant', instantFareId: 'mum-inst-10', passengerCount: 2, farePaise: 2000, deviceId: 'test-device-1', appVer: '1001' },
        { 'idempotency-key': key },
      ),
    products: (c, id) => count(c, 'SELECT count(*) AS n FROM tickets WHERE transaction_id = $1', [id]),
    makeUnusable: null,
  },
  cardRecharge: cardFixture('closedLoop'),
  ncmcCardRecharge: cardFixture('ncmc'),
  reservation: reservationFixture,
  journey: journeyFixture,
};

describe(`the OrderKind contract, every registered kind ${dbLabel()}`, () => {
  const clock = new TestClock(ist('2026-11-23T07:00:00')); // Monday
  let s: TestServer;
  const c = {} as Ctx;
  let riders = 0;
  let n = 0;
  const figures: string[] = [];
  beforeAll(async () => {
    s = await startTestServer({ now: clock.now });
    c.s = s;
    c.n = () => ++n;
    c.req = (method, url, body, headers = {}, who = c.rider) =>
      s.app.inject({ method, url, headers: { ...(who?.headers ?? {}), ...headers }, ...(body === undefined ? {} : { payload: body as object }) });
  }, 60_000);
  afterAll(async () => {
    console.log(`OrderKind contract ${dbLabel()}:\n${figures.join('\n')}`);
    await s?.cleanup();
  });
  beforeEach(async () => {
    riders += 1;
    c.rider = await signIn(s.app, s.db, `98765820${String(riders).padStart(2, '0')}`);
  });

  const payments = () => paymentsOf(s.app)!;
  /** A card payment made on the gateway's page (its signed return posted back): the pay answer's shape. */
  const payCard = (kind: string, id: string, key = `contract-pay-${c.n()}`) => payThroughGateway(s.app, c.rider, kind, id, card(), { key });
  /** A UPI collect the rider has not approved yet: the payment is pending (the order frozen) until `settle`. */
  const payPendingUpi = (kind: string, id: string) => payThroughGateway(s.app, c.rider, kind, id, upi('asha@okhdfcbank', 'wait'));
  const startPay = (kind: string, id: string, key: string) => c.req('POST', `/api/payments/${kind}/${id}/pay`, { method: 'card' }, { 'idempotency-key': key });
  /** The gateway's own record of a payment's gateway order: its attempts (ledger payments) and the orders made for it. */
  const gatewayState = async () =>
    (await s.gateway.inspect('state')) as {
      ledger: { orders: Record<string, { receipt: string }>; payments: Record<string, { id: string; order_id: string; status: string }> };
    };
  const gatewayRefOf = async (paymentId: string) =>
    (await s.db.query<{ gateway_ref: string }>('SELECT gateway_ref FROM payments WHERE id = $1', [paymentId])).rows[0].gateway_ref;
  /** The rider approves the UPI collect in the UPI app; the next poll of the payment sees it captured and delivers it. */
  const settle = async (paymentId: string) => {
    const ref = await gatewayRefOf(paymentId);
    const waiting = Object.values((await gatewayState()).ledger.payments).filter((x) => x.order_id === ref && x.status === 'created');
    expect(waiting).toHaveLength(1);
    await s.gateway.control(`upi/${waiting[0].id}`, { action: 'approve' });
    return ((await c.req('GET', `/api/payments/${paymentId}`)).json() as { status: string }).status;
  };
  /** Paid − refunded (refunds not failed) for an order's payments. */
  const net = async (kind: string, ids: string[]) => {
    const r = await s.db.query<{ paid: string; back: string }>(
      `SELECT COALESCE(SUM(p.amount_paise) FILTER (WHERE p.status = 'SUCCESS'), 0) AS paid,
              COALESCE((SELECT SUM(f.amount_paise) FROM payment_refunds f JOIN payments q ON q.id = f.payment_id
                         WHERE q.order_kind = $1 AND q.order_id = ANY($2::text[]) AND f.status <> 'FAILED'), 0) AS back
         FROM payments p WHERE p.order_kind = $1 AND p.order_id = ANY($2::text[])`,
      [kind, ids],
    );
    return Number(r.rows[0].paid) - Number(r.rows[0].back);
  };
  const paymentsOfOrder = (kind: string, id: string) => count(c, 'SELECT count(*) AS n FROM payments WHERE order_kind = $1 AND order_id = $2', [kind, id]);
  const amountOf = async (kind: string, id: string) =>
    (await c.req('GET', `/api/payments/orders/${kind}/${id}/status`)).json() as { amountPaise: number; status: string; paymentId: string | null };

  it('every order kind the composition root registers has a contract fixture (a new seller gets the contract by registering)', () => {
    expect(payments().kinds.names().sort()).toEqual(Object.keys(FIXTURES).sort());
  });

  describe.each(Object.keys(FIXTURES))('%s', (kind) => {
    const f = FIXTURES[kind];

    it('20 identical pays (one idempotency key) → one charge and one product', async () => {
      const id = await f.order(c, `contract-${kind}-${c.n()}`);
      const t0 = Date.now();
      const key = `contract-same-${kind}-${n}`;
      const rs = await Promise.all(Array.from({ length: 20 }, () => startPay(kind, id, key)));
      figures.push(`  ${kind}: 20 identical pays in ${Date.now() - t0} ms`);
      expect(rs.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      const paymentId = (rs[0].json() as { paymentId: string }).paymentId;
      expect(new Set(rs.map((r) => (r.json() as { paymentId: string }).paymentId)).size).toBe(1);
      expect(new Set(rs.map((r) => (r.json() as { checkout?: { fields: Record<string, string> } }).checkout?.fields.order_id)).size).toBe(1);
      // the rider pays on the gateway's page (the same key once more: the same payment, the same checkout)
      expect((await payCard(kind, id, key)).json()).toMatchObject({ paymentId, status: 'SUCCESS' });
      expect(await paymentsOfOrder(kind, id)).toBe(1);
      const gw = await gatewayState();
      const ref = await gatewayRefOf(paymentId);
      expect(Object.values(gw.ledger.orders).filter((x) => x.receipt === paymentId)).toHaveLength(1);
      expect(Object.values(gw.ledger.payments).filter((x) => x.order_id === ref && x.status === 'captured')).toHaveLength(1);
      expect(await f.products(c, id)).toBe(1);
      const o = await amountOf(kind, id);
      expect(o.status).toBe('SUCCESS');
      expect(await net(kind, [id])).toBe(o.amountPaise);
    });

    it('a re-quote after the payment started is refused; the payment issues the frozen product at the frozen price', async () => {
      const key = `contract-requote-${kind}-${c.n()}`;
      const id = await f.order(c, key);
      const before = await amountOf(kind, id);
      const p = (await payPendingUpi(kind, id)).json();
      expect(p.status).toBe('PAYMENT_PROCESSING');
      const r = await f.requote(c, key);
      expect([409, 422]).toContain(r.statusCode);
      expect((await amountOf(kind, id)).amountPaise).toBe(before.amountPaise);
      expect(await settle(p.paymentId)).toBe('SUCCESS');
      expect(await f.products(c, id)).toBe(1);
      expect(await net(kind, [id])).toBe(before.amountPaise);
    });

    it('a product that became unusable between freeze and issue: nothing issued, refunded in full', async () => {
      const port = payments().kinds.get(kind)!;
      if (!f.makeUnusable) {
        // a kind whose products cannot lapse between freeze and issue answers no `usable`
        expect(port.usable).toBeUndefined();
        return;
      }
      const id = await f.order(c, `contract-unusable-${kind}-${c.n()}`);
      const p = (await payPendingUpi(kind, id)).json();
      expect(p.status).toBe('PAYMENT_PROCESSING');
      await f.makeUnusable(c, id);
      expect(await settle(p.paymentId)).toBe('SUCCESS');
      // the refund is asked after payments' transaction commits (by payments itself, or by the seller's afterCommit)
      await payments().service.reconcile();
      expect(await f.products(c, id)).toBe(0);
      expect(await net(kind, [id])).toBe(0);
    });

    it('a product being replaced cannot be refunded while its successor is paid', async () => {
      if (!f.replace) return; // this kind sells no replacement of an issued product
      const id = await f.order(c, `contract-replace-${kind}-${c.n()}`);
      expect((await payCard(kind, id)).json()).toMatchObject({ status: 'SUCCESS' });
      const { successorId, refundReplaced } = await f.replace(c, id);
      const p = (await payPendingUpi(kind, successorId)).json();
      expect(p.status).toBe('PAYMENT_PROCESSING');
      const tries = await Promise.all(Array.from({ length: 20 }, () => refundReplaced()));
      expect(tries.map((r) => r.statusCode)).toEqual(Array(20).fill(409));
      expect(await settle(p.paymentId)).toBe('SUCCESS');
      expect(await f.products(c, successorId)).toBe(1);
      expect(await f.products(c, id)).toBe(0);
      // what was paid for the two orders is the successor's full price: nothing came back
      const paid = (await amountOf(kind, id)).amountPaise + (await amountOf(kind, successorId)).amountPaise;
      expect(await net(kind, [id, successorId])).toBe(paid);
    });

    it('free orders only through issueFree: a payable order is refused there, nothing issued', async () => {
      const id = await f.order(c, `contract-free-${kind}-${c.n()}`);
      await expect(payments().service.issueFree(kind, id)).rejects.toMatchObject({ status: 409, code: 'ORDER_NOT_FREE' });
      expect(await f.products(c, id)).toBe(0);
      const freeWithAmount = await count(
        c,
        `SELECT count(*) AS n FROM payment_orders WHERE state = 'ISSUED' AND issued_payment_id IS NULL AND amount_paise <> 0`,
        [],
      );
      expect(freeWithAmount).toBe(0);
    });

    it('20 parallel cancels or refunds of one payment → one refund', async () => {
      const id = await f.order(c, `contract-cancel-${kind}-${c.n()}`);
      const p = (await payCard(kind, id)).json();
      expect(p.status).toBe('SUCCESS');
      const amount = (await amountOf(kind, id)).amountPaise;
      if (f.cancel) {
        const rs = await Promise.all(Array.from({ length: 20 }, () => f.cancel!(c, id)));
        expect(rs.filter((r) => r.statusCode === 200)).toHaveLength(1);
        expect(rs.every((r) => r.statusCode < 500)).toBe(true);
        await payments().service.reconcile();
      } else {
        const svc = payments().service;
        const same = await Promise.allSettled(
          Array.from({ length: 20 }, () => svc.refund(p.paymentId, amount, 'contract', `contract-refund-${id}`.slice(0, 64))),
        );
        expect(new Set(same.map((r) => (r.status === 'fulfilled' ? r.value.refundId : 'refused'))).size).toBe(1);
        // and 20 different keys for the whole amount: one refund, the others refused
        const other = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => svc.refund(p.paymentId, amount, 'contract', `contract-other-${i}`)));
        expect(other.filter((r) => r.status === 'fulfilled')).toHaveLength(0);
      }
      const refunds = await count(c, 'SELECT count(*) AS n FROM payment_refunds WHERE payment_id = $1', [p.paymentId]);
      expect(refunds).toBe(1);
      expect(await net(kind, [id])).toBe(0);
    });
  });
});
