import { tokenResponseSchema, walletResponseSchema } from '@sawari/contracts';
import { buildTicketCode, exportDevicePublicKey, generateSigningKeyPair, signDynamicPart } from '@sawari/domain';
import { card, payThroughGateway } from '../../testing/gateway-pay';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { expectError, signIn, TestClock, type Session } from '../../testing/accounts';

const VALIDATOR = { authorization: 'Validator sawari-dev-validator' };

/** The real wiring of api/src/platform/server.ts: tickets sold by the tickets module, punched here, shown in the wallet. */
describe(`validation with the tickets module ${dbLabel()}`, () => {
  const clock = new TestClock();
  let s: TestServer;
  let rider: Session;
  beforeAll(async () => {
    s = await startTestServer({ now: clock.now });
    rider = await signIn(s.app, s.db, '9876591001');
  }, 60_000);
  afterAll(() => s?.cleanup());

  const post = (url: string, body: object, headers: Record<string, string> = rider.headers) => s.app.inject({ method: 'POST', url, headers, payload: body });

  it('buy a single-journey ticket, get its token, punch it: USED in the wallet with its ride; the next punch is TICKET_USED', async () => {
    const o = await post('/api/tickets/v1/orders', {
      city: 'mumbai',
      kind: 'singleJourney',
      routeId: 'AE-T1-KHR',
      fromStopId: 'T1-BAY',
      toStopId: 'KHARGHAR',
      passengers: { adult: 1 },
      farePaise: 15000,
      deviceId: 'test-device-1',
      appVer: '1001',
    });
    expect(o.statusCode).toBe(201);
    const tx = o.json().transactionId as string;
    const paid = await payThroughGateway(s.app, rider, 'ticket', tx, card(), { key: 'val-int-000001' });
    expect(paid.json()).toMatchObject({ status: 'SUCCESS' });
    const device = await generateSigningKeyPair(false);
    const { token, claims } = tokenResponseSchema.parse(
      (await post('/api/validation/tokens', { transactionId: tx, devicePublicKey: await exportDevicePublicKey(device.publicKey) })).json(),
    );
    expect(claims).toMatchObject({ kind: 'ticket', pt: 'singleJourneyTicket', trips: 1, uid: rider.userId });
    const codeAt = async (at: number) => {
      const d = await signDynamicPart(device.privateKey, tx, at);
      return buildTicketCode(token, d.slot, d.signature);
    };
    const r = await post('/api/validation/punches', { code: await codeAt(clock.t), vehicleNo: 'MH01AB1234' }, VALIDATOR);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ transactionId: tx, status: 'USED', kind: 'ticket' });
    const wallet = walletResponseSchema.parse((await s.app.inject({ url: '/api/tickets/wallet?city=mumbai', headers: rider.headers })).json());
    expect(wallet.items.find((i) => i.transactionId === tx)).toMatchObject({ status: 'USED', rideCount: 1, punches: [{ punchingTime: clock.t }] });
    clock.advance(10_000);
    expectError(await post('/api/validation/punches', { code: await codeAt(clock.t) }, VALIDATOR), 409, 'TICKET_USED');
    const receipt = (await s.app.inject({ url: `/api/validation/receipts/${tx}`, headers: rider.headers })).json();
    expect(receipt).toMatchObject({ kind: 'ticket', status: 'USED', farePaise: 15000, rideCount: 1, lastRide: { vehicleNo: 'MH01AB1234', source: 'QR' } });
  });
});
