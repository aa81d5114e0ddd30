import { buildServer } from '../../app/server';
import { testConfig } from '../../app/config';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { expectError, freshIp, lastOtp, requestOtp, signIn, TestClock } from '../../testing/accounts';

const MIN = 60_000;
const login = (s: TestServer, phoneNumber: string, otp: string, deviceId = 'test-device-1') =>
  s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { phoneNumber, countryCode: '+91', otp, deviceId } });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe(`auth: one-time passwords ${dbLabel()}`, () => {
  const clock = new TestClock();
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seed: false, now: clock.now });
  }, 120_000);
  afterAll(() => s?.cleanup());
  beforeEach(() => clock.advance(2 * 3_600_000)); // a fresh rate-limit window for every test

  it('sends a 6-digit code, signs a new number in and creates the account once', async () => {
    const r = await requestOtp(s.app, '9876500001');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ refNo: expect.any(String), expiresInSecs: 300, resendAfterSecs: 30 });
    const code = await lastOtp(s.db, '9876500001');
    expect(code).toMatch(/^\d{6}$/);
    const first = await login(s, '9876500001', code);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      userId: expect.any(String),
      accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      refreshToken: expect.stringMatching(/^[\w-]{43}$/),
      isNewUser: true,
    });
    // The code works once.
    expectError(await login(s, '9876500001', code), 401, 'OTP_EXPIRED', /new code/);
    clock.advance(31_000);
    const again = await signIn(s.app, s.db, '9876500001');
    expect(again.userId).toBe(first.json().userId);
    const { rows } = await s.db.query('SELECT count(*)::int AS n FROM users WHERE phone_number = $1', ['9876500001']);
    expect(rows).toEqual([{ n: 1 }]);
    // Stored hashed: the code itself is nowhere in the table.
    const stored = await s.db.query<{ code_hash: string }>('SELECT code_hash FROM otp_codes WHERE phone_number = $1', ['9876500001']);
    expect(stored.rows[0].code_hash).not.toContain(code);
  });

  it('answers the same shape whether or not the number has an account, and accepts the userId header', async () => {
    await signIn(s.app, s.db, '9876500002');
    clock.advance(31_000);
    const known = await s.app.inject({
      url: '/api/auth/otp?phoneNumber=9876500002&countryCode=%2B91&templateId=login&refNo=abc',
      headers: { 'x-forwarded-for': freshIp(), userid: 'whoever' },
    });
    const unknown = await requestOtp(s.app, '9876500003');
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(Object.keys(known.json()).sort()).toEqual(Object.keys(unknown.json()).sort());
    expect({ ...known.json(), refNo: 'x' }).toEqual({ ...unknown.json(), refNo: 'x' });
  });

  it('expires a code after 5 minutes (injected clock)', async () => {
    await requestOtp(s.app, '9876500004');
    const code = await lastOtp(s.db, '9876500004');
    clock.advance(5 * MIN);
    expectError(await login(s, '9876500004', code), 401, 'OTP_EXPIRED', /expired/);
    clock.advance(MIN);
    await requestOtp(s.app, '9876500004');
    clock.advance(5 * MIN - 1);
    expect((await login(s, '9876500004', await lastOtp(s.db, '9876500004'))).statusCode).toBe(200);
  });

  it('allows 5 wrong tries, saying how many are left, then the code is dead', async () => {
    await requestOtp(s.app, '9876500005');
    const code = await lastOtp(s.db, '9876500005');
    for (const left of [4, 3, 2, 1]) expectError(await login(s, '9876500005', wrong(code)), 401, 'OTP_INVALID', new RegExp(`${left} tr(y|ies) left`));
    expectError(await login(s, '9876500005', wrong(code)), 401, 'OTP_TOO_MANY_TRIES', /5 wrong tries/);
    expectError(await login(s, '9876500005', code), 401, 'OTP_TOO_MANY_TRIES');
    // A new code starts a new count.
    clock.advance(31_000);
    await requestOtp(s.app, '9876500005');
    expect((await login(s, '9876500005', await lastOtp(s.db, '9876500005'))).statusCode).toBe(200);
  });

  it('counts parallel wrong guesses too: never more than 5 comparisons per code', async () => {
    await requestOtp(s.app, '9876500006');
    const code = await lastOtp(s.db, '9876500006');
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(s, '9876500006', String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'))),
    );
    expect(guesses.filter((g) => g.json().code === 'OTP_INVALID')).toHaveLength(4);
    expect(guesses.filter((g) => g.json().code === 'OTP_TOO_MANY_TRIES')).toHaveLength(8);
  });

  it('refuses a resend within 30 s with retry-after, and allows it after', async () => {
    expect((await requestOtp(s.app, '9876500007')).statusCode).toBe(200);
    clock.advance(10_000);
    const early = await requestOtp(s.app, '9876500007');
    expectError(early, 429, 'OTP_RESEND_TOO_SOON', /retryAfterSecs=20/);
    expect(early.headers['retry-after']).toBe('20');
    clock.advance(20_000);
    expect((await requestOtp(s.app, '9876500007')).statusCode).toBe(200);
  });

  it('a code used to sign in holds no resend gap: a new one at once, and of 20 asks at once after it exactly one is sent', async () => {
    expect((await requestOtp(s.app, '9876500015')).statusCode).toBe(200);
    clock.advance(5_000);
    expect((await login(s, '9876500015', await lastOtp(s.db, '9876500015'))).statusCode).toBe(200);
    clock.advance(1_000);
    const asks = await Promise.all(Array.from({ length: 20 }, () => requestOtp(s.app, '9876500015')));
    // as for a number with no code: one is sent, the others are told to wait (the gap, or the hourly limit they used up)
    expect(asks.map((a) => a.statusCode).sort()).toEqual([200, ...Array.from({ length: 19 }, () => 429)]);
    expect(new Set(asks.filter((x) => x.statusCode === 429).map((a) => (a.json() as { code: string }).code))).toEqual(
      new Set(['OTP_RESEND_TOO_SOON', 'RATE_LIMITED']),
    );
    // the new code is the one waiting now: it holds the gap, and it signs in
    clock.advance(10_000);
    expectError(await requestOtp(s.app, '9876500015'), 429, 'OTP_RESEND_TOO_SOON', /retryAfterSecs=20/);
    expect((await login(s, '9876500015', await lastOtp(s.db, '9876500015'))).statusCode).toBe(200);
  });

  it('limits codes per number: 5 an hour, then 429 RATE_LIMITED until an hour after the first', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await requestOtp(s.app, '9876500008')).statusCode).toBe(200);
      clock.advance(31_000);
    }
    const limited = await requestOtp(s.app, '9876500008');
    expectError(limited, 429, 'RATE_LIMITED', /Try again in \d+ minutes/);
    expect(Number(limited.headers['retry-after'])).toBe(3600 - 5 * 31);
    expect((await requestOtp(s.app, '9876500009')).statusCode).toBe(200); // other numbers are not affected
    clock.advance(3_600_000);
    expect((await requestOtp(s.app, '9876500008')).statusCode).toBe(200);
  });

  it('limits codes per number in a rolling hour: 8 asks across an hour boundary within 4 minutes get 5 codes', async () => {
    clock.t = Math.ceil(clock.t / 3_600_000) * 3_600_000 + 3_600_000 - 2 * MIN; // hh:58:00
    const firstAt = clock.t;
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) {
      answers.push((await requestOtp(s.app, '9876500012')).statusCode);
      clock.advance(31_000); // past the resend gap each time; the 4th ask is in the next clock hour
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    // The ninth is refused until an hour after the first code, not until the clock hour ends.
    clock.t = firstAt + 3_600_000 - 1;
    const early = await requestOtp(s.app, '9876500012');
    expectError(early, 429, 'RATE_LIMITED', /Try again in 1 minute\b/);
    expect(early.headers['retry-after']).toBe('1');
    clock.t = firstAt + 3_600_000;
    expect((await requestOtp(s.app, '9876500012')).statusCode).toBe(200);
    // One slot freed (the first code's), so the next ask waits for the second code's hour (31 s after the first's).
    clock.advance(30_000);
    expectError(await requestOtp(s.app, '9876500012'), 429, 'RATE_LIMITED');
  });

  it('counts refused asks nowhere: hammering while limited does not push the window on', async () => {
    const start = clock.t;
    for (let i = 0; i < 5; i++) {
      expect((await requestOtp(s.app, '9876500013')).statusCode).toBe(200);
      clock.advance(31_000);
    }
    for (let i = 0; i < 20; i++) {
      expectError(await requestOtp(s.app, '9876500013'), 429, 'RATE_LIMITED');
      clock.advance(60_000);
    }
    clock.t = start + 3_600_000;
    expect((await requestOtp(s.app, '9876500013')).statusCode).toBe(200);
  });

  it('holds the per-number limit under 20 parallel asks from 20 addresses: one code', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => requestOtp(s.app, '9876500014')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 429)).toBe(true);
  });

  it('limits codes per client IP: 30 an hour across numbers', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await requestOtp(s.app, `98766${String(i).padStart(4, '0')}1`, ip)).statusCode).toBe(200);
    expectError(await requestOtp(s.app, '9876700001', ip), 429, 'RATE_LIMITED');
    expect((await requestOtp(s.app, '9876700001', freshIp())).statusCode).toBe(200);
  });

  it('maps an SMS gateway failure to 502 SMS_SEND_FAILED and lets the rider retry at once', async () => {
    expectError(await requestOtp(s.app, '9876510000'), 502, 'SMS_SEND_FAILED', /try again/);
    expectError(await requestOtp(s.app, '9876510000'), 502, 'SMS_SEND_FAILED');
    expectError(await login(s, '9876510000', '123456'), 401, 'OTP_EXPIRED');
  });

  it('rejects bad input with 400 VALIDATION_FAILED naming the field', async () => {
    expectError(await s.app.inject({ url: '/api/auth/otp?phoneNumber=12345&countryCode=%2B91' }), 400, 'VALIDATION_FAILED', /phoneNumber/);
    expectError(await s.app.inject({ url: '/api/auth/otp?phoneNumber=9876500010&countryCode=%2B1' }), 400, 'VALIDATION_FAILED', /countryCode/);
    expectError(await login(s, '9876500010', '12ab56'), 400, 'VALIDATION_FAILED', /otp/);
    expectError(await login(s, '9876500010', '123456', 'bad id!'), 400, 'VALIDATION_FAILED', /deviceId/);
  });

  it('two instances on one database share rate limits and the token secret', async () => {
    const other = await buildServer(testConfig(), { db: s.db, now: clock.now });
    try {
      expect((await requestOtp(s.app, '9876500011')).statusCode).toBe(200);
      expectError(await requestOtp(other, '9876500011'), 429, 'OTP_RESEND_TOO_SOON');
      const code = await lastOtp(s.db, '9876500011');
      const r = await other.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { phoneNumber: '9876500011', countryCode: '+91', otp: code, deviceId: 'test-device-1' },
      });
      const { userId, accessToken } = r.json();
      const profile = await s.app.inject({ url: '/api/profile', headers: { accesstoken: accessToken, authtype: 'ACCESS_TOKEN', userid: userId } });
      expectError(profile, 404, 'USER_DOES_NOT_EXIST');
    } finally {
      await other.close();
    }
  });
});

describe(`auth: development SMS outbox ${dbLabel()}`, () => {
  it('is served in development mode only', async () => {
    const s = await startTestServer({ seed: false, config: { env: 'development' } });
    try {
      await requestOtp(s.app, '9876500020');
      const r = await s.app.inject({ url: '/api/dev/sms-outbox?phoneNumber=9876500020' });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({
        messages: [{ phoneNumber: '9876500020', body: expect.stringMatching(/^\d{6} is your Sawari sign-in code/), sentAt: expect.any(Number) }],
      });
      for (const env of ['production', 'test'] as const) {
        const config =
          env === 'production'
            ? {
                env,
                authTokenSecret: 'Zk3v9QmN7pX2rT8wLc5yHb1dFg6jKs4A',
                sms: { provider: 'http' as const, url: 'http://127.0.0.1:9/sms', token: '', senderId: 'SAWARI', timeoutMs: 500 },
              }
            : { env };
        const app = await buildServer(testConfig(config), { db: s.db });
        expectError(await app.inject({ url: '/api/dev/sms-outbox?phoneNumber=9876500020' }), 404, 'NOT_FOUND');
        await app.close();
      }
    } finally {
      await s.cleanup();
    }
  });
});

describe(`auth: the sign-in SMS in the rider's language ${dbLabel()}`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seed: false, config: { env: 'development' } });
  }, 120_000);
  afterAll(() => s?.cleanup());
  const ask = async (phoneNumber: string, query: string, cookie?: string) => {
    const r = await s.app.inject({
      url: `/api/auth/otp?phoneNumber=${phoneNumber}&countryCode=%2B91&templateId=login${query}`,
      headers: { 'x-forwarded-for': freshIp(), ...(cookie ? { cookie } : {}) },
    });
    expect(r.statusCode).toBe(200);
    const out = await s.app.inject({ url: `/api/dev/sms-outbox?phoneNumber=${phoneNumber}` });
    const body: string = out.json().messages.at(-1).body;
    // The code stands first, set apart, in every language: the e2e helpers and a phone's autofill find it.
    expect(body).toMatch(/^\d{6} /);
    return body;
  };

  it.each([
    ['hi', 'साइन-इन कोड'],
    ['mr', 'साइन-इन कोड'],
    ['ml', 'സൈൻ-ഇൻ കോഡ്'],
    ['ta', 'உள்நுழைவுக் குறியீடு'],
    ['kn', 'ಸೈನ್-ಇನ್ ಕೋಡ್'],
    ['en', 'is your Sawari sign-in code. It works for 5 minutes.'],
  ])('lang=%s writes the text in that language', async (lang, words) => {
    const phone = `98765011${String(['hi', 'mr', 'ml', 'ta', 'kn', 'en'].indexOf(lang)).padStart(2, '0')}`;
    const body = await ask(phone, `&lang=${lang}`);
    expect(body).toContain(words);
    expect(body).toContain('5');
  });

  it('takes the app cookie when the request names no language, and English for one it does not know', async () => {
    expect(await ask('9876501120', '', 'theme=dark; sawari_lang=ta')).toContain('உள்நுழைவுக் குறியீடு');
    expect(await ask('9876501121', '&lang=fr', 'sawari_lang=xx')).toContain('is your Sawari sign-in code');
    // The request's own language wins over the cookie.
    expect(await ask('9876501122', '&lang=hi', 'sawari_lang=ta')).toContain('साइन-इन कोड');
  });
});
