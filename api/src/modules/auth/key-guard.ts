import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../platform/errors';

/**
 * The key schemes of the machine and staff routes: operators (`authorization: Ops <key>`, OPS_KEYS) and validators
 * (`authorization: Validator <key>`, VALIDATOR_KEYS). The airport boards' Kiosk keys have their own synchronous guard
 * (airport/kiosk-auth.ts), answered on every poll.
 */
export type KeyScheme = 'Ops' | 'Validator';

const REFUSAL: Record<KeyScheme, { code: string; message: string }> = {
  Ops: { code: 'OPS_UNAUTHENTICATED', message: 'Operator routes need the header authorization: Ops <key>.' },
  Validator: { code: 'VALIDATOR_UNAUTHENTICATED', message: 'Validators need the header authorization: Validator <key>.' },
};

export interface KeyGuard {
  /** The onRequest hook: 401 {code, message} unless the request carries one of the keys. */
  hook(request: FastifyRequest): Promise<void>;
  /** The accepted key's name (recorded with what the request does); only after `hook` let the request through. */
  nameOf(request: FastifyRequest): string;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * The one check of `authorization: <scheme> <key>` against a key → name map. The presented key is compared with every
 * configured key as SHA-256 digests in constant time, without stopping at a match, so the time taken says neither
 * how much of a key matched, nor its length, nor which key it was.
 */
export function keyGuard(scheme: KeyScheme, keys: ReadonlyMap<string, string>): KeyGuard {
  const known = [...keys].map(([key, name]) => ({ digest: digest(key), name }));
  const prefix = `${scheme} `;
  const names = new WeakMap<FastifyRequest, string>();
  const refusal = REFUSAL[scheme];
  return {
    async hook(request) {
      const header = request.headers.authorization;
      const presented = typeof header === 'string' && header.startsWith(prefix) ? header.slice(prefix.length) : '';
      const given = digest(presented);
      let name: string | undefined;
      for (const k of known) if (timingSafeEqual(given, k.digest) && presented) name ??= k.name;
      if (name === undefined) throw new ApiError(401, refusal.code, refusal.message);
      names.set(request, name);
    },
    nameOf(request) {
      const name = names.get(request);
      if (name === undefined) throw new ApiError(401, refusal.code, refusal.message);
      return name;
    },
  };
}
