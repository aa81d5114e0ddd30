import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { expectError, signIn, TestClock, type Session } from '../../testing/accounts';
import { card, payThroughGateway } from '../../testing/gateway-pay';

/**
 * GET …/bookings/:id/tracking through HTTP with the development simulator (REALTIME_SOURCE default): closed until 30
 * minutes before the slot, then the booked bus moving along the line's stops with an ETA to the boarding stop and its
 * timeliness; someone else's booking 404, an unconfirmed one 409, bad ids 400, never a 5xx.
 */
const ist = (s: string) => Date.parse(`${s}+05:30`);
const MIN = 60_000;
const OPS = { authorization: 'Ops sawari-dev-ops' };
const PAIR = { fromStopId: 'PRM-GHATKOPAR', toStopId: 'PRM-BKC' };
const ONE = { adult: 1, child: 0, senior: 0 };
const TIMELINESS = ['Arriving Early', 'On Time', 'Running behind', 'Delayed'];

interface Tracking {
  state: string;
  opensAt: number;
  pollAfterMs: number;
  vehicleNo: string | null;
  boarding: { stopId: string; scheduledAt: number };
  path: { stopId: string }[];
  vehicle: { lat: number; lon: number; tS: number; nextStopId: string | null; departed: boolean } | null;
  expectedAt: number;
  etaSeconds: number | null;
  delaySeconds: number | null;
  timeliness: string | null;
}

describe(`booked-bus tracking API ${dbLabel()}`, () => {
  const clock = new TestClock(ist('2026-11-23T07:00:00')); // Monday
  let s: TestServer;
  let rider: Session;
  let other: Session;
  beforeAll(async () => {
    s = await startTestServer({ now: clock.now });
    rider = await signIn(s.app, s.db, '9876581001');
    other = await signIn(s.app, s.db, '9876581002', 'test-device-2');
  }, 60_000);
  afterAll(() => s?.cleanup());
  // Access tokens last 15 minutes: moving the clock on signs the rider in again (at most every 10 minutes).
  let signedAt = ist('2026-11-23T07:00:00');
  const at = async (iso: string) => {
    clock.t = ist(iso);
    if (clock.t - signedAt >= 10 * MIN) {
      rider = await signIn(s.app, s.db, '9876581001');
      other = await signIn(s.app, s.db, '9876581002', 'test-device-2');
      signedAt = clock.t;
    }
  };

  const req = (method: 'GET' | 'POST', url: string, body?: unknown, who: Session | null = rider, headers: Record<string, string> = {}) =>
    s.app.inject({ method, url, headers: { ...(who?.headers ?? {}), ...headers }, ...(body === undefined ? {} : { payload: body as object }) });
  const R = '/api/reservations/v1';
  let keyN = 0;
  const book = async (tripId: string, pay = true) => {
    const fare = (await req('POST', `${R}/fare`, { options: [{ tripId, ...PAIR }], passengers: ONE })).json() as { payableAmount: number };
    const held = await req('POST', `${R}/bookings`, { tripId, ...PAIR, passengers: ONE, farePaise: fare.payableAmount });
    expect(held.statusCode).toBe(201);
    const id = (held.json() as { bookingId: string }).bookingId;
    if (pay) {
      const paid = await payThroughGateway(s.app, rider, 'reservation', id, card(), { key: `track-key-${++keyN}` });
      expect(paid.statusCode).toBe(200);
      expect(paid.json()).toMatchObject({ status: 'SUCCESS' });
      expect(((await req('GET', `${R}/bookings/${id}`)).json() as { status: string }).status).toBe('ACTIVE');
    }
    return id;
  };
  const track = async (id: string, who: Session | null = rider) => {
    const r = await req('GET', `${R}/bookings/${id}/tracking`, undefined, who);
    expect(r.statusCode).toBe(200);
    return r.json() as Tracking;
  };

  it('closed before the window, then the bus moves towards the boarding stop with an ETA and timeliness', async () => {
    await at('2026-11-23T07:00:00');
    const id = await book('PRM-1.202611230800');
    const before = await track(id);
    // slot 08:00, boarding at Ghatkopar 35 min later; tracking opens at 07:30, polls a quarter of the time to the slot
    expect(before).toMatchObject({ state: 'NOT_OPEN', opensAt: ist('2026-11-23T07:30:00'), vehicle: null, etaSeconds: null, timeliness: null });
    expect(before.boarding).toEqual(expect.objectContaining({ stopId: 'PRM-GHATKOPAR', scheduledAt: ist('2026-11-23T08:35:00') }));
    expect(before.path.map((p) => p.stopId)).toEqual(['PRM-THANE', 'PRM-MULUND', 'PRM-GHATKOPAR', 'PRM-KURLA', 'PRM-BKC']);
    expect(before.pollAfterMs).toBe(15 * MIN);
    await at('2026-11-23T07:28:30');
    expect((await track(id)).pollAfterMs).toBe(120_000); // never below 120 s, even 90 s before the opening

    // in the window, the bus waits at the first stop
    await at('2026-11-23T07:40:00');
    const waiting = await track(id);
    expect(waiting.state).toBe('LIVE');
    expect(waiting.vehicle).toMatchObject({ departed: false, nextStopId: 'PRM-THANE' });
    expect(waiting.pollAfterMs).toBe(300_000);

    const seen: (Tracking & { now: number })[] = [];
    for (const hm of ['08:05', '08:10', '08:15', '08:20']) {
      await at(`2026-11-23T${hm}:00`);
      seen.push({ ...(await track(id)), now: clock.t });
    }
    for (const t of seen) {
      expect(t.state).toBe('LIVE');
      expect(t.vehicle).not.toBeNull();
      expect(t.vehicleNo).toMatch(/^MH-43-[A-Z]{2}-\d{4}$/);
      expect(t.pollAfterMs).toBe(120_000);
      expect(t.etaSeconds).toBe(Math.max(0, Math.round((t.expectedAt - t.now) / 1000)));
      if (t.delaySeconds !== null) {
        expect(t.expectedAt).toBe(ist('2026-11-23T08:35:00') + t.delaySeconds * 1000);
        expect(TIMELINESS).toContain(t.timeliness);
      }
    }
    // the same bus, moving: the positions differ and the bus is between Thane and Ghatkopar
    expect(new Set(seen.map((t) => t.vehicleNo)).size).toBe(1);
    expect(new Set(seen.map((t) => `${t.vehicle!.lat},${t.vehicle!.lon}`)).size).toBeGreaterThan(1);
    expect(seen.every((t) => t.vehicle!.lat < 19.19 && t.vehicle!.lat > 19.08)).toBe(true);

    // after it passed Ghatkopar (at the latest 20 min late): PASSED, no ETA; after the arrival at BKC: OVER, no bus
    await at('2026-11-23T09:00:00');
    expect(await track(id)).toMatchObject({ state: 'PASSED', etaSeconds: null });
    await at('2026-11-23T09:30:00');
    expect(await track(id)).toMatchObject({ state: 'OVER', vehicle: null });
  });

  it('tracks the bus an operator assigned, by its number', async () => {
    await at('2026-11-24T07:00:00');
    const id = await book('PRM-1.202611240820');
    const assigned = await req('POST', `/api/ops/reservations/trips/PRM-1.202611240820/vehicle`, { vehicleNo: 'MH-43-PX-2024' }, null, OPS);
    expect(assigned.statusCode).toBe(200);
    await at('2026-11-24T08:30:00');
    expect(await track(id)).toMatchObject({ state: 'LIVE', vehicleNo: 'MH-43-PX-2024' });
  });

  it('bad input, another rider, unconfirmed bookings: 4xx with a code, never 5xx', async () => {
    await at('2026-11-25T07:00:00');
    const paid = await book('PRM-1.202611250900');
    const held = await book('PRM-1.202611250920', false);
    expectError(await req('GET', `${R}/bookings/${paid}/tracking`, undefined, other), 404, 'BOOKING_NOT_FOUND');
    expectError(await req('GET', `${R}/bookings/RSV-00000000-0000-4000-8000-000000000000/tracking`), 404, 'BOOKING_NOT_FOUND');
    expectError(await req('GET', `${R}/bookings/not%20an%20id/tracking`), 400, 'VALIDATION_FAILED');
    expectError(await req('GET', `${R}/bookings/RSV-${'x'.repeat(36)}/tracking`), 400, 'VALIDATION_FAILED');
    expect((await req('GET', `${R}/bookings/${paid}/tracking`, undefined, null)).statusCode).toBe(401);
    expectError(await req('GET', `${R}/bookings/${held}/tracking`), 409, 'NOT_TRACKABLE');
    // a cancelled booking has no bus to track
    const b = (await req('GET', `${R}/bookings/${paid}`)).json() as { cancellation: { refundPaise: number } };
    expect((await req('POST', `${R}/bookings/${paid}/cancel`, { refundPaise: b.cancellation.refundPaise })).statusCode).toBe(200);
    expectError(await req('GET', `${R}/bookings/${paid}/tracking`), 409, 'NOT_TRACKABLE');
  });
});
