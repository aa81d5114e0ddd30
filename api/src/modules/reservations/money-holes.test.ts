import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { expectError, signIn, TestClock, type Session } from '../../testing/accounts';
import { payResponseSchema } from '@sawari/contracts';
import { payOnHostedPage } from '../../dev-gateway/driver';
import { TEST_VPAS } from '../../dev-gateway/defaults';
import { card, payThroughGateway, upi } from '../../testing/gateway-pay';

/**
 * The two money holes found from outside (docs/money-integrity.md "Reserved seats"): each is replayed step by step
 * through HTTP on the injectable clock, and the money is counted at the end (paid − refunded against what was issued).
 */
const ist = (s: string) => Date.parse(`${s}+05:30`);
const MIN = 60_000;
const P1 = { fromStopId: 'PRM-THANE', toStopId: 'PRM-BKC' };
const ONE = { adult: 1, child: 0, senior: 0 };
const R = '/api/reservations/v1';

describe(`reserved seats: the money holes ${dbLabel()}`, () => {
  const clock = new TestClock(ist('2026-11-23T07:00:00')); // Monday
  let s: TestServer;
  let rider: Session;
  beforeAll(async () => {
    s = await startTestServer({ now: clock.now });
  }, 60_000);
  /** Sets the clock and signs a new rider in (an access token lives minutes; the clock jumps hours between tests). */
  let riders = 0;
  const at = async (t: string) => {
    clock.t = ist(t);
    riders += 1;
    rider = await signIn(s.app, s.db, `98765810${String(riders).padStart(2, '0')}`);
  };
  afterAll(() => s?.cleanup());

  const req = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) =>
    s.app.inject({ method, url, headers: { ...rider.headers, ...headers }, ...(body === undefined ? {} : { payload: body as object }) });
  const fareOf = async (tripId: string) =>
    ((await req('POST', `${R}/fare`, { options: [{ tripId, ...P1 }], passengers: ONE })).json() as { payableAmount: number }).payableAmount;
  const hold = async (tripId: string) => {
    const r = await req('POST', `${R}/bookings`, { tripId, ...P1, passengers: ONE, farePaise: await fareOf(tripId) });
    expect(r.statusCode).toBe(201);
    return r.json() as { bookingId: string; amountPaise: number };
  };
  let n = 0;
  const payCard = (id: string) => payThroughGateway(s.app, rider, 'reservation', id, card(), { key: `hole-${++n}-card` });
  /**
   * A UPI collect the rider has not approved yet: the pay request, the gateway's page (the UPI ID sent, the request
   * left waiting in the UPI app). `approve()` is the rider approving it later in the UPI app; our server learns it
   * when it asks the gateway (the payment's page polls GET /api/payments/:id).
   */
  const payPendingUpi = async (id: string) => {
    const r = await req(
      'POST',
      `/api/payments/reservation/${id}/pay`,
      { method: 'upi', prefill: { vpa: TEST_VPAS.success } },
      { 'idempotency-key': `hole-${++n}-upi` },
    );
    expect(r.statusCode).toBe(200);
    const started = payResponseSchema.parse(r.json());
    const page = await payOnHostedPage(started.checkout!, upi(TEST_VPAS.success, 'wait'));
    if (page.kind !== 'waiting') throw new Error(`expected the UPI request to wait, got ${page.kind}`);
    const order = (await req('GET', `/api/payments/orders/reservation/${id}/status`)).json() as { status: string };
    return { paymentId: started.paymentId, status: order.status, approve: () => s.gateway.control(`upi/${page.paymentId}`, { action: 'approve' }) };
  };
  const booking = async (id: string) =>
    (await req('GET', `${R}/bookings/${id}`)).json() as { status: string; farePaise: number; cancellation: { refundPaise: number } };
  /** What the rider paid for the payments of these orders, net of refunds that were not refused. */
  const netPaid = async (orderIds: string[]) => {
    const r = await s.db.query<{ paid: string; back: string }>(
      `SELECT COALESCE(SUM(p.amount_paise), 0) AS paid,
              COALESCE((SELECT SUM(f.amount_paise) FROM payment_refunds f JOIN payments q ON q.id = f.payment_id
                         WHERE q.order_kind = 'reservation' AND q.order_id = ANY($1::text[]) AND f.status <> 'FAILED'), 0) AS back
         FROM payments p WHERE p.order_kind = 'reservation' AND p.order_id = ANY($1::text[]) AND p.status = 'SUCCESS'`,
      [orderIds],
    );
    return Number(r.rows[0].paid) - Number(r.rows[0].back);
  };

  it('a change of slot to a dearer trip: the booking it replaces cannot be cancelled while the difference is being paid', async () => {
    await at('2026-11-23T07:00:00');
    const a = await hold('PRM-1.202611231640'); // ₹160, off-peak
    expect((await payCard(a.bookingId)).json()).toMatchObject({ status: 'SUCCESS' });
    const diff = (await fareOf('PRM-1.202611231700')) - a.amountPaise; // ₹200 at peak: ₹40 more
    expect(diff).toBe(4000);
    const ch = await req('POST', `${R}/bookings/${a.bookingId}/reschedule`, { tripId: 'PRM-1.202611231700', farePaise: diff });
    expect(ch.statusCode).toBe(201);
    const change = ch.json() as { bookingId: string; amountPaise: number };
    expect(change.amountPaise).toBe(4000);
    const p = await payPendingUpi(change.bookingId);
    expect(p.status).toBe('PAYMENT_PROCESSING');
    // while the ₹40 is being paid, the ₹160 booking it replaces is locked: no cancel, no second change
    const old = await booking(a.bookingId);
    expectError(await req('POST', `${R}/bookings/${a.bookingId}/cancel`, { refundPaise: old.cancellation.refundPaise }), 409, 'RESCHEDULE_IN_PROGRESS');
    expectError(await req('POST', `${R}/bookings/${a.bookingId}/reschedule`, { tripId: 'PRM-1.202611231720', farePaise: 4000 }), 409, 'RESCHEDULE_IN_PROGRESS');
    await p.approve();
    expect(((await req('GET', `/api/payments/${p.paymentId}`)).json() as { status: string }).status).toBe('SUCCESS');
    expect((await booking(change.bookingId)).status).toBe('ACTIVE');
    expect((await booking(a.bookingId)).status).toBe('USER_RESCHEDULED');
    // ₹160 + ₹40 for a ₹200 seat, nothing back
    expect(await netPaid([a.bookingId, change.bookingId])).toBe(20000);
  });

  it('a hold made minutes before departure and paid after it: refunded in full, nothing issued', async () => {
    await at('2026-11-23T09:15:00');
    const h = await hold('PRM-1.202611230920');
    const p = await payPendingUpi(h.bookingId);
    expect(p.status).toBe('PAYMENT_PROCESSING');
    clock.t = ist('2026-11-23T09:21:00'); // the bus left at 09:20; the rider approves the UPI request now
    await p.approve();
    const after = (await req('GET', `/api/payments/${p.paymentId}`)).json() as { status: string };
    expect(after.status).toBe('SUCCESS');
    const b = await booking(h.bookingId);
    expect(['ACTIVE', 'PUNCHED']).not.toContain(b.status);
    const order = (await req('GET', `/api/payments/orders/reservation/${h.bookingId}/status`)).json() as { status: string; failureReason: string };
    expect(order).toMatchObject({ status: 'PAYMENT_FAILED', failureReason: 'ORDER_CHANGED_REFUNDED' });
    const refunds = (await req('GET', `/api/payments/${p.paymentId}/refunds`)).json() as { refunds: { amountPaise: number; status: string }[] };
    expect(refunds.refunds.map((r) => r.amountPaise)).toEqual([h.amountPaise]);
    expect(await netPaid([h.bookingId])).toBe(0);
  });

  const OPS = { authorization: 'Ops sawari-dev-ops' };
  const ops = (url: string, body: unknown) => s.app.inject({ method: 'POST', url, headers: OPS, payload: body as object });
  const seatsLeft = async (tripId: string) => ((await req('GET', `${R}/trips/${tripId}/seat-availability?mode=2`)).json() as { seatsLeft: number }).seatsLeft;
  const holdWithKey = async (tripId: string, key: string, farePaise: number) =>
    req('POST', `${R}/bookings`, { tripId, ...P1, passengers: ONE, farePaise }, { 'idempotency-key': key });

  it('20 identical holds with one idempotency key: one booking, one seat; the key for another hold is refused', async () => {
    await at('2026-11-23T07:00:00');
    const tripId = 'PRM-1.202611231300';
    const fare = await fareOf(tripId);
    const rs = await Promise.all(Array.from({ length: 20 }, () => holdWithKey(tripId, 'hold-key-0001', fare)));
    expect(rs.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(rs.map((r) => (r.json() as { bookingId: string }).bookingId)).size).toBe(1);
    expect(await seatsLeft(tripId)).toBe(39);
    expectError(await holdWithKey('PRM-1.202611231320', 'hold-key-0001', await fareOf('PRM-1.202611231320')), 422, 'IDEMPOTENCY_KEY_REUSED');
    expectError(await holdWithKey(tripId, 'bad key!', fare), 400, 'VALIDATION_FAILED');
  });

  it('a change of slot whose payment fails releases the booking it replaces: it can be cancelled again', async () => {
    await at('2026-11-23T07:00:00');
    const a = await hold('PRM-1.202611231620');
    await payCard(a.bookingId);
    const ch = (await req('POST', `${R}/bookings/${a.bookingId}/reschedule`, { tripId: 'PRM-1.202611231720', farePaise: 4000 })).json() as {
      bookingId: string;
    };
    const r = await payThroughGateway(s.app, rider, 'reservation', ch.bookingId, upi(TEST_VPAS.failure), { key: 'change-fails-1' });
    expect((r.json() as { status: string }).status).toBe('PAYMENT_FAILED');
    expect(await seatsLeft('PRM-1.202611231720')).toBe(40);
    const old = await booking(a.bookingId);
    expect(old.status).toBe('ACTIVE');
    const c = await req('POST', `${R}/bookings/${a.bookingId}/cancel`, { refundPaise: old.cancellation.refundPaise });
    expect(c.statusCode).toBe(200);
    expect(await netPaid([a.bookingId, ch.bookingId])).toBe(0);
    // the change can no longer be paid: the booking it replaces is gone
    expectError(await payCard(ch.bookingId), 409, 'ORDER_NOT_PAYABLE');
  });

  it('the old booking cancelled while the change is only a hold: the change cannot be paid, nothing is charged', async () => {
    await at('2026-11-23T07:00:00');
    const a = await hold('PRM-1.202611231500');
    await payCard(a.bookingId);
    const ch = (await req('POST', `${R}/bookings/${a.bookingId}/reschedule`, { tripId: 'PRM-1.202611231700', farePaise: 4000 })).json() as {
      bookingId: string;
    };
    const old = await booking(a.bookingId);
    expect((await req('POST', `${R}/bookings/${a.bookingId}/cancel`, { refundPaise: old.cancellation.refundPaise })).statusCode).toBe(200);
    expectError(await payCard(ch.bookingId), 409, 'ORDER_NOT_PAYABLE');
    expect(await netPaid([a.bookingId, ch.bookingId])).toBe(0);
  });

  it('20 parallel cancels of a booking whose change is being paid: all refused; after it settles the new one cancels once', async () => {
    await at('2026-11-23T07:00:00');
    const a = await hold('PRM-1.202611231540');
    await payCard(a.bookingId);
    const ch = (await req('POST', `${R}/bookings/${a.bookingId}/reschedule`, { tripId: 'PRM-1.202611231740', farePaise: 4000 })).json() as {
      bookingId: string;
    };
    const p = await payPendingUpi(ch.bookingId);
    const old = await booking(a.bookingId);
    const rs = await Promise.all(
      Array.from({ length: 20 }, () => req('POST', `${R}/bookings/${a.bookingId}/cancel`, { refundPaise: old.cancellation.refundPaise })),
    );
    expect(new Set(rs.map((r) => `${r.statusCode}:${(r.json() as { code?: string }).code}`))).toEqual(new Set(['409:RESCHEDULE_IN_PROGRESS']));
    await p.approve();
    expect(((await req('GET', `/api/payments/${p.paymentId}`)).json() as { status: string }).status).toBe('SUCCESS');
    const now = await booking(ch.bookingId);
    const cs = await Promise.all(
      Array.from({ length: 20 }, () => req('POST', `${R}/bookings/${ch.bookingId}/cancel`, { refundPaise: now.cancellation.refundPaise })),
    );
    expect(cs.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(cs.every((r) => r.statusCode < 500)).toBe(true);
    expect(await netPaid([a.bookingId, ch.bookingId])).toBe(0);
  });

  it('operator: a cancelled trip is off sale, and a booking being paid on it is refunded in full when it settles', async () => {
    await at('2026-11-23T07:00:00');
    const tripId = 'PRM-1.202611231800';
    const h = await hold(tripId);
    const p = await payPendingUpi(h.bookingId);
    expect((await ops(`/api/ops/reservations/trips/${tripId}/cancel`, { disruption: 'BREAKDOWN' })).statusCode).toBe(200);
    expectError(await req('POST', `${R}/bookings`, { tripId, ...P1, passengers: ONE, farePaise: await fareOf(tripId) }), 409, 'TRIP_CANCELLED');
    await p.approve();
    expect(((await req('GET', `/api/payments/${p.paymentId}`)).json() as { status: string }).status).toBe('SUCCESS');
    expect((await booking(h.bookingId)).status).toBe('BOOKING_FAILED');
    expect(await netPaid([h.bookingId])).toBe(0);
  });

  it('operator: a booking being paid when its trip is moved follows the trip and is issued there', async () => {
    await at('2026-11-23T07:00:00');
    const h = await hold('PRM-1.202611231840');
    const p = await payPendingUpi(h.bookingId);
    const mv = await ops('/api/ops/reservations/trips/PRM-1.202611231840/move', { toTripId: 'PRM-1.202611231900' });
    expect(mv.statusCode).toBe(200);
    expect(await seatsLeft('PRM-1.202611231840')).toBe(40);
    expect(await seatsLeft('PRM-1.202611231900')).toBe(39);
    await p.approve();
    expect(((await req('GET', `/api/payments/${p.paymentId}`)).json() as { status: string }).status).toBe('SUCCESS');
    const b = (await req('GET', `${R}/bookings/${h.bookingId}`)).json() as { status: string; tripId: string };
    expect(b).toMatchObject({ status: 'ACTIVE', tripId: 'PRM-1.202611231900' });
    expect(await netPaid([h.bookingId])).toBe(h.amountPaise);
  });

  it('a change of slot to a cheaper trip is a ₹0 order issued through payments, the difference refunded once', async () => {
    await at('2026-11-23T07:00:00');
    const a = await hold('PRM-1.202611231720'); // ₹200 at peak
    await payCard(a.bookingId);
    const rs = await Promise.all(
      Array.from({ length: 20 }, () => req('POST', `${R}/bookings/${a.bookingId}/reschedule`, { tripId: 'PRM-1.202611232000', farePaise: -4000 })),
    );
    expect(rs.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(rs.every((r) => r.statusCode < 500)).toBe(true);
    const ch = rs.find((r) => r.statusCode === 201)!.json() as { bookingId: string; status: string; refunds: { amountPaise: number }[] };
    expect(ch.status).toBe('ACTIVE');
    const order = await s.db.query<{ state: string }>(`SELECT state FROM payment_orders WHERE order_kind = 'reservation' AND order_id = $1`, [ch.bookingId]);
    expect(order.rows).toEqual([{ state: 'ISSUED' }]);
    expect(await netPaid([a.bookingId, ch.bookingId])).toBe(16000);
  });

  it("another rider's ids: their booking, change and key are not yours (404, or your own booking for your own key)", async () => {
    await at('2026-11-23T07:00:00');
    const mine = rider;
    const a = await hold('PRM-1.202611231400');
    await payCard(a.bookingId);
    const ch = (await req('POST', `${R}/bookings/${a.bookingId}/reschedule`, { tripId: 'PRM-1.202611231840', farePaise: 4000 })).json() as {
      bookingId: string;
    };
    await at('2026-11-23T07:00:00');
    const them = rider;
    expectError(await payCard(ch.bookingId), 404, 'ORDER_NOT_FOUND');
    expectError(await req('POST', `${R}/bookings/${a.bookingId}/cancel`, { refundPaise: 16000 }), 404, 'BOOKING_NOT_FOUND');
    expectError(await req('POST', `${R}/bookings/${a.bookingId}/reschedule`, { tripId: 'PRM-1.202611231420', farePaise: 0 }), 404, 'BOOKING_NOT_FOUND');
    expectError(await req('DELETE', `${R}/bookings/${ch.bookingId}/hold`), 404, 'BOOKING_NOT_FOUND');
    // the same idempotency key from two riders: two bookings
    const tripId = 'PRM-1.202611231420';
    const fare = await fareOf(tripId);
    const theirs = (await holdWithKey(tripId, 'shared-key-0001', fare)).json() as { bookingId: string };
    rider = mine;
    const ours = (await holdWithKey(tripId, 'shared-key-0001', fare)).json() as { bookingId: string };
    expect(ours.bookingId).not.toBe(theirs.bookingId);
    expect(them.userId).not.toBe(mine.userId);
    expect((await booking(a.bookingId)).status).toBe('ACTIVE');
  });

  it('a change of slot left unpaid until its 10 minutes lapse: it cannot be paid, and the old booking is free again', async () => {
    await at('2026-11-23T07:00:00');
    const a = await hold('PRM-1.202611231440');
    await payCard(a.bookingId);
    const chr = await req('POST', `${R}/bookings/${a.bookingId}/reschedule`, { tripId: 'PRM-1.202611231720', farePaise: 4000 });
    expect(chr.statusCode).toBe(201);
    const ch = chr.json() as { bookingId: string };
    expectError(await req('POST', `${R}/bookings/${a.bookingId}/reschedule`, { tripId: 'PRM-1.202611231940', farePaise: 4000 }), 409, 'RESCHEDULE_IN_PROGRESS');
    clock.advance(10 * MIN);
    expectError(await payCard(ch.bookingId), 409, 'HOLD_EXPIRED');
    const again = await req('POST', `${R}/bookings/${a.bookingId}/reschedule`, { tripId: 'PRM-1.202611231940', farePaise: 4000 });
    expect(again.statusCode).toBe(201);
    expect(await netPaid([a.bookingId, ch.bookingId])).toBe(16000);
  });

  it('a change of slot paid after its new bus left: refunded in full, the old booking kept', async () => {
    await at('2026-11-23T16:50:00');
    const a = await hold('PRM-1.202611232000'); // ₹160, after the evening rush
    await payCard(a.bookingId);
    const ch = (await req('POST', `${R}/bookings/${a.bookingId}/reschedule`, { tripId: 'PRM-1.202611231700', farePaise: 4000 })).json() as {
      bookingId: string;
    };
    const p = await payPendingUpi(ch.bookingId);
    clock.t = ist('2026-11-23T17:01:00');
    await p.approve();
    expect(((await req('GET', `/api/payments/${p.paymentId}`)).json() as { status: string }).status).toBe('SUCCESS');
    expect((await booking(ch.bookingId)).status).toBe('BOOKING_FAILED');
    expect((await booking(a.bookingId)).status).toBe('ACTIVE');
    expect(await netPaid([a.bookingId, ch.bookingId])).toBe(16000);
  });

  it('the operator cancels the old trip while the change is being paid: both refunded in full, nothing issued', async () => {
    await at('2026-11-23T07:00:00');
    const a = await hold('PRM-1.202611231520');
    await payCard(a.bookingId);
    const ch = (await req('POST', `${R}/bookings/${a.bookingId}/reschedule`, { tripId: 'PRM-1.202611231920', farePaise: 4000 })).json() as {
      bookingId: string;
    };
    const p = await payPendingUpi(ch.bookingId);
    expect((await ops('/api/ops/reservations/trips/PRM-1.202611231520/cancel', { disruption: 'TRAFFIC' })).statusCode).toBe(200);
    await p.approve();
    expect(((await req('GET', `/api/payments/${p.paymentId}`)).json() as { status: string }).status).toBe('SUCCESS');
    expect((await booking(a.bookingId)).status).toBe('SYSTEM_CANCELLED');
    expect((await booking(ch.bookingId)).status).toBe('BOOKING_FAILED');
    expect(await seatsLeft('PRM-1.202611231920')).toBe(40);
    await s.app.inject({ method: 'GET', url: `${R}/bookings/${a.bookingId}`, headers: rider.headers }); // sends the recorded refund
    expect(await netPaid([a.bookingId, ch.bookingId])).toBe(0);
  });
});
