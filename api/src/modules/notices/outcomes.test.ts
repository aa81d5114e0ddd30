// Every outcome reaches the rider in their language, by SMS (the development gateway's outbox) and as
// a notice on Home until seen. Each kind is driven through its real flow: a payment on the gateway's hosted page, the rider's change of
// slot, the operators' vehicle / cancel / move, the refunds they cause, a terminal tap writing a card load.
import { withClosedLoopCheckDigit } from '@sawari/domain';
import { card, payThroughGateway, upi } from '../../testing/gateway-pay';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { expectError, signIn, TestClock, type Session } from '../../testing/accounts';
import { paymentsOf } from '../payments';
import { SmsOutboxStore } from '../sms/store';

const ist = (s: string) => Date.parse(`${s}+05:30`);
const OPS = { authorization: 'Ops sawari-dev-ops' };
const VALIDATOR = { authorization: 'Validator sawari-dev-validator' };
const R = '/api/reservations/v1';
const P1 = { fromStopId: 'PRM-THANE', toStopId: 'PRM-BKC' };
const ONE = { adult: 1, child: 0, senior: 0 };
const DEVANAGARI = /[\u0900-\u097F]/;

type Notice = { id: number; kind: string | null; body: string; createdAt: number };

describe(`rider notices of every outcome ${dbLabel()}`, () => {
  const clock = new TestClock(ist('2026-11-23T07:00:00')); // Monday
  let s: TestServer;
  let hindi: Session; // notices in Hindi
  let english: Session; // never chose: English
  const HI_PHONE = '9876590001';
  const EN_PHONE = '9876590002';
  beforeAll(async () => {
    s = await startTestServer({ now: clock.now });
    hindi = await signIn(s.app, s.db, HI_PHONE);
    english = await signIn(s.app, s.db, EN_PHONE, 'test-device-2');
  }, 60_000);
  afterAll(() => s?.cleanup());

  const req = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, who: Session | null = hindi, headers: Record<string, string> = {}) =>
    s.app.inject({ method, url, headers: { ...(who?.headers ?? {}), ...headers }, ...(body === undefined ? {} : { payload: body as object }) });
  let keyN = 0;
  const payCard = (kind: string, id: string, who: Session) => payThroughGateway(s.app, who, kind, id, card(), { key: `outcome-key-${++keyN}` });
  const payUpi = (kind: string, id: string, who: Session) => payThroughGateway(s.app, who, kind, id, upi('success@upi'), { key: `outcome-key-${++keyN}` });
  const book = async (tripId: string, who: Session, by: 'card' | 'upi' = 'card') => {
    const fare = (await req('POST', `${R}/fare`, { options: [{ tripId, ...P1 }], passengers: ONE }, who)).json() as { payableAmount: number };
    const r = await req('POST', `${R}/bookings`, { tripId, ...P1, passengers: ONE, farePaise: fare.payableAmount }, who);
    expect(r.statusCode).toBe(201);
    const id = (r.json() as { bookingId: string }).bookingId;
    expect((await (by === 'card' ? payCard : payUpi)('reservation', id, who)).json()).toMatchObject({ status: 'SUCCESS' });
    return { id, farePaise: fare.payableAmount };
  };
  /** The rider's unseen notices of a kind (Home's list), once the deciding transaction has committed. */
  const home = async (who: Session, kind?: string): Promise<Notice[]> => {
    const r = await req('GET', '/api/notices', undefined, who);
    expect(r.statusCode).toBe(200);
    return (r.json() as { notices: Notice[] }).notices.filter((n) => !kind || n.kind === kind);
  };
  /** The SMS the development gateway took for a phone, once delivery has caught up to `count` (oldest first). */
  const sms = async (phone: string, count: number): Promise<string[]> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const list = (await new SmsOutboxStore(s.db).list(phone, 200))
        .map((m) => m.body)
        .reverse()
        .filter((b) => b.startsWith('Sawari:'));
      if (list.length >= count || Date.now() > deadline) return list;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const rows = async (userId: string, kind: string) =>
    (await s.db.query<{ event_key: string }>('SELECT event_key FROM rider_notices WHERE user_id = $1 AND kind = $2', [userId, kind])).rows;
  /** Each notice of this kind reached the phone by SMS with the same text as on Home. */
  const delivered = async (phone: string, notices: Notice[]) => {
    const all = await sms(phone, 1);
    const deadline = Date.now() + 10_000;
    let got = all;
    while (!notices.every((n) => got.includes(n.body)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      got = await sms(phone, 0);
    }
    for (const n of notices) expect(got).toContain(n.body);
  };

  it('the notice language: set by the rider, validated; Home is rider-scoped and a dismissed notice is gone', async () => {
    expect((await req('PUT', '/api/notices/language', { language: 'hi' })).statusCode).toBe(204);
    expectError(await req('PUT', '/api/notices/language', { language: 'fr' }), 400, 'VALIDATION_FAILED');
    expectError(await req('PUT', '/api/notices/language', { language: 'hi', extra: 1 }), 400, 'VALIDATION_FAILED');
    expectError(await req('GET', '/api/notices', undefined, null), 401, 'UNAUTHENTICATED');
    expectError(await req('POST', '/api/notices/abc/seen', {}), 400, 'VALIDATION_FAILED');
    expectError(await req('POST', '/api/notices/999999999/seen', {}), 404, 'NOTICE_NOT_FOUND');
  });

  it("booking confirmed (paid on the gateway's page): Hindi for a Hindi rider, English otherwise; once; on Home until dismissed", async () => {
    const mine = await book('PRM-1.202611231000', hindi);
    const theirs = await book('PRM-1.202611231000', english);
    const [hi] = await home(hindi, 'bookingConfirmed');
    const [en] = await home(english, 'bookingConfirmed');
    expect(hi.body).toMatch(DEVANAGARI);
    expect(hi.body).toContain('10:00');
    expect(en.body).not.toMatch(DEVANAGARI);
    expect(en.body).toContain('10:00');
    await delivered(HI_PHONE, [hi]);
    await delivered(EN_PHONE, [en]);
    expect(await rows(hindi.userId, 'bookingConfirmed')).toEqual([{ event_key: `booking-confirmed:${mine.id}` }]);
    expect(await rows(english.userId, 'bookingConfirmed')).toEqual([{ event_key: `booking-confirmed:${theirs.id}` }]);
    // someone else cannot dismiss it; the rider can, twice without error, and then it is gone from Home
    expectError(await req('POST', `/api/notices/${hi.id}/seen`, {}, english), 404, 'NOTICE_NOT_FOUND');
    expect((await req('POST', `/api/notices/${hi.id}/seen`, {})).statusCode).toBe(204);
    expect((await req('POST', `/api/notices/${hi.id}/seen`, {})).statusCode).toBe(204);
    expect(await home(hindi, 'bookingConfirmed')).toEqual([]);
    expect(await home(english, 'bookingConfirmed')).toHaveLength(1);
  });

  it('a change of slot done: told once, not as a new booking', async () => {
    const b = await book('PRM-1.202611231100', hindi);
    const r = await req('POST', `${R}/bookings/${b.id}/reschedule`, { tripId: 'PRM-1.202611231120', farePaise: 0 });
    expect(r.statusCode).toBe(201);
    const newId = (r.json() as { bookingId: string }).bookingId;
    expect(await rows(hindi.userId, 'slotChanged')).toEqual([{ event_key: `slot-changed:${newId}` }]);
    expect((await rows(hindi.userId, 'bookingConfirmed')).map((x) => x.event_key)).not.toContain(`booking-confirmed:${newId}`);
    const [n] = await home(hindi, 'slotChanged');
    expect(n.body).toMatch(DEVANAGARI);
    expect(n.body).toContain('11:20');
    await delivered(HI_PHONE, [n]);
  });

  it('operator vehicle change, then cancel: each rider told once; the refund sent and settled are told too', async () => {
    const a = await book('PRM-1.202611231200', hindi); // a card refund
    const o = await book('PRM-1.202611231200', english, 'upi'); // a UPI refund (both pending at the gateway for 20 s)
    for (let i = 0; i < 2; i++)
      expect((await req('POST', '/api/ops/reservations/trips/PRM-1.202611231200/vehicle', { vehicleNo: 'MH01 AB 1234' }, null, OPS)).statusCode).toBe(200);
    expect(await rows(hindi.userId, 'vehicleChanged')).toEqual([{ event_key: `vehicle:${a.id}:MH01 AB 1234` }]);
    expect(await rows(english.userId, 'vehicleChanged')).toEqual([{ event_key: `vehicle:${o.id}:MH01 AB 1234` }]);
    const [v] = await home(english, 'vehicleChanged');
    expect(v.body).toContain('MH01 AB 1234');
    await delivered(EN_PHONE, [v]);

    const [c1, c2] = await Promise.all([
      req('POST', '/api/ops/reservations/trips/PRM-1.202611231200/cancel', { disruption: 'BREAKDOWN' }, null, OPS),
      req('POST', '/api/ops/reservations/trips/PRM-1.202611231200/cancel', { disruption: 'BREAKDOWN' }, null, OPS),
    ]);
    expect([c1.statusCode, c2.statusCode].sort()).toEqual([200, 409]);
    expect(await rows(hindi.userId, 'tripCancelled')).toEqual([{ event_key: `trip-cancelled:${a.id}` }]);
    const [cancelled] = await home(english, 'tripCancelled');
    expect(cancelled.body).toContain(`₹${a.farePaise / 100}`);
    // why, in a sentence, and the way on (issue 35 item 13: "cancelled a bus breakdown", no rebooking offered)
    expect(cancelled.body).toContain('was cancelled because of a bus breakdown.');
    expect(cancelled.body).toContain('book another slot');
    expect((await home(hindi, 'tripCancelled'))[0].body).toContain('बस खराब होने के कारण');
    const refundsOf = async (id: string, who: Session) =>
      ((await req('GET', `${R}/bookings/${id}`, undefined, who)).json() as { refunds: { id?: string; status: string }[] }).refunds;
    expect(await refundsOf(o.id, english)).toMatchObject([{ status: 'PENDING' }]);
    const sent = await home(english, 'refundSent');
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toContain(`₹${o.farePaise / 100}`);
    expect((await home(hindi, 'refundSent'))[0].body).toMatch(DEVANAGARI);
    // settled: only when payments answers the refund SUCCESS (the gateway processes it 20 s later), told once
    expect(await home(english, 'refundSettled')).toEqual([]);
    expect(await home(hindi, 'refundSettled')).toEqual([]);
    await s.gateway.control('clock', { advanceSeconds: 21 });
    await paymentsOf(s.app)!.service.reconcile();
    expect(await refundsOf(o.id, english)).toMatchObject([{ status: 'SUCCESS' }]);
    expect(await refundsOf(a.id, hindi)).toMatchObject([{ status: 'SUCCESS' }]);
    const settled = await home(english, 'refundSettled');
    expect(settled).toHaveLength(1);
    expect(settled[0].body).toContain(`₹${o.farePaise / 100}`);
    const hindiSettled = await home(hindi, 'refundSettled');
    expect(hindiSettled).toHaveLength(1);
    expect(hindiSettled[0].body).toMatch(DEVANAGARI);
    await delivered(EN_PHONE, [cancelled, ...sent, ...settled]);
  });

  it('operator move: the rider is told the new departure once (not as a new booking)', async () => {
    const m = await book('PRM-1.202611231220', hindi);
    const mv = await req('POST', '/api/ops/reservations/trips/PRM-1.202611231220/move', { toTripId: 'PRM-1.202611231240' }, null, OPS);
    expect(mv.statusCode).toBe(200);
    const newId = (mv.json() as { moved: { to: string }[] }).moved[0].to;
    expect(await rows(hindi.userId, 'tripMoved')).toEqual([{ event_key: `trip-moved:${m.id}` }]);
    expect((await rows(hindi.userId, 'bookingConfirmed')).map((x) => x.event_key)).not.toContain(`booking-confirmed:${newId}`);
    expect(await rows(hindi.userId, 'slotChanged')).toHaveLength(1); // the rider's own change of slot, earlier
    const [n] = await home(hindi, 'tripMoved');
    expect(n.body).toContain('12:40');
    await delivered(HI_PHONE, [n]);
  });

  it('a card load written by a terminal tap: the rider who paid is told once (a repeated tap id tells nothing more)', async () => {
    const number = withClosedLoopCheckDigit(`98${String(4242).padStart(13, '0')}`);
    const tap = (tapId: string, farePaise: number) => req('POST', '/api/cards/v1/terminal/taps', { tapId, cardNumber: number, farePaise }, null, VALIDATOR);
    expect((await tap('outcome-tap-0', 0)).statusCode).toBe(200);
    const link = await req('POST', '/api/cards/v1/cards', { kind: 'closedLoop', cardNumber: number, name: 'Card' }, english);
    expect(link.statusCode).toBe(201);
    const cardRef = (link.json() as { cardRef: string }).cardRef;
    const o = await req('POST', '/api/cards/v1/recharges', { cardRef, amountPaise: 20_000, city: 'mumbai' }, english);
    expect(o.statusCode).toBe(201);
    const order = o.json() as { orderId: string; orderKind: string };
    expect((await payCard(order.orderKind, order.orderId, english)).json()).toMatchObject({ status: 'SUCCESS' });
    expect(await home(english, 'cardLoadWritten')).toEqual([]); // paid, not yet on the chip
    expect((await tap('outcome-tap-1', 1_500)).json()).toMatchObject({ written: [{ orderId: order.orderId }] });
    expect((await tap('outcome-tap-1', 1_500)).statusCode).toBe(200);
    expect(await rows(english.userId, 'cardLoadWritten')).toEqual([{ event_key: `card-load-written:${order.orderId}` }]);
    const [n] = await home(english, 'cardLoadWritten');
    expect(n.body).toContain('₹200');
    expect(n.body).toContain(number.slice(-4));
    await delivered(EN_PHONE, [n]);
  });
});
