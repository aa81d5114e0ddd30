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

/** HMAC-SHA256 as base64url. */
export const hmac = (key: Buffer, data: string): string => createHmac('sha256', key).update(data).digest('base64url');

/** Constant-time comparison of two strings (false when lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
