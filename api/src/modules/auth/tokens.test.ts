import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECS, AccessTokens, CLOCK_SKEW_MS, successorJti, successorRefreshToken } from './tokens';

const KEY = Buffer.alloc(32, 7);
const T0 = 1_700_000_000_000;
const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
/** A token signed with KEY by hand (node:crypto), as the server made them before jose: tokens in riders' hands at the
 *  switch must still be accepted. */
const handMade = (header: object, claims: object, key = KEY) => {
  const body = `${b64(header)}.${b64(claims)}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
};
const claims = { sub: 'u1', did: 'd1', iat: T0 / 1000, exp: T0 / 1000 + ACCESS_TOKEN_TTL_SECS, jti: 'j1' };

describe('AccessTokens (jose)', () => {
  let now = T0;
  const tokens = new AccessTokens(KEY, () => now);
  beforeEach(() => {
    now = T0;
  });

  it('verifies what it issues, with every claim', async () => {
    const r = await tokens.verify(await tokens.issue('u1', 'd1', 'fam-1'));
    expect(r).toEqual({
      ok: true,
      claims: { sub: 'u1', did: 'd1', sid: 'fam-1', iat: 1_700_000_000, exp: 1_700_000_900, jti: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    const a = await tokens.issue('u1', 'd1');
    const b = await tokens.issue('u1', 'd1');
    expect(a).not.toBe(b); // a fresh jti each time
  });

  it('is valid until the millisecond before exp and expired from exp on', async () => {
    const t = await tokens.issue('u1', 'd1');
    now = T0 + ACCESS_TOKEN_TTL_SECS * 1000 - 1;
    expect((await tokens.verify(t)).ok).toBe(true);
    now = T0 + ACCESS_TOKEN_TTL_SECS * 1000;
    expect(await tokens.verify(t)).toEqual({ ok: false, reason: 'expired' });
  });

  it('accepts a token made by the former node:crypto signer (same header, same key)', async () => {
    expect(await tokens.verify(handMade({ alg: 'HS256', typ: 'JWT' }, claims))).toEqual({ ok: true, claims });
  });

  it('an expired token under another key is invalid, not expired (the signature is checked first)', async () => {
    now = T0 + 3600_000;
    expect(await tokens.verify(handMade({ alg: 'HS256', typ: 'JWT' }, claims, Buffer.alloc(32, 8)))).toEqual({ ok: false, reason: 'invalid' });
    expect(await tokens.verify(handMade({ alg: 'HS256', typ: 'JWT' }, claims))).toEqual({ ok: false, reason: 'expired' });
  });

  it.each([
    ['alg none', () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`],
    ['HS512 under the same key', () => new SignJWT(claims).setProtectedHeader({ alg: 'HS512', typ: 'JWT' }).sign(new Uint8Array(KEY))],
    ['another typ', () => handMade({ alg: 'HS256', typ: 'at+jwt' }, claims)],
    ['no did', () => handMade({ alg: 'HS256', typ: 'JWT' }, { ...claims, did: undefined })],
    ['a numeric sub', () => handMade({ alg: 'HS256', typ: 'JWT' }, { ...claims, sub: 42 })],
    ['no exp', () => handMade({ alg: 'HS256', typ: 'JWT' }, { ...claims, exp: undefined })],
    ['no iat', () => handMade({ alg: 'HS256', typ: 'JWT' }, { ...claims, iat: undefined })],
    ['a correctly signed token living one second beyond the policy', () => handMade({ alg: 'HS256', typ: 'JWT' }, { ...claims, exp: claims.exp + 1 })],
    ['a correctly signed token living a year', () => handMade({ alg: 'HS256', typ: 'JWT' }, { ...claims, exp: claims.iat + 365 * 86_400 })],
    [
      'a correctly signed token issued in the future (beyond the clock skew)',
      () => handMade({ alg: 'HS256', typ: 'JWT' }, { ...claims, iat: claims.iat + CLOCK_SKEW_MS / 1000 + 1, exp: claims.exp + CLOCK_SKEW_MS / 1000 + 1 }),
    ],
    ['a non-string sid', () => handMade({ alg: 'HS256', typ: 'JWT' }, { ...claims, sid: 5 })],
    [
      'a changed payload',
      () =>
        tokens.issue('u1', 'd1').then((t) => {
          const [h, , s] = t.split('.');
          return `${h}.${b64({ ...claims, sub: 'u2' })}.${s}`;
        }),
    ],
    ['two parts', () => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`],
    ['garbage', () => 'not-a-token'],
    ['an empty string', () => ''],
  ])('refuses %s as invalid', async (_name, make) => {
    expect(await tokens.verify(await make())).toEqual({ ok: false, reason: 'invalid' });
  });

  it('accepts a token exactly at the policy, and one issued within the clock skew of another instance', async () => {
    expect((await tokens.verify(handMade({ alg: 'HS256', typ: 'JWT' }, claims))).ok).toBe(true);
    const ahead = { ...claims, iat: claims.iat + CLOCK_SKEW_MS / 1000, exp: claims.exp + CLOCK_SKEW_MS / 1000 };
    expect((await tokens.verify(handMade({ alg: 'HS256', typ: 'JWT' }, ahead))).ok).toBe(true);
  });

  it('issues the same token for the same instant and jti (a refresh answered twice answers one token)', async () => {
    const as = { issuedAtMs: T0 - 5000, jti: successorJti(KEY, 'next-token') };
    now = T0 + 7000;
    const a = await tokens.issue('u1', 'd1', 'fam-1', as);
    now = T0 + 9000;
    expect(await tokens.issue('u1', 'd1', 'fam-1', as)).toBe(a);
    expect(await tokens.verify(a)).toEqual({
      ok: true,
      claims: { sub: 'u1', did: 'd1', sid: 'fam-1', iat: (T0 - 5000) / 1000, exp: (T0 - 5000) / 1000 + ACCESS_TOKEN_TTL_SECS, jti: as.jti },
    });
    expect(as.jti).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});

describe('successorRefreshToken', () => {
  it("is one fixed 43-character token per token and key, unlike the token, another token's or another key's", () => {
    const t = 'A'.repeat(43);
    const next = successorRefreshToken(KEY, t);
    expect(next).toMatch(/^[\w-]{43}$/);
    expect(successorRefreshToken(KEY, t)).toBe(next);
    expect(next).not.toBe(t);
    expect(successorRefreshToken(KEY, 'B'.repeat(43))).not.toBe(next);
    expect(successorRefreshToken(Buffer.alloc(32, 8), t)).not.toBe(next);
    expect(successorJti(KEY, next)).not.toBe(successorJti(KEY, successorRefreshToken(KEY, next)));
  });
});
