import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { keyIdOf, type VerificationKey } from '@sawari/domain';
import type { ValidationStore } from './store';

export interface PublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
}
export interface PublishedKey {
  kid: string;
  alg: 'ES256';
  jwk: PublicJwk;
}

/** The key tokens are signed with now, and every key a validator should accept (the current one first). */
export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  published: PublishedKey[];
  verification: VerificationKey[];
}

const P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;
export const DEV_KEY_SECRET_NAME = 'ticket-signing-key';

/**
 * Reads TICKET_SIGNING_KEY: a PKCS#8 private key as base64 (or base64url, or PEM), or a private JWK as JSON. Throws an
 * Error with a sentence a person can act on when it is not an ECDSA P-256 private key.
 */
export function parsePrivateKey(text: string): KeyObject {
  const t = text.trim();
  let key: KeyObject;
  try {
    if (t.startsWith('{')) key = createPrivateKey({ key: JSON.parse(t), format: 'jwk' });
    else if (t.startsWith('-----BEGIN')) key = createPrivateKey({ key: t, format: 'pem' });
    else key = createPrivateKey({ key: Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new Error('TICKET_SIGNING_KEY must be a PKCS#8 private key (base64 or PEM) or a private JWK (JSON)');
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw new Error('TICKET_SIGNING_KEY must be an ECDSA P-256 key (ES256)');
  return key;
}

/** Reads TICKET_VERIFY_KEYS: a JSON array of P-256 public JWKs (private members are dropped). */
export function parsePublicJwks(text: string): PublicJwk[] {
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    throw new Error('TICKET_VERIFY_KEYS must be a JSON array of public JWKs');
  }
  if (!Array.isArray(list)) throw new Error('TICKET_VERIFY_KEYS must be a JSON array of public JWKs');
  return list.map((j) => {
    try {
      const k = createPublicKey({ key: j as import('node:crypto').JsonWebKey, format: 'jwk' });
      if (k.asymmetricKeyDetails?.namedCurve !== 'prime256v1') throw new Error('curve');
      return publicJwk(k);
    } catch {
      throw new Error('every key in TICKET_VERIFY_KEYS must be an EC P-256 JWK with x and y');
    }
  });
}

function publicJwk(k: KeyObject): PublicJwk {
  const j = (k.type === 'private' ? createPublicKey(k) : k).export({ format: 'jwk' });
  return { kty: 'EC', crv: 'P-256', x: j.x as string, y: j.y as string };
}

/** A new P-256 private key as base64url PKCS#8. */
export const newPrivateKeyText = (): string =>
  generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url');

/**
 * The configured key or, when none is configured (not in production: config refuses that), a key generated once and
 * kept in server_secrets, so restarts keep it and every instance on the database signs with the same key.
 */
export async function loadSigningKeys(store: ValidationStore, configured: string | undefined, extra: PublicJwk[] = []): Promise<SigningKeys> {
  const key = parsePrivateKey(configured ?? (await store.secret(DEV_KEY_SECRET_NAME, newPrivateKeyText)));
  const privateJwk = key.export({ format: 'jwk' });
  const privateKey = await globalThis.crypto.subtle.importKey('jwk', { ...privateJwk, ext: false } as JsonWebKey, P256, false, ['sign']);
  const jwks = [publicJwk(key), ...extra];
  const published: PublishedKey[] = [];
  for (const jwk of jwks) {
    const kid = await keyIdOf(jwk);
    if (!published.some((p) => p.kid === kid)) published.push({ kid, alg: 'ES256', jwk });
  }
  return { kid: published[0].kid, privateKey, published, verification: published.map((p) => ({ kid: p.kid, jwk: p.jwk })) };
}
