import { walletResponseSchema } from '@sawari/contracts';
import { buildTicketCode, exportDevicePublicKey, generateSigningKeyPair, signDynamicPart } from '@sawari/domain';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { expectError, signIn, TestClock, type Session } from '../../testing/accounts';
import { payThroughGateway, upi } from '../../testing/gateway-pay';

const VALIDATOR = { authorization: 'Validator sawari-dev-validator' };
const ist = (s: string) => Date.parse(`${s}+05:30`);

/**
 * A reserved seat through the real validation module: a paid booking gets a device-bound token valid from 30 minutes
 * before the slot, a validator punch makes it PUNCHED (its ride in the wallet), a second punch is refused, and a
 * cancelled booking can no longer be punched.
 */
describe(`reserved seats with validation ${dbLabel()}`, () => {
  const clock = new TestClock(ist('2026-11-23T09:00:00'));
  let s: TestServer;
  let rider: Session;
  let device: { keys: CryptoKeyPair; dk: string };
  beforeAll(async () => {
    s = await startTestServer({ now: clock.now });
    rider = await signIn(s.app, s.db, '9876580301');
    const keys = await generateSigningKeyPair(false);
    device = { keys, dk: await exportDevicePublicKey(keys.publicKey) };
  }, 60_000);
  afterAll(() => s?.cleanup());

  /** Moves the clock and signs in again (access tokens last minutes, not hours). */
  const at = async (when: string) => {
    clock.t = ist(when);
    rider = await signIn(s.app, s.db, '9876580301');
  };
  const post = (url: string, body: object, headers: Record<string, string> = rider.headers) => s.app.inject({ method: 'POST', url, headers, payload: body });
  const book = async (tripId: string) => {
    const pair = { fromStopId: 'PRM-THANE', toStopId: 'PRM-BKC' };
    const fare = (await post('/api/reservations/v1/fare', { options: [{ tripId, ...pair }], passengers: { adult: 1 } })).json().payableAmount;
    const b = (await post('/api/reservations/v1/bookings', { tripId, ...pair, passengers: { adult: 1 }, farePaise: fare })).json();
    const p = await payThroughGateway(s.app, rider, 'reservation', b.bookingId, upi('asha@upi'), { key: `rv-${b.bookingId.slice(4, 20)}` });
    expect(p.json()).toMatchObject({ status: 'SUCCESS' });
    return b.bookingId as string;
  };
  const qr = async (tx: string) => {
    const t = await post('/api/validation/tokens', { transactionId: tx, devicePublicKey: device.dk });
    expect(t.statusCode).toBe(200);
    const { slot, signature } = await signDynamicPart(device.keys.privateKey, tx, clock.t);
    return { code: buildTicketCode(t.json().token, slot, signature), claims: t.json().claims };
  };

  it('token from 30 min before the slot; one punch → PUNCHED with its ride in the wallet; a second is refused', async () => {
    const id = await book('PRM-1.202611230940');
    const { code, claims } = await qr(id);
    expect(claims).toMatchObject({
      tid: id,
      kind: 'ticket',
      pt: 'singleJourneyTicket',
      trips: 1,
      nb: ist('2026-11-23T09:10:00'),
      exp: ist('2026-11-23T11:35:00'),
    });
    expect((await post('/api/validation/punches', { code }, VALIDATOR)).json()).toMatchObject({ code: 'CODE_INVALID', reason: 'NOT_YET_VALID' });
    await at('2026-11-23T09:35:00');
    const r = await post('/api/validation/punches', { code: (await qr(id)).code, vehicleNo: 'MH01AB1234' }, VALIDATOR);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ transactionId: id, status: 'USED' });
    const item = walletResponseSchema
      .parse((await s.app.inject({ url: '/api/tickets/wallet?city=mumbai', headers: rider.headers })).json())
      .items.find((i) => i.transactionId === id)!;
    expect(item).toMatchObject({ status: 'PUNCHED', rideCount: 1 });
    const rides = (await s.app.inject({ url: `/api/validation/rides/${id}`, headers: rider.headers })).json();
    expect(rides.rides).toMatchObject([{ vehicleNo: 'MH01AB1234' }]);
    clock.advance(10_000);
    expectError(await post('/api/validation/tokens', { transactionId: id, devicePublicKey: device.dk }), 409, 'TICKET_USED');
    expect((await s.app.inject({ url: `/api/reservations/v1/bookings/${id}`, headers: rider.headers })).json()).toMatchObject({
      status: 'PUNCHED',
      actions: ['FIND_MY_STOP', 'CHAT_SUPPORT', 'CALL_SUPPORT'],
    });
  });

  it('a cancelled booking is not punched', async () => {
    const id = await book('PRM-1.202611231200');
    const { code } = await qr(id);
    const b = (await s.app.inject({ url: `/api/reservations/v1/bookings/${id}`, headers: rider.headers })).json();
    expect((await post(`/api/reservations/v1/bookings/${id}/cancel`, { refundPaise: b.cancellation.refundPaise })).statusCode).toBe(200);
    await at('2026-11-23T11:45:00');
    const r = await post('/api/validation/punches', { code }, VALIDATOR);
    expect(r.statusCode).toBeGreaterThanOrEqual(400);
    expect(r.statusCode).toBeLessThan(500);
  });
});
