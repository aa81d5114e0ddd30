import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import type { Clock } from '../../platform/clock';
import { hmac } from '../../platform/secrets';

export const ACCESS_TOKEN_TTL_SECS = 15 * 60;
/** How far ahead of this server's clock another instance's clock may be (a token's iat may be that far in the future). */
export const CLOCK_SKEW_MS = 60_000;

export interface AccessClaims {
  /** userId */
  sub: string;
  /** deviceId */
  did: string;
  iat: number;
  exp: number;
  jti: string;
  /** The session (refresh-token family) the token belongs to; logout revokes it server-side. Absent in tokens made
   *  before sessions were named (they simply run out within ACCESS_TOKEN_TTL_SECS). */
  sid?: string;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'invalid' | 'expired' };

/** The one algorithm accepted: no algorithm choice is read from the token (`alg: none` or any other is refused). */
const ALG = 'HS256';

/**
 * Compact HS256 JWTs made and checked by `jose` (docs/architecture.md, "Well-kept libraries"). The header is exactly
 * `{alg: HS256, typ: JWT}`; jose compares the signature in constant time before it reads any claim, and `exp` is
 * checked against the injected clock (a token is expired from the second `exp` names on, as before).
 */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    key: Buffer,
    private readonly now: Clock,
  ) {
    this.key = new Uint8Array(key);
  }

  /**
   * A new access token, issued now with a fresh jti; or, with `as`, the token issued at that instant with that jti
   * (HS256 is deterministic: the same claims give the same token, so a refresh answered twice answers it twice).
   */
  issue(userId: string, deviceId: string, sessionId?: string, as?: { issuedAtMs: number; jti: string }): Promise<string> {
    const iat = Math.floor((as?.issuedAtMs ?? this.now()) / 1000);
    return new SignJWT({ did: deviceId, ...(sessionId ? { sid: sessionId } : {}) })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECS)
      .setJti(as?.jti ?? randomUUID())
      .sign(this.key);
  }

  async verify(token: string): Promise<VerifyResult> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        algorithms: [ALG],
        typ: 'JWT',
        requiredClaims: ['sub', 'exp', 'iat'],
        currentDate: new Date(this.now()),
      }));
    } catch (e) {
      return { ok: false, reason: e instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
    const { sub, did, exp, iat, sid } = payload;
    if (typeof sub !== 'string' || typeof did !== 'string' || typeof exp !== 'number' || typeof iat !== 'number') return { ok: false, reason: 'invalid' };
    // Correctly signed is not enough: a token must keep to the policy it was issued under. One that lives longer than
    // an access token may (a key that leaked and signed its own), or that was issued in the future, is refused.
    if (exp - iat > ACCESS_TOKEN_TTL_SECS || iat * 1000 > this.now() + CLOCK_SKEW_MS) return { ok: false, reason: 'invalid' };
    if (sid !== undefined && typeof sid !== 'string') return { ok: false, reason: 'invalid' };
    return { ok: true, claims: payload as unknown as AccessClaims };
  }
}

/** A refresh token: 32 random bytes, base64url (43 characters). Only its keyed hash is stored. */
export const newRefreshToken = (): string => randomBytes(32).toString('base64url');
export const hashRefreshToken = (key: Buffer, token: string): string => hmac(key, token);

/**
 * The token that follows `token` in its family: an HMAC of it under the refresh-token key. The server can answer the
 * same successor to every use of one token within the reuse grace without storing any token; nobody without the key
 * can compute it. ("next:" keeps these inputs apart from the stored hashes', which are tokens alone.)
 */
export const successorRefreshToken = (key: Buffer, token: string): string => hmac(key, `next:${token}`);

/** The jti of the access token issued with a successor refresh token, as a UUID (derived, so it is the same each time). */
export function successorJti(key: Buffer, successor: string): string {
  const h = createHmac('sha256', key).update(`jti:${successor}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
