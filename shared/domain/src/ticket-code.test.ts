import {
  base45Decode,
  base45Encode,
  base64urlDecode,
  base64urlEncode,
  buildTicketCode,
  checkSlot,
  exportDevicePublicKey,
  generateSigningKeyPair,
  importDevicePublicKey,
  keyIdOf,
  newSoundShortCode,
  packClaims,
  parseTicketCode,
  parseToken,
  signDynamicPart,
  signToken,
  slotAt,
  verifyTicketCode,
  verifyToken,
  type TicketClaims,
  unpackClaims,
  type VerificationKey,
} from './ticket-code';

/** The bytes of a QR text ("SW2:" + base45) and back: the tests below change them one field at a time. */
const bytesOf = (code: string): Uint8Array => base45Decode(code.slice(4))!;
const codeOf = (b: Uint8Array): string => `SW2:${base45Encode(b)}`;
/** A token whose claims are `claims` under someone else's signature (the forger cannot sign). */
const withClaims = (token: string, claims: TicketClaims): string => `${base64urlEncode(packClaims(claims))}.${token.split('.')[1]}`;

const T0 = Date.UTC(2025, 7, 14, 6, 30, 4, 321); // inside a slot, not on its edge
const DAY = 86_400_000;

interface Fixture {
  server: CryptoKeyPair;
  kid: string;
  keys: VerificationKey[];
  device: CryptoKeyPair;
  claims: TicketClaims;
  token: string;
}

async function fixture(over: Partial<TicketClaims> = {}): Promise<Fixture> {
  const server = await generateSigningKeyPair(true);
  const jwk = await crypto.subtle.exportKey('jwk', server.publicKey);
  const kid = await keyIdOf(jwk);
  const device = await generateSigningKeyPair(false);
  const claims: TicketClaims = {
    v: 1,
    kid,
    tid: 'u1-mumbai-MBUS-adult',
    kind: 'pass',
    pt: 'pass',
    city: 'mumbai',
    agency: 'MBUS',
    uid: 'u1',
    nb: T0 - DAY,
    exp: T0 + 30 * DAY,
    trips: -1,
    sc: '0123456789ab',
    dk: await exportDevicePublicKey(device.publicKey),
    ...over,
  };
  return { server, kid, keys: [{ kid, jwk }], device, claims, token: await signToken(server.privateKey, claims) };
}

/** A QR text as the app draws it at `at`. */
async function codeAt(f: Fixture, at: number, device: CryptoKey = f.device.privateKey, token = f.token, tid = f.claims.tid): Promise<string> {
  const { slot, signature } = await signDynamicPart(device, tid, at);
  return buildTicketCode(token, slot, signature);
}

describe('base64url', () => {
  it('round-trips every length and matches the RFC 4648 alphabet without padding', () => {
    for (let n = 0; n < 70; n++) {
      const b = new Uint8Array(n).map((_, i) => (i * 37 + n) & 255);
      const text = base64urlEncode(b);
      expect(text).toBe(Buffer.from(b).toString('base64url'));
      expect(base64urlDecode(text)).toEqual(b);
    }
    expect(base64urlEncode(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
  });
  it('refuses other characters, padding, impossible lengths and non-canonical trailing bits', () => {
    expect(base64urlDecode('ab+c')).toBeNull();
    expect(base64urlDecode('ab/c')).toBeNull();
    expect(base64urlDecode('abc=')).toBeNull();
    expect(base64urlDecode('abcde')).toBeNull();
    expect(base64urlDecode('é')).toBeNull();
    expect(base64urlDecode('AB')).toBeNull(); // 'AA' is the canonical text of one zero byte... 'AB' leaves a bit set
    expect(base64urlDecode('AA')).toEqual(new Uint8Array([0]));
  });
});

describe('verifyTicketCode', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture();
  });

  it('a good code verifies with the published JWK and with an imported key, answering the claims and slot', async () => {
    const code = await codeAt(f, T0);
    expect(code).toMatch(/^SW2:[0-9A-Z $%*+\-./:]+$/); // the QR alphanumeric alphabet only
    const r = await verifyTicketCode(code, { keys: f.keys, now: T0 });
    expect(r).toEqual({ ok: true, claims: f.claims, slot: slotAt(T0) });
    const imported = await verifyTicketCode(code, { keys: [{ kid: f.kid, key: f.server.publicKey }], now: T0 });
    expect(imported.ok).toBe(true);
    expect(parseTicketCode(code)).toMatchObject({ token: f.token, slot: slotAt(T0), claims: f.claims });
    expect((await verifyToken(f.token, f.keys)).ok).toBe(true);
  });

  it('the QR text stays small enough for a QR code at a readable module size', async () => {
    const code = await codeAt(f, T0);
    expect(code.length).toBeLessThan(420); // was 600-700 characters as JSON + base64url; at most version 11 (61 modules), level L
    // a real ticket's claims: UUID transaction and user ids, a 16-character kid
    const g = await fixture({
      tid: 'TKT-3f2a9c0d-1b7e-4a5b-9c8d-0123456789ab',
      uid: '0123456789abcdef0123456789abcdef',
      pt: 'singleJourneyTicket',
      agency: 'Mumbai Airport Express',
      kind: 'ticket',
      trips: 1,
    });
    const real = await codeAt(g, T0);
    expect(real.length).toBeLessThan(470);
    expect(await verifyTicketCode(real, { keys: g.keys, now: T0 })).toEqual({ ok: true, claims: g.claims, slot: slotAt(T0) });
  });

  it('packs claims compactly and reads back exactly the same claims (every string form)', async () => {
    for (const over of [
      { tid: 'TKT-3f2a9c0d-1b7e-4a5b-9c8d-0123456789ab' },
      { tid: '3f2a9c0d-1b7e-4a5b-9c8d-0123456789ab' },
      { tid: 'ab' },
      { tid: 'PASS-0123456789abcdef0123456789abcdef' },
      { tid: 'TKT-3F2A9C0D-1B7E-4A5B-9C8D-0123456789AB' },
      { uid: 'ünïcode-rider' },
      { uid: 'AA' },
      { uid: 'AB' },
      { agency: 'x'.repeat(60) },
      { trips: 32767 },
      { trips: -1 },
      { nb: 0 },
      { exp: Number.MAX_SAFE_INTEGER },
    ] as Partial<TicketClaims>[]) {
      const c = { ...f.claims, ...over };
      const packed = packClaims(c);
      expect(unpackClaims(packed)).toEqual({ claims: c, end: packed.length });
    }
    expect(() => packClaims({ ...f.claims, nb: -1 })).toThrow(RangeError);
    expect(() => packClaims({ ...f.claims, tid: 'a.b' })).toThrow(RangeError);
    expect(() => packClaims({ ...f.claims, trips: 40_000 })).toThrow(RangeError);
  });

  it('base45 (RFC 9285) round-trips and refuses what is not base45', () => {
    expect(base45Encode(new TextEncoder().encode('AB'))).toBe('BB8'); // the RFC's examples
    expect(base45Encode(new TextEncoder().encode('Hello!!'))).toBe('%69 VD92EX0');
    expect(new TextDecoder().decode(base45Decode('QED8WEX0')!)).toBe('ietf!');
    for (let n = 0; n < 40; n++) {
      const b = new Uint8Array(n).map((_, i) => (i * 91 + n * 7) & 255);
      expect(base45Decode(base45Encode(b))).toEqual(b);
    }
    expect(base45Decode('GGW')).toBeNull(); // 65536 + …: over two bytes
    expect(base45Decode('::')).toBeNull(); // over one byte
    expect(base45Decode('abc')).toBeNull();
    expect(base45Decode('0000')).toBeNull();
  });

  it('a changed claim (forged payload) fails BAD_SIGNATURE', async () => {
    const forgedClaims = { ...f.claims, exp: f.claims.exp + 365 * DAY };
    const forged = withClaims(f.token, forgedClaims);
    expect(await verifyTicketCode(await codeAt(f, T0, undefined, forged), { keys: f.keys, now: T0 })).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
    // someone else's tid with the rider's own device signature over it
    const other = { ...f.claims, tid: 'u2-mumbai-MBUS-adult' };
    const forged2 = withClaims(f.token, other);
    expect((await verifyTicketCode(await codeAt(f, T0, undefined, forged2, other.tid), { keys: f.keys, now: T0 })).ok).toBe(false);
  });

  it('a token signed by another key claiming our kid fails BAD_SIGNATURE (forged server signature)', async () => {
    const attacker = await generateSigningKeyPair(true);
    const token = await signToken(attacker.privateKey, f.claims);
    expect(await verifyTicketCode(await codeAt(f, T0, undefined, token), { keys: f.keys, now: T0 })).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
    // and a flipped bit in a genuine signature
    const [body, sig] = f.token.split('.');
    const bytes = base64urlDecode(sig)!;
    bytes[10] ^= 1;
    expect(await verifyTicketCode(await codeAt(f, T0, undefined, `${body}.${base64urlEncode(bytes)}`), { keys: f.keys, now: T0 })).toEqual({
      ok: false,
      reason: 'BAD_SIGNATURE',
    });
  });

  it('a key id the validator does not know fails UNKNOWN_KEY (another key id, or no keys at all)', async () => {
    const g = await fixture();
    expect(await verifyTicketCode(await codeAt(g, T0), { keys: f.keys, now: T0 })).toEqual({ ok: false, reason: 'UNKNOWN_KEY' });
    expect(await verifyTicketCode(await codeAt(f, T0), { keys: [], now: T0 })).toEqual({ ok: false, reason: 'UNKNOWN_KEY' });
    // a published entry whose JWK cannot be imported is as good as unknown
    expect(await verifyTicketCode(await codeAt(f, T0), { keys: [{ kid: f.kid, jwk: { kty: 'EC', crv: 'P-256', x: 'AA', y: 'AA' } }], now: T0 })).toEqual({
      ok: false,
      reason: 'UNKNOWN_KEY',
    });
    // with both keys published (rotation), both tokens verify
    const both = [...f.keys, ...g.keys];
    expect((await verifyTicketCode(await codeAt(g, T0), { keys: both, now: T0 })).ok).toBe(true);
    expect((await verifyTicketCode(await codeAt(f, T0), { keys: both, now: T0 })).ok).toBe(true);
  });

  it('a dynamic part signed by another device fails BAD_DEVICE_SIGNATURE, as does a signature over another slot or tid', async () => {
    const thief = await generateSigningKeyPair(false);
    expect(await verifyTicketCode(await codeAt(f, T0, thief.privateKey), { keys: f.keys, now: T0 })).toEqual({ ok: false, reason: 'BAD_DEVICE_SIGNATURE' });
    const { slot, signature } = await signDynamicPart(f.device.privateKey, f.claims.tid, T0);
    expect(await verifyTicketCode(buildTicketCode(f.token, slot + 1, signature), { keys: f.keys, now: T0 })).toEqual({
      ok: false,
      reason: 'BAD_DEVICE_SIGNATURE',
    });
    expect(await verifyTicketCode(await codeAt(f, T0, undefined, undefined, 'another-tid'), { keys: f.keys, now: T0 })).toEqual({
      ok: false,
      reason: 'BAD_DEVICE_SIGNATURE',
    });
  });

  it('validity window: nb is the first valid instant, exp the first expired one', async () => {
    const g = await fixture({ nb: T0, exp: T0 + DAY });
    const at = async (now: number) => verifyTicketCode(await codeAt(g, now), { keys: g.keys, now });
    expect(await at(T0 - 1)).toEqual({ ok: false, reason: 'NOT_YET_VALID' });
    expect((await at(T0)).ok).toBe(true);
    expect((await at(T0 + DAY - 1)).ok).toBe(true);
    expect(await at(T0 + DAY)).toEqual({ ok: false, reason: 'EXPIRED' });
  });

  it('slot skew: up to 3 slots old or ahead verifies; a screenshot 4 slots old (at most 40 s) is STALE_CODE, 4 ahead FUTURE_CODE', async () => {
    const slotStart = slotAt(T0) * 10_000;
    const shown = await codeAt(f, slotStart); // drawn at the first instant of its slot
    const v = (now: number) => verifyTicketCode(shown, { keys: f.keys, now });
    expect((await v(slotStart + 39_999)).ok).toBe(true); // 3 slots later, last instant
    expect(await v(slotStart + 40_000)).toEqual({ ok: false, reason: 'STALE_CODE' }); // exactly 40 s after it was drawn
    expect(await v(slotStart + 10 * 60_000)).toEqual({ ok: false, reason: 'STALE_CODE' });
    expect((await v(slotStart - 30_000)).ok).toBe(true); // the validator's clock 3 slots behind
    expect(await v(slotStart - 30_001)).toEqual({ ok: false, reason: 'FUTURE_CODE' });
    // a screenshot drawn at the last instant of its slot still stops within 40 s
    const late = await codeAt(f, slotStart + 9_999);
    expect(await verifyTicketCode(late, { keys: f.keys, now: slotStart + 9_999 + 30_001 })).toEqual({ ok: false, reason: 'STALE_CODE' });
    // a tighter skew
    expect(await verifyTicketCode(shown, { keys: f.keys, now: slotStart + 10_000, maxSkewSlots: 0 })).toEqual({ ok: false, reason: 'STALE_CODE' });
    expect((await verifyTicketCode(shown, { keys: f.keys, now: slotStart + 9_999, maxSkewSlots: 0 })).ok).toBe(true);
  });

  // Offsets in the fixture's packed claims: version (1), kid as base64url (2 + 12), tid (20 base64url characters) as 2 + 15, then kind.
  const KIND_AT = 1 + 14 + 17;
  const claimsLength = () => packClaims(f.claims).length;
  const edit = (change: (b: Uint8Array) => Uint8Array | void) => (c: string) => {
    const b = bytesOf(c);
    return codeOf(change(b) ?? b);
  };
  it.each([
    ['empty', ''],
    ['another prefix', (c: string) => c.replace(/^SW2:/, 'SW3:')],
    ['the old text format', (c: string) => `SWT1.${c.slice(4)}`],
    ['lower-case letters (not base45)', (c: string) => c.toLowerCase().replace(/^sw2:/, 'SW2:')],
    ['a base45 group over two bytes', (c: string) => `${c.slice(0, -3)}:::`],
    ['a base45 length of 3k+1', (c: string) => `${c}0`],
    ['a missing device signature', edit((b) => b.slice(0, -64))],
    ['an extra byte', edit((b) => new Uint8Array([...b, 0]))],
    ['a short device signature', edit((b) => b.slice(0, -4))],
    ['a server signature of the wrong length', edit((b) => new Uint8Array([...b.slice(0, claimsLength() + 40), ...b.slice(claimsLength() + 64)]))],
    ['claims of another wire version', edit((b) => void (b[0] = 3))],
    ['an unknown string form', edit((b) => void (b[1] = 9))],
    [
      'a kind that is neither pass nor ticket',
      edit((b) => {
        expect(b[KIND_AT]).toBe(0);
        b[KIND_AT] = 2;
      }),
    ],
    ['claims cut short', edit((b) => b.slice(0, 30))],
    ['a device key with a bad prefix', edit((b) => void (b[claimsLength() - 33] = 4))],
    ['a device key whose x is not on the curve', edit((b) => void b.fill(0xff, claimsLength() - 32, claimsLength()))],
    ['an over-long text', (c: string) => c + 'A'.repeat(5000)],
  ])('%s is MALFORMED', async (_name, change) => {
    const code = typeof change === 'string' ? change : change(await codeAt(f, T0));
    expect(await verifyTicketCode(code, { keys: f.keys, now: T0 })).toEqual({ ok: false, reason: 'MALFORMED' });
  });

  it('a device key on the curve but not the bound one is caught; an off-curve point in dk fails', async () => {
    const offCurve = base64urlEncode(new Uint8Array(65).fill(7).map((x, i) => (i === 0 ? 4 : x)));
    expect(await importDevicePublicKey(offCurve)).toBeNull();
    // packed as a compressed point, an off-curve key cannot even be read back: the code is refused before any signature
    const g = await fixture();
    const bad = packClaims({ ...g.claims, dk: offCurve });
    expect(unpackClaims(bad)).toBeNull();
    // another phone's (valid) key: the rider's device signature does not match it
    const h = await fixture({ dk: await exportDevicePublicKey((await generateSigningKeyPair(true)).publicKey) });
    expect(await verifyTicketCode(await codeAt(h, T0), { keys: h.keys, now: T0 })).toEqual({ ok: false, reason: 'BAD_DEVICE_SIGNATURE' });
    expect(parseToken('a.b.c')).toBeNull();
  });
});

describe('checkSlot and newSoundShortCode', () => {
  it('checkSlot applies the same skew as the QR check (used for sound codes)', () => {
    const now = 0x12_ffff * 10_000 + 5;
    const cur = slotAt(now);
    expect(checkSlot(cur - 3, now)).toBeNull();
    expect(checkSlot(cur - 4, now)).toBe('STALE_CODE');
    expect(checkSlot(cur + 3, now)).toBeNull();
    expect(checkSlot(cur + 4, now)).toBe('FUTURE_CODE');
    expect(checkSlot(cur + 1, now, 0)).toBe('FUTURE_CODE');
  });
  it('sound short codes are 12 lowercase hex characters and differ', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newSoundShortCode()));
    expect(codes.size).toBe(200);
    for (const c of codes) expect(c).toMatch(/^[0-9a-f]{12}$/);
  });
});
