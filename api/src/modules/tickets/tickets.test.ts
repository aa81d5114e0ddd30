import {
  fareResponseSchema,
  instantFaresResponseSchema,
  multiRouteFareResponseSchema,
  ticketHistoryResponseSchema,
  ticketOrderSchema,
  validateFareResponseSchema,
  walletResponseSchema,
  type WalletItem,
} from '@sawari/contracts';
import { pathMeters } from '@sawari/domain';
import { CityConfigStore } from '../config/store';
import { importGtfs } from '../transit/importer/import';
import { DEMO_DATA_DIR, readBoardsFile } from '../../seed';
import { TEST_CARDS } from '../../dev-gateway/defaults';
import { card, payThroughGateway, upi } from '../../testing/gateway-pay';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { expectError, signIn, TestClock, type Session } from '../../testing/accounts';
import { TicketStore } from './store';
import { TicketService } from './service';

const OPS = { authorization: 'Ops sawari-dev-ops' };
const HOUR = 3_600_000;
// Demo feed stops (api/data/gtfs/mumbai-airport-express/stops.txt)
const T1 = { stop_id: 'T1-BAY', lat: 19.0967, lon: 72.8517 };
const SION = { stop_id: 'SION', lat: 19.0431, lon: 72.8632 };
const VASHI = { stop_id: 'VASHI', lat: 19.0633, lon: 72.9986 };
const T1_SION = pathMeters([T1, SION]);
const T1_VASHI = pathMeters([T1, SION, VASHI]);
/** Two routes that connect: AE1 from Terminal 1 to Sion Circle, then AE7 from Sion Circle to Terminal 2. */
const CONNECTING = [
  { routeId: 'AE-T1-KHR', fromStopId: 'T1-BAY', toStopId: 'SION' },
  { routeId: 'AE-KHR-T2', fromStopId: 'SION', toStopId: 'T2-BAY' },
];

function multipart(file: Buffer, contentType: string) {
  const boundary = '----sawari-ticket-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="proof"\r\ncontent-type: ${contentType}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe(`tickets API ${dbLabel()}`, () => {
  const clock = new TestClock(); // 2025-08-14 12:00 in India
  let s: TestServer;
  let rider: Session;
  let other: Session;
  beforeAll(async () => {
    s = await startTestServer({
      now: clock.now,
      before: async (t) => {
        // A city on the same demo feed with only a stage-fare default table, for fares at stage boundaries.
        await new CityConfigStore(t.db).addCityConfig({
          id: 'stageville',
          name: 'Stageville',
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
        await t.db.transaction((tx) => importGtfs(tx, readBoardsFile(DEMO_DATA_DIR).feedPath, { cityId: 'stageville' }));
        await new TicketStore(t.db).addFareTable('stageville', {
          agency: '*',
          maxPassengers: 6,
          roundingLogic: 'NEAREST_RUPEE',
          rule: { model: 'stage', stageMeters: T1_SION, minimumFarePaise: 1000, minimumStages: 1, perStagePaise: 500 },
          passengerTypes: { adult: { name: 'Adult', percent: 100 }, child: { name: 'Child', percent: 50 }, senior: { name: 'Senior citizen', percent: 75 } },
        });
      },
    });
    rider = await signIn(s.app, s.db, '9876570001');
    other = await signIn(s.app, s.db, '9876570002', 'test-device-2');
  }, 60_000);
  afterAll(() => s?.cleanup());

  const post = (url: string, body: object, who: Session | null = rider, headers: Record<string, string> = {}) =>
    s.app.inject({ method: 'POST', url, headers: { ...(who?.headers ?? {}), ...headers }, payload: body });
  const get = (url: string, who: Session = rider) => s.app.inject({ url, headers: who.headers });
  const ride = (over: Record<string, unknown> = {}) => ({
    routeId: 'AE-T1-KHR',
    fromStopId: 'T1-BAY',
    toStopId: 'KHARGHAR',
    passengers: { adult: 1 },
    ...over,
  });
  const fare = (body: object, city = 'mumbai', who: Session | null = rider) => post(`/api/tickets/v1/cities/${city}/fare`, body, who);
  const order = (over: Record<string, unknown> = {}, who: Session = rider) =>
    post(
      '/api/tickets/v1/orders',
      { city: 'mumbai', kind: 'singleJourney', ...ride(), farePaise: 15000, deviceId: 'test-device-1', appVer: '1001', ...over },
      who,
    );
  /** Pays on the gateway's hosted page with a test card (answers the payment as the pay request did). */
  const pay = (tx: string, key: string, number: string = TEST_CARDS.success, who: Session = rider) =>
    payThroughGateway(s.app, who, 'ticket', tx, card(number), { key });
  const wallet = async (who: Session = rider, city = 'mumbai') => {
    const r = await get(`/api/tickets/wallet?city=${city}`, who);
    expect(r.statusCode).toBe(200);
    return walletResponseSchema.parse(r.json());
  };
  const count = async (sql: string, params: unknown[]) => Number((await s.db.query<{ n: string }>(sql, params)).rows[0].n);

  describe('fares', () => {
    it('airport express: one flat fare, child half, senior 75 % rounded to the nearest rupee (₹112.50 → ₹113)', async () => {
      const r = await fare(ride({ passengers: { adult: 2, child: 1, senior: 1 } }));
      expect(r.statusCode).toBe(200);
      const f = fareResponseSchema.parse(r.json());
      expect(f).toMatchObject({
        city: 'mumbai',
        routeId: 'AE-T1-KHR',
        routeName: 'AE1',
        agency: 'Mumbai Airport Express',
        fromStopName: 'Terminal 1 Bus Bay',
        toStopName: 'Kharghar',
        stages: null,
        roundingLogic: 'NEAREST_RUPEE',
        totalAvailableSeats: 6,
        payableAmount: 30000 + 7500 + 11300,
        actualAmount: 60000,
      });
      expect(f.passengerDetails).toEqual([
        {
          id: 'adult',
          name: 'Adult',
          isDiscountApplicable: false,
          payableAmount: 30000,
          actualAmount: 30000,
          fareBreakup: [{ name: 'Ticket fare', value: 30000 }],
          categorySeatLimit: 6,
        },
        {
          id: 'child',
          name: 'Child',
          isDiscountApplicable: true,
          payableAmount: 7500,
          actualAmount: 15000,
          fareBreakup: [
            { name: 'Ticket fare', value: 15000 },
            { name: 'Child concession', value: -7500 },
          ],
          categorySeatLimit: 6,
        },
        {
          id: 'senior',
          name: 'Senior citizen',
          isDiscountApplicable: true,
          payableAmount: 11300,
          actualAmount: 15000,
          fareBreakup: [
            { name: 'Ticket fare', value: 15000 },
            { name: 'Senior citizen concession', value: -3700 },
          ],
          categorySeatLimit: 6,
        },
      ]);
      expect((await fare(ride({ toStopId: 'SION' }))).json()).toMatchObject({ payableAmount: 15000, distanceMeters: T1_SION });
    });

    it('stage fares by distance along the stop sequence: a stage boundary is one stage, beyond it the next; child half rounded', async () => {
      const one = (await fare(ride({ toStopId: 'SION', passengers: { adult: 1, child: 1 } }), 'stageville')).json();
      expect(one).toMatchObject({ distanceMeters: T1_SION, stages: 1, payableAmount: 1000 + 500 });
      const far = (await fare(ride({ toStopId: 'VASHI', passengers: { adult: 1, child: 1, senior: 1 } }), 'stageville')).json();
      const stages = Math.ceil(T1_VASHI / T1_SION);
      const adult = 1000 + (stages - 1) * 500;
      expect(far).toMatchObject({ distanceMeters: T1_VASHI, stages });
      expect(far.passengerDetails.map((g: { payableAmount: number }) => g.payableAmount)).toEqual([
        adult,
        Math.floor((adult * 50 + 5000) / 10000) * 100,
        Math.floor((adult * 75 + 5000) / 10000) * 100,
      ]);
      // one metre shorter stages: T1 → Sion is now just over one stage
      await s.db.query(`UPDATE ticket_fare_tables SET body = jsonb_set(body, '{rule,stageMeters}', $1::jsonb) WHERE city_id = 'stageville'`, [
        JSON.stringify(T1_SION - 1),
      ]);
      const two = (await fare(ride({ toStopId: 'SION', passengers: { adult: 1, child: 1 } }), 'stageville')).json();
      expect(two).toMatchObject({ stages: 2, payableAmount: 1500 + 800 }); // child ₹7.50 → ₹8
      await s.db.query(`UPDATE ticket_fare_tables SET body = jsonb_set(body, '{rule,stageMeters}', $1::jsonb) WHERE city_id = 'stageville'`, [
        JSON.stringify(T1_SION),
      ]);
      // no active table for the agency and no city default: 409, never a made-up fare
      await s.db.query(`UPDATE ticket_fare_tables SET is_active = false WHERE city_id = 'stageville'`);
      expectError(await fare(ride({ toStopId: 'SION' }), 'stageville'), 409, 'FARE_NOT_AVAILABLE', /AE1/);
      await s.db.query(`UPDATE ticket_fare_tables SET is_active = true WHERE city_id = 'stageville'`);
    });

    it('validate-fare: ok for the fare the rider saw, 409 FARE_CHANGED otherwise', async () => {
      expect(
        validateFareResponseSchema.parse((await post('/api/tickets/v1/cities/mumbai/validate-fare', { ...ride(), farePaise: 15000 })).json()),
      ).toMatchObject({ ok: true, farePaise: 15000 });
      expectError(await post('/api/tickets/v1/cities/mumbai/validate-fare', { ...ride(), farePaise: 14000 }), 409, 'FARE_CHANGED', /₹150/);
      expectError(await post('/api/tickets/v1/cities/mumbai/validate-fare', { ...ride() }), 400, 'VALIDATION_FAILED', /farePaise/);
    });

    it.each([
      ['ROUTE_NOT_FOUND', { routeId: 'NOPE' }],
      ['SAME_STOP', { toStopId: 'T1-BAY' }],
      ['WRONG_DIRECTION', { fromStopId: 'KHARGHAR', toStopId: 'SION' }],
      ['STOP_NOT_ON_ROUTE', { toStopId: 'THANE' }],
      ['STOP_NOT_FOUND', { fromStopId: 'ATLANTIS' }],
      ['NO_PASSENGERS', { passengers: { adult: 0 } }],
      ['TOO_MANY_PASSENGERS', { passengers: { adult: 5, child: 2 } }],
    ])('400 %s', async (code, over) => {
      expectError(await fare(ride(over)), 400, code);
    });
    it.each([
      ['routeId', { routeId: '' }],
      ['fromStopId', { fromStopId: undefined }],
      ['toStopId', { toStopId: 'a b' }],
      ['passengers.adult', { passengers: { adult: -1 } }],
      ['passengers.child', { passengers: { child: 1.5 } }],
    ])('400 VALIDATION_FAILED naming %s', async (field, over) => {
      expectError(await fare(ride(over)), 400, 'VALIDATION_FAILED', new RegExp(field.replace('.', '\\.')));
    });

    it('city gating: 403 TICKETS_NOT_ENABLED where features.tickets is off, 404 unknown city, 401 signed out', async () => {
      await s.db.query(`UPDATE cities SET features = jsonb_set(features, '{tickets}', 'false') WHERE id = 'pune'`);
      expectError(await fare(ride(), 'pune'), 403, 'TICKETS_NOT_ENABLED');
      expectError(await order({ city: 'pune' }), 403, 'TICKETS_NOT_ENABLED');
      expectError(await get('/api/tickets/v1/cities/pune/instant-fares'), 403, 'TICKETS_NOT_ENABLED');
      // an order made while tickets were sold cannot be paid once they are not
      const pending = (await order()).json();
      await s.db.query(`UPDATE cities SET features = jsonb_set(features, '{tickets}', 'false') WHERE id = 'mumbai'`);
      expectError(await pay(pending.transactionId, 'tk-gate-000001'), 409, 'ORDER_NOT_PAYABLE', /no longer sold/);
      await s.db.query(`UPDATE cities SET features = jsonb_set(features, '{tickets}', 'true') WHERE id = 'mumbai'`);
      expectError(await fare(ride(), 'atlantis'), 404, 'CITY_NOT_FOUND');
      expectError(await fare(ride(), 'Mumbai!'), 400, 'VALIDATION_FAILED');
      expectError(await fare(ride(), 'mumbai', null), 401, 'UNAUTHENTICATED');
      expectError(await s.app.inject({ url: '/api/tickets/wallet?city=mumbai' }), 401, 'UNAUTHENTICATED');
      expectError(await get('/api/tickets/wallet?city='), 400, 'VALIDATION_FAILED', /city/);
      expectError(await get('/api/tickets/wallet?city=Mumbai!'), 400, 'VALIDATION_FAILED', /city/);
    });

    it('multi-route (web app): each leg priced, then merged per spec §4 (groups in every leg, amounts and lines summed, minimum seats)', async () => {
      const legs = [
        { routeId: 'AE-T1-KHR', fromStopId: 'T1-BAY', toStopId: 'SION' },
        { routeId: 'AE-T2-THN', fromStopId: 'GHATKOPAR', toStopId: 'THANE' },
      ];
      const r = await post('/api/tickets/v1/cities/mumbai/multi-route-fare', { legs, passengers: { adult: 1, child: 1 } });
      expect(r.statusCode).toBe(200);
      const m = multiRouteFareResponseSchema.parse(r.json());
      expect(m.legs.map((l) => [l.routeName, l.payableAmount])).toEqual([
        ['AE1', 22500],
        ['AE4', 22500],
      ]);
      expect(m).toMatchObject({ payableAmount: 45000, actualAmount: 60000, totalAvailableSeats: 6 });
      expect(m.passengerDetails).toEqual([
        expect.objectContaining({ id: 'adult', payableAmount: 30000, fareBreakup: [{ name: 'Ticket fare', value: 30000 }] }),
        expect.objectContaining({
          id: 'child',
          payableAmount: 15000,
          actualAmount: 30000,
          fareBreakup: [
            { name: 'Ticket fare', value: 30000 },
            { name: 'Child concession', value: -15000 },
          ],
        }),
      ]);
      expectError(
        await post('/api/tickets/v1/cities/mumbai/multi-route-fare', { legs: [legs[0], { ...legs[1], toStopId: 'GHATKOPAR' }], passengers: { adult: 1 } }),
        400,
        'SAME_STOP',
        /Leg 2/,
      );
      expectError(
        await post('/api/tickets/v1/cities/mumbai/multi-route-fare', { legs: [legs[0]], passengers: { adult: 1 } }),
        400,
        'VALIDATION_FAILED',
        /legs/,
      );
    });
  });

  describe('orders and payment', () => {
    it('creates a PENDING order from the server fare; the rider sees only their own', async () => {
      const r = await order({ passengers: { adult: 1, child: 1 }, farePaise: 22500 });
      expect(r.statusCode).toBe(201);
      const o = ticketOrderSchema.parse(r.json());
      expect(o).toMatchObject({ city: 'mumbai', kind: 'singleJourney', status: 'PENDING', payableAmount: 22500, ticketId: null });
      expect(o.transactionId).toMatch(/^TKT-/);
      expect((await get(`/api/tickets/v1/orders/${o.transactionId}`)).json()).toMatchObject({ transactionId: o.transactionId, status: 'PENDING' });
      expectError(await get(`/api/tickets/v1/orders/${o.transactionId}`, other), 404, 'ORDER_NOT_FOUND');
      expectError(await pay(o.transactionId, 'tk-other-0001', TEST_CARDS.success, other), 404, 'ORDER_NOT_FOUND');
    });

    it.each([
      ['kind', { kind: 'season' }],
      ['city', { city: 'MUMBAI' }],
      ['routeId', { routeId: '' }],
      ['fromStopId', { fromStopId: 12 }],
      ['toStopId', { toStopId: undefined }],
      ['passengers', { passengers: { adult: 'two' } }],
      ['farePaise', { farePaise: 150.5 }],
      ['deviceId', { deviceId: '' }],
      ['appVer', { appVer: undefined }],
    ])('order: 400 VALIDATION_FAILED naming a bad %s', async (field, over) => {
      expectError(await order(over), 400, 'VALIDATION_FAILED', new RegExp(field));
    });
    it('order: the server fare wins (409 FARE_CHANGED), bad stops and routes are 400 with their code', async () => {
      expectError(await order({ farePaise: 1 }), 409, 'FARE_CHANGED');
      expectError(await order({ fromStopId: 'KHARGHAR', toStopId: 'T1-BAY' }), 400, 'WRONG_DIRECTION');
      expectError(await order({ routeId: 'AE-X' }), 400, 'ROUTE_NOT_FOUND');
      expectError(await order({ passengers: { adult: 0 } }), 400, 'NO_PASSENGERS');
      expect(await count('SELECT count(*) AS n FROM ticket_orders WHERE user_id = $1 AND status <> $2', [rider.userId, 'PENDING'])).toBe(0);
    });

    it("paying on the gateway's page issues one ticket; the wallet shows it UNUSED, valid 24 h from booking", async () => {
      const o = (await order()).json();
      const p = await pay(o.transactionId, 'tk-pay-000001');
      expect(p.json()).toMatchObject({ status: 'SUCCESS' });
      const after = ticketOrderSchema.parse((await get(`/api/tickets/v1/orders/${o.transactionId}`)).json());
      expect(after.status).toBe('SUCCESS');
      expect(after.ticketId).toEqual(expect.any(String));
      expectError(await pay(o.transactionId, 'tk-pay-000002'), 409, 'ORDER_ALREADY_PAID');
      const item = (await wallet()).items.find((i) => i.transactionId === o.transactionId)!;
      expect(item).toMatchObject({
        ticketId: after.ticketId,
        productType: 'singleJourneyTicket',
        productSubType: null,
        status: 'UNUSED',
        agency: 'Mumbai Airport Express',
        fare: 150,
        discountedFare: 150,
        farePaise: 15000,
        startTime: clock.t,
        bookingTime: clock.t,
        expiryTime: clock.t + 24 * HOUR,
        activationExpiryTime: clock.t + 24 * HOUR,
        routeId: 'AE-T1-KHR',
        routeName: 'AE1',
        fromStopName: 'Terminal 1 Bus Bay',
        toStopName: 'Kharghar',
        passengers: { adult: 1, child: 0, senior: 0 },
        punches: [],
        rideCount: 0,
        maxTripsPerDay: 1,
        numOfTrips: 1,
        activeDuration: 15,
        passStartDate: '2025-08-14',
        fareInfo: { actualFare: 15000, discountedFare: 15000, payableAmount: 15000, fareBreakup: [{ name: 'Ticket fare', value: 15000 }] },
        conditions: expect.arrayContaining([expect.stringMatching(/within 24 hours/)]),
      });
    });

    it('20 concurrent identical pays → one payment, one ticket', async () => {
      const o = (await order()).json();
      const t0 = performance.now();
      const res = await Promise.all(
        Array.from({ length: 20 }, () =>
          post(`/api/payments/ticket/${o.transactionId}/pay`, { method: 'card' }, rider, { 'idempotency-key': 'tk-conc-000001' }),
        ),
      );
      const wallMs = Math.round(performance.now() - t0);
      const ids = new Set(res.map((r) => r.json().paymentId));
      const gatewayOrders = new Set(res.map((r) => r.json().checkout?.fields.order_id));
      // the rider pays the one payment on the gateway's page (the same key again: the same payment's checkout)
      expect((await pay(o.transactionId, 'tk-conc-000001')).json()).toMatchObject({ status: 'SUCCESS', paymentId: [...ids][0] });
      const tickets = await count('SELECT count(*) AS n FROM tickets WHERE transaction_id = $1', [o.transactionId]);
      console.log(
        `tickets concurrency figures ${JSON.stringify({ db: s.kind, requests: 20, http200: res.filter((r) => r.statusCode === 200).length, distinctPaymentIds: ids.size, ticketsIssued: tickets, wallMs })}`,
      );
      // Any other answer is shown with its body (code and message), so a race that loses one says which.
      expect(res.map((r) => (r.statusCode === 200 ? 200 : `${r.statusCode} ${r.body}`))).toEqual(Array(20).fill(200));
      expect(ids.size).toBe(1);
      expect(gatewayOrders.size).toBe(1);
      expect(tickets).toBe(1);
      // a second key cannot pay it again: one payment, one ticket
      expectError(await pay(o.transactionId, 'tk-conc-000002'), 409, 'ORDER_ALREADY_PAID');
      expect(await count('SELECT count(*) AS n FROM tickets WHERE transaction_id = $1', [o.transactionId])).toBe(1);
    });

    it('a declined card leaves the order PAYMENT_FAILED with no ticket; a retry with a new key pays and issues it', async () => {
      const o = (await order()).json();
      expect((await pay(o.transactionId, 'tk-fail-000001', TEST_CARDS.declined)).json()).toMatchObject({
        status: 'PAYMENT_FAILED',
        failureReason: 'CARD_DECLINED',
      });
      expect((await get(`/api/tickets/v1/orders/${o.transactionId}`)).json()).toMatchObject({ status: 'PAYMENT_FAILED', ticketId: null });
      expect((await wallet()).items.some((i) => i.transactionId === o.transactionId)).toBe(false);
      expect((await pay(o.transactionId, 'tk-fail-000002')).json()).toMatchObject({ status: 'SUCCESS' });
      expect((await get(`/api/tickets/v1/orders/${o.transactionId}`)).json()).toMatchObject({ status: 'SUCCESS', ticketId: expect.any(String) });
      expect(await count('SELECT count(*) AS n FROM tickets WHERE transaction_id = $1', [o.transactionId])).toBe(1);
    });

    it('a ticket with connecting routes whose routes do not connect is not sold: 400 LEGS_DO_NOT_CONNECT naming the stops', async () => {
      // AE1 ends at Sion Circle; AE4 starts at Ghatkopar Depot: the rider cannot change buses between them.
      const legs = [
        { routeId: 'AE-T1-KHR', fromStopId: 'T1-BAY', toStopId: 'SION' },
        { routeId: 'AE-T2-THN', fromStopId: 'GHATKOPAR', toStopId: 'THANE' },
      ];
      const before = await count('SELECT count(*) AS n FROM ticket_orders', []);
      const r = await order({ kind: 'multiRoute', legs, farePaise: 30000 });
      expectError(r, 400, 'LEGS_DO_NOT_CONNECT', /Route 2 \(AE4\) starts at Ghatkopar Depot.*route 1 \(AE1\) ends at Sion Circle/);
      expect(await count('SELECT count(*) AS n FROM ticket_orders', [])).toBe(before);
      // A third leg that does not start where the second ends is refused the same way (and names that leg).
      const three = [...CONNECTING, { routeId: 'AE-T2-THN', fromStopId: 'GHATKOPAR', toStopId: 'THANE' }];
      expectError(await order({ kind: 'multiRoute', legs: three, farePaise: 1 }), 400, 'LEGS_DO_NOT_CONNECT', /Route 3/);
    });

    it('multi-route order: priced by the server, paid, one ticket with its legs', async () => {
      const legs = CONNECTING;
      expectError(
        await order({ kind: 'multiRoute', legs, routeId: undefined, fromStopId: undefined, toStopId: undefined, farePaise: 15000 }),
        409,
        'FARE_CHANGED',
        /₹300/,
      );
      const o = (await order({ kind: 'multiRoute', legs, farePaise: 30000 })).json();
      expect(o).toMatchObject({ kind: 'multiRoute', payableAmount: 30000 });
      expect((await pay(o.transactionId, 'tk-multi-00001')).json()).toMatchObject({ status: 'SUCCESS' });
      const item = (await wallet()).items.find((i) => i.transactionId === o.transactionId)!;
      expect(item).toMatchObject({
        productSubType: 'multiRouteTicket',
        routeName: 'AE1 + AE7',
        fromStopName: 'Terminal 1 Bus Bay',
        toStopName: 'Terminal 2 Bus Bay',
        numOfTrips: 2,
        farePaise: 30000,
      });
      expect(item.legs).toHaveLength(2);
    });

    it("instant ticket: the city's fares, a fare and a count, no route; valid 15 min", async () => {
      const list = instantFaresResponseSchema.parse((await get('/api/tickets/v1/cities/mumbai/instant-fares')).json());
      expect(list).toMatchObject({ city: 'mumbai', maxPassengers: 6 });
      expect(list.fares.map((f) => f.farePaise)).toEqual([1000, 1500, 2000, 2500]);
      const base = {
        kind: 'instant',
        instantFareId: 'mum-inst-15',
        passengerCount: 2,
        routeId: undefined,
        fromStopId: undefined,
        toStopId: undefined,
        passengers: undefined,
      };
      expectError(await order({ ...base, instantFareId: 'nope', farePaise: 3000 }), 400, 'INSTANT_FARE_NOT_FOUND');
      expectError(await order({ ...base, passengerCount: 7, farePaise: 10500 }), 400, 'TOO_MANY_PASSENGERS');
      expectError(await order({ ...base, passengerCount: 0, farePaise: 0 }), 400, 'VALIDATION_FAILED', /passengerCount/);
      const o = (await order({ ...base, farePaise: 3000 })).json();
      expect((await pay(o.transactionId, 'tk-inst-00001')).json()).toMatchObject({ status: 'SUCCESS' });
      const item = (await wallet()).items.find((i) => i.transactionId === o.transactionId)!;
      expect(item).toMatchObject({
        productSubType: 'instantTicket',
        categoryId: 'mum-inst-15',
        farePaise: 3000,
        routeId: null,
        conditions: expect.arrayContaining([expect.stringMatching(/15 minutes/)]),
        expiryTime: clock.t + 15 * 60_000,
        activationExpiryTime: clock.t + 15 * 60_000,
      });
    });
  });

  describe('wallet and validation hooks', () => {
    const upload = async (data: Buffer, type: string) => {
      const m = multipart(data, type);
      return (await s.app.inject({ method: 'POST', url: '/api/passes/proofs', payload: m.payload, headers: { ...rider.headers, ...m.headers } })).json()
        .fileId as string;
    };
    const passOrder = (props: Record<string, unknown>, over: Record<string, unknown> = {}) =>
      post('/api/passes/v3/orders', {
        appVer: '1.0.0',
        city: 'mumbai',
        deviceId: 'test-device-1',
        source: 1,
        paymentProps: { lpVer: '1', paymentType: 'online' },
        proofs: [],
        userDetails: { mailId: 'a@b.in', mobileNumber: '9876570001', userName: 'Asha Rao', gender: 'F', dobInMillis: 0, userId: rider.userId },
        passProps: { passStartDate: '2025-08-14', categoryId: 'adult', fmId: 'mum-gen-30', configurationId: 'mum-general', passFare: 1100, ...props },
        ...over,
      });

    it('lists tickets and passes with their statuses: issued pass, verification pending, verification rejected with its reason', async () => {
      const general = (await passOrder({})).json();
      expect((await payThroughGateway(s.app, rider, 'pass', general.transactionId, upi('asha@upi'), { key: 'tk-passpay-001' })).json()).toMatchObject({
        status: 'SUCCESS',
      });
      const proofs = async () => [
        { kind: 'PHOTO', fileId: await upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]), 'image/jpeg') },
        { kind: 'STUDENT_ID', fileId: await upload(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(100)]), 'application/pdf') },
      ];
      const concession = { configurationId: 'mum-concession', categoryId: 'student', fmId: 'mum-stu-30', passFare: 400 };
      const pending = (await passOrder(concession, { proofs: await proofs(), transactionId: `${rider.userId}-pending` })).json();
      const rejected = (await passOrder(concession, { proofs: await proofs(), transactionId: `${rider.userId}-rejected` })).json();
      await post(`/api/passes/orders/${rejected.transactionId}/submit-for-verification`, {});
      expect(
        (await post(`/api/ops/verifications/${rejected.transactionId}/reject`, { reason: 'The student ID is not readable' }, null, OPS)).json(),
      ).toMatchObject({ status: 'REJECTED' });

      const w = await wallet();
      expect(w.serverTime).toBe(clock.t);
      const by = (tx: string) => w.items.find((i) => i.transactionId === tx) as WalletItem;
      expect(by(general.transactionId)).toMatchObject({
        passId: expect.any(String),
        productType: 'pass',
        status: 'SUCCESS',
        fare: 1200,
        discountedFare: 1100,
        farePaise: 110000,
        numOfDays: 30,
        isRenewable: true,
        punches: [],
        rideCount: 0,
        infoNote: 'All ordinary routes in Mumbai.',
      });
      expect(by(general.transactionId).ticketId).toBeUndefined();
      expect(by(pending.transactionId)).toMatchObject({ status: 'UNVERIFIED', categoryName: 'Student', passStartDate: '2025-08-14', startTime: null });
      expect(by(rejected.transactionId)).toMatchObject({ status: 'REJECTED', rejectionReason: 'The student ID is not readable' });
      // The holder's name as bought, and the photograph of the documents (a signed link that loads)
      expect(by(general.transactionId).holder).toEqual({ name: 'Asha Rao', photoUrl: null });
      // The item's catalogue texts in the other languages
      expect(by(general.transactionId).translations?.ml).toMatchObject({ Adult: 'മുതിർന്നവർ', 'All ordinary routes in Mumbai.': expect.any(String) });
      const holder = by(pending.transactionId).holder!;
      expect(holder.name).toBe('Asha Rao');
      expect(holder.photoUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}\?exp=\d+&sig=/);
      const photo = await s.app.inject({ url: holder.photoUrl! });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
      expect(w.items.filter((i) => i.ticketId).every((i) => i.status === 'UNUSED')).toBe(true);
      // other riders and cities see none of it
      expect((await wallet(other)).items).toEqual([]);
      expect((await wallet(rider, 'kochi')).items).toEqual([]);
      expectError(await get('/api/tickets/wallet?city=atlantis'), 404, 'CITY_NOT_FOUND');

      // Without a city, every city's items (a Kochi pass beside the Mumbai ones), newest first
      const kochi = (await passOrder({ configurationId: 'koc-general', categoryId: 'adult', fmId: 'koc-gen-30', passFare: 800 }, { city: 'kochi' })).json();
      expect((await payThroughGateway(s.app, rider, 'pass', kochi.transactionId, upi('asha@upi'), { key: 'tk-passpay-kochi' })).json()).toMatchObject({
        status: 'SUCCESS',
      });
      const all = walletResponseSchema.parse((await get('/api/tickets/wallet')).json());
      expect(all.items.map((i) => i.transactionId).sort()).toEqual([...w.items.map((i) => i.transactionId), kochi.transactionId].sort());
      expect(all.items.find((i) => i.transactionId === kochi.transactionId)).toMatchObject({ city: 'kochi', status: 'SUCCESS' });
      expect((await wallet(rider, 'kochi')).items.map((i) => i.transactionId)).toEqual([kochi.transactionId]);
      const times = all.items.map((i) => i.bookingTime ?? 0);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(walletResponseSchema.parse((await get('/api/tickets/wallet', other)).json()).items).toEqual([]);
    });

    it('validation lookup and onPunched: ISSUED until punched, then USED (once); rides show in the wallet through the punch port', async () => {
      const o = (await order()).json();
      expect((await pay(o.transactionId, 'tk-punch-00001')).json()).toMatchObject({ status: 'SUCCESS' });
      const punchedAt = clock.t + 60_000;
      const svc = new TicketService(s.db, clock.now, { routePatterns: async () => null, stop: async () => null });
      svc.usePunches({ punchesFor: async (ids) => new Map(ids.filter((id) => id === o.transactionId).map((id) => [id, [{ punchingTime: punchedAt }]])) });
      expect(await svc.validatable(o.transactionId)).toMatchObject({
        kind: 'ticket',
        status: 'ISSUED',
        tripsPerDay: 1,
        validFrom: clock.t,
        validUntil: clock.t + 24 * HOUR,
        farePaise: 15000,
        title: 'AE1: Terminal 1 Bus Bay → Kharghar',
        userId: rider.userId,
      });
      expect(await svc.validatable('TKT-unknown')).toBeNull();
      expect(await svc.onPunched(o.transactionId, punchedAt, { rideCount: 1 })).toBe('USED');
      expect(await svc.onPunched(o.transactionId, punchedAt + 1, { rideCount: 2 })).toBe('USED');
      expect(await svc.validatable(o.transactionId)).toMatchObject({ status: 'USED' });
      const item = (await svc.wallet(rider.userId, 'mumbai')).items.find((i) => i.transactionId === o.transactionId)!;
      expect(item).toMatchObject({ status: 'USED', punches: [{ punchingTime: punchedAt }], rideCount: 1 });
    });

    it('history per city lists the orders with their tickets; after 24 h unused tickets read EXPIRED', async () => {
      const h = ticketHistoryResponseSchema.parse((await get('/api/tickets/v1/cities/mumbai/history')).json());
      expect(h.orders.length).toBeGreaterThan(5);
      expect(h.orders.every((x) => (x.status === 'SUCCESS') === !!x.ticket)).toBe(true);
      clock.advance(24 * HOUR);
      const w = await wallet(await signIn(s.app, s.db, '9876570001')); // the access token of the morning has lapsed
      const tickets = w.items.filter((i) => i.ticketId);
      expect(new Set(tickets.map((i) => i.status))).toEqual(new Set(['EXPIRED', 'USED']));
      expect(w.items.find((i) => i.passId)?.status).toBe('SUCCESS');
    });
  });
});
