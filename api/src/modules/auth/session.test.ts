import { SignJWT } from 'jose';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { authHeaders, expectError, signIn, TestClock, type Session } from '../../testing/accounts';
import { REFRESH_REUSE_GRACE_MS } from './service';
import { AccessTokens, ACCESS_TOKEN_TTL_SECS } from './tokens';
import { deriveKeys } from '../../platform/secrets';
import { testConfig } from '../../app/config';
import { buildServer } from '../../app/server';

const refresh = (s: TestServer, body: { refreshToken: string; userId: string; deviceId: string }) =>
  s.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: body });
const me = (s: TestServer, headers: Record<string, string>) => s.app.inject({ url: '/api/profile', headers });
/** Signed in = the guard lets the request through (no profile yet, so the route answers 404). */
const expectSignedIn = async (s: TestServer, headers: Record<string, string>) => expectError(await me(s, headers), 404, 'USER_DOES_NOT_EXIST');

describe(`auth: tokens, refresh and the guard ${dbLabel()}`, () => {
  const clock = new TestClock();
  let s: TestServer;
  let phone = 9876520000;
  const newSession = async (deviceId?: string): Promise<Session> => {
    clock.advance(3_600_000);
    phone += 1;
    return signIn(s.app, s.db, String(phone), deviceId);
  };
  beforeAll(async () => {
    s = await startTestServer({ seed: false, now: clock.now });
  }, 120_000);
  afterAll(() => s?.cleanup());

  it('rotates the refresh token on every refresh; each new pair works', async () => {
    const a = await newSession();
    const r1 = await refresh(s, { refreshToken: a.refreshToken, userId: a.userId, deviceId: a.deviceId });
    expect(r1.statusCode).toBe(200);
    const t1 = r1.json() as { accessToken: string; refreshToken: string };
    expect(t1.refreshToken).not.toBe(a.refreshToken);
    await expectSignedIn(s, authHeaders(a.userId, a.deviceId, t1.accessToken));
    const r2 = await refresh(s, { refreshToken: t1.refreshToken, userId: a.userId, deviceId: a.deviceId });
    expect(r2.statusCode).toBe(200);
  });

  it('a refresh token used twice revokes its whole family (REFRESH_REUSED), forcing sign-in', async () => {
    const a = await newSession();
    const body = { userId: a.userId, deviceId: a.deviceId };
    const next = (await refresh(s, { ...body, refreshToken: a.refreshToken })).json() as { refreshToken: string };
    clock.advance(REFRESH_REUSE_GRACE_MS + 1);
    expectError(await refresh(s, { ...body, refreshToken: a.refreshToken }), 401, 'REFRESH_REUSED', /Sign in again/);
    // The legitimate newest token of that family is dead too.
    expectError(await refresh(s, { ...body, refreshToken: next.refreshToken }), 401, 'REFRESH_INVALID');
    // Another sign-in (another family) of the same user is untouched.
    clock.advance(31_000);
    const b = await signIn(s.app, s.db, String(phone), 'other-device-2');
    expect((await refresh(s, { refreshToken: b.refreshToken, userId: b.userId, deviceId: b.deviceId })).statusCode).toBe(200);
  });

  it('20 parallel refreshes of one token (two tabs, a retrying network) leave the rider signed in: one new pair, answered to all', async () => {
    const a = await newSession();
    const body = { refreshToken: a.refreshToken, userId: a.userId, deviceId: a.deviceId };
    const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(s, body)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    // Every use got the same new pair, so whichever one a tab keeps, it is the live one.
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    const pair = answers[0].json() as { accessToken: string; refreshToken: string };
    await expectSignedIn(s, authHeaders(a.userId, a.deviceId, pair.accessToken));
    // One rotation happened: the family holds the first token (used) and the new one (live), nothing revoked.
    const family = await s.db.query<{ used: boolean; revoked: boolean }>(
      `SELECT used_at IS NOT NULL AS used, revoked_at IS NOT NULL AS revoked FROM refresh_tokens
       WHERE family_id = (SELECT family_id FROM refresh_tokens WHERE user_id = $1 AND device_id = $2 ORDER BY created_at LIMIT 1) ORDER BY created_at`,
      [a.userId, a.deviceId],
    );
    expect(family.rows).toEqual([
      { used: true, revoked: false },
      { used: false, revoked: false },
    ]);
    // The new pair goes on working.
    clock.advance(60_000);
    expect((await refresh(s, { ...body, refreshToken: pair.refreshToken })).statusCode).toBe(200);
  });

  it(`a replay within the grace (${REFRESH_REUSE_GRACE_MS / 1000} s) is answered the same pair; after it, reuse revokes the family`, async () => {
    const a = await newSession();
    const body = { refreshToken: a.refreshToken, userId: a.userId, deviceId: a.deviceId };
    const first = await refresh(s, body);
    expect(first.statusCode).toBe(200);
    clock.advance(REFRESH_REUSE_GRACE_MS - 1);
    const retried = await refresh(s, body);
    expect([retried.statusCode, retried.body]).toEqual([200, first.body]);
    // Another device presenting the token within the grace is still refused.
    expectError(await refresh(s, { ...body, deviceId: 'another-device' }), 401, 'REFRESH_INVALID');
    clock.advance(1);
    expectError(await refresh(s, body), 401, 'REFRESH_REUSED', /Sign in again/);
    const pair = first.json() as { accessToken: string; refreshToken: string };
    expectError(await refresh(s, { ...body, refreshToken: pair.refreshToken }), 401, 'REFRESH_INVALID');
    expectError(await me(s, authHeaders(a.userId, a.deviceId, pair.accessToken)), 401, 'UNAUTHENTICATED');
  });

  it('a replay within the grace after logout is refused: the grace never revives a revoked session', async () => {
    const a = await newSession();
    const body = { refreshToken: a.refreshToken, userId: a.userId, deviceId: a.deviceId };
    const pair = (await refresh(s, body)).json() as { accessToken: string; refreshToken: string };
    const out = await s.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: authHeaders(a.userId, a.deviceId, pair.accessToken),
      payload: { refreshToken: pair.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expectError(await refresh(s, body), 401, 'REFRESH_INVALID');
  });

  it('refuses unknown, expired and mismatched refresh tokens with REFRESH_INVALID', async () => {
    const a = await newSession();
    const ok = { refreshToken: a.refreshToken, userId: a.userId, deviceId: a.deviceId };
    expectError(await refresh(s, { ...ok, refreshToken: 'A'.repeat(43) }), 401, 'REFRESH_INVALID');
    expectError(await refresh(s, { ...ok, userId: 'someone-else' }), 401, 'REFRESH_INVALID');
    expectError(await refresh(s, { ...ok, deviceId: 'another-device' }), 401, 'REFRESH_INVALID');
    expectError(await refresh(s, { ...ok, refreshToken: 'short' }), 400, 'VALIDATION_FAILED', /refreshToken/);
    clock.advance(30 * 86_400_000);
    expectError(await refresh(s, ok), 401, 'REFRESH_INVALID');
  });

  it('logout revokes the family (204) and needs a valid access token', async () => {
    const a = await newSession();
    expectError(await s.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: a.refreshToken } }), 401, 'UNAUTHENTICATED');
    const out = await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: a.headers, payload: { refreshToken: a.refreshToken } });
    expect(out.statusCode).toBe(204);
    expectError(await refresh(s, { refreshToken: a.refreshToken, userId: a.userId, deviceId: a.deviceId }), 401, 'REFRESH_INVALID');
    // Without a body it signs this device out.
    const b = await newSession();
    const bare = await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: b.headers });
    expect([bare.statusCode, bare.body]).toEqual([204, '']);
    expectError(await refresh(s, { refreshToken: b.refreshToken, userId: b.userId, deviceId: b.deviceId }), 401, 'REFRESH_INVALID');
  });

  it('an access token is refused at once after logout (server-side), not 15 minutes later; other sessions keep working', async () => {
    const a = await newSession('device-one-1');
    clock.advance(31_000); // the resend gap
    const other = await signIn(s.app, s.db, String(phone), 'device-two-2'); // same rider, another phone
    await expectSignedIn(s, a.headers);
    expect((await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: a.headers, payload: { refreshToken: a.refreshToken } })).statusCode).toBe(
      204,
    );
    expectError(await me(s, a.headers), 401, 'UNAUTHENTICATED', /signed out of this session/);
    await expectSignedIn(s, other.headers);
    // A second API instance on the same database refuses it too (the revocation is in the database).
    const second = await buildServer(testConfig(), { db: await s.openAnother(), now: clock.now });
    try {
      expectError(await second.inject({ url: '/api/profile', headers: a.headers }), 401, 'UNAUTHENTICATED');
    } finally {
      await second.close();
    }
    // Logout of a device without a body revokes that device's sessions too.
    const b = await newSession('device-three');
    expect((await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: b.headers })).statusCode).toBe(204);
    expectError(await me(s, b.headers), 401, 'UNAUTHENTICATED');
  });

  it('a replayed refresh token ends the session: its access tokens are refused too', async () => {
    const a = await newSession();
    const body = { userId: a.userId, deviceId: a.deviceId };
    const next = (await refresh(s, { ...body, refreshToken: a.refreshToken })).json() as { accessToken: string };
    await expectSignedIn(s, authHeaders(a.userId, a.deviceId, next.accessToken));
    clock.advance(REFRESH_REUSE_GRACE_MS + 1);
    expectError(await refresh(s, { ...body, refreshToken: a.refreshToken }), 401, 'REFRESH_REUSED');
    expectError(await me(s, authHeaders(a.userId, a.deviceId, next.accessToken)), 401, 'UNAUTHENTICATED');
  });

  it('guard: missing or forged token 401 UNAUTHENTICATED, expired 401 TOKEN_EXPIRED, other userId 401 USER_MISMATCH', async () => {
    const a = await newSession();
    await expectSignedIn(s, a.headers); // includes x-type: pass
    const { userid: _u, deviceid: _d, ...tokenOnly } = a.headers;
    await expectSignedIn(s, tokenOnly);
    expectError(await me(s, {}), 401, 'UNAUTHENTICATED');
    expectError(await me(s, { ...a.headers, authtype: 'BASIC' }), 401, 'UNAUTHENTICATED');
    const [h, p, sig] = a.accessToken.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: 'someone-else' })).toString('base64url');
    expectError(await me(s, { ...a.headers, accesstoken: `${h}.${otherPayload}.${sig}`, userid: 'someone-else' }), 401, 'UNAUTHENTICATED');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expectError(await me(s, { ...a.headers, accesstoken: `${none}.${p}.` }), 401, 'UNAUTHENTICATED');
    expectError(await me(s, { ...a.headers, userid: 'someone-else' }), 401, 'USER_MISMATCH');
    clock.advance(15 * 60_000);
    expectError(await me(s, a.headers), 401, 'TOKEN_EXPIRED');
  });

  it('issues HS256 JWTs with sub, did, iat, exp (15 min), jti and the session id', async () => {
    const tokens = new AccessTokens(Buffer.alloc(32, 1), () => 1_700_000_000_000);
    const [h, p] = (await tokens.issue('u1', 'd1')).split('.');
    expect(JSON.parse(Buffer.from(h, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(p, 'base64url').toString())).toEqual({
      sub: 'u1',
      did: 'd1',
      iat: 1_700_000_000,
      exp: 1_700_000_900,
      jti: expect.any(String),
    });
    expect(JSON.parse(Buffer.from((await tokens.issue('u1', 'd1', 'fam-1')).split('.')[1], 'base64url').toString())).toMatchObject({ sid: 'fam-1' });
    expect(await new AccessTokens(Buffer.alloc(32, 2), () => 1_700_000_000_000).verify(await tokens.issue('u1', 'd1'))).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it("refuses a correctly signed access token whose expiry is beyond the policy (signed with the server's own key)", async () => {
    const a = await newSession();
    const secret = await s.db.query<{ value: string }>("SELECT value FROM server_secrets WHERE name = 'auth-token-secret'");
    const own = new AccessTokens(deriveKeys(secret.rows[0].value).accessToken, clock.now);
    // The server's own issue() is accepted: the key is the right one.
    await expectSignedIn(s, authHeaders(a.userId, a.deviceId, await own.issue(a.userId, a.deviceId)));
    const iat = Math.floor(clock.now() / 1000);
    const forged = await new SignJWT({ did: a.deviceId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(a.userId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECS + 1)
      .setJti('forged-1')
      .sign(new Uint8Array(deriveKeys(secret.rows[0].value).accessToken));
    expectError(await me(s, authHeaders(a.userId, a.deviceId, forged)), 401, 'UNAUTHENTICATED');
  });
});
