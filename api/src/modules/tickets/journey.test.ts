import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { journeyOrderSchema, walletResponseSchema, type JourneyOrder } from '@sawari/contracts';
import { CityConfigStore } from '../config/store';
import { importGtfs } from '../transit/importer/import';
import { DEMO_DATA_DIR, readBoardsFile } from '../../seed';
import { card as hostedCard, payThroughGateway, upi, type HostedInstrument, type PayOutcome } from '../../testing/gateway-pay';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { expectError, signIn, TestClock, type Session } from '../../testing/accounts';
import { DEV_RAZORPAY, paymentsOf } from '../payments';
import { TicketStore } from './store';

/**
 * A planned journey bought in one go (journey.ts; docs/money-integrity.md "A journey: one order, a ticket per leg"),
 * attacked from outside: one order for every bus, one payment, a ticket per leg; repeated and raced requests, a
 * journey changed after its payment started, a leg that can no longer be sold, another rider's order, bad input.
 */
const ONE = { adult: 1, child: 0, senior: 0 };
// two buses of the demo feed (api/data/gtfs/mumbai-airport-express): AE1 Terminal 1 → Sion, AE4 Ghatkopar → Thane
const LEGS = [
  { routeId: 'AE-T1-KHR', fromStopId: 'T1-BAY', toStopId: 'SION' },
  { routeId: 'AE-T2-THN', fromStopId: 'GHATKOPAR', toStopId: 'THANE' },
];
/** A test card paid on the gateway's page; a UPI collect left waiting there (the rider approves it later). */
const card = hostedCard();
const pendingUpi = upi('asha@okaxis', 'wait');

/** The demo feed with AE4 run by a second agency ("Thane City Bus"), so one leg's fare can be withdrawn alone. */
function twoAgencyFeed(): string {
  const src = readBoardsFile(DEMO_DATA_DIR).feedPath;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sawari-journey-feed-'));
  for (const f of fs.readdirSync(src)) if (f.endsWith('.txt')) fs.copyFileSync(path.join(src, f), path.join(dir, f));
  fs.appendFileSync(path.join(dir, 'agency.txt'), 'TCB,Thane City Bus,https://sawari.example/thane,Asia/Kolkata,en,\n');
  const routes = fs.readFileSync(path.join(dir, 'routes.txt'), 'utf8').replace(/^AE-T2-THN,AEX,/m, 'AE-T2-THN,TCB,');
  fs.writeFileSync(path.join(dir, 'routes.txt'), routes);
  return dir;
}

describe(`a planned journey bought in one go ${dbLabel()}`, () => {
  const clock = new TestClock();
  let s: TestServer;
  let rider: Session;
  let other: Session;
  let n = 0;
  beforeAll(async () => {
    s = await startTestServer({
      now: clock.now,
      before: async (t) => {
        await new CityConfigStore(t.db).addCityConfig({
          id: 'twobus',
          name: 'Two Bus Town',
          state: 'Test',
          timeZone: 'Asia/Kolkata',
          lat: 19,
          lon: 72.9,
          homeClusters: [],
          features: {
            passes: false,
            tickets: true,
            premium: false,
            cards: false,
            tracking: true,
            airport: false,
            soundValidation: false,
            stopBasedPlanner: false,
            cityListRoute: false,
          },
        });
        await t.db.transaction((tx) => importGtfs(tx, twoAgencyFeed(), { cityId: 'twobus' }));
        const store = new TicketStore(t.db);
        const rule = { adult: { name: 'Adult', percent: 100 }, child: { name: 'Child', percent: 50 }, senior: { name: 'Senior citizen', percent: 75 } };
        await store.addFareTable('twobus', {
          agency: 'Mumbai Airport Express',
          maxPassengers: 6,
          roundingLogic: 'NEAREST_RUPEE',
          rule: { model: 'flat', farePaise: 20000 },
          passengerTypes: rule,
        });
        await store.addFareTable('twobus', {
          agency: 'Thane City Bus',
          maxPassengers: 6,
          roundingLogic: 'NEAREST_RUPEE',
          rule: { model: 'flat', farePaise: 3000 },
          passengerTypes: rule,
        });
      },
    });
    rider = await signIn(s.app, s.db, '9876590001');
    other = await signIn(s.app, s.db, '9876590002');
  }, 90_000);
  afterAll(async () => {
    await s?.cleanup();
  });

  const req = (method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}, who: Session | null = rider) =>
    s.app.inject({ method, url, headers: { ...(who?.headers ?? {}), ...headers }, ...(body === undefined ? {} : { payload: body as object }) });
  const body = (farePaise: unknown, extra: Record<string, unknown> = {}) => ({
    city: 'mumbai',
    legs: LEGS,
    passengers: ONE,
    farePaise,
    deviceId: 'test-device-1',
    appVer: '1001',
    ...extra,
  });
  const fareOf = async (city = 'mumbai', legs = LEGS, passengers = ONE) =>
    ((await req('POST', `/api/tickets/v1/cities/${city}/multi-route-fare`, { legs, passengers })).json() as { payableAmount: number }).payableAmount;
  const create = async (key = `journey-${++n}`, extra: Record<string, unknown> = {}, who: Session = rider) => {
    const city = (extra.city as string) ?? 'mumbai';
    const r = await req('POST', '/api/tickets/v1/journeys', body(await fareOf(city), extra), { 'idempotency-key': key }, who);
    expect(r.statusCode).toBe(201);
    return journeyOrderSchema.parse(r.json());
  };
  const pay = (id: string, instrument: HostedInstrument = card, key = `journey-pay-${++n}`, who: Session = rider) =>
    payThroughGateway(s.app, who, 'journey', id, instrument, { key });
  /** The pay request alone, as the rider's browser sends it before going to the gateway's page. */
  const startPay = (id: string, key: string) => req('POST', `/api/payments/journey/${id}/pay`, { method: 'card' }, { 'idempotency-key': key });
  /** The rider approves the waiting UPI collect in the UPI app; answers the payment's status as the rider's page reads it. */
  const settle = async (p: PayOutcome) => {
    expect(p.hosted).toBe('waiting');
    const attempts = (await fetch(`${s.gateway.url}/v1/orders/${p.started!.checkout!.fields.order_id}/payments`, {
      headers: { authorization: `Basic ${Buffer.from(`${DEV_RAZORPAY.keyId}:${DEV_RAZORPAY.keySecret}`).toString('base64')}` },
    }).then((r) => r.json())) as { items: { id: string }[] };
    expect(attempts.items).toHaveLength(1);
    await s.gateway.control(`upi/${attempts.items[0].id}`, { action: 'approve' });
    return ((await req('GET', `/api/payments/${p.json().paymentId}`)).json() as { status: string }).status;
  };
  const count = async (sql: string, params: unknown[]) => Number((await s.db.query<{ n: string }>(sql, params)).rows[0].n);
  const legTickets = (id: string) =>
    count('SELECT count(*) AS n FROM ticket_orders o JOIN tickets t USING (transaction_id) WHERE o.journey_order_id = $1', [id]);
  const net = async (id: string) => {
    const r = await s.db.query<{ paid: string; back: string }>(
      `SELECT COALESCE(SUM(p.amount_paise) FILTER (WHERE p.status = 'SUCCESS'), 0) AS paid,
              COALESCE((SELECT SUM(f.amount_paise) FROM payment_refunds f JOIN payments q ON q.id = f.payment_id
                         WHERE q.order_kind = 'journey' AND q.order_id = $1 AND f.status <> 'FAILED'), 0) AS back
         FROM payments p WHERE p.order_kind = 'journey' AND p.order_id = $1`,
      [id],
    );
    return Number(r.rows[0].paid) - Number(r.rows[0].back);
  };

  it('one order holds every leg and its fare; one payment; a ticket per leg in the wallet, each for its own ride', async () => {
    const o = await create();
    expect(o.orderId).toMatch(/^JNY_[A-Za-z0-9_-]{22}$/);
    expect(o.legs.map((l) => [l.routeName, l.fromStopId, l.toStopId])).toEqual([
      ['AE1', 'T1-BAY', 'SION'],
      ['AE4', 'GHATKOPAR', 'THANE'],
    ]);
    // the total is the sum of the legs' fares, and what the planner showed (the multi-route fare)
    expect(o.payableAmount).toBe(o.legs.reduce((sum, l) => sum + l.payableAmount, 0));
    expect(o.payableAmount).toBe(await fareOf());
    expect(o).toMatchObject({ status: 'PENDING', tickets: [] });
    const status = (await req('GET', `/api/payments/orders/journey/${o.orderId}/status`)).json() as { amountPaise: number; label: string };
    expect(status).toMatchObject({ amountPaise: o.payableAmount, label: 'AE1 + AE4: Terminal 1 Bus Bay → Thane' });

    const p = await pay(o.orderId);
    expect(p.statusCode).toBe(200);
    expect(p.json()).toMatchObject({ status: 'SUCCESS' });
    const after = journeyOrderSchema.parse((await req('GET', `/api/tickets/v1/journeys/${o.orderId}`)).json());
    expect(after.status).toBe('SUCCESS');
    expect(after.tickets.map((t) => t.leg)).toEqual([1, 2]);
    expect(await count(`SELECT count(*) AS n FROM payments WHERE order_kind = 'journey' AND order_id = $1`, [o.orderId])).toBe(1);

    const wallet = walletResponseSchema.parse((await req('GET', '/api/tickets/wallet?city=mumbai')).json());
    const mine = wallet.items.filter((i) => i.journey?.orderId === o.orderId).sort((a, b) => a.journey!.leg - b.journey!.leg);
    expect(mine.map((i) => [i.journey!.leg, i.journey!.legs, i.routeId, i.fromStopId, i.toStopId, i.farePaise, i.status, i.numOfTrips])).toEqual([
      [1, 2, 'AE-T1-KHR', 'T1-BAY', 'SION', o.legs[0].payableAmount, 'UNUSED', 1],
      [2, 2, 'AE-T2-THN', 'GHATKOPAR', 'THANE', o.legs[1].payableAmount, 'UNUSED', 1],
    ]);
    expect(mine.every((i) => i.productSubType === null && i.productType === 'singleJourneyTicket')).toBe(true);
    // a leg's ticket order was paid with the journey: it cannot be paid again on its own
    expectError(await payThroughGateway(s.app, rider, 'ticket', mine[0].transactionId, card, { key: `leg-pay-${++n}` }), 409, 'ORDER_NOT_PAYABLE');
    // and the journey cannot be paid twice
    expect((await pay(o.orderId)).statusCode).toBe(409);
    expect(await net(o.orderId)).toBe(o.payableAmount);
  });

  it('20 identical creates → one order; 20 identical pays → one charge and one set of tickets', async () => {
    const fare = await fareOf();
    const creates = await Promise.all(
      Array.from({ length: 20 }, () => req('POST', '/api/tickets/v1/journeys', body(fare), { 'idempotency-key': 'journey-same-create' })),
    );
    expect(creates.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const ids = new Set(creates.map((r) => (r.json() as JourneyOrder).orderId));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(await count('SELECT count(*) AS n FROM journey_orders WHERE order_id = $1', [id])).toBe(1);
    const t0 = Date.now();
    const pays = await Promise.all(Array.from({ length: 20 }, () => startPay(id, 'journey-same-pay')));
    console.log(`journey ${dbLabel()}: 20 identical pays in ${Date.now() - t0} ms`);
    expect(pays.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(pays.map((r) => (r.json() as { paymentId: string }).paymentId)).size).toBe(1);
    expect(new Set(pays.map((r) => (r.json() as { checkout: { fields: { order_id: string } } }).checkout.fields.order_id)).size).toBe(1);
    // the rider pays it on the gateway's page (the same key: the same payment)
    expect((await pay(id, card, 'journey-same-pay')).json()).toMatchObject({ status: 'SUCCESS', paymentId: pays[0].json().paymentId });
    expect(await count(`SELECT count(*) AS n FROM payments WHERE order_kind = 'journey' AND order_id = $1`, [id])).toBe(1);
    expect(await legTickets(id)).toBe(2);
    expect(await net(id)).toBe(fare);
    // 20 pays of the paid order under new keys: refused, nothing charged, still one set
    const again = await Promise.all(Array.from({ length: 20 }, (_, i) => pay(id, card, `journey-again-${i}`)));
    expect(again.every((r) => r.statusCode === 409)).toBe(true);
    expect(await legTickets(id)).toBe(2);
    expect(await net(id)).toBe(fare);
  });

  it('a journey changed after its payment started is refused; the payment issues the frozen legs at the frozen price', async () => {
    const key = `journey-requote-${++n}`;
    const o = await create(key);
    const p = await pay(o.orderId, pendingUpi);
    expect(p.json().status).toBe('PAYMENT_PROCESSING');
    // another route for leg 2, under the same key
    const changed = [LEGS[0], { routeId: 'AE-T1-THN', fromStopId: 'T1-BAY', toStopId: 'THANE' }];
    const fare2 = await fareOf('mumbai', changed);
    expectError(await req('POST', '/api/tickets/v1/journeys', body(fare2, { legs: changed }), { 'idempotency-key': key }), 409, 'ORDER_FROZEN');
    // more passengers, under the same key
    const fare3 = await fareOf('mumbai', LEGS, { adult: 2, child: 0, senior: 0 });
    expectError(
      await req('POST', '/api/tickets/v1/journeys', body(fare3, { passengers: { adult: 2, child: 0, senior: 0 } }), { 'idempotency-key': key }),
      409,
      'ORDER_FROZEN',
    );
    // the same journey again under its key answers the frozen order
    expect((await req('POST', '/api/tickets/v1/journeys', body(o.payableAmount), { 'idempotency-key': key })).json()).toMatchObject({ orderId: o.orderId });
    // the operator raises a leg's fare while the payment is pending: the frozen price holds
    const before = (await s.db.query<{ body: unknown }>(`SELECT body FROM ticket_fare_tables WHERE city_id = 'mumbai' AND agency = 'Mumbai Airport Express'`))
      .rows[0].body;
    await s.db.query(
      `UPDATE ticket_fare_tables SET body = jsonb_set(body, '{rule,farePaise}', '30000') WHERE city_id = 'mumbai' AND agency = 'Mumbai Airport Express'`,
    );
    try {
      expectError(await req('POST', '/api/tickets/v1/journeys', body(o.payableAmount), { 'idempotency-key': `journey-old-fare-${++n}` }), 409, 'FARE_CHANGED');
      expect(await settle(p)).toBe('SUCCESS');
      expect(await legTickets(o.orderId)).toBe(2);
      expect(await net(o.orderId)).toBe(o.payableAmount);
    } finally {
      await s.db.query(`UPDATE ticket_fare_tables SET body = $1 WHERE city_id = 'mumbai' AND agency = 'Mumbai Airport Express'`, [JSON.stringify(before)]);
    }
  });

  it('a leg fare rewritten in the frozen order (a seller bug) is caught: nothing issued, refunded in full', async () => {
    const o = await create();
    const p = await pay(o.orderId, pendingUpi);
    await s.db.query(`UPDATE journey_orders SET legs = jsonb_set(legs, '{1,payableAmount}', '1') WHERE order_id = $1`, [o.orderId]);
    expect(await settle(p)).toBe('SUCCESS');
    await paymentsOf(s.app)!.service.reconcile();
    expect(await legTickets(o.orderId)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM ticket_orders WHERE journey_order_id = $1', [o.orderId])).toBe(0);
    expect(await net(o.orderId)).toBe(0);
    const st = (await req('GET', `/api/payments/orders/journey/${o.orderId}/status`)).json() as { status: string; failureReason: string };
    expect(st).toMatchObject({ status: 'PAYMENT_FAILED', failureReason: 'ORDER_CHANGED_REFUNDED' });
  });

  it('one leg that can no longer be sold: the whole journey refunded, no ticket for any leg', async () => {
    const o = await create(`journey-twobus-${++n}`, { city: 'twobus' });
    expect(o.legs.map((l) => [l.agency, l.payableAmount])).toEqual([
      ['Mumbai Airport Express', 20000],
      ['Thane City Bus', 3000],
    ]);
    const p = await pay(o.orderId, pendingUpi);
    // the second bus's fare is withdrawn from sale between the freeze and the settling; the first is still on sale
    await s.db.query(`UPDATE ticket_fare_tables SET is_active = false WHERE city_id = 'twobus' AND agency = 'Thane City Bus'`);
    expect(await settle(p)).toBe('SUCCESS');
    await paymentsOf(s.app)!.service.reconcile();
    expect(await legTickets(o.orderId)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM tickets WHERE user_id = $1 AND city_id = 'twobus'`, [rider.userId])).toBe(0);
    expect(await net(o.orderId)).toBe(0);
    const refund = await s.db.query<{ reason: string; amount_paise: number }>(
      `SELECT f.reason, f.amount_paise FROM payment_refunds f JOIN payments p ON p.id = f.payment_id WHERE p.order_id = $1`,
      [o.orderId],
    );
    expect(refund.rows).toHaveLength(1);
    expect(Number(refund.rows[0].amount_paise)).toBe(23000);
    expect(refund.rows[0].reason).toMatch(/leg 2 \(bus AE4/);
    // the journey is payable again only if every leg is on sale: still refused-and-refunded, never half issued
    expect(journeyOrderSchema.parse((await req('GET', `/api/tickets/v1/journeys/${o.orderId}`)).json()).status).toBe('PAYMENT_FAILED');
    await s.db.query(`UPDATE ticket_fare_tables SET is_active = true WHERE city_id = 'twobus'`);
  });

  it("another rider's journey is 404 on read, pay and status; a ticket's id is not a journey", async () => {
    const o = await create();
    expectError(await req('GET', `/api/tickets/v1/journeys/${o.orderId}`, undefined, {}, other), 404, 'ORDER_NOT_FOUND');
    expectError(await pay(o.orderId, card, `journey-other-${++n}`, other), 404, 'ORDER_NOT_FOUND');
    expectError(await req('GET', `/api/payments/orders/journey/${o.orderId}/status`, undefined, {}, other), 404, 'ORDER_NOT_FOUND');
    expectError(await req('GET', `/api/tickets/v1/journeys/JNY_${'A'.repeat(22)}`), 404, 'ORDER_NOT_FOUND');
    expectError(await req('GET', `/api/tickets/v1/journeys/TKT-${'0'.repeat(8)}`), 400, 'VALIDATION_FAILED');
    expectError(await req('GET', `/api/tickets/v1/journeys/${o.orderId}`, undefined, {}, null), 401, 'UNAUTHENTICATED');
    // the same key from another rider is another order
    const key = `journey-shared-key-${++n}`;
    const a = await create(key);
    const b = await create(key, {}, other);
    expect(a.orderId).not.toBe(b.orderId);
    expect(await count('SELECT count(*) AS n FROM payments WHERE order_id = ANY($1::text[])', [[o.orderId, a.orderId, b.orderId]])).toBe(0);
  });

  it('NUL bytes, huge and wrong-typed fields: 4xx with a code and a message, never 5xx', async () => {
    const fare = await fareOf();
    const post = (b: unknown, headers: Record<string, string> = {}) =>
      req('POST', '/api/tickets/v1/journeys', b, { 'idempotency-key': `journey-bad-${++n}`, ...headers });
    const cases: [unknown, number][] = [
      [body(fare, { deviceId: 'dev\u0000ice' }), 400],
      [body(fare, { legs: [{ ...LEGS[0], routeId: 'AE-T1\u0000-KHR' }, LEGS[1]] }), 400],
      [body(fare, { city: 'mum\u0000bai' }), 400],
      [body(fare, { legs: [LEGS[0]] }), 400],
      [body(fare, { legs: Array(5).fill(LEGS[0]) }), 400],
      [body(fare, { legs: 'AE-T1-KHR' }), 400],
      [body(fare, { legs: [{ ...LEGS[0], routeId: 'R'.repeat(5000) }, LEGS[1]] }), 400],
      [body(fare, { legs: [{ ...LEGS[0], routeId: 42 }, LEGS[1]] }), 400],
      [body(fare, { legs: [{ ...LEGS[0], routeId: 'NO-SUCH-ROUTE' }, LEGS[1]] }), 400],
      [body(fare, { legs: [{ ...LEGS[0], toStopId: 'T1-BAY' }, LEGS[1]] }), 400],
      [body('225'), 400],
      [body(-1), 400],
      [body(1e300), 400],
      [body(fare + 100), 409],
      [body(fare, { passengers: { adult: -1 } }), 400],
      [body(fare, { passengers: { adult: 0, child: 0, senior: 0 } }), 400],
      [body(fare, { passengers: { adult: 1e9 } }), 400],
      [body(fare, { passengers: 'one' }), 400],
      [body(fare, { city: 'atlantis' }), 404],
      [body(fare, { appVer: 'v'.repeat(100_000) }), 413],
      [{ ...body(fare), deviceId: undefined }, 400],
      [[], 400],
      [null, 400],
    ];
    for (const [b, status] of cases) {
      const r = await post(b);
      expect([JSON.stringify(b).slice(0, 80), r.statusCode]).toEqual([JSON.stringify(b).slice(0, 80), status]);
      const e = r.json() as { code: string; message: string };
      expect(typeof e.code).toBe('string');
      expect(typeof e.message).toBe('string');
    }
    // a bad idempotency key, a NUL in it, and a raw body that is not JSON
    expectError(await post(body(fare), { 'idempotency-key': 'x' }), 400, 'VALIDATION_FAILED');
    const raw = await s.app.inject({
      method: 'POST',
      url: '/api/tickets/v1/journeys',
      headers: { ...rider.headers, 'content-type': 'application/json' },
      payload: '{"city": "mumbai", "legs": [',
    });
    expect(raw.statusCode).toBe(400);
    // the payment routes refuse a malformed journey id before anything is looked up
    for (const bad of ['JNY_\u0000', 'x'.repeat(300), '../ticket/x']) {
      const r = await pay(encodeURIComponent(bad));
      expect([bad.slice(0, 20), r.statusCode >= 400 && r.statusCode < 500]).toEqual([bad.slice(0, 20), true]);
    }
  });
});
