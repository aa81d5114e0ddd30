import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ApiError } from '../../platform/errors';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * The boards' fixed header `authorization: Kiosk <key>`. Keys are compared as SHA-256 digests with timingSafeEqual,
 * against every configured key, so the time taken says nothing about how much of a key matched.
 */
export function kioskGuard(keys: readonly string[]) {
  const digests = keys.map(digest);
  // Header values already verified (only accepted ones are remembered, so this stays as small as the key list): a
  // board polls with the same header all day and skips the hashing. A miss always takes the constant-time path.
  const verified = new Set<string>();
  // Synchronous (a callback hook, not a promise): it runs before every board poll.
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const header = request.headers.authorization;
    if (typeof header === 'string' && verified.has(header)) return done();
    const m = typeof header === 'string' ? /^Kiosk\s+(\S+)\s*$/i.exec(header) : null;
    if (!m) return done(new ApiError(401, 'KIOSK_UNAUTHORIZED', 'This board needs its kiosk key in the authorization header ("Kiosk <key>").'));
    const given = digest(m[1]);
    let ok = false;
    for (const d of digests) ok = timingSafeEqual(given, d) || ok;
    if (!ok) return done(new ApiError(401, 'KIOSK_UNAUTHORIZED', 'The kiosk key is not accepted. Check the key configured on this board.'));
    if (verified.size < 64) verified.add(header as string);
    done();
  };
}
