import { walletResponseSchema } from '@sawari/contracts';
import { buildTicketCode, exportDevicePublicKey, generateSigningKeyPair, signDynamicPart } from '@sawari/domain';
import { payThroughGateway, upi } from '../../testing/gateway-pay';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { expectError, signIn, TestClock, type Session } from '../../testing/accounts';

const VALIDATOR = { authorization: 'Validator sawari-dev-validator' };

/**
 * Tickets through the real validation module (wired in server.ts): a bought ticket gets a device-bound token, a
 * validator punches it, the tickets module hears onPunched and marks it USED, and the wallet listing shows the ride.
 */
describe(`tickets with validation ${dbLabel()}`, () => {
  const clock = new TestClock();
  let s: TestServer;
  let rider: Session;
  let device: { keys: CryptoKeyPair; dk: string };
  beforeAll(async () => {
    s = await startTestServer({ now: clock.now });
    rider = await signIn(s.app, s.db, '9876570201');
    const keys = await generateSigningKeyPair(false);
    device = { keys, dk: await exportDevicePublicKey(keys.publicKey) };
  }, 60_000);
  afterAll(() => s?.cleanup());

  const post = (url: string, body: object, headers: Record<string, string> = rider.headers) => s.app.inject({ method: 'POST', url, headers, payload: body });
  const buy = async (body: Record<string, unknown>) => {
    const o = (await post('/api/tickets/v1/orders', { city: 'mumbai', deviceId: 'test-device-1', appVer: '1001', ...body })).json();
    expect(o.status).toBe('PENDING');
    const p = await payThroughGateway(s.app, rider, 'ticket', o.transactionId, upi('asha@upi'), { key: `tv-${o.transactionId.slice(4, 20)}` });
    expect(p.json()).toMatchObject({ status: 'SUCCESS' });
    return o.transactionId as string;
  };
  const tokens = new Map<string, string>();
  /** The QR text the app would show now (a token fetched once per ticket, the dynamic part signed for this slot). */
  const qr = async (tx: string) => {
    if (!tokens.has(tx)) {
      const t = await post('/api/validation/tokens', { transactionId: tx, devicePublicKey: device.dk });
      expect(t.statusCode).toBe(200);
      tokens.set(tx, t.json().token);
    }
    const { slot, signature } = await signDynamicPart(device.keys.privateKey, tx, clock.t);
    return buildTicketCode(tokens.get(tx)!, slot, signature);
  };
  const wallet = async () => walletResponseSchema.parse((await s.app.inject({ url: '/api/tickets/wallet?city=mumbai', headers: rider.headers })).json());

  it('a single-journey ticket: token, one punch → USED in the wallet with its ride; a second punch is TICKET_USED', async () => {
    const tx = await buy({ kind: 'singleJourney', routeId: 'AE-T1-KHR', fromStopId: 'T1-BAY', toStopId: 'SION', passengers: { adult: 1 }, farePaise: 15000 });
    const t = (await post('/api/validation/tokens', { transactionId: tx, devicePublicKey: device.dk })).json();
    expect(t.claims).toMatchObject({
      tid: tx,
      kind: 'ticket',
      pt: 'singleJourneyTicket',
      city: 'mumbai',
      agency: 'Mumbai Airport Express',
      trips: 1,
      nb: clock.t,
      exp: clock.t + 86_400_000,
    });
    clock.advance(60_000);
    const r = await post('/api/validation/punches', { code: await qr(tx), vehicleNo: 'MH01AB1234' }, VALIDATOR);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ transactionId: tx, status: 'USED' });
    const item = (await wallet()).items.find((i) => i.transactionId === tx)!;
    expect(item).toMatchObject({ status: 'USED', rideCount: 1, punches: [{ punchingTime: clock.t }] });
    clock.advance(10_000);
    expectError(await post('/api/validation/punches', { code: await qr(tx) }, VALIDATOR), 409, 'TICKET_USED');
    expectError(await post('/api/validation/tokens', { transactionId: tx, devicePublicKey: device.dk }), 409, 'TICKET_USED');
  });

  it('a multi-route ticket is USED after one punch per leg', async () => {
    const legs = [
      { routeId: 'AE-T1-KHR', fromStopId: 'T1-BAY', toStopId: 'SION' },
      { routeId: 'AE-KHR-T2', fromStopId: 'SION', toStopId: 'T2-BAY' },
    ];
    const tx = await buy({ kind: 'multiRoute', legs, passengers: { adult: 1 }, farePaise: 30000 });
    const code = await qr(tx);
    expect((await post('/api/validation/punches', { code }, VALIDATOR)).json()).toMatchObject({ status: 'ACTIVE' });
    expect((await wallet()).items.find((i) => i.transactionId === tx)).toMatchObject({ status: 'UNUSED', rideCount: 1 });
    clock.advance(10_000);
    expect((await post('/api/validation/punches', { code: await qr(tx) }, VALIDATOR)).json()).toMatchObject({ status: 'USED' });
    expect((await wallet()).items.find((i) => i.transactionId === tx)).toMatchObject({ status: 'USED', rideCount: 2 });
  });

  it('an instant ticket not punched within 15 min cannot be punched, and reads EXPIRED', async () => {
    const tx = await buy({ kind: 'instant', instantFareId: 'mum-inst-10', passengerCount: 1, farePaise: 1000 });
    await qr(tx);
    clock.advance(15 * 60_000);
    expectError(await post('/api/validation/punches', { code: await qr(tx) }, VALIDATOR), 422, 'CODE_INVALID', /expired/i);
    rider = await signIn(s.app, s.db, '9876570201'); // the access token lapsed with the clock
    expect((await wallet()).items.find((i) => i.transactionId === tx)).toMatchObject({ status: 'EXPIRED', rideCount: 0 });
  });
});
