import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../platform/errors';
import type { AccessTokens } from './tokens';

export interface AuthContext {
  userId: string;
  deviceId: string;
}

export type AuthGuard = (request: FastifyRequest) => Promise<void>;

const contexts = new WeakMap<FastifyRequest, AuthContext>();

const unauthenticated = (message: string) => new ApiError(401, 'UNAUTHENTICATED', message);

/**
 * onRequest hook for authenticated routes (spec §6 headers): `accesstoken`, `authtype: ACCESS_TOKEN`, `userid`,
 * `deviceid`. With `sessions`, a token whose session was revoked (logout) is refused. Only the token is trusted: the user and device come from its claims. A `userid` header naming someone
 * else is refused (USER_MISMATCH); `deviceid` is informational. Runs before the body is read.
 */
export function authGuard(tokens: AccessTokens, sessions?: { isSessionRevoked(sessionId: string): Promise<boolean> }): AuthGuard {
  return async (request) => {
    const { accesstoken, authtype, userid } = request.headers;
    if (typeof accesstoken !== 'string' || accesstoken === '') throw unauthenticated('Sign in to continue.');
    if (authtype !== undefined && authtype !== 'ACCESS_TOKEN') throw unauthenticated('The authtype header must be ACCESS_TOKEN.');
    const r = await tokens.verify(accesstoken);
    if (!r.ok)
      throw r.reason === 'expired'
        ? new ApiError(401, 'TOKEN_EXPIRED', 'Your session needs refreshing.')
        : unauthenticated('Your sign-in is not valid. Sign in again.');
    if (userid !== undefined && userid !== r.claims.sub)
      throw new ApiError(401, 'USER_MISMATCH', 'This request is for a different account than the one signed in. Sign in again.');
    // A token of a session that was signed out (or ended after a stolen refresh token) is refused at once, not after
    // it runs out.
    if (r.claims.sid && sessions && (await sessions.isSessionRevoked(r.claims.sid)))
      throw unauthenticated('You were signed out of this session. Sign in again.');
    contexts.set(request, { userId: r.claims.sub, deviceId: r.claims.did });
  };
}

/** The signed-in rider of a request that passed `authGuard`. */
export function authOf(request: FastifyRequest): AuthContext {
  const ctx = contexts.get(request);
  if (!ctx) throw unauthenticated('Sign in to continue.');
  return ctx;
}
