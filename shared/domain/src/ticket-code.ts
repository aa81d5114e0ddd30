/**
 * Ticket codes (docs/validation.md): a server-signed token bound to the rider's device key, plus a dynamic part the
 * device signs every 10 s, so a validator can check a ticket with only the published public key and no network, and a
 * screenshot stops validating within 40 s.
 *
 * Compact binary encoding (a short payload makes a small QR with big modules):
 *
 *   claims  = packed binary (packClaims): wire version 2, kid, tid, kind, pt, city, agency, uid, nb, exp, trips, sc, dk
 *             (strings in their shortest exact form, times as 7-byte ms, the device key as a 33-byte compressed point)
 *   token   = base64url(claims) + "." + base64url(ES256 signature by the server over the claims bytes)
 *   QR text = "SW2:" + base45(claims || server signature (64) || slot (uint32) || device signature (64))
 *             (RFC 9285 base45 is the QR alphanumeric alphabet: 5.5 bits per character instead of 8 in byte mode)
 *   device signature = ES256 by the device over utf8("SWT1." + tid + "." + slot)
 *   slot    = Math.floor(now / 10_000)
 *
 * ES256 is ECDSA on P-256 with SHA-256; signatures are WebCrypto's raw 64 bytes (r || s). Pure: every function takes
 * `now`, and the only platform API used is `globalThis.crypto.subtle` (Node 20 and every current browser).
 */

export const TICKET_CODE_PREFIX = 'SWT1';
/** The QR text's prefix (QR alphanumeric characters). */
export const TICKET_QR_PREFIX = 'SW2:';
/** First byte of packed claims. */
export const TICKET_WIRE_VERSION = 2;
export const TICKET_CODE_VERSION = 1;
/** The dynamic part changes every slot. */
export const SLOT_MS = 10_000;
/** Slots a code may lag behind (or run ahead of) the validator's clock: 3 → a screenshot fails within 40 s. */
export const DEFAULT_MAX_SKEW_SLOTS = 3;

export type TicketCodeKind = 'pass' | 'ticket';

/** What the server signs. Times are epoch ms; `trips` is the trips per day (-1 unlimited, 1 for a single journey). */
export interface TicketClaims {
  v: 1;
  kid: string;
  tid: string;
  kind: TicketCodeKind;
  pt: string;
  city: string;
  agency: string;
  uid: string;
  nb: number;
  exp: number;
  trips: number;
  /** Sound short code: 12 lowercase hex characters (48 random bits), fixed per transactionId. */
  sc: string;
  /** Device public key: base64url of the raw uncompressed P-256 point (65 bytes). */
  dk: string;
}

export type TicketCodeFailure =
  'MALFORMED' | 'UNKNOWN_KEY' | 'BAD_SIGNATURE' | 'NOT_YET_VALID' | 'EXPIRED' | 'BAD_DEVICE_SIGNATURE' | 'STALE_CODE' | 'FUTURE_CODE';

export type TicketCodeResult = { ok: true; claims: TicketClaims; slot: number } | { ok: false; reason: TicketCodeFailure };

/** A published key (GET /api/validation/keys) or an already imported one. */
export type VerificationKey = { kid: string; key: CryptoKey } | { kid: string; jwk: JsonWebKey };

export const TICKET_CODE_FAILURE_MESSAGES: Record<TicketCodeFailure, string> = {
  MALFORMED: 'This is not a Sawari ticket code.',
  UNKNOWN_KEY: 'This ticket was signed with a key this validator does not know. Refresh the published keys.',
  BAD_SIGNATURE: 'The ticket’s signature is not valid: it was changed or forged.',
  NOT_YET_VALID: 'This ticket is not valid yet.',
  EXPIRED: 'This ticket has expired.',
  BAD_DEVICE_SIGNATURE: 'The code was not made on the phone this ticket belongs to.',
  STALE_CODE: 'This code is too old (a screenshot?). Ask the rider to show the live code.',
  FUTURE_CODE: 'This code is from the future: the phone’s or validator’s clock is wrong.',
};

const ES256_SIGN = { name: 'ECDSA', hash: 'SHA-256' } as const;
const P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;

const subtle = (): SubtleCrypto => {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('WebCrypto (crypto.subtle) is not available: ticket codes need a secure context');
  return s;
};

// --- base64url ---------------------------------------------------------------------------------------------------

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const LOOKUP = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;

/** base64url without padding (RFC 4648 §5). */
export function base64urlEncode(data: Uint8Array | ArrayBuffer): string {
  const b = data instanceof Uint8Array ? data : new Uint8Array(data);
  let out = '';
  let i = 0;
  for (; i + 2 < b.length; i += 3) {
    const n = (b[i] << 16) | (b[i + 1] << 8) | b[i + 2];
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63] + ALPHABET[n & 63];
  }
  if (i < b.length) {
    const n = (b[i] << 16) | ((b[i + 1] ?? 0) << 8);
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63];
    if (i + 1 < b.length) out += ALPHABET[(n >> 6) & 63];
  }
  return out;
}

/** Decodes unpadded base64url; null for any other character, a length of 4k+1, or non-zero trailing bits. */
export function base64urlDecode(text: string): Uint8Array<ArrayBuffer> | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let acc = 0;
  let bits = 0;
  let j = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? LOOKUP[c] : -1;
    if (v < 0) return null;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[j++] = (acc >> bits) & 0xff;
    }
  }
  if (acc & ((1 << bits) - 1)) return null; // canonical form only: one text per byte string
  return out;
}

const utf8 = (s: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(s) as Uint8Array<ArrayBuffer>;

// --- keys --------------------------------------------------------------------------------------------------------

/** Imports a published ES256 public key (JWK: kty EC, crv P-256, x, y). */
export function importPublicKeyJwk(jwk: JsonWebKey): Promise<CryptoKey> {
  const { kty, crv, x, y } = jwk;
  return subtle().importKey('jwk', { kty, crv, x, y, ext: true }, P256, true, ['verify']);
}

/** Imports a device public key from base64url of its raw uncompressed point; null when it is not a P-256 point. */
export async function importDevicePublicKey(dk: string): Promise<CryptoKey | null> {
  const raw = base64urlDecode(dk);
  if (!raw || raw.length !== 65 || raw[0] !== 4) return null;
  try {
    return await subtle().importKey('raw', raw, P256, true, ['verify']);
  } catch {
    return null;
  }
}

/** base64url of a public key's raw uncompressed point: the `dk` claim and the devicePublicKey the app sends. */
export async function exportDevicePublicKey(publicKey: CryptoKey): Promise<string> {
  return base64urlEncode(await subtle().exportKey('raw', publicKey));
}

/** A new ES256 key pair (the device's is made non-extractable by passing extractable = false). */
export function generateSigningKeyPair(extractable = false): Promise<CryptoKeyPair> {
  return subtle().generateKey(P256, extractable, ['sign', 'verify']) as Promise<CryptoKeyPair>;
}

/** RFC 7638 JWK thumbprint (SHA-256, base64url) of an EC public key; its first 16 characters are the key id. */
export async function jwkThumbprint(jwk: JsonWebKey): Promise<string> {
  const canonical = `{"crv":"${jwk.crv}","kty":"${jwk.kty}","x":"${jwk.x}","y":"${jwk.y}"}`;
  return base64urlEncode(await subtle().digest('SHA-256', utf8(canonical)));
}
export const keyIdOf = async (jwk: JsonWebKey): Promise<string> => (await jwkThumbprint(jwk)).slice(0, 16);

// --- claims and tokens -------------------------------------------------------------------------------------------

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);
const isText = (x: unknown, max: number): x is string => typeof x === 'string' && x.length > 0 && x.length <= max;

/** The claims when `x` has exactly the right shape, else null. */
export function asTicketClaims(x: unknown): TicketClaims | null {
  if (!x || typeof x !== 'object' || Array.isArray(x)) return null;
  const c = x as Record<string, unknown>;
  if (c.v !== TICKET_CODE_VERSION) return null;
  if (!isText(c.kid, 64) || !isText(c.tid, 200) || (c.kind !== 'pass' && c.kind !== 'ticket') || !isText(c.pt, 60) || !isText(c.city, 40)) return null;
  if (!isText(c.agency, 60) || !isText(c.uid, 100) || !isInt(c.nb) || !isInt(c.exp) || !isInt(c.trips) || c.trips < -1) return null;
  if (typeof c.sc !== 'string' || !/^[0-9a-f]{12}$/.test(c.sc) || typeof c.dk !== 'string' || !/^[A-Za-z0-9_-]{87}$/.test(c.dk)) return null;
  if (c.tid.includes('.')) return null;
  return c as unknown as TicketClaims;
}

/** Signs claims with the server's private key: `base64url(packed claims) + "." + base64url(signature)`. */
export async function signToken(privateKey: CryptoKey, claims: TicketClaims): Promise<string> {
  const packed = packClaims(claims);
  const sig = await subtle().sign(ES256_SIGN, privateKey, packed);
  return `${base64urlEncode(packed)}.${base64urlEncode(sig)}`;
}

export interface ParsedToken {
  claims: TicketClaims;
  /** The signed bytes (the packed claims). */
  body: Uint8Array<ArrayBuffer>;
  signature: Uint8Array<ArrayBuffer>;
}

/** Splits and decodes a token (without checking its signature); null when malformed. */
export function parseToken(token: string): ParsedToken | null {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const body = base64urlDecode(parts[0]);
  const signature = base64urlDecode(parts[1]);
  if (!body || !signature || signature.length !== 64) return null;
  const unpacked = unpackClaims(body, 0);
  if (!unpacked || unpacked.end !== body.length) return null;
  return { claims: unpacked.claims, body, signature };
}

// --- packed claims -------------------------------------------------------------------------------------------------

const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/;
const hexBytes = (hex: string): number[] => Array.from({ length: hex.length / 2 }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16));
const toHex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/**
 * One string in its shortest exact form: tag 0 utf8, 1 canonical base64url, 2 lowercase hex, 3 prefix + UUID
 * ("TKT-" + 36 characters in 21 bytes), 4 prefix + 32 hex digits. Each is `tag, length, bytes` (3 and 4: `tag,
 * prefix length, prefix, 16 bytes`); decoding gives back exactly the same text.
 */
function packString(out: number[], text: string): void {
  const candidates: number[][] = [];
  const u8 = Array.from(utf8(text));
  if (u8.length > 255) throw new RangeError('A ticket claim is longer than 255 bytes.');
  candidates.push([0, u8.length, ...u8]);
  const b64 = base64urlDecode(text);
  if (b64 && text.length <= 255 && base64urlEncode(b64) === text) candidates.push([1, text.length, ...b64]);
  if (/^(?:[0-9a-f]{2}){1,127}$/.test(text)) candidates.push([2, text.length / 2, ...hexBytes(text)]);
  const uuid = /^(.{0,40}?)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(text);
  if (uuid) {
    const prefix = Array.from(utf8(uuid[1]));
    candidates.push([3, prefix.length, ...prefix, ...hexBytes(uuid[2].replace(/-/g, ''))]);
  }
  const hex32 = /^(.{0,40}?)([0-9a-f]{32})$/.exec(text);
  if (hex32) {
    const prefix = Array.from(utf8(hex32[1]));
    candidates.push([4, prefix.length, ...prefix, ...hexBytes(hex32[2])]);
  }
  out.push(...candidates.reduce((a, b) => (b.length < a.length ? b : a)));
}

function unpackString(b: Uint8Array, at: number): { text: string; end: number } | null {
  if (at + 2 > b.length) return null;
  const tag = b[at];
  const len = b[at + 1];
  let i = at + 2;
  const take = (n: number): Uint8Array | null => (i + n <= b.length ? b.subarray(i, (i += n)) : null);
  const utf8Text = (x: Uint8Array | null): string | null => {
    if (!x) return null;
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(x);
    } catch {
      return null;
    }
  };
  let text: string | null = null;
  if (tag === 0) text = utf8Text(take(len));
  else if (tag === 1) {
    const n = len % 4 === 1 ? -1 : Math.floor((len * 3) / 4);
    const x = n < 0 ? null : take(n);
    text = x ? base64urlEncode(x) : null;
    if (text !== null && text.length !== len) text = null;
  } else if (tag === 2) {
    const x = len ? take(len) : null;
    text = x ? toHex(x) : null;
  } else if (tag === 3 || tag === 4) {
    const prefix = utf8Text(take(len));
    const x = take(16);
    if (prefix !== null && x) {
      const h = toHex(x);
      text = prefix + (tag === 3 ? h.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5') : h);
      if (tag === 3 && !UUID.test(text.slice(prefix.length))) text = null;
    }
  }
  return text === null ? null : { text, end: i };
}

/** A time as 7 bytes, big-endian: any safe integer from 0 (Number.MAX_SAFE_INTEGER is "never expires"). */
function packTime(out: number[], n: number): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError('A ticket time is out of range.');
  for (let k = 6; k >= 0; k--) out.push(Math.floor(n / 2 ** (8 * k)) % 256);
}
const readTime = (b: Uint8Array, at: number): number | null => {
  const n = b.subarray(at, at + 7).reduce((acc, x) => acc * 256 + x, 0);
  return Number.isSafeInteger(n) ? n : null;
};

// P-256 (FIPS 186-4 D.1.2.3): y² = x³ − 3x + b over GF(p); p ≡ 3 (mod 4), so √a = a^((p+1)/4).
const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;
const modPow = (base: bigint, exp: bigint, m: bigint): bigint => {
  let r = 1n;
  let x = base % m;
  for (let e = exp; e > 0n; e >>= 1n) {
    if (e & 1n) r = (r * x) % m;
    x = (x * x) % m;
  }
  return r;
};
const bytesToBig = (b: Uint8Array): bigint => b.reduce((n, x) => (n << 8n) | BigInt(x), 0n);
const bigToBytes = (n: bigint, len: number): number[] => Array.from({ length: len }, (_, i) => Number((n >> BigInt(8 * (len - 1 - i))) & 0xffn));

/** 65-byte uncompressed point → 33-byte compressed (02/03 || x). */
function compressPoint(raw: Uint8Array): number[] | null {
  if (raw.length !== 65 || raw[0] !== 4) return null;
  return [2 + (raw[64] & 1), ...raw.subarray(1, 33)];
}

/** 33-byte compressed point → 65-byte uncompressed, or null when x is not on the curve. */
function decompressPoint(c: Uint8Array): Uint8Array<ArrayBuffer> | null {
  if (c.length !== 33 || (c[0] !== 2 && c[0] !== 3)) return null;
  const x = bytesToBig(c.subarray(1));
  if (x >= P) return null;
  const rhs = (((modPow(x, 3n, P) - 3n * x + B) % P) + P) % P;
  let y = modPow(rhs, (P + 1n) / 4n, P);
  if ((y * y) % P !== rhs) return null;
  if (Number(y & 1n) !== (c[0] & 1)) y = P - y;
  return new Uint8Array([4, ...c.subarray(1), ...bigToBytes(y, 32)]);
}

/** The claims as compact bytes (RangeError when a claim cannot be packed: a string over 255 bytes, a bad time or key). */
export function packClaims(c: TicketClaims): Uint8Array<ArrayBuffer> {
  const checked = asTicketClaims(c);
  if (!checked) throw new RangeError('These are not valid ticket claims.');
  const out: number[] = [TICKET_WIRE_VERSION];
  packString(out, c.kid);
  packString(out, c.tid);
  out.push(c.kind === 'pass' ? 0 : 1);
  packString(out, c.pt);
  packString(out, c.city);
  packString(out, c.agency);
  packString(out, c.uid);
  packTime(out, c.nb);
  packTime(out, c.exp);
  if (c.trips > 32767) throw new RangeError('trips is out of range.');
  out.push((c.trips >> 8) & 0xff, c.trips & 0xff);
  out.push(...hexBytes(c.sc));
  const point = compressPoint(base64urlDecode(c.dk) ?? new Uint8Array());
  if (!point) throw new RangeError('dk is not an uncompressed P-256 point.');
  out.push(...point);
  return new Uint8Array(out);
}

/** Reads packed claims starting at `at`: the claims and where they end, or null when malformed. */
export function unpackClaims(b: Uint8Array, at = 0): { claims: TicketClaims; end: number } | null {
  if (b[at] !== TICKET_WIRE_VERSION) return null;
  let i = at + 1;
  const str = (): string | null => {
    const r = unpackString(b, i);
    if (!r) return null;
    i = r.end;
    return r.text;
  };
  const kid = str();
  const tid = str();
  const kindByte = b[i++];
  const pt = str();
  const city = str();
  const agency = str();
  const uid = str();
  if (kid === null || tid === null || pt === null || city === null || agency === null || uid === null || (kindByte !== 0 && kindByte !== 1)) return null;
  if (i + 7 + 7 + 2 + 6 + 33 > b.length) return null;
  const nb = readTime(b, i);
  const exp = readTime(b, i + 7);
  const tripsRaw = (b[i + 14] << 8) | b[i + 15];
  const trips = tripsRaw >= 0x8000 ? tripsRaw - 0x10000 : tripsRaw;
  const sc = toHex(b.subarray(i + 16, i + 22));
  const point = decompressPoint(b.subarray(i + 22, i + 55));
  if (nb === null || exp === null || !point) return null;
  const claims = asTicketClaims({
    v: TICKET_CODE_VERSION,
    kid,
    tid,
    kind: kindByte === 0 ? 'pass' : 'ticket',
    pt,
    city,
    agency,
    uid,
    nb,
    exp,
    trips,
    sc,
    dk: base64urlEncode(point),
  });
  return claims ? { claims, end: i + 55 } : null;
}

// --- base45 (RFC 9285) ---------------------------------------------------------------------------------------------

const B45 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
const B45_LOOKUP = new Int8Array(128).fill(-1);
for (let i = 0; i < B45.length; i++) B45_LOOKUP[B45.charCodeAt(i)] = i;

/** RFC 9285 base45: every 2 bytes as 3 characters of the QR alphanumeric alphabet (a last single byte as 2). */
export function base45Encode(b: Uint8Array): string {
  let out = '';
  for (let i = 0; i < b.length; i += 2) {
    if (i + 1 < b.length) {
      const n = b[i] * 256 + b[i + 1];
      out += B45[n % 45] + B45[Math.floor(n / 45) % 45] + B45[Math.floor(n / 2025)];
    } else out += B45[b[i] % 45] + B45[Math.floor(b[i] / 45)];
  }
  return out;
}

/** Decodes base45; null for a character outside the alphabet, a length of 3k+1, or a group over its byte range. */
export function base45Decode(text: string): Uint8Array<ArrayBuffer> | null {
  if (text.length % 3 === 1) return null;
  const out: number[] = [];
  for (let i = 0; i < text.length; i += 3) {
    const chunk = text.slice(i, i + 3);
    const v = Array.from(chunk, (ch) => (ch.charCodeAt(0) < 128 ? B45_LOOKUP[ch.charCodeAt(0)] : -1));
    if (v.some((x) => x < 0)) return null;
    const n = v[0] + v[1] * 45 + (v.length === 3 ? v[2] * 2025 : 0);
    if (v.length === 3) {
      if (n > 0xffff) return null;
      out.push(n >> 8, n & 0xff);
    } else {
      if (n > 0xff) return null;
      out.push(n);
    }
  }
  return new Uint8Array(out);
}

// --- the dynamic part and the QR text ----------------------------------------------------------------------------

export const slotAt = (now: number): number => Math.floor(now / SLOT_MS);
/** The text the device signs for a slot. */
export const dynamicText = (tid: string, slot: number): string => `${TICKET_CODE_PREFIX}.${tid}.${slot}`;

/** The device's signature for the current slot (redraw the QR when the slot changes, i.e. every 10 s). */
export async function signDynamicPart(privateKey: CryptoKey, tid: string, now: number): Promise<{ slot: number; signature: string }> {
  const slot = slotAt(now);
  const sig = await subtle().sign(ES256_SIGN, privateKey, utf8(dynamicText(tid, slot)));
  return { slot, signature: base64urlEncode(sig) };
}

/** The QR text: "SW2:" + base45(claims || server signature || slot || device signature). */
export function buildTicketCode(token: string, slot: number, signature: string): string {
  const t = parseToken(token);
  const dev = base64urlDecode(signature);
  if (!t || !dev || dev.length !== 64 || !Number.isSafeInteger(slot) || slot < 0 || slot > 0xffffffff)
    throw new RangeError('Cannot build a ticket code from these parts.');
  const bytes = new Uint8Array(t.body.length + 64 + 4 + 64);
  bytes.set(t.body, 0);
  bytes.set(t.signature, t.body.length);
  new DataView(bytes.buffer).setUint32(t.body.length + 64, slot);
  bytes.set(dev, t.body.length + 68);
  return TICKET_QR_PREFIX + base45Encode(bytes);
}

export interface ParsedTicketCode extends ParsedToken {
  token: string;
  slot: number;
  deviceSignature: Uint8Array<ArrayBuffer>;
}

/** Splits and decodes a QR text (no signature checked); null when it is not a well-formed SW2 code. */
export function parseTicketCode(text: string): ParsedTicketCode | null {
  if (typeof text !== 'string' || text.length > 4096 || !text.startsWith(TICKET_QR_PREFIX)) return null;
  const bytes = base45Decode(text.slice(TICKET_QR_PREFIX.length));
  if (!bytes) return null;
  const unpacked = unpackClaims(bytes, 0);
  if (!unpacked || bytes.length !== unpacked.end + 64 + 4 + 64) return null;
  const body = bytes.slice(0, unpacked.end);
  const signature = bytes.slice(unpacked.end, unpacked.end + 64);
  const slot = new DataView(bytes.buffer).getUint32(unpacked.end + 64);
  const deviceSignature = bytes.slice(unpacked.end + 68);
  return { claims: unpacked.claims, body, signature, token: `${base64urlEncode(body)}.${base64urlEncode(signature)}`, slot, deviceSignature };
}

const keyCache = new WeakMap<JsonWebKey, Promise<CryptoKey | null>>();
function keyFor(keys: readonly VerificationKey[], kid: string): Promise<CryptoKey | null> | null {
  const k = keys.find((x) => x.kid === kid);
  if (!k) return null;
  if ('key' in k) return Promise.resolve(k.key);
  let p = keyCache.get(k.jwk);
  if (!p) {
    p = importPublicKeyJwk(k.jwk).catch(() => null);
    keyCache.set(k.jwk, p);
  }
  return p;
}

/** Checks a token's server signature only (no times): its claims, or the failure. */
export async function verifyToken(
  token: string,
  keys: readonly VerificationKey[],
): Promise<{ ok: true; claims: TicketClaims } | { ok: false; reason: 'MALFORMED' | 'UNKNOWN_KEY' | 'BAD_SIGNATURE' }> {
  const p = parseToken(token);
  if (!p) return { ok: false, reason: 'MALFORMED' };
  return checkServerSignature(p, keys);
}

async function checkServerSignature(p: ParsedToken, keys: readonly VerificationKey[]) {
  const pending = keyFor(keys, p.claims.kid);
  const key = pending && (await pending);
  if (!key) return { ok: false as const, reason: 'UNKNOWN_KEY' as const };
  const good = await subtle().verify(ES256_SIGN, key, p.signature, p.body);
  return good ? { ok: true as const, claims: p.claims } : { ok: false as const, reason: 'BAD_SIGNATURE' as const };
}

/**
 * Verifies a QR text at `now`, in this order: well-formed (MALFORMED), the server's signature under a known key id
 * (UNKNOWN_KEY, BAD_SIGNATURE), the validity window nb ≤ now < exp (NOT_YET_VALID, EXPIRED), the device's signature
 * over the slot with the bound key (BAD_DEVICE_SIGNATURE), and the slot within `maxSkewSlots` of now's slot
 * (STALE_CODE, FUTURE_CODE). Whether a code was already punched is the caller's business (one punch per tid and slot).
 */
export async function verifyTicketCode(
  text: string,
  opts: { keys: readonly VerificationKey[]; now: number; maxSkewSlots?: number },
): Promise<TicketCodeResult> {
  const p = parseTicketCode(text);
  if (!p) return { ok: false, reason: 'MALFORMED' };
  const server = await checkServerSignature(p, opts.keys);
  if (!server.ok) return server;
  const c = p.claims;
  if (opts.now < c.nb) return { ok: false, reason: 'NOT_YET_VALID' };
  if (opts.now >= c.exp) return { ok: false, reason: 'EXPIRED' };
  const device = await importDevicePublicKey(c.dk);
  if (!device || !(await subtle().verify(ES256_SIGN, device, p.deviceSignature, utf8(dynamicText(c.tid, p.slot)))))
    return { ok: false, reason: 'BAD_DEVICE_SIGNATURE' };
  const late = checkSlot(p.slot, opts.now, opts.maxSkewSlots);
  if (late) return { ok: false, reason: late };
  return { ok: true, claims: c, slot: p.slot };
}

/** STALE_CODE when `slot` is more than `maxSkewSlots` behind now's slot, FUTURE_CODE when more ahead, else null. */
export function checkSlot(slot: number, now: number, maxSkewSlots: number = DEFAULT_MAX_SKEW_SLOTS): 'STALE_CODE' | 'FUTURE_CODE' | null {
  const current = slotAt(now);
  if (slot < current - maxSkewSlots) return 'STALE_CODE';
  if (slot > current + maxSkewSlots) return 'FUTURE_CODE';
  return null;
}

// --- sound codes ------------------------------------------------------------------------------------------------

/** A new sound short code (`sc`): 12 lowercase hex characters from 48 random bits. The sound payload itself (sc +
 *  slot & 0xffff + CRC) is built and read by sound-code.ts. */
export function newSoundShortCode(): string {
  const b = new Uint8Array(6);
  globalThis.crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}
