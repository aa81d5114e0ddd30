import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECS, AccessTokens } from './tokens';

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
});
