/**
 * Ticket codes (docs/validation.md): a server-signed token bound to the rider's device key, plus a dynamic part the
 * device signs every 10 s, so a validator can check a ticket with only the published public key and no network, and a
 * screenshot stops validating within 40 s.
 *
 *   token   = base64url(utf8(JSON(claims))) + "." + base64url(ES256 signature by the server over utf8(first part))
 *   QR text = "SWT1." + token + "." + slot + "." + base64url(ES256 signature by the device over utf8("SWT1." + tid + "." + slot))
 *   slot    = Math.floor(now / 10_000)
 *
 * ES256 is ECDSA on P-256 with SHA-256; signatures are WebCrypto's raw 64 bytes (r || s). Pure: every function takes
 * `now`, and the only platform API used is `globalThis.crypto.subtle` (Node 20 and every current browser).
 */

export const TICKET_CODE_PREFIX = 'SWT1';
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
  | 'MALFORMED'
  | 'UNKNOWN_KEY'
  | 'BAD_SIGNATURE'
  | 'NOT_YET_VALID'
  | 'EXPIRED'
  | 'BAD_DEVICE_SIGNATURE'
  | 'STALE_CODE'
  | 'FUTURE_CODE';

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

/** Signs claims with the server's private key: `base64url(JSON) + "." + base64url(signature)`. */
export async function signToken(privateKey: CryptoKey, claims: TicketClaims): Promise<string> {
  const body = base64urlEncode(utf8(JSON.stringify(claims)));
  const sig = await subtle().sign(ES256_SIGN, privateKey, utf8(body));
  return `${body}.${base64urlEncode(sig)}`;
}

export interface ParsedToken {
  claims: TicketClaims;
  /** The signed text (the first part). */
  body: string;
  signature: Uint8Array<ArrayBuffer>;
}

/** Splits and decodes a token (without checking its signature); null when malformed. */
export function parseToken(token: string): ParsedToken | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [body, sigText] = parts;
  const json = base64urlDecode(body);
  const signature = base64urlDecode(sigText);
  if (!json || !signature || signature.length !== 64) return null;
  let claims: TicketClaims | null;
  try {
    claims = asTicketClaims(JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(json)));
  } catch {
    return null;
  }
  return claims ? { claims, body, signature } : null;
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

export const buildTicketCode = (token: string, slot: number, signature: string): string => `${TICKET_CODE_PREFIX}.${token}.${slot}.${signature}`;

export interface ParsedTicketCode extends ParsedToken {
  token: string;
  slot: number;
  deviceSignature: Uint8Array<ArrayBuffer>;
}

/** Splits and decodes a QR text (no signature checked); null when it is not a well-formed SWT1 code. */
export function parseTicketCode(text: string): ParsedTicketCode | null {
  if (typeof text !== 'string' || text.length > 4096) return null;
  const parts = text.trim().split('.');
  if (parts.length !== 5 || parts[0] !== TICKET_CODE_PREFIX) return null;
  const [, body, sig, slotText, devSig] = parts;
  if (!/^(0|[1-9]\d{0,14})$/.test(slotText)) return null;
  const token = `${body}.${sig}`;
  const parsed = parseToken(token);
  const deviceSignature = base64urlDecode(devSig);
  if (!parsed || !deviceSignature || deviceSignature.length !== 64) return null;
  return { ...parsed, token, slot: Number(slotText), deviceSignature };
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
export async function verifyToken(token: string, keys: readonly VerificationKey[]): Promise<{ ok: true; claims: TicketClaims } | { ok: false; reason: 'MALFORMED' | 'UNKNOWN_KEY' | 'BAD_SIGNATURE' }> {
  const p = parseToken(token);
  if (!p) return { ok: false, reason: 'MALFORMED' };
  return checkServerSignature(p, keys);
}

async function checkServerSignature(p: ParsedToken, keys: readonly VerificationKey[]) {
  const pending = keyFor(keys, p.claims.kid);
  const key = pending && (await pending);
  if (!key) return { ok: false as const, reason: 'UNKNOWN_KEY' as const };
  const good = await subtle().verify(ES256_SIGN, key, p.signature, utf8(p.body));
  return good ? { ok: true as const, claims: p.claims } : { ok: false as const, reason: 'BAD_SIGNATURE' as const };
}

/**
 * Verifies a QR text at `now`, in this order: well-formed (MALFORMED), the server's signature under a known key id
 * (UNKNOWN_KEY, BAD_SIGNATURE), the validity window nb ≤ now < exp (NOT_YET_VALID, EXPIRED), the device's signature
 * over the slot with the bound key (BAD_DEVICE_SIGNATURE), and the slot within `maxSkewSlots` of now's slot
 * (STALE_CODE, FUTURE_CODE). Whether a code was already punched is the caller's business (one punch per tid and slot).
 */
export async function verifyTicketCode(text: string, opts: { keys: readonly VerificationKey[]; now: number; maxSkewSlots?: number }): Promise<TicketCodeResult> {
  const p = parseTicketCode(text);
  if (!p) return { ok: false, reason: 'MALFORMED' };
  const server = await checkServerSignature(p, opts.keys);
  if (!server.ok) return server;
  const c = p.claims;
  if (opts.now < c.nb) return { ok: false, reason: 'NOT_YET_VALID' };
  if (opts.now >= c.exp) return { ok: false, reason: 'EXPIRED' };
  const device = await importDevicePublicKey(c.dk);
  if (!device || !(await subtle().verify(ES256_SIGN, device, p.deviceSignature, utf8(dynamicText(c.tid, p.slot))))) return { ok: false, reason: 'BAD_DEVICE_SIGNATURE' };
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
