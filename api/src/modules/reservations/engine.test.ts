import { openTestDb, dbLabel, type TestDb } from '../../testing/test-db';
import { seedCityConfig, DEMO_DATA_DIR } from '../../seed';
import { TestClock } from '../../testing/accounts';
import { ApiError } from '../../platform/errors';
import { ReservationService, parseTripId, tripIdOf } from './service';
import { seedReservationLines } from './seed';
import { noGateway, OrderKinds, PaymentService } from '../payments';
import { paymentsRefundPort, RESERVATION_ORDER_KIND, reservationOrderKind } from './payment-port';

/**
 * The engine without HTTP: trips from schedules, holds, never oversold under concurrency (one database, and two
 * services on two connections as two API instances would be), hold expiry, payments' hooks, cancellation refunds.
 */
const ist = (s: string) => Date.parse(`${s}+05:30`);
const MIN = 60_000;

describe(`reservations engine ${dbLabel()}`, () => {
  let t: TestDb;
  const clock = new TestClock(ist('2026-11-23T08:00:00')); // a Monday
  let service: ReservationService;
  let payments: PaymentService;
  const users: string[] = [];

  beforeAll(async () => {
    t = await openTestDb();
    await seedCityConfig(t.db, DEMO_DATA_DIR);
    await seedReservationLines(t.db, DEMO_DATA_DIR);
    service = new ReservationService(t.db, clock.now);
    // ₹0 bookings (pass seats, cheaper changes of slot) are issued through the real payments seam; nothing here is
    // paid at a gateway (the engine's bookings are confirmed through its own hooks), so any gateway call fails the test
    payments = new PaymentService(
      t.db,
      noGateway('the reservations engine test issues ₹0 orders only'),
      new OrderKinds().register(RESERVATION_ORDER_KIND, reservationOrderKind(service)),
      clock.now,
      {
        requestKey: Buffer.alloc(32, 7),
      },
    );
    service.useRefunds(paymentsRefundPort(payments));
    for (let i = 0; i < 100; i++) {
      const id = `u-engine-${i}`;
      users.push(id);
      await t.db.query('INSERT INTO users (id, phone_number, country_code, created_at) VALUES ($1, $2, $3, 0) ON CONFLICT DO NOTHING', [
        id,
        `90000${String(i).padStart(5, '0')}`,
        '+91',
      ]);
    }
  }, 60_000);
  afterAll(() => t.cleanup());

  const P1 = { fromStopId: 'PRM-THANE', toStopId: 'PRM-BKC' };
  const fareOf = async (tripId: string, passengers = { adult: 1, child: 0, senior: 0 }) =>
    (await service.fare({ options: [{ tripId, ...P1 }], passengers })).payableAmount;

  it('trip ids round-trip through India time', () => {
    const ms = ist('2026-11-23T07:20:00');
    expect(tripIdOf('PRM-1', ms)).toBe('PRM-1.202611230720');
    expect(parseTripId('PRM-1.202611230720')).toEqual({ lineId: 'PRM-1', startTime: ms });
    expect(parseTripId('PRM-1.202611232460')).toBeNull();
  });

  it('lists weekday slots every 20 minutes with 40 seats, none on a Sunday', async () => {
    const s = await service.slots('mumbai', { lineId: 'PRM-1', ...P1, date: '20261123' });
    expect(s.slots[0].startTime).toBe(ist('2026-11-23T08:20:00')); // 08:00 itself has left (start_time > now)
    expect(s.slots[1].startTime - s.slots[0].startTime).toBe(20 * MIN);
    expect(s.slots.every((x) => x.capacity === 40 && x.seatsLeft === 40 && x.availability === null && x.dayLabel === 'today')).toBe(true);
    expect(s.slots.at(-1)!.startTime).toBe(ist('2026-11-23T21:00:00'));
    const sunday = await service.slots('mumbai', { lineId: 'PRM-1', ...P1, date: '20261129' });
    expect(sunday.slots).toEqual([]);
  });

  it(`100 concurrent holds of one seat on the last 5 seats: exactly 5 bookings ${dbLabel()}`, async () => {
    const tripId = 'PRM-1.202611231000';
    const price = await fareOf(tripId);
    await t.db.query('UPDATE reservation_trips SET seats_taken = capacity - 5 WHERE id = $1', [tripId]);
    const other = await t.openAnother();
    const second = new ReservationService(other, clock.now);
    const started = Date.now();
    const results = await Promise.allSettled(
      users.map((u, i) => (i % 2 ? second : service).hold(u, { tripId, ...P1, passengers: { adult: 1, child: 0, senior: 0 }, farePaise: price })),
    );
    const ms = Date.now() - started;
    const ok = results.filter((r) => r.status === 'fulfilled');
    const codes = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => (r.reason as ApiError).code);
    expect(ok).toHaveLength(5);
    expect(new Set(codes)).toEqual(new Set(['SOLD_OUT']));
    const trip = (await t.db.query<{ seats_taken: number; capacity: number }>('SELECT seats_taken, capacity FROM reservation_trips WHERE id = $1', [tripId]))
      .rows[0];
    expect(Number(trip.seats_taken)).toBe(40);
    const held = (await t.db.query<{ n: string }>('SELECT count(*) AS n FROM reservation_bookings WHERE trip_id = $1 AND seats_held', [tripId])).rows[0];
    expect(Number(held.n)).toBe(5);
    console.log(
      `reservations oversell ${dbLabel()}: 100 concurrent holds (two services) on 5 seats → ${ok.length} bookings, ${codes.length} × SOLD_OUT, ${ms} ms`,
    );
  }, 60_000);

  it('a hold lapses after exactly 10 minutes and its seats go back once', async () => {
    const tripId = 'PRM-1.202611231100';
    const price = await fareOf(tripId, { adult: 2, child: 0, senior: 0 });
    const b = await service.hold(users[0], { tripId, ...P1, passengers: { adult: 2, child: 0, senior: 0 }, farePaise: price });
    expect(b.status).toBe('BOOKING_UNDER_PROCESS');
    expect(b.holdSecondsLeft).toBe(600);
    expect((await service.seatAvailability(tripId)).seatsLeft).toBe(38);
    clock.advance(10 * MIN - 1);
    expect(await service.sweepLapsedHolds()).toBe(0);
    clock.advance(1);
    const [a, c] = await Promise.all([service.sweepLapsedHolds(), service.sweepLapsedHolds()]);
    expect(a + c).toBe(6); // this hold and the five of the oversell test, each released by one of the two sweeps
    expect((await service.seatAvailability(tripId)).seatsLeft).toBe(40);
    expect((await service.booking(users[0], b.bookingId)).status).toBe('BOOKING_FAILED');
    await expect(t.db.transaction((tx) => service.startPayment(tx, b.bookingId))).rejects.toMatchObject({ code: 'ORDER_NOT_PAYABLE' });
    clock.advance(-10 * MIN);
  });

  it('payment: start freezes the hold, a decline gives the seats back, a retry within 10 min takes them again, success issues once', async () => {
    const tripId = 'PRM-1.202611231200';
    const price = await fareOf(tripId);
    const b = await service.hold(users[1], { tripId, ...P1, passengers: { adult: 1, child: 0, senior: 0 }, farePaise: price });
    await t.db.transaction((tx) => service.startPayment(tx, b.bookingId));
    expect((await service.booking(users[1], b.bookingId)).status).toBe('PAYMENT_PROCESSING');
    await t.db.transaction((tx) => service.paymentFailed(tx, b.bookingId));
    expect((await service.seatAvailability(tripId)).seatsLeft).toBe(40);
    await t.db.transaction((tx) => service.startPayment(tx, b.bookingId));
    expect((await service.seatAvailability(tripId)).seatsLeft).toBe(39);
    await t.db.transaction((tx) => service.issue(tx, b.bookingId));
    await t.db.transaction((tx) => service.issue(tx, b.bookingId));
    const issued = await service.booking(users[1], b.bookingId);
    expect(issued.status).toBe('ACTIVE');
    expect((await service.seatAvailability(tripId)).seatsLeft).toBe(39);
    expect(issued.actions).toEqual(['CANCEL_RIDE', 'RESCHEDULE_RIDE', 'FIND_MY_STOP', 'CHAT_SUPPORT', 'CALL_SUPPORT']);
    expect(issued.cancellation).toEqual({ refundPercent: 100, refundPaise: price, canCancel: true });
  });

  it('cancel: 50 % between 60 and 15 minutes before, refunded once even when retried at once', async () => {
    const tripId = 'PRM-1.202611230900';
    const price = await fareOf(tripId);
    const b = await service.hold(users[2], { tripId, ...P1, passengers: { adult: 1, child: 0, senior: 0 }, farePaise: price });
    await t.db.transaction(async (tx) => {
      await service.startPayment(tx, b.bookingId);
      await service.issue(tx, b.bookingId);
    });
    clock.t = ist('2026-11-23T08:30:00');
    const half = Math.floor(price / 2);
    await expect(service.cancel(users[2], b.bookingId, price)).rejects.toMatchObject({ code: 'REFUND_CHANGED' });
    const results = await Promise.allSettled([service.cancel(users[2], b.bookingId, half), service.cancel(users[2], b.bookingId, half)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const done = await service.booking(users[2], b.bookingId);
    expect(done.status).toBe('USER_CANCELLED');
    expect(done.refunds.map((r) => r.amountPaise)).toEqual([half]);
    expect((await service.seatAvailability(tripId)).seatsLeft).toBe(40);
    clock.t = ist('2026-11-23T08:00:00');
  });

  it('an operator cancels a trip: every booking SYSTEM_CANCELLED and refunded in full once, holds dropped, pop-up once', async () => {
    const tripId = 'PRM-1.202611231400';
    const price = await fareOf(tripId);
    const ids: string[] = [];
    for (const u of users.slice(10, 13)) {
      const b = await service.hold(u, { tripId, ...P1, passengers: { adult: 1, child: 0, senior: 0 }, farePaise: price });
      await t.db.transaction(async (tx) => {
        await service.startPayment(tx, b.bookingId);
        await service.issue(tx, b.bookingId);
      });
      ids.push(b.bookingId);
    }
    const hold = await service.hold(users[13], { tripId, ...P1, passengers: { adult: 1, child: 0, senior: 0 }, farePaise: price });
    const r = await service.opsCancelTrip('ops:test', tripId, 'WEATHER', 'Heavy rain at Sion');
    expect(r.cancelledBookings.sort()).toEqual([...ids].sort());
    await expect(service.opsCancelTrip('ops:test', tripId, 'WEATHER', null)).rejects.toMatchObject({ code: 'TRIP_NOT_OPEN' });
    for (const [i, id] of ids.entries()) {
      const b = await service.booking(users[10 + i], id);
      expect(b.status).toBe('SYSTEM_CANCELLED');
      expect(b.refunds.map((x) => [x.reason, x.amountPaise])).toEqual([['SYSTEM_CANCEL', price]]);
      expect(b.popUp).toBe('cancellation');
      expect(b.disruption).toBe('WEATHER');
    }
    expect((await service.booking(users[13], hold.bookingId)).status).toBe('BOOKING_FAILED');
    expect((await service.popupShown(users[10], ids[0], 'cancellation')).popUp).toBeNull();
    expect((await service.booking(users[10], ids[0])).popUp).toBeNull();
    const log = await service.store.opsLog(tripId);
    expect(log.map((l) => [l.actor, l.action])).toEqual([['ops:test', 'CANCEL_TRIP']]);
  });

  it('a premium pass books a seat for ₹0, issued at once; the daily limit holds under 20 concurrent attempts', async () => {
    const passes = new Map([
      ['PASS-1', { passId: 'PASS-1', city: 'mumbai', name: 'Premium rides', maxTripsPerDay: 2, validUntil: ist('2026-12-01T00:00:00') }],
    ]);
    service.usePasses({
      premiumPass: async (userId, passId) => (userId === users[40] ? (passes.get(passId) ?? null) : null),
      premiumPasses: async (userId) => (userId === users[40] ? [...passes.values()] : []),
    });
    const ride = (tripId: string) => service.hold(users[40], { tripId, ...P1, passengers: { adult: 1, child: 0, senior: 0 }, farePaise: 0, passId: 'PASS-1' });
    const trips = Array.from({ length: 20 }, (_, i) => `PRM-1.20261124${String(7 + Math.floor(i / 3)).padStart(2, '0')}${['00', '20', '40'][i % 3]}`);
    const results = await Promise.allSettled(trips.map(ride));
    const ok = results.filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof ride>>> => r.status === 'fulfilled').map((r) => r.value);
    expect(ok).toHaveLength(2);
    expect(ok.every((b) => b.status === 'ACTIVE' && b.amountPaise === 0 && b.paidWith === 'PASS')).toBe(true);
    expect(new Set(results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => (r.reason as ApiError).code))).toEqual(
      new Set(['PASS_DAILY_LIMIT']),
    );
    expect((await service.premiumPasses(users[40], 'mumbai', '20261124')).passes[0]).toMatchObject({ bookedThatDay: 2, ridesLeftThatDay: 0 });
    // another day is a new day; someone else's pass is not found; a paid fare with a pass is refused
    expect((await ride('PRM-1.202611250700')).status).toBe('ACTIVE');
    await expect(
      service.hold(users[41], { tripId: 'PRM-1.202611250720', ...P1, passengers: { adult: 1, child: 0, senior: 0 }, farePaise: 0, passId: 'PASS-1' }),
    ).rejects.toMatchObject({ code: 'PASS_NOT_FOUND' });
    await expect(
      service.hold(users[40], { tripId: 'PRM-1.202611250720', ...P1, passengers: { adult: 1, child: 0, senior: 0 }, farePaise: 16000, passId: 'PASS-1' }),
    ).rejects.toMatchObject({ code: 'FARE_CHANGED' });
    await expect(
      service.hold(users[40], {
        tripId: 'AIR-AE-T1-KHR.202611250730',
        fromStopId: 'T1-BAY',
        toStopId: 'KHARGHAR',
        passengers: { adult: 1, child: 0, senior: 0 },
        farePaise: 0,
        passId: 'PASS-1',
      }),
    ).rejects.toMatchObject({ code: 'PASS_NOT_ACCEPTED' });
    // a cancelled pass ride frees its place in the day's count (and refunds nothing: nothing was paid)
    const c = await service.cancel(users[40], ok[0].bookingId, 0);
    expect(c.refunds).toEqual([]);
    expect((await service.premiumPasses(users[40], 'mumbai', '20261124')).passes[0]).toMatchObject({ ridesLeftThatDay: 1 });
  });

  it('a refund whose answer is lost is retried with the same refund key: one refund at payments, SUCCESS', async () => {
    const tripId = 'PRM-1.202611241600';
    const price = await fareOf(tripId);
    const b = await service.hold(users[50], { tripId, ...P1, passengers: { adult: 1, child: 0, senior: 0 }, farePaise: price });
    await t.db.transaction(async (tx) => {
      await service.startPayment(tx, b.bookingId);
      await service.issue(tx, b.bookingId);
    });
    // payments as seen through the network: the first call is done at payments but its answer never arrives
    const atPayments = new Map<string, { amountPaise: number; orderId: string }>();
    let calls = 0;
    service.useRefunds({
      refund: async ({ orderId, amountPaise, refundId }) => {
        if (!atPayments.has(refundId)) atPayments.set(refundId, { amountPaise, orderId });
        if (orderId !== b.bookingId) return { status: 'SUCCESS', paymentsRefundId: `pr-${refundId}`, failureReason: null };
        calls += 1;
        if (calls === 1) throw new Error('socket hang up');
        return { status: 'SUCCESS', paymentsRefundId: `pr-${refundId}`, failureReason: null };
      },
      status: async (id) => ({ status: 'SUCCESS', paymentsRefundId: id, failureReason: null }),
      issueFree: (orderId, db) => paymentsRefundPort(payments).issueFree(orderId, db),
    });
    await service.cancel(users[50], b.bookingId, price); // sends it (answer lost), then the booking read retries it
    await Promise.all([service.retryRefunds(), service.retryRefunds()]);
    expect(calls).toBeGreaterThanOrEqual(2);
    // (refunds left REQUESTED by earlier tests, recorded before any port was set, are sent now too: each once)
    expect([...atPayments.values()].filter((r) => r.orderId === b.bookingId)).toEqual([{ amountPaise: price, orderId: b.bookingId }]);
    expect((await service.booking(users[50], b.bookingId)).refunds).toMatchObject([{ amountPaise: price, status: 'SUCCESS' }]);
  });

  it('reschedule to a dearer slot charges the difference through a new order; to a cheaper one refunds it (FARE_DIFFERENCE)', async () => {
    // two test lines serving the same stop pair at other fares (the demo lines price every slot of a line alike)
    const stops = [
      { stopId: 'PRM-THANE', name: 'Thane', lat: 19.186, lon: 72.9757, offsetMin: 0 },
      { stopId: 'PRM-BKC', name: 'BKC', lat: 19.066, lon: 72.865, offsetMin: 50 },
    ];
    const line = (id: string, adult: number) =>
      service.store.addLine({
        id,
        city: 'mumbai',
        product: 'PREMIUM',
        code: id,
        name: id,
        busType: 'ac',
        agency: 'MBUS Premium',
        capacity: 40,
        description: '',
        transitRouteId: null,
        stops,
        fares: [{ fromStopId: 'PRM-THANE', toStopId: 'PRM-BKC', fares: { adult } }],
        schedule: { kind: 'headway', weekdays: [1, 2, 3, 4, 5], firstMin: 600, lastMin: 1200, headwayMin: 60 },
        horizonDays: 7,
      });
    await line('PRM-DEAR', 20000);
    await line('PRM-CHEAP', 12000);
    const price = await fareOf('PRM-1.202611241000');
    const b = await service.hold(users[60], { tripId: 'PRM-1.202611241000', ...P1, passengers: { adult: 1, child: 0, senior: 0 }, farePaise: price });
    await t.db.transaction(async (tx) => {
      await service.startPayment(tx, b.bookingId);
      await service.issue(tx, b.bookingId);
    });
    // dearer: a new order of the difference; the old booking stays ACTIVE until it is paid
    await expect(service.reschedule(users[60], b.bookingId, { tripId: 'PRM-DEAR.202611241100', farePaise: 0 })).rejects.toMatchObject({ code: 'FARE_CHANGED' });
    const dear = await service.reschedule(users[60], b.bookingId, { tripId: 'PRM-DEAR.202611241100', farePaise: 20000 - price });
    expect(dear).toMatchObject({ status: 'BOOKING_UNDER_PROCESS', amountPaise: 20000 - price, farePaise: 20000, firstBookingId: b.bookingId });
    expect((await service.booking(users[60], b.bookingId)).status).toBe('ACTIVE');
    await expect(service.reschedule(users[60], b.bookingId, { tripId: 'PRM-CHEAP.202611241200', farePaise: 12000 - price })).rejects.toMatchObject({
      code: 'RESCHEDULE_IN_PROGRESS',
    });
    await t.db.transaction(async (tx) => {
      await service.startPayment(tx, dear.bookingId);
      await service.issue(tx, dear.bookingId);
    });
    expect((await service.booking(users[60], b.bookingId)).status).toBe('USER_RESCHEDULED');
    expect((await service.seatAvailability('PRM-1.202611241000')).seatsLeft).toBe(40);
    // cheaper: done at once, the difference back from the newest paid order of the chain
    const cheap = await service.reschedule(users[60], dear.bookingId, { tripId: 'PRM-CHEAP.202611241200', farePaise: 12000 - 20000 });
    expect(cheap).toMatchObject({ status: 'ACTIVE', amountPaise: 0, farePaise: 12000 });
    // spread over the chain's paid orders newest first: the move's 4,000 paise, then 4,000 of the first order
    expect(cheap.refunds.map((r) => [r.reason, r.amountPaise])).toEqual([
      ['FARE_DIFFERENCE', 20000 - price],
      ['FARE_DIFFERENCE', 8000 - (20000 - price)],
    ]);
    // a second move to a cheaper slot refunds again (its own cause), never twice for one move
    await line('PRM-CHEAPER', 10000);
    const cheaper = await service.reschedule(users[60], cheap.bookingId, { tripId: 'PRM-CHEAPER.202611241300', farePaise: -2000 });
    expect(cheaper.refunds.reduce((s, r) => s + r.amountPaise, 0)).toBe(10000);
    // cancelling now refunds what is left of what was paid: 20000 - 8000 - 2000 = 10000
    expect((await service.booking(users[60], cheaper.bookingId)).cancellation).toMatchObject({ refundPercent: 100, refundPaise: 10000 });
  });
});
