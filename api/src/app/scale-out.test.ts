import type { FastifyInstance } from 'fastify';
import { buildServer } from './server';
import { testConfig } from './config';
import { seedDemoData } from '../seed';
import { openTestDb, dbLabel, type TestDb } from '../testing/test-db';
import { KIOSK } from '../testing/test-server';
import { authHeaders, expectError, freshIp, lastOtp, TestClock } from '../testing/accounts';
import { REFRESH_REUSE_GRACE_MS } from '../modules/auth/service';

// The API is stateless: two instances behind a load balancer on one database must behave as one. Every piece of
// shared state (OTPs, rate-limit counters, refresh-token families, the token secret, the timetable) lives in the
// database, so a request may land on either instance.
describe(`two API instances on one database ${dbLabel()}`, () => {
  let t: TestDb;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const clock = new TestClock();

  beforeAll(async () => {
    t = await openTestDb();
    await seedDemoData(t.db);
    a = await buildServer(testConfig(), { db: t.db, now: clock.now });
    b = await buildServer(testConfig(), { db: await t.openAnother(), now: clock.now });
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await t?.cleanup();
  });

  const phone = '9876500011';
  const otpUrl = `/api/auth/otp?phoneNumber=${phone}&countryCode=%2B91`;

  it('a code sent by one instance signs in on the other; the resend wait holds across both', async () => {
    const ip = freshIp();
    expect((await a.inject({ url: otpUrl, headers: { 'x-forwarded-for': ip } })).statusCode).toBe(200);
    expectError(await b.inject({ url: otpUrl, headers: { 'x-forwarded-for': ip } }), 429, 'OTP_RESEND_TOO_SOON');

    const login = await b.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { phoneNumber: phone, countryCode: '+91', otp: await lastOtp(t.db, phone), deviceId: 'device-scale-1' },
    });
    expect(login.statusCode).toBe(200);
    const s = login.json() as { userId: string; accessToken: string; refreshToken: string };

    // A token signed by B is accepted by A (one secret, kept in the database).
    const headers = authHeaders(s.userId, 'device-scale-1', s.accessToken);
    expect([(await a.inject({ url: '/api/favourites', headers })).statusCode, (await b.inject({ url: '/api/favourites', headers })).statusCode]).toEqual([
      200, 200,
    ]);

    // Rotating on A, then presenting the old refresh token on B: within the reuse grace (a retry that lands on the
    // other instance) B answers the same new pair; after it, it is reuse and the whole family is revoked everywhere.
    const refresh = (app: FastifyInstance, refreshToken: string) =>
      app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken, userId: s.userId, deviceId: 'device-scale-1' } });
    const rotated = await refresh(a, s.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const retried = await refresh(b, s.refreshToken);
    expect([retried.statusCode, retried.body]).toEqual([200, rotated.body]);
    clock.advance(REFRESH_REUSE_GRACE_MS);
    expectError(await refresh(b, s.refreshToken), 401, 'REFRESH_REUSED');
    expectError(await refresh(a, (rotated.json() as { refreshToken: string }).refreshToken), 401, 'REFRESH_INVALID');
  });

  it('both instances answer the same board timings', async () => {
    const config = (await a.inject({ url: '/api/airport/v1/boards/express/T1', headers: KIOSK })).json() as {
      city: string;
      routeStopPairs: { routeId: string; stopId: string }[];
    };
    const from = Date.parse('2026-11-21T10:06:30+05:30');
    const payload = {
      routeStopPairs: config.routeStopPairs.map(({ routeId, stopId }) => ({ routeId, stopId })),
      timeWindow: { fromTime: String(from), toTime: String(from + 43_200_000) },
    };
    const url = `/api/tub/v1/trips/${config.city}/by_route_stop_pairs`;
    const [ra, rb] = await Promise.all([
      a.inject({ method: 'POST', url, payload, headers: KIOSK }),
      b.inject({ method: 'POST', url, payload, headers: KIOSK }),
    ]);
    expect(ra.statusCode).toBe(200);
    expect(ra.body).toBe(rb.body);
    expect((ra.json() as { data: { timings: number[] }[] }).data[0].timings[0]).toBe(Date.parse('2026-11-21T10:30:00+05:30'));
  });
});
