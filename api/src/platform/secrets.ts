import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from './db';

/** Keys derived from the one server secret, one per purpose, so a key leaking from one use says nothing of another. */
export interface ServerKeys {
  accessToken: Buffer;
  otp: Buffer;
  refreshToken: Buffer;
  fileLinks: Buffer;
}

const derive = (secret: string, purpose: string) => Buffer.from(hkdfSync('sha256', secret, 'sawari', purpose, 32));

export function deriveKeys(secret: string): ServerKeys {
  return {
    accessToken: derive(secret, 'access-token'),
    otp: derive(secret, 'otp'),
    refreshToken: derive(secret, 'refresh-token'),
    fileLinks: derive(secret, 'file-links'),
  };
}

/**
 * The configured AUTH_TOKEN_SECRET or, when none is configured (development and tests only; config refuses this in
 * production), a secret generated once and kept in server_secrets, so every instance on one database shares it.
 */
export async function loadServerKeys(db: Db, configured: string | undefined): Promise<ServerKeys> {
  if (configured) return deriveKeys(configured);
  await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    'auth-token-secret',
    randomBytes(32).toString('base64url'),
  ]);
  const r = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', ['auth-token-secret']);
  return deriveKeys(r.rows[0].value);
}

/** Per-character Shannon entropy (bits) of a string's own character counts. */
export function shannonBitsPerChar(s: string): number {
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  const n = [...s].length;
  let bits = 0;
  for (const k of counts.values()) bits -= (k / n) * Math.log2(k / n);
  return bits;
}

/** Fewest distinct characters, and least entropy per character, a production root secret may have. */
export const SECRET_MIN_DISTINCT = 8;
export const SECRET_MIN_BITS_PER_CHAR = 2.5;
/** Length of a chunk that may not appear twice, and of a run of steadily rising or falling characters refused. */
export const SECRET_PATTERN_LENGTH = 8;

/**
 * Why a root secret is too weak for production, or null. Length is checked by the configuration (≥ 32). The figures
 * are set so that every random secret of the usual kinds passes (hex of 16 random bytes, the weakest: 32 characters
 * from 16; in 3,000,000 draws none had under 8 distinct characters or 2.66 bits per character), while a secret a
 * person typed or repeated does not:
 * - fewer than 8 distinct characters ("aaaa…", "abab…", "mysecret" four times);
 * - under 2.5 bits per character of Shannon entropy over its own character counts (a few characters dominate);
 * - an 8-character chunk that appears twice ("password1234password1234…"): random hex of 64 bytes repeats one by
 *   chance about twice in a million;
 * - 8 characters rising or falling one by one ("abcdefgh", "12345678", "87654321").
 * docs/accounts.md "The root secret's strength".
 */
export function secretWeakness(secret: string): string | null {
  const chars = [...secret];
  const distinct = new Set(chars).size;
  if (distinct < SECRET_MIN_DISTINCT) return `it has only ${distinct} different characters (at least ${SECRET_MIN_DISTINCT})`;
  const bits = shannonBitsPerChar(secret);
  if (bits < SECRET_MIN_BITS_PER_CHAR)
    return `its characters carry ${bits.toFixed(2)} bits each (at least ${SECRET_MIN_BITS_PER_CHAR}): a few characters make up most of it`;
  const seen = new Set<string>();
  for (let i = 0; i + SECRET_PATTERN_LENGTH <= chars.length; i++) {
    const chunk = chars.slice(i, i + SECRET_PATTERN_LENGTH).join('');
    if (seen.has(chunk)) return `it repeats "${chunk.slice(0, 3)}…" (a chunk of ${SECRET_PATTERN_LENGTH} characters appears twice)`;
    seen.add(chunk);
  }
  let up = 1;
  let down = 1;
  for (let i = 1; i < chars.length; i++) {
    const step = chars[i].codePointAt(0)! - chars[i - 1].codePointAt(0)!;
    up = step === 1 ? up + 1 : 1;
    down = step === -1 ? down + 1 : 1;
    if (up >= SECRET_PATTERN_LENGTH || down >= SECRET_PATTERN_LENGTH)
      return `it has a run of ${SECRET_PATTERN_LENGTH} characters in sequence (like "abcdefgh" or "12345678")`;
  }
  return null;
}

/** HMAC-SHA256 as base64url. */
export const hmac = (key: Buffer, data: string): string => createHmac('sha256', key).update(data).digest('base64url');

/** Constant-time comparison of two strings (false when lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
