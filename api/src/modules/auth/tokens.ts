import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../../platform/clock';
import { hmac, safeEqual } from '../../platform/secrets';

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

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const b64json = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Compact HS256 JWTs made with node:crypto. Only this exact header is accepted (no algorithm choice is read from the
 * token), the signature is compared in constant time, and `exp` is checked against the injected clock.
 */
export class AccessTokens {
  constructor(
    private readonly key: Buffer,
    private readonly now: Clock,
  ) {}

  issue(userId: string, deviceId: string, sessionId?: string): string {
    const iat = Math.floor(this.now() / 1000);
    const payload = `${HEADER}.${b64json({ sub: userId, did: deviceId, iat, exp: iat + ACCESS_TOKEN_TTL_SECS, jti: randomUUID(), ...(sessionId ? { sid: sessionId } : {}) })}`;
    return `${payload}.${hmac(this.key, payload)}`;
  }

  verify(token: string): VerifyResult {
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== HEADER) return { ok: false, reason: 'invalid' };
    if (!safeEqual(hmac(this.key, `${parts[0]}.${parts[1]}`), parts[2])) return { ok: false, reason: 'invalid' };
    let claims: AccessClaims;
    try {
      claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as AccessClaims;
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    if (typeof claims?.sub !== 'string' || typeof claims.did !== 'string' || typeof claims.exp !== 'number') return { ok: false, reason: 'invalid' };
    if (claims.sid !== undefined && typeof claims.sid !== 'string') return { ok: false, reason: 'invalid' };
    if (claims.exp * 1000 <= this.now()) return { ok: false, reason: 'expired' };
    return { ok: true, claims };
  }
}

/** A refresh token: 32 random bytes, base64url (43 characters). Only its keyed hash is stored. */
export const newRefreshToken = (): string => randomBytes(32).toString('base64url');
export const hashRefreshToken = (key: Buffer, token: string): string => hmac(key, token);
