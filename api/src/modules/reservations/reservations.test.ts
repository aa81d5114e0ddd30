import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { expectError, signIn, TestClock, type Session } from '../../testing/accounts';
import { payOnHostedPage } from '../../dev-gateway/driver';
import { TEST_CARDS } from '../../dev-gateway/defaults';
import { card, payThroughGateway } from '../../testing/gateway-pay';
import { payResponseSchema } from '@sawari/contracts';

/**
 * The reserved-seat API through HTTP with the real payments module (the development gateway's hosted page): every endpoint's good and bad
 * input (never a 5xx), book and pay, the wallet, reschedule, cancel with the refund through payments, operators.
 */
const ist = (s: string) => Date.parse(`${s}+05:30`);
const MIN = 60_000;
const OPS = { authorization: 'Ops sawari-dev-ops' };
const P1 = { fromStopId: 'PRM-THANE', toStopId: 'PRM-BKC' };
const ONE = { adult: 1, child: 0, senior: 0 };

describe(`reservations API ${dbLabel()}`, () => {
  const clock = new TestClock(ist('2026-11-23T07:00:00')); // Monday
  let s: TestServer;
  let rider: Session;
  let other: Session;
  beforeAll(async () => {
    s = await startTestServer({ now: clock.now });
    rider = await signIn(s.app, s.db, '9876580001');
    other = await signIn(s.app, s.db, '9876580002', 'test-device-2');
  }, 60_000);
  afterAll(() => s?.cleanup());

  const req = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, who: Session | null = rider, headers: Record<string, string> = {}) =>
    s.app.inject({ method, url, headers: { ...(who?.headers ?? {}), ...headers }, ...(body === undefined ? {} : { payload: body as object }) });
  const R = '/api/reservations/v1';
  const fareOf = async (tripId: string, passengers = ONE, pair = P1) => {
    const r = await req('POST', `${R}/fare`, { options: [{ tripId, ...pair }], passengers });
    expect(r.statusCode).toBe(200);
    return (r.json() as { payableAmount: number }).payableAmount;
  };
  const hold = async (tripId: string, who = rider, passengers = ONE, pair = P1) => {
    const r = await req('POST', `${R}/bookings`, { tripId, ...pair, passengers, farePaise: await fareOf(tripId, passengers, pair) }, who);
    expect(r.statusCode).toBe(201);
    return r.json() as { bookingId: string; status: string; holdSecondsLeft: number; amountPaise: number };
  };
  let keyN = 0;
  /** Pays on the gateway's hosted page with this test card and posts its return (answers the payment's state). */
  const pay = (id: string, who = rider, number: string = TEST_CARDS.success, key = `rsv-key-${++keyN}`) =>
    payThroughGateway(s.app, who, 'reservation', id, card(number), { key });
  /** Only the pay request (no card data: the method), as a rider's browser sends it before going to the gateway. */
  const startPay = (id: string, key: string, who = rider) =>
    req('POST', `/api/payments/reservation/${id}/pay`, { method: 'card' }, who, { 'idempotency-key': key });
  const booking = async (id: string, who = rider) => {
    const r = await req('GET', `${R}/bookings/${id}`, undefined, who);
    expect(r.statusCode).toBe(200);
    return r.json() as Record<string, unknown> & {
      status: string;
      refunds: { amountPaise: number; status: string; reason: string }[];
      popUp: string | null;
      cancellation: { refundPaise: number; refundPercent: number };
    };
  };

  it('lines, stop pairs, slots and seat availability (mode 2)', async () => {
    const lines = (await req('GET', `/api/reservations/v1/cities/mumbai/lines?product=PREMIUM`)).json() as { lines: { id: string; isAc: boolean }[] };
    expect(lines.lines.map((l) => [l.id, l.isAc])).toEqual([
      ['PRM-1', true],
      ['PRM-2', false],
    ]);
    // each line carries its description in the app's other languages (the screens show the rider's)
    const described = (await req('GET', `/api/reservations/v1/cities/mumbai/lines?product=EVENT`)).json() as {
      lines: { description: string; translations?: Record<string, Record<string, string>> }[];
    };
    for (const l of described.lines) expect(l.translations?.hi?.[l.description]).toMatch(/[\u0900-\u097F]/);
    const pairs = (await req('GET', `${R}/cities/mumbai/stop-pairs?product=AIRPORT&fromStopId=T1-BAY`)).json() as {
      pairs: { line: { id: string }; to: { stopId: string } }[];
    };
    expect(pairs.pairs.map((p) => `${p.line.id}:${p.to.stopId}`)).toContain('AIR-AE-T1-KHR:KHARGHAR');
    // to the airport: Kharghar and Thane to T1/T2, on the feed's return routes (05:30 to 21:30)
    const toT1 = (await req('GET', `${R}/cities/mumbai/stop-pairs?product=AIRPORT&toStopId=T1-BAY`)).json() as {
      pairs: { line: { id: string; code: string; transitRouteId: string }; from: { stopId: string } }[];
    };
    expect(
      toT1.pairs
        .filter((p) => ['KHARGHAR', 'THANE'].includes(p.from.stopId))
        .map((p) => `${p.line.code}:${p.line.transitRouteId}:${p.from.stopId}`)
        .sort(),
    ).toEqual(['AE5:AE-KHR-T1:KHARGHAR', 'AE6:AE-THN-T1:THANE']);
    const toT2 = (await req('GET', `${R}/cities/mumbai/slots?lineId=AIR-AE-THN-T2&fromStopId=THANE&toStopId=T2-BAY`)).json() as {
      slots: { tripId: string; boardingTime: number; arrivalTime: number }[];
    };
    expect(toT2.slots[0]).toMatchObject({ tripId: 'AIR-AE-THN-T2.202611230730', arrivalTime: ist('2026-11-23T08:30:00') });
    expect(toT2.slots[toT2.slots.length - 1].tripId).toBe('AIR-AE-THN-T2.202611232130');
    // PRM-1's evening rush (17:00 to 19:40 on weekdays) costs 25 % more: the slot says so and the fare charges it
    const p1 = (await req('GET', `${R}/cities/mumbai/slots?lineId=PRM-1&fromStopId=PRM-THANE&toStopId=PRM-BKC`)).json() as {
      slots: { tripId: string; adultPaise: number; peak: boolean }[];
    };
    expect(p1.slots.filter((x) => /\.20261123(1640|1700|1940|2000)$/.test(x.tripId)).map((x) => [x.tripId.slice(-4), x.adultPaise, x.peak])).toEqual([
      ['1640', 16000, false],
      ['1700', 20000, true],
      ['1940', 20000, true],
      ['2000', 16000, false],
    ]);
    expect(await fareOf('PRM-1.202611231800')).toBe(20000);
    expect(await fareOf('PRM-1.202611231000')).toBe(16000);
    const slots = (await req('GET', `${R}/cities/mumbai/slots?lineId=AIR-AE-T1-KHR&fromStopId=T1-BAY&toStopId=KHARGHAR`)).json() as {
      slots: { tripId: string; startTime: number; seatsLeft: number }[];
    };
    // the board's timetable: every 30 minutes from 06:30 to 23:00 (frequencies.txt); now is 07:00, so 07:30 first
    expect(slots.slots[0]).toMatchObject({ tripId: 'AIR-AE-T1-KHR.202611230730', startTime: ist('2026-11-23T07:30:00'), seatsLeft: 40 });
    expect(slots.slots).toHaveLength(32);
    const seat = await req('GET', `${R}/trips/AIR-AE-T1-KHR.202611230730/seat-availability?mode=2`);
    expect(seat.json()).toMatchObject({ mode: 2, capacity: 40, seatsLeft: 40, availability: null });
    expect((await req('GET', `${R}/cities/mumbai/premium-passes`)).json()).toEqual({ city: 'mumbai', passes: [] });
    const days = (await req('GET', `${R}/cities/mumbai/lines/EVT-LONAVALA/days`)).json() as { days: string[] };
    expect(days.days[0]).toBe('20261128'); // the next Saturday
  });

  it('bad input answers 4xx with a code, never 5xx', async () => {
    const cases: [string, string, unknown, number, string][] = [
      ['GET', `${R}/cities/mumbai/lines?product=BOAT`, undefined, 400, 'VALIDATION_FAILED'],
      ['GET', `${R}/cities/Mumbai!/lines`, undefined, 400, 'VALIDATION_FAILED'],
      ['GET', `${R}/cities/atlantis/lines`, undefined, 404, 'CITY_NOT_FOUND'],
      ['GET', `${R}/cities/kochi/lines`, undefined, 403, 'RESERVATIONS_NOT_ENABLED'],
      ['GET', `${R}/cities/mumbai/stop-pairs`, undefined, 400, 'VALIDATION_FAILED'],
      ['GET', `${R}/cities/mumbai/slots?lineId=PRM-1&fromStopId=PRM-BKC&toStopId=PRM-THANE`, undefined, 400, 'WRONG_DIRECTION'],
      ['GET', `${R}/cities/mumbai/slots?lineId=PRM-1&fromStopId=PRM-THANE&toStopId=PRM-THANE`, undefined, 400, 'SAME_STOP'],
      ['GET', `${R}/cities/mumbai/slots?lineId=PRM-1&fromStopId=PRM-THANE&toStopId=SION`, undefined, 400, 'STOP_NOT_ON_LINE'],
      ['GET', `${R}/cities/mumbai/slots?lineId=PRM-9&fromStopId=PRM-THANE&toStopId=PRM-BKC`, undefined, 404, 'LINE_NOT_FOUND'],
      ['GET', `${R}/cities/mumbai/slots?lineId=PRM-1&fromStopId=PRM-THANE&toStopId=PRM-BKC&date=20261345`, undefined, 400, 'VALIDATION_FAILED'],
      ['GET', `${R}/trips/PRM-1.202611231000/seat-availability?mode=1`, undefined, 400, 'VALIDATION_FAILED'],
      ['GET', `${R}/trips/PRM-1.202611231005/seat-availability?mode=2`, undefined, 404, 'TRIP_NOT_FOUND'],
      ['GET', `${R}/trips/PRM-1.202611291000/seat-availability?mode=2`, undefined, 404, 'TRIP_NOT_FOUND'],
      ['POST', `${R}/fare`, { options: [], passengers: ONE }, 400, 'VALIDATION_FAILED'],
      ['POST', `${R}/fare`, { options: [{ tripId: 'PRM-1.202611231000', ...P1 }], passengers: { adult: '1' } }, 400, 'VALIDATION_FAILED'],
      ['POST', `${R}/fare`, { options: [{ tripId: 'PRM-1.202611231000', ...P1 }], passengers: { adult: 0 } }, 400, 'NO_PASSENGERS'],
      ['POST', `${R}/fare`, { options: [{ tripId: 'PRM-1.202611231000', ...P1 }], passengers: { adult: 4, child: 3 } }, 400, 'TOO_MANY_PASSENGERS'],
      [
        'POST',
        `${R}/fare`,
        { options: [{ tripId: 'PRM-1.202611231000', fromStopId: 'PRM-\u0000', toStopId: 'PRM-BKC' }], passengers: ONE },
        400,
        'NUL_CHARACTER',
      ],
      ['POST', `${R}/fare`, { options: [{ tripId: 'PRM-1.202611231000', ...P1 }], passengers: ONE, extra: 1 }, 400, 'VALIDATION_FAILED'],
      ['POST', `${R}/bookings`, { tripId: 'PRM-1.202611231000', ...P1, passengers: ONE, farePaise: 1 }, 409, 'FARE_CHANGED'],
      ['POST', `${R}/bookings`, { tripId: 'PRM-1.202611231000', ...P1, passengers: ONE, farePaise: -5 }, 400, 'VALIDATION_FAILED'],
      ['POST', `${R}/bookings`, { tripId: 'PRM-1.202611231000', ...P1, passengers: ONE, farePaise: 'x'.repeat(5000) }, 413, 'PAYLOAD_TOO_LARGE'],
      ['POST', `${R}/bookings`, { tripId: 'PRM-1.202611230600', ...P1, passengers: ONE, farePaise: 16000 }, 404, 'TRIP_NOT_FOUND'],
      ['POST', `${R}/bookings`, { tripId: 'PRM-1.202611231000', ...P1, passengers: ONE, farePaise: 0, passId: 'no-such-pass' }, 404, 'PASS_NOT_FOUND'],
      ['POST', `${R}/bookings`, { tripId: 'PRM-1.202611231000', ...P1, passengers: ONE, farePaise: 0, passId: 'a b' }, 400, 'VALIDATION_FAILED'],
      ['GET', `${R}/cities/mumbai/premium-passes?date=2026-11-23`, undefined, 400, 'VALIDATION_FAILED'],
      ['GET', `${R}/bookings/RSV-00000000-0000-4000-8000-000000000000`, undefined, 404, 'BOOKING_NOT_FOUND'],
      ['GET', `${R}/bookings/not-a-booking`, undefined, 400, 'VALIDATION_FAILED'],
      ['POST', `${R}/bookings/RSV-00000000-0000-4000-8000-000000000000/cancel`, { refundPaise: 0 }, 404, 'BOOKING_NOT_FOUND'],
      ['POST', `${R}/bookings/RSV-00000000-0000-4000-8000-000000000000/cancel`, { refundPaise: 1.5 }, 400, 'VALIDATION_FAILED'],
      ['POST', `${R}/bookings/RSV-00000000-0000-4000-8000-000000000000/popups`, { kind: 'other' }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [method, url, body, status, code] of cases) {
      const r = await req(method as 'GET', url, body);
      expect({ url, body, status: r.statusCode, code: (r.json() as { code: string }).code }).toEqual({ url, body, status, code });
    }
    expectError(await req('GET', `${R}/bookings`, undefined, null), 401, 'UNAUTHENTICATED');
    expectError(await req('POST', `${R}/bookings`, '{"tripId":', rider, { 'content-type': 'application/json' }), 400, 'MALFORMED_JSON');
  });

  it('book and pay: hold → card → ACTIVE in the booking list and the wallet; someone else cannot see or pay it', async () => {
    const price = await fareOf('PRM-1.202611231000');
    const t0 = Date.now();
    const held = await req('POST', `${R}/bookings`, { tripId: 'PRM-1.202611231000', ...P1, passengers: ONE, farePaise: price });
    const holdMs = Date.now() - t0;
    expect(held.statusCode).toBe(201);
    const b = held.json() as { bookingId: string; status: string; holdSecondsLeft: number };
    expect(b).toMatchObject({ status: 'BOOKING_UNDER_PROCESS', holdSecondsLeft: 600 });
    expectError(await req('GET', `${R}/bookings/${b.bookingId}`, undefined, other), 404, 'BOOKING_NOT_FOUND');
    expectError(await pay(b.bookingId, other), 404, 'ORDER_NOT_FOUND');
    const started = Date.now();
    const p = await pay(b.bookingId);
    expect(p.statusCode).toBe(200);
    expect(p.json()).toMatchObject({ status: 'SUCCESS' });
    console.log(`reservations ${dbLabel()}: booking round trip (inject): hold ${holdMs} ms, pay ${Date.now() - started} ms`);
    const got = await booking(b.bookingId);
    expect(got).toMatchObject({ status: 'ACTIVE', label: 'confirmed', dayLabel: 'today', paidWith: 'PAYMENT' });
    const list = (await req('GET', `${R}/bookings?city=mumbai`)).json() as { bookings: { bookingId: string }[] };
    expect(list.bookings.map((x) => x.bookingId)).toContain(b.bookingId);
    const wallet = (await req('GET', '/api/tickets/wallet?city=mumbai')).json() as {
      items: { transactionId: string; productSubType: string; status: string }[];
    };
    // the seat's passengers as data (every language words them: "वयस्क × 1", never the server's English "Adult × 1")
    expect(wallet.items.find((i) => i.transactionId === b.bookingId)).toMatchObject({
      productSubType: 'premiumReserveTicket',
      status: 'ACTIVE',
      passengers: { adult: expect.any(Number), child: expect.any(Number), senior: expect.any(Number) },
    });
    expectError(await pay(b.bookingId), 409, 'ORDER_ALREADY_PAID');
  });

  it("three riders' seats in the wallet: one 'Seat fare' line for all three and the child's concession, adding up to the fare paid", async () => {
    const who = { adult: 2, child: 1, senior: 0 };
    const b = await hold('PRM-1.202611231000', rider, who);
    expect((await pay(b.bookingId)).json()).toMatchObject({ status: 'SUCCESS' });
    const wallet = (await req('GET', '/api/tickets/wallet?city=mumbai')).json() as {
      items: { transactionId: string; farePaise: number; fareInfo: { fareBreakup: { name: string; value: number }[] } }[];
    };
    const item = wallet.items.find((i) => i.transactionId === b.bookingId)!;
    const lines = item.fareInfo.fareBreakup;
    expect(lines.map((l) => l.name)).toEqual(['Seat fare', 'Child concession']);
    expect(lines[0].value).toBe(3 * (await fareOf('PRM-1.202611231000')));
    expect(lines[1].value).toBeLessThan(0);
    expect(lines[0].value + lines[1].value).toBe(item.farePaise);
  });

  it('20 concurrent identical pays of one booking: one payment, one issue', async () => {
    const b = await hold('PRM-1.202611231020');
    const rs = await Promise.all(Array.from({ length: 20 }, () => startPay(b.bookingId, 'rsv-same-key-1')));
    expect(rs.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(rs.map((r) => (r.json() as { paymentId: string }).paymentId)).size).toBe(1);
    // the rider pays once on the gateway's page; its return, posted 20 times at once, issues the seat once
    const started = payResponseSchema.parse(rs[0].json());
    const back = await payOnHostedPage(started.checkout!, card());
    if (back.kind !== 'callback') throw new Error(`expected the gateway to call back, got ${back.kind}`);
    const url = new URL(back.url);
    const returns = await Promise.all(
      Array.from({ length: 20 }, () =>
        s.app.inject({
          method: 'POST',
          url: url.pathname + url.search,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(back.fields).toString(),
        }),
      ),
    );
    expect(returns.map((r) => r.statusCode)).toEqual(Array(20).fill(303));
    expect(((await req('GET', `/api/payments/${started.paymentId}`)).json() as { status: string }).status).toBe('SUCCESS');
    expect((await booking(b.bookingId)).status).toBe('ACTIVE');
    expect((await req('GET', `${R}/trips/PRM-1.202611231020/seat-availability?mode=2`)).json()).toMatchObject({ seatsLeft: 39 });
  });

  it('a declined card gives the seats back; a hold past 10 minutes cannot be paid', async () => {
    const b = await hold('PRM-1.202611231040', rider, { adult: 2, child: 0, senior: 0 });
    expect((await pay(b.bookingId, rider, TEST_CARDS.declined)).json()).toMatchObject({ status: 'PAYMENT_FAILED' });
    expect((await req('GET', `${R}/trips/PRM-1.202611231040/seat-availability?mode=2`)).json()).toMatchObject({ seatsLeft: 40 });
    clock.advance(10 * MIN);
    expectError(await pay(b.bookingId), 409, 'HOLD_EXPIRED');
    clock.advance(-10 * MIN);
    const c = await hold('PRM-1.202611231040');
    expect((await req('DELETE', `${R}/bookings/${c.bookingId}/hold`)).json()).toMatchObject({ status: 'BOOKING_FAILED' });
    expectError(await req('DELETE', `${R}/bookings/${c.bookingId}/hold`), 409, 'NOT_A_HOLD');
  });

  it('reschedule to another slot of the same pair (rebook window), then cancel with the refund through payments', async () => {
    const b = await hold('PRM-1.202611231100');
    await pay(b.bookingId);
    expectError(await req('POST', `${R}/bookings/${b.bookingId}/reschedule`, { tripId: 'PRM-1.202611231100', farePaise: 0 }), 400, 'SAME_SLOT');
    expectError(await req('POST', `${R}/bookings/${b.bookingId}/reschedule`, { tripId: 'PRM-1.202611231120', farePaise: 500 }), 409, 'FARE_CHANGED');
    const r = await req('POST', `${R}/bookings/${b.bookingId}/reschedule`, { tripId: 'PRM-1.202611231120', farePaise: 0 });
    expect(r.statusCode).toBe(201);
    const moved = r.json() as { bookingId: string; status: string; firstBookingId: string; prevBookingStatus: string };
    expect(moved).toMatchObject({ status: 'ACTIVE', firstBookingId: b.bookingId, prevBookingStatus: 'USER_RESCHEDULED' });
    expect((await booking(b.bookingId)).status).toBe('USER_RESCHEDULED');
    expectError(await req('POST', `${R}/bookings/${b.bookingId}/reschedule`, { tripId: 'PRM-1.202611231140', farePaise: 0 }), 409, 'NOT_LATEST');
    expect((await req('GET', `${R}/trips/PRM-1.202611231100/seat-availability?mode=2`)).json()).toMatchObject({ seatsLeft: 40 });
    const now = await booking(moved.bookingId);
    expect(now.cancellation).toMatchObject({ refundPercent: 100 });
    const c = await req('POST', `${R}/bookings/${moved.bookingId}/cancel`, { refundPaise: now.cancellation.refundPaise });
    expect(c.statusCode).toBe(200);
    const done = c.json() as { status: string; refunds: { amountPaise: number; status: string; reason: string }[] };
    expect(done.status).toBe('USER_CANCELLED');
    expect(done.refunds).toHaveLength(1);
    expect(done.refunds[0]).toMatchObject({ reason: 'USER_CANCEL', amountPaise: now.cancellation.refundPaise });
    expect(['PENDING', 'SUCCESS']).toContain(done.refunds[0].status);
    expectError(await req('POST', `${R}/bookings/${moved.bookingId}/cancel`, { refundPaise: 0 }), 409, 'NOT_CANCELLABLE');
  });

  it('operators: auth, bad input, cancel a trip (each booking refunded once, pop-up once), move, vehicle, recorded', async () => {
    const a = await hold('PRM-1.202611231200');
    await pay(a.bookingId);
    const o = await hold('PRM-1.202611231200', other);
    await pay(o.bookingId, other);
    expectError(await req('POST', '/api/ops/reservations/trips/PRM-1.202611231200/cancel', { disruption: 'WEATHER' }, null), 401, 'OPS_UNAUTHENTICATED');
    expectError(await req('POST', '/api/ops/reservations/trips/PRM-1.202611231200/cancel', { disruption: 'ALIENS' }, null, OPS), 400, 'VALIDATION_FAILED');
    expectError(await req('POST', '/api/ops/reservations/trips/PRM-1.202611231200/vehicle', { vehicleNo: 'mh 01' }, null, OPS), 400, 'VALIDATION_FAILED');
    expect((await req('POST', '/api/ops/reservations/trips/PRM-1.202611231200/vehicle', { vehicleNo: 'MH01 AB 1234' }, null, OPS)).json()).toMatchObject({
      vehicleNo: 'MH01 AB 1234',
    });
    const [c1, c2] = await Promise.all([
      req('POST', '/api/ops/reservations/trips/PRM-1.202611231200/cancel', { disruption: 'BREAKDOWN', note: 'Engine failure' }, null, OPS),
      req('POST', '/api/ops/reservations/trips/PRM-1.202611231200/cancel', { disruption: 'BREAKDOWN' }, null, OPS),
    ]);
    expect([c1.statusCode, c2.statusCode].sort()).toEqual([200, 409]);
    for (const [id, who] of [
      [a.bookingId, rider],
      [o.bookingId, other],
    ] as const) {
      const b = await booking(id, who);
      expect(b).toMatchObject({ status: 'SYSTEM_CANCELLED', popUp: 'cancellation', disruption: 'BREAKDOWN', vehicleNo: 'MH01 AB 1234' });
      expect(b.refunds.map((r) => [r.reason, r.amountPaise])).toEqual([['SYSTEM_CANCEL', b.farePaise]]);
      expect((await req('POST', `${R}/bookings/${id}/popups`, { kind: 'cancellation' }, who)).json()).toMatchObject({ popUp: null });
      expect((await booking(id, who)).popUp).toBeNull();
    }
    // move: bookings of 12:20 go to 12:40, the rider sees the reschedule pop-up once
    const m = await hold('PRM-1.202611231220');
    await pay(m.bookingId);
    const mv = await req('POST', '/api/ops/reservations/trips/PRM-1.202611231220/move', { toTripId: 'PRM-1.202611231240' }, null, OPS);
    expect(mv.statusCode).toBe(200);
    const newId = (mv.json() as { moved: { from: string; to: string }[] }).moved[0].to;
    expect((await booking(m.bookingId)).status).toBe('SYSTEM_RESCHEDULED');
    expect(await booking(newId)).toMatchObject({
      status: 'ACTIVE',
      popUp: 'reschedule',
      firstBookingId: m.bookingId,
      tripSlotStartTime: ist('2026-11-23T12:40:00'),
    });
    await req('POST', `${R}/bookings/${newId}/popups`, { kind: 'reschedule' });
    expect((await booking(newId)).popUp).toBeNull();
    const log = (await req('GET', '/api/ops/reservations/trips?lineId=PRM-1&date=20261123', undefined, null, OPS)).json() as {
      trips: { id: string; log: { action: string; actor: string }[] }[];
    };
    expect(log.trips.find((t) => t.id === 'PRM-1.202611231200')!.log.map((l) => `${l.actor}:${l.action}`)).toEqual([
      'ops:dev:ASSIGN_VEHICLE',
      'ops:dev:CANCEL_TRIP',
    ]);
  });
});
