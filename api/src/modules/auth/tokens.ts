import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import type { Clock } from '../../platform/clock';
import { hmac } from '../../platform/secrets';

export const ACCESS_TOKEN_TTL_SECS = 15 * 60;

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

  issue(userId: string, deviceId: string, sessionId?: string): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ did: deviceId, ...(sessionId ? { sid: sessionId } : {}) })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECS)
      .setJti(randomUUID())
      .sign(this.key);
  }

  async verify(token: string): Promise<VerifyResult> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.key, { algorithms: [ALG], typ: 'JWT', requiredClaims: ['sub', 'exp'], currentDate: new Date(this.now()) }));
    } catch (e) {
      return { ok: false, reason: e instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
    const { sub, did, exp, sid } = payload;
    if (typeof sub !== 'string' || typeof did !== 'string' || typeof exp !== 'number') return { ok: false, reason: 'invalid' };
    if (sid !== undefined && typeof sid !== 'string') return { ok: false, reason: 'invalid' };
    return { ok: true, claims: payload as unknown as AccessClaims };
  }
}

/** A refresh token: 32 random bytes, base64url (43 characters). Only its keyed hash is stored. */
export const newRefreshToken = (): string => randomBytes(32).toString('base64url');
export const hashRefreshToken = (key: Buffer, token: string): string => hmac(key, token);
