import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { publishedKeysSchema, punchResultSchema, rideReceiptSchema, rideSyncResponseSchema, tokenResponseSchema } from '@sawari/contracts';
import {
  base64urlDecode,
  base64urlEncode,
  buildTicketCode,
  exportDevicePublicKey,
  generateSigningKeyPair,
  packClaims,
  signDynamicPart,
  slotAt,
  soundCodeHex,
  unpackClaims,
  soundPayload,
  verifyTicketCode,
} from '@sawari/domain';
import { testConfig } from '../../app/config';
import type { Db } from '../../platform/db';
import { buildServer } from '../../app/server';
import { seedCityConfig } from '../../seed';
import { expectError, signIn, TestClock, type Session } from '../../testing/accounts';
import { card, payThroughGateway } from '../../testing/gateway-pay';
import { dbLabel, openTestDb, type TestDb } from '../../testing/test-db';
import { startTestGateway, type TestGateway } from '../../testing/test-gateway';
import type { PunchedEvent, Validatable, ValidatableLookup } from './ports';

const VALIDATOR = { authorization: 'Validator sawari-dev-validator' };
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** The tickets module's stand-in: tickets kept in a map, punches heard through onPunched. */
class TestTickets implements ValidatableLookup {
  readonly name = 'test-tickets';
  readonly items = new Map<string, Validatable>();
  readonly events: PunchedEvent[] = [];
  async find(transactionId: string) {
    return this.items.get(transactionId) ?? null;
  }
  async onPunched(e: PunchedEvent, tx: Db) {
    await tx.query('SELECT 1');
    this.events.push(e);
    if (e.status === 'USED') this.items.set(e.transactionId, { ...this.items.get(e.transactionId)!, status: 'USED' });
  }
  add(userId: string, over: Partial<Validatable> = {}): Validatable {
    const t: Validatable = {
      transactionId: `T-${randomUUID()}`,
      kind: 'ticket',
      productType: 'singleJourneyTicket',
      productSubType: null,
      city: 'mumbai',
      agency: 'MBUS',
      userId,
      validFrom: 0,
      validUntil: Number.MAX_SAFE_INTEGER,
      tripsPerDay: 1,
      activeDurationMin: 120,
      status: 'ISSUED',
      title: 'Andheri → Bandra',
      farePaise: 2500,
      bookingTime: 0,
      details: { routeName: 'A-1', passengers: 1 },
      ...over,
    };
    this.items.set(t.transactionId, t);
    return t;
  }
}

interface Device {
  keys: CryptoKeyPair;
  dk: string;
}
const newDevice = async (): Promise<Device> => {
  const keys = await generateSigningKeyPair(false);
  return { keys, dk: await exportDevicePublicKey(keys.publicKey) };
};

describe(`validation API ${dbLabel()}`, () => {
  const clock = new TestClock(); // 2025-08-14 12:00 in India
  const tickets = new TestTickets();
  let t: TestDb;
  let app: FastifyInstance;
  let gw: TestGateway;
  let rider: Session;
  let other: Session;
  let device: Device;

  beforeAll(async () => {
    t = await openTestDb();
    await seedCityConfig(t.db);
    gw = await startTestGateway();
    app = await buildServer(testConfig({ razorpay: gw.razorpay }), {
      db: t.db,
      now: clock.now,
      validation: { lookups: [tickets] },
      payments: { reconcileEveryMs: 0 },
    });
    rider = await signIn(app, t.db, '9876590001');
    other = await signIn(app, t.db, '9876590002');
    device = await newDevice();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await gw?.close();
    await t?.cleanup();
  });

  const post = (url: string, body: unknown, headers: Record<string, string> = rider.headers) =>
    app.inject({ method: 'POST', url, headers, payload: body as object });
  const get = (url: string, headers: Record<string, string> = rider.headers) => app.inject({ url, headers });

  /** An issued Mumbai pass (paid through the payments API). */
  async function issuedPass(who: Session = rider, props: Record<string, unknown> = {}): Promise<string> {
    const r = await post(
      '/api/passes/v3/orders',
      {
        appVer: '1.0.0',
        city: 'mumbai',
        deviceId: 'test-device-1',
        source: 1,
        paymentProps: { lpVer: '1', paymentType: 'online' },
        proofs: [],
        userDetails: { mailId: 'a@b.in', mobileNumber: '9876590001', userName: 'Asha Rao', gender: 'F', dobInMillis: 0, userId: who.userId },
        passProps: { passStartDate: '2025-08-14', categoryId: 'adult', fmId: 'mum-gen-30', configurationId: 'mum-general', passFare: 1100, ...props },
        transactionId: `P-${randomUUID()}`,
      },
      who.headers,
    );
    expect(r.statusCode).toBe(201);
    const tx = r.json().transactionId as string;
    const paid = await payThroughGateway(app, who, 'pass', tx, card(), { key: `pay-${randomUUID()}` });
    expect(paid.json()).toMatchObject({ status: 'SUCCESS' });
    return tx;
  }

  async function token(transactionId: string, d: Device = device, who: Session = rider): Promise<string> {
    const r = await post('/api/validation/tokens', { transactionId, devicePublicKey: d.dk }, who.headers);
    expect(r.statusCode).toBe(200);
    return tokenResponseSchema.parse(r.json()).token;
  }

  async function code(tok: string, transactionId: string, d: Device = device, at = clock.t): Promise<string> {
    const { slot, signature } = await signDynamicPart(d.keys.privateKey, transactionId, at);
    return buildTicketCode(tok, slot, signature);
  }

  const punch = (body: unknown, headers: Record<string, string> = VALIDATOR) =>
    app.inject({ method: 'POST', url: '/api/validation/punches', headers, payload: body as object });
  const nextSlot = () => clock.advance(10_000);

  describe('keys and tokens', () => {
    it('publishes the ES256 key (cacheable), kept in the database: a restarted server signs with the same key', async () => {
      const r = await app.inject({ url: '/api/validation/keys' });
      expect(r.statusCode).toBe(200);
      expect(r.headers['cache-control']).toBe('public, max-age=3600');
      const keys = publishedKeysSchema.parse(r.json()).keys;
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatchObject({ alg: 'ES256', jwk: { kty: 'EC', crv: 'P-256' } });
      expect(JSON.stringify(keys)).not.toMatch(/"d"/);
      const again = await buildServer(testConfig(), { db: await t.openAnother(), now: clock.now, payments: { reconcileEveryMs: 0 } });
      try {
        expect((await again.inject({ url: '/api/validation/keys' })).json()).toEqual(r.json());
      } finally {
        await again.close();
      }
    });

    it('issues a token for the owner’s issued pass, bound to the device key; it verifies offline with only the published key', async () => {
      const tx = await issuedPass();
      const r = await post('/api/validation/tokens', { transactionId: tx, devicePublicKey: device.dk });
      const { token: tok, claims } = tokenResponseSchema.parse(r.json());
      expect(claims).toMatchObject({
        v: 1,
        tid: tx,
        kind: 'pass',
        pt: 'pass',
        city: 'mumbai',
        agency: 'MBUS',
        uid: rider.userId,
        trips: -1,
        dk: device.dk,
        nb: Date.parse('2025-08-14T00:00:00+05:30'),
        exp: Date.parse('2025-09-13T00:00:00+05:30'),
      });
      const keys = publishedKeysSchema.parse((await app.inject({ url: '/api/validation/keys' })).json()).keys;
      const v = await verifyTicketCode(await code(tok, tx), { keys, now: clock.t });
      expect(v).toMatchObject({ ok: true, claims: { tid: tx }, slot: slotAt(clock.t) });
      // the sound short code is fixed per transactionId, whatever device asks
      const second = tokenResponseSchema.parse((await post('/api/validation/tokens', { transactionId: tx, devicePublicKey: (await newDevice()).dk })).json());
      expect(second.claims.sc).toBe(claims.sc);
    });

    it('refuses another rider’s item (404), an unpaid order (409), an unknown id (404), a used ticket (409), an expired one (409)', async () => {
      const tx = await issuedPass();
      expectError(await post('/api/validation/tokens', { transactionId: tx, devicePublicKey: device.dk }, other.headers), 404, 'TICKET_NOT_FOUND');
      expectError(await post('/api/validation/tokens', { transactionId: 'nope', devicePublicKey: device.dk }), 404, 'TICKET_NOT_FOUND');
      const unpaid = await post('/api/passes/v3/orders', {
        appVer: '1.0.0',
        city: 'mumbai',
        deviceId: 'd',
        source: 1,
        paymentProps: { lpVer: '1', paymentType: 'online' },
        proofs: [],
        transactionId: `P-${randomUUID()}`,
        userDetails: { mobileNumber: '9876590001', userName: 'Asha Rao', userId: rider.userId },
        passProps: { passStartDate: '2025-08-15', categoryId: 'adult', fmId: 'mum-gen-7', configurationId: 'mum-general', passFare: 350 },
      });
      expectError(
        await post('/api/validation/tokens', { transactionId: unpaid.json().transactionId, devicePublicKey: device.dk }),
        409,
        'NOT_ISSUED',
        /PENDING/,
      );
      const used = tickets.add(rider.userId, { status: 'USED' });
      expectError(await post('/api/validation/tokens', { transactionId: used.transactionId, devicePublicKey: device.dk }), 409, 'TICKET_USED');
      const old = tickets.add(rider.userId, { validUntil: clock.t });
      expectError(await post('/api/validation/tokens', { transactionId: old.transactionId, devicePublicKey: device.dk }), 409, 'TICKET_EXPIRED');
      const marked = tickets.add(rider.userId, { status: 'EXPIRED' });
      expectError(await post('/api/validation/tokens', { transactionId: marked.transactionId, devicePublicKey: device.dk }), 409, 'TICKET_EXPIRED');
      const cancelled = tickets.add(rider.userId, { status: 'CANCELLED' });
      expectError(await post('/api/validation/tokens', { transactionId: cancelled.transactionId, devicePublicKey: device.dk }), 409, 'NOT_ISSUED', /CANCELLED/);
    });

    it.each([
      ['no body', undefined, /body/],
      ['an empty object', {}, /transactionId/],
      ['a bad transactionId', { transactionId: 'a b/c', devicePublicKey: 'x'.repeat(87) }, /transactionId/],
      ['a short device key', { transactionId: 'abc', devicePublicKey: 'abc' }, /devicePublicKey/],
      ['a number for the key', { transactionId: 'abc', devicePublicKey: 7 }, /devicePublicKey/],
    ])('400 VALIDATION_FAILED for %s', async (_n, body, message) => {
      const r =
        body === undefined
          ? await app.inject({ method: 'POST', url: '/api/validation/tokens', headers: rider.headers })
          : await post('/api/validation/tokens', body);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toMatch(message);
    });

    it('400 INVALID_DEVICE_KEY for 65 bytes that are not a P-256 point; 401 without sign-in', async () => {
      const tx = await issuedPass();
      const bogus = base64urlEncode(new Uint8Array(65).fill(9).map((x, i) => (i === 0 ? 4 : x)));
      expectError(await post('/api/validation/tokens', { transactionId: tx, devicePublicKey: bogus }), 400, 'INVALID_DEVICE_KEY');
      expectError(
        await app.inject({ method: 'POST', url: '/api/validation/tokens', payload: { transactionId: tx, devicePublicKey: device.dk } }),
        401,
        'UNAUTHENTICATED',
      );
    });
  });

  describe('punches (validator)', () => {
    it('a good QR punches once: the replay is 409 PUNCH_REPLAYED; the next slot’s code is a second ride of an unlimited pass', async () => {
      const tx = await issuedPass();
      const tok = await token(tx);
      const c = await code(tok, tx);
      const r = await punch({ code: c, vehicleNo: 'MH01 AB 1234', stopId: 'S1' });
      expect(r.statusCode).toBe(200);
      expect(punchResultSchema.parse(r.json())).toMatchObject({
        transactionId: tx,
        punchingTime: clock.t,
        source: 'QR',
        kind: 'pass',
        ridesToday: 1,
        tripsLeftToday: null,
        status: 'ACTIVE',
      });
      expectError(await punch({ code: c }), 409, 'PUNCH_REPLAYED');
      nextSlot();
      expectError(await punch({ code: c }), 409, 'PUNCH_REPLAYED'); // the same (old) slot, still inside the skew
      const r2 = await punch({ code: await code(tok, tx) });
      expect(r2.json()).toMatchObject({ ridesToday: 2 });
      const rides = (await get(`/api/validation/rides/${tx}`)).json();
      expect(rides.rides.map((x: { source: string; vehicleNo: string | null }) => [x.source, x.vehicleNo])).toEqual([
        ['QR', null],
        ['QR', 'MH01 AB 1234'],
      ]);
    });

    it('forged, re-signed, other-device, stale, future and expired codes are 422 CODE_INVALID with the reason', async () => {
      const tx = await issuedPass();
      const tok = await token(tx);
      const reason = async (c: string) => {
        const r = await punch({ code: c });
        expect(r.statusCode).toBe(422);
        expect(r.json()).toMatchObject({ code: 'CODE_INVALID', message: expect.any(String) });
        return r.json().reason as string;
      };
      // a forged payload: a longer validity under the genuine signature
      const [body, sig] = tok.split('.');
      const { claims } = unpackClaims(base64urlDecode(body)!)!;
      const forged = `${base64urlEncode(packClaims({ ...claims, exp: claims.exp + 365 * DAY }))}.${sig}`;
      expect(await reason(await code(forged, tx))).toBe('BAD_SIGNATURE');
      // signed by someone else's key under our kid
      const attacker = await generateSigningKeyPair(true);
      const { signToken } = await import('@sawari/domain');
      expect(await reason(await code(await signToken(attacker.privateKey, claims), tx))).toBe('BAD_SIGNATURE');
      expect(await reason(await code(await signToken(attacker.privateKey, { ...claims, kid: 'someone-else' }), tx))).toBe('UNKNOWN_KEY');
      // a photo of the QR replayed from another phone
      expect(await reason(await code(tok, tx, await newDevice()))).toBe('BAD_DEVICE_SIGNATURE');
      // a screenshot: made now, shown 40 s later
      const shot = await code(tok, tx, device, slotAt(clock.t) * 10_000);
      clock.advance(40_000);
      expect(await reason(shot)).toBe('STALE_CODE');
      expect(await reason(await code(tok, tx, device, clock.t + 40_000))).toBe('FUTURE_CODE');
      expect(await reason('not a code')).toBe('MALFORMED');
      // a ticket whose validity ended
      const short = tickets.add(rider.userId, { validUntil: clock.t + 5 * MIN });
      const shortTok = await token(short.transactionId);
      clock.advance(5 * MIN);
      expect(await reason(await code(shortTok, short.transactionId))).toBe('EXPIRED');
      const later = tickets.add(rider.userId, { validFrom: clock.t + HOUR });
      expect(await reason(await code(await token(later.transactionId), later.transactionId))).toBe('NOT_YET_VALID');
    });

    it('a token re-issued to a new phone retires the old phone’s codes online (DEVICE_REPLACED)', async () => {
      const tx = await issuedPass();
      const oldTok = await token(tx);
      const phone2 = await newDevice();
      const newTok = await token(tx, phone2);
      const r = await punch({ code: await code(oldTok, tx) });
      expect(r.statusCode).toBe(422);
      expect(r.json().reason).toBe('DEVICE_REPLACED');
      expect((await punch({ code: await code(newTok, tx, phone2) })).statusCode).toBe(200);
    });

    it('20 concurrent identical punches record exactly one ride', async () => {
      const tx = await issuedPass();
      const c = await code(await token(tx), tx);
      const answers = await Promise.all(Array.from({ length: 20 }, () => punch({ code: c })));
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([200, ...Array(19).fill(409)]);
      expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'PUNCH_REPLAYED')).toBe(true);
      const n = await t.db.query<{ n: string }>('SELECT count(*) AS n FROM ride_punches WHERE transaction_id = $1', [tx]);
      expect(Number(n.rows[0].n)).toBe(1);
    });

    it('two server instances on one database: same key, and 10 identical punches on each record one ride', async () => {
      const second = await buildServer(testConfig(), {
        db: await t.openAnother(),
        now: clock.now,
        validation: { lookups: [tickets] },
        payments: { reconcileEveryMs: 0 },
      });
      try {
        const ticket = tickets.add(rider.userId);
        const tok = await token(ticket.transactionId);
        const c = await code(tok, ticket.transactionId);
        const on = (a: FastifyInstance) => a.inject({ method: 'POST', url: '/api/validation/punches', headers: VALIDATOR, payload: { code: c } });
        const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => on(i % 2 ? second : app)));
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
        nextSlot();
        const again = await second.inject({
          method: 'POST',
          url: '/api/validation/punches',
          headers: VALIDATOR,
          payload: { code: await code(tok, ticket.transactionId) },
        });
        expectError(again, 409, 'TICKET_USED');
        const n = await t.db.query<{ n: string }>('SELECT count(*) AS n FROM ride_punches WHERE transaction_id = $1', [ticket.transactionId]);
        expect(Number(n.rows[0].n)).toBe(1);
      } finally {
        await second.close();
      }
    });

    it('key rotation: after the switch, tokens of the previous key punch while it is in TICKET_VERIFY_KEYS, and fail UNKNOWN_KEY once dropped', async () => {
      const previous = publishedKeysSchema.parse((await app.inject({ url: '/api/validation/keys' })).json()).keys[0];
      const a = tickets.add(rider.userId);
      const b = tickets.add(rider.userId);
      const oldA = await code(await token(a.transactionId), a.transactionId);
      const oldB = await code(await token(b.transactionId), b.transactionId);
      const { newPrivateKeyText } = await import('./keys');
      const next = newPrivateKeyText();
      const rotated = await buildServer(testConfig({ ticketSigningKey: next, ticketVerifyKeys: [previous.jwk] }), {
        db: await t.openAnother(),
        now: clock.now,
        validation: { lookups: [tickets] },
        payments: { reconcileEveryMs: 0 },
      });
      const dropped = await buildServer(testConfig({ ticketSigningKey: next }), {
        db: await t.openAnother(),
        now: clock.now,
        validation: { lookups: [tickets] },
        payments: { reconcileEveryMs: 0 },
      });
      try {
        const keys = publishedKeysSchema.parse((await rotated.inject({ url: '/api/validation/keys' })).json()).keys;
        expect(keys.map((k) => k.kid)).toEqual([expect.any(String), previous.kid]);
        expect(keys[0].kid).not.toBe(previous.kid);
        const at = (s: FastifyInstance, c: string) => s.inject({ method: 'POST', url: '/api/validation/punches', headers: VALIDATOR, payload: { code: c } });
        expect((await at(rotated, oldA)).statusCode).toBe(200);
        expect((await at(dropped, oldB)).json()).toMatchObject({ code: 'CODE_INVALID', reason: 'UNKNOWN_KEY' });
        // a token from the rotated server carries the new kid
        const fresh = await rotated.inject({
          method: 'POST',
          url: '/api/validation/tokens',
          headers: rider.headers,
          payload: { transactionId: b.transactionId, devicePublicKey: device.dk },
        });
        expect(fresh.json().claims.kid).toBe(keys[0].kid);
      } finally {
        await rotated.close();
        await dropped.close();
      }
    });

    it('a single-journey ticket becomes USED on its punch (the owner module hears it); the next punch is 409 TICKET_USED', async () => {
      const ticket = tickets.add(rider.userId);
      const tok = await token(ticket.transactionId);
      const r = await punch({ code: await code(tok, ticket.transactionId) });
      expect(r.json()).toMatchObject({ kind: 'ticket', status: 'USED', ridesToday: 1, tripsLeftToday: 0 });
      expect(tickets.events.at(-1)).toMatchObject({ transactionId: ticket.transactionId, status: 'USED', rideCount: 1, source: 'QR' });
      nextSlot();
      expectError(await punch({ code: await code(tok, ticket.transactionId) }), 409, 'TICKET_USED');
      // even when the owning module has not marked it (the punches table is the truth)
      const quiet = tickets.add(rider.userId);
      const quietTok = await token(quiet.transactionId);
      await punch({ code: await code(quietTok, quiet.transactionId) });
      tickets.items.set(quiet.transactionId, { ...quiet, status: 'ISSUED' });
      nextSlot();
      expectError(await punch({ code: await code(quietTok, quiet.transactionId) }), 409, 'TICKET_USED');
      expectError(await post('/api/validation/tokens', { transactionId: quiet.transactionId, devicePublicKey: device.dk }), 409, 'TICKET_USED');
      // a multi-route ticket: one ride per leg, USED at the last
      const multi = tickets.add(rider.userId, { tripsPerDay: 2, productSubType: 'multiRouteTicket' });
      const multiTok = await token(multi.transactionId);
      nextSlot();
      expect((await punch({ code: await code(multiTok, multi.transactionId) })).json()).toMatchObject({ status: 'ACTIVE', tripsLeftToday: 1 });
      expect(tickets.events.at(-1)).toMatchObject({ status: 'ACTIVE', rideCount: 1 });
      nextSlot();
      expect((await punch({ code: await code(multiTok, multi.transactionId) })).json()).toMatchObject({ status: 'USED', tripsLeftToday: 0 });
      expect(tickets.events.at(-1)).toMatchObject({ status: 'USED', rideCount: 2 });
      nextSlot();
      expectError(await punch({ code: await code(multiTok, multi.transactionId) }), 409, 'TICKET_USED');
    });

    it('a ride-based pass (4 trips a day, rides active 60 min): 4 rides, a check during the last ride confirms it, then TRIPS_EXHAUSTED until the next day', async () => {
      const tx = await issuedPass(rider, { configurationId: 'mum-smart-saver', fmId: 'mum-ss-city-30', passFare: 900 });
      const tok = await token(tx);
      for (let i = 1; i <= 4; i++) {
        const r = await punch({ code: await code(tok, tx) });
        expect(r.json()).toMatchObject({ ridesToday: i, tripsLeftToday: 4 - i, newRide: true });
        clock.advance(10 * MIN);
      }
      // 30 min after the 4th ride: still active
      clock.advance(20 * MIN);
      const check = await punch({ code: await code(tok, tx) });
      expect(check.statusCode).toBe(200);
      expect(check.json()).toMatchObject({ ridesToday: 4, tripsLeftToday: 0, newRide: false });
      clock.advance(30 * MIN); // exactly 60 min after the 4th ride
      expectError(await punch({ code: await code(tok, tx) }), 409, 'TRIPS_EXHAUSTED');
      clock.t = Date.parse('2025-08-15T06:00:00+05:30');
      expect((await punch({ code: await code(tok, tx) })).json()).toMatchObject({ ridesToday: 1, tripsLeftToday: 3 });
      clock.t = Date.UTC(2025, 7, 14, 6, 30);
    });

    it('sound codes: sc + slot + CRC punches once; bad CRC, unknown sc, stale slot and cities without sound validation are refused', async () => {
      const tx = await issuedPass();
      const { claims } = tokenResponseSchema.parse((await post('/api/validation/tokens', { transactionId: tx, devicePublicKey: device.dk })).json());
      const sound = (slot: number, sc = claims.sc) => soundCodeHex(soundPayload(sc, slot));
      const r = await punch({ soundCode: sound(slotAt(clock.t)), vehicleNo: 'MH01AB1234' });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ transactionId: tx, source: 'SOUND' });
      expectError(await punch({ soundCode: sound(slotAt(clock.t)) }), 409, 'PUNCH_REPLAYED');
      expect((await punch({ soundCode: sound(slotAt(clock.t) - 3).toUpperCase() })).statusCode).toBe(200);
      const reason = async (soundCode: string) => (await punch({ soundCode })).json().reason;
      expect(await reason(sound(slotAt(clock.t) - 4))).toBe('STALE_CODE');
      const bad = sound(slotAt(clock.t) + 1);
      expect(await reason(`${bad.slice(0, 19)}${bad[19] === '0' ? '1' : '0'}`)).toBe('MALFORMED');
      expect(await reason(sound(slotAt(clock.t), 'ffffffffffff'))).toBe('UNKNOWN_SOUND_CODE');
      const kochi = tickets.add(rider.userId, { city: 'kochi', agency: 'KSRTC' });
      const kc = tokenResponseSchema.parse(
        (await post('/api/validation/tokens', { transactionId: kochi.transactionId, devicePublicKey: device.dk })).json(),
      ).claims;
      expect(await reason(sound(slotAt(clock.t), kc.sc))).toBe('SOUND_DISABLED');
    });

    it('validator key missing or wrong: 401; every bad body: 400 {code, message}', async () => {
      expectError(await punch({ code: 'x' }, {}), 401, 'VALIDATOR_UNAUTHENTICATED');
      expectError(await punch({ code: 'x' }, { authorization: 'Validator wrong-key-123456' }), 401, 'VALIDATOR_UNAUTHENTICATED');
      expectError(await punch({ code: 'x' }, rider.headers), 401, 'VALIDATOR_UNAUTHENTICATED');
      for (const body of [
        {},
        { code: 'a', soundCode: '0'.repeat(20) },
        { soundCode: 'xyz' },
        { code: '' },
        { code: 5 },
        { code: 'a', vehicleNo: '!!' },
        { code: 'a', stopId: '' },
        { code: 'a'.repeat(5000) },
        [],
      ])
        expectError(await punch(body), 400, 'VALIDATION_FAILED');
      const notJson = await app.inject({
        method: 'POST',
        url: '/api/validation/punches',
        headers: { ...VALIDATOR, 'content-type': 'application/json' },
        payload: '{"code":',
      });
      expectError(notJson, 400, 'MALFORMED_JSON');
    });
  });

  describe('rider punch sync, ride history, receipts', () => {
    const p = (transactionId: string, over: Record<string, unknown> = {}) => ({
      punchId: randomUUID(),
      transactionId,
      punchingTime: clock.t - MIN,
      vehicleNo: 'MH01AB1234',
      source: 'SCAN_QR',
      ...over,
    });
    const sync = (punches: unknown[], who: Session = rider) => post('/api/validation/rides/sync', { punches }, who.headers);

    it('is idempotent: the same batch twice is accepted once, then all duplicates', async () => {
      const tx = await issuedPass();
      const batch = [p(tx, { punchingTime: clock.t - 3 * MIN }), p(tx, { punchingTime: clock.t - 2 * MIN }), p(tx)];
      const first = rideSyncResponseSchema.parse((await sync(batch)).json());
      expect(first).toEqual({ accepted: batch.map((x) => x.punchId), duplicates: [], rejected: [] });
      const second = rideSyncResponseSchema.parse((await sync(batch)).json());
      expect(second).toEqual({ accepted: [], duplicates: batch.map((x) => x.punchId), rejected: [] });
      const rides = (await get(`/api/validation/rides/${tx}`)).json().rides;
      expect(rides.map((r: { punchId: string }) => r.punchId)).toEqual(batch.map((x) => x.punchId).reverse());
    });

    it('overlapping batches sent concurrently: no duplicate, no loss', async () => {
      const tx = await issuedPass();
      const all = Array.from({ length: 60 }, (_, i) => p(tx, { punchingTime: clock.t - (60 - i) * 1000 }));
      const batches = [all.slice(0, 30), all.slice(20, 50), all.slice(10, 60), all.slice(0, 60).reverse()];
      const answers = (await Promise.all(batches.map((b) => sync(b)))).map((r) => rideSyncResponseSchema.parse(r.json()));
      const accepted = answers.flatMap((a) => a.accepted);
      expect(answers.flatMap((a) => a.rejected)).toEqual([]);
      expect(new Set(accepted).size).toBe(accepted.length);
      expect(accepted.sort()).toEqual(all.map((x) => x.punchId).sort());
      const n = await t.db.query<{ n: string }>('SELECT count(*) AS n FROM ride_punches WHERE transaction_id = $1', [tx]);
      expect(Number(n.rows[0].n)).toBe(60);
    });

    it('punches synced out of order cannot overfill a day; a punch before the purchase is refused', async () => {
      const pass = tickets.add(rider.userId, {
        kind: 'pass',
        productType: 'ridePass',
        tripsPerDay: 2,
        activeDurationMin: null,
        bookingTime: clock.t - 3 * HOUR,
        validFrom: Date.parse('2025-08-14T00:00:00+05:30'),
        validUntil: Date.parse('2025-09-13T00:00:00+05:30'),
      });
      // The afternoon's two rides reach the server first; the morning's punch, queued on another phone, arrives later.
      const afternoon = [p(pass.transactionId, { punchingTime: clock.t - 60 * MIN }), p(pass.transactionId, { punchingTime: clock.t - 30 * MIN })];
      expect(rideSyncResponseSchema.parse((await sync(afternoon)).json()).accepted).toHaveLength(2);
      const morning = p(pass.transactionId, { punchingTime: clock.t - 2 * HOUR });
      const late = rideSyncResponseSchema.parse((await sync([morning])).json());
      expect(late.rejected.map((x) => x.code)).toEqual(['TRIPS_EXHAUSTED']);
      // A phone clock set back to before the purchase (to use a day's unused trips) is refused too.
      const other = tickets.add(rider.userId, {
        kind: 'pass',
        productType: 'ridePass',
        tripsPerDay: 2,
        activeDurationMin: null,
        bookingTime: clock.t - HOUR,
        validFrom: clock.t - 10 * HOUR,
        validUntil: clock.t + 10 * HOUR,
      });
      const backdated = rideSyncResponseSchema.parse((await sync([p(other.transactionId, { punchingTime: clock.t - 2 * HOUR })])).json());
      expect(backdated.rejected.map((x) => x.code)).toEqual(['BEFORE_PURCHASE']);
      const n = await t.db.query<{ n: string }>('SELECT count(*) AS n FROM ride_punches WHERE transaction_id = $1', [pass.transactionId]);
      expect(Number(n.rows[0].n)).toBe(2);
    });

    it('checks each punch: owner, validity at punchingTime, at most 5 min ahead, single journey once, punchId reuse', async () => {
      const mine = await issuedPass();
      const theirs = await issuedPass(other);
      const ticket = tickets.add(rider.userId, { validFrom: clock.t - HOUR, validUntil: clock.t + 2 * MIN });
      const early = p(mine, { punchingTime: Date.parse('2025-08-13T23:59:59+05:30') });
      const ahead = p(mine, { punchingTime: clock.t + 5 * MIN + 1 });
      const edge = p(mine, { punchingTime: clock.t + 5 * MIN });
      const stolen = p(theirs);
      const j1 = p(ticket.transactionId, { punchingTime: clock.t - 30 * MIN });
      const j2 = p(ticket.transactionId, { punchingTime: clock.t - 20 * MIN });
      const afterTicket = p(ticket.transactionId, { punchingTime: clock.t + 2 * MIN });
      const r = rideSyncResponseSchema.parse((await sync([early, ahead, edge, stolen, j2, j1, afterTicket])).json());
      expect(r.accepted.sort()).toEqual([edge.punchId, j1.punchId].sort());
      const code = (id: string) => r.rejected.find((x) => x.punchId === id)?.code;
      expect([code(early.punchId), code(ahead.punchId), code(stolen.punchId), code(j2.punchId), code(afterTicket.punchId)]).toEqual([
        'NOT_YET_VALID',
        'PUNCH_IN_FUTURE',
        'TICKET_NOT_FOUND',
        'TICKET_USED',
        'EXPIRED',
      ]);
      expect(r.rejected.every((x) => typeof x.message === 'string' && x.message.length > 10)).toBe(true);
      expect(tickets.events.at(-1)).toMatchObject({ transactionId: ticket.transactionId, punchId: j1.punchId, status: 'USED', source: 'SCAN_QR' });
      // a punch made offline before the expiry, synced after the owning module marked the ticket EXPIRED
      const lapsed = tickets.add(rider.userId, { tripsPerDay: 2, validFrom: clock.t - 2 * HOUR, validUntil: clock.t - HOUR, status: 'EXPIRED' });
      const offline = p(lapsed.transactionId, { punchingTime: clock.t - 90 * MIN });
      const tooLate = p(lapsed.transactionId, { punchingTime: clock.t - 30 * MIN });
      const l = rideSyncResponseSchema.parse((await sync([offline, tooLate])).json());
      expect(l.accepted).toEqual([offline.punchId]);
      expect(l.rejected.map((x) => x.code)).toEqual(['EXPIRED']);
      // someone else re-using my punchId for their own pass
      const reuse = rideSyncResponseSchema.parse((await sync([{ ...edge, transactionId: theirs }], other)).json());
      expect(reuse.rejected).toEqual([{ punchId: edge.punchId, code: 'PUNCH_ID_TAKEN', message: expect.any(String) }]);
    });

    it.each([
      ['no punches', { punches: [] }, /at least one/],
      ['101 punches', { punches: Array.from({ length: 101 }, () => ({ punchId: randomUUID(), transactionId: 'x', punchingTime: 1 })) }, /at most 100/],
      ['a bad punchId', { punches: [{ punchId: 'abc', transactionId: 'x', punchingTime: 1 }] }, /punchId/],
      ['a fractional time', { punches: [{ punchId: randomUUID(), transactionId: 'x', punchingTime: 1.5 }] }, /punchingTime/],
      ['an unknown source', { punches: [{ punchId: randomUUID(), transactionId: 'x', punchingTime: 1, source: 'QR' }] }, /source/],
      ['not an array', { punches: 'all' }, /punches/],
    ])('sync: 400 VALIDATION_FAILED for %s', async (_n, body, message) => {
      expectError(await post('/api/validation/rides/sync', body), 400, 'VALIDATION_FAILED', message);
    });

    it('ride history and receipt: the owner only; fare, rides, last ride, status', async () => {
      const ticket = tickets.add(rider.userId, { validFrom: clock.t - HOUR, validUntil: clock.t + HOUR, bookingTime: clock.t - HOUR });
      expectError(await get(`/api/validation/receipts/${ticket.transactionId}`, other.headers), 404, 'TICKET_NOT_FOUND');
      expectError(await get(`/api/validation/rides/${ticket.transactionId}`, other.headers), 404, 'TICKET_NOT_FOUND');
      expectError(await get('/api/validation/rides/a%20b'), 400, 'VALIDATION_FAILED');
      expectError(await get(`/api/validation/rides/${ticket.transactionId}`, {}), 401, 'UNAUTHENTICATED');
      const before = rideReceiptSchema.parse((await get(`/api/validation/receipts/${ticket.transactionId}`)).json());
      expect(before).toMatchObject({
        status: 'ACTIVE',
        rideCount: 0,
        lastRide: null,
        farePaise: 2500,
        title: 'Andheri → Bandra',
        details: { routeName: 'A-1' },
      });
      const punchId = randomUUID();
      await sync([{ punchId, transactionId: ticket.transactionId, punchingTime: clock.t - MIN, vehicleNo: 'MH01AB1234', stopId: 'S9' }]);
      const after = rideReceiptSchema.parse((await get(`/api/validation/receipts/${ticket.transactionId}`)).json());
      expect(after).toMatchObject({
        status: 'USED',
        rideCount: 1,
        ridesToday: 1,
        tripsLeftToday: 0,
        lastRide: { punchId, vehicleNo: 'MH01AB1234', stopId: 'S9', source: 'SCAN_QR' },
      });
      const tx = await issuedPass();
      const receipt = rideReceiptSchema.parse((await get(`/api/validation/receipts/${tx}`)).json());
      expect(receipt).toMatchObject({
        kind: 'pass',
        title: 'General pass · Adult',
        farePaise: 110000,
        status: 'ACTIVE',
        maxTripsPerDay: -1,
        tripsLeftToday: null,
        details: { numOfDays: 30 },
      });
    });
  });
});
