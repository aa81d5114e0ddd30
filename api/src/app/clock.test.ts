import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { clockStartingAt } from '../platform/clock';
import { parseInstant } from '../platform/clock-settings';
import { seedDemoData } from '../seed';
import { dbLabel, openTestDb, type TestDb } from '../testing/test-db';
import { newPrivateKeyText } from '../modules/validation/keys';
import { parseConfig, testConfig } from './config';
import { buildServer } from './server';
import { compiledApi } from '../testing/compiled-api';

// SAWARI_CLOCK_START: a development or test server whose clock starts at a chosen instant and ticks in real time
// (the e2e specs that depend on the time of day run against one, docs/testing.md). Refused in production.

const TEN_AM_WEDNESDAY = Date.parse('2026-11-25T10:00:00+05:30');
const THREE_AM_WEDNESDAY = Date.parse('2026-11-25T03:00:00+05:30');

describe('SAWARI_CLOCK_START is parsed and validated', () => {
  it('is unset by default: the machine clock', () => {
    const r = parseConfig({});
    expect(r.ok && r.config.clockStartMs).toBeUndefined();
  });

  it('takes an ISO 8601 instant with its UTC offset', () => {
    for (const [text, ms] of [
      ['2026-11-25T10:00:00+05:30', TEN_AM_WEDNESDAY],
      ['2026-11-25T04:30Z', TEN_AM_WEDNESDAY],
      ['2026-11-25T04:30:00.000Z', TEN_AM_WEDNESDAY],
      ['2026-11-24T23:00:00-05:30', TEN_AM_WEDNESDAY],
    ] as const) {
      const r = parseConfig({ SAWARI_CLOCK_START: text });
      expect(r.ok && r.config.clockStartMs).toBe(ms);
    }
  });

  it('refuses a time without its offset, a day that does not exist and other non-instants, saying why', () => {
    for (const [text, why] of [
      ['2026-11-25T10:00:00', /with its UTC offset, e\.g\. 2026-11-25T10:00:00\+05:30/],
      ['2026-11-25', /with its UTC offset/],
      ['tomorrow 10am', /with its UTC offset/],
      ['1795581000000', /with its UTC offset/],
      ['2026-02-30T10:00:00+05:30', /2026-02-30 is not a date/],
      ['2026-13-01T10:00:00+05:30', /2026-13-01 is not a date/],
      ['2026-11-25T24:00:00+05:30', /24:00:00 is not a time of day/],
      ['2026-11-25T10:00:00+15:00', /within ±14:00/],
      ['1970-01-01T00:00:00Z', /2000 to 2099/],
    ] as const) {
      const r = parseConfig({ SAWARI_CLOCK_START: text });
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.errors).toEqual([expect.stringMatching(new RegExp(`^SAWARI_CLOCK_START: "${text.replace(/[+.]/g, '\\$&')}" is not an instant: `))]);
      expect(r.errors[0]).toMatch(why);
    }
    expect(parseInstant('2028-02-29T00:00:00Z')).toEqual({ ok: true, ms: Date.UTC(2028, 1, 29) });
  });

  it('is refused in production, with every other problem still listed', () => {
    const r = parseConfig({ NODE_ENV: 'production', SAWARI_CLOCK_START: '2026-11-25T10:00:00+05:30' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toContain('SAWARI_CLOCK_START is refused in production (it sets the server clock for development and tests); unset it');
    expect(r.errors.length).toBeGreaterThan(1); // the production secrets this environment lacks are listed too
  });

  it('stops a production start with a start-up error before any database is opened', () => {
    const repo = path.resolve(__dirname, '../../..');
    const r = spawnSync(process.execPath, [compiledApi('app/main.js')], {
      cwd: repo,
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        SAWARI_CLOCK_START: '2026-11-25T10:00:00+05:30',
        AUTH_TOKEN_SECRET: 'Zk3v9QmN7pX2rT8wLc5yHb1dFg6jKs4A',
        KIOSK_KEYS: 'a-long-real-kiosk-key',
        SMS_HTTP_URL: 'https://sms.example/send',
        TICKET_SIGNING_KEY: newPrivateKeyText(),
        OPS_KEYS: 'asha=a-long-real-ops-key',
        VALIDATOR_KEYS: 'gate=a-long-real-validator-key',
        RAZORPAY_KEY_ID: 'rzp_live_CityKeys0001',
        RAZORPAY_KEY_SECRET: 'a-live-key-secret-of-the-city',
        RAZORPAY_WEBHOOK_SECRET: 'a-live-webhook-secret-of-the-city',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: 'memory://',
        WEB_ROOT: 'off',
      },
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      'Invalid configuration:\n  - SAWARI_CLOCK_START is refused in production (it sets the server clock for development and tests); unset it\n',
    );
  }, 90_000);
});

describe('a started clock', () => {
  it('reads the start instant, then ticks with the real clock', () => {
    let real = 1_000_000;
    const clock = clockStartingAt(TEN_AM_WEDNESDAY, () => real);
    expect(clock()).toBe(TEN_AM_WEDNESDAY);
    real += 90_000;
    expect(clock()).toBe(TEN_AM_WEDNESDAY + 90_000);
  });
});

describe(`a server with SAWARI_CLOCK_START ${dbLabel()}`, () => {
  let t: TestDb;
  const servers: FastifyInstance[] = [];
  const server = async (clockStartMs: number) => {
    const app = await buildServer(testConfig({ clockStartMs }), { db: t.db });
    servers.push(app);
    return app;
  };
  const busesOnAe1 = async (app: FastifyInstance) => {
    const r = await app.inject({ method: 'POST', url: '/api/graphql', payload: { query: '{ routeVehicles(city: "mumbai", routeId: "AE-T1-KHR") { vNo } }' } });
    expect(r.statusCode).toBe(200);
    return (r.json() as { data: { routeVehicles: { vNo: string }[] } }).data.routeVehicles.length;
  };
  beforeAll(async () => {
    t = await openTestDb();
    await seedDemoData(t.db);
  });
  afterAll(async () => {
    for (const app of servers) await app.close();
    await t?.cleanup();
  });

  it("tells its clock's time (server-time and every response's Date header, which the web apps learn the time from)", async () => {
    const app = await server(TEN_AM_WEDNESDAY);
    const r = await app.inject({ method: 'GET', url: '/api/config/server-time' });
    const { serverTime } = r.json() as { serverTime: number };
    expect(serverTime).toBeGreaterThanOrEqual(TEN_AM_WEDNESDAY);
    expect(serverTime).toBeLessThan(TEN_AM_WEDNESDAY + 60_000);
    const date = Date.parse(String(r.headers.date));
    expect(Math.abs(date - serverTime)).toBeLessThan(2_000);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(Math.abs(Date.parse(String(health.headers.date)) - TEN_AM_WEDNESDAY)).toBeLessThan(60_000);
  });

  it("runs the live buses at its clock's hour: airport express buses at 10:00 in Mumbai, none at 03:00", async () => {
    expect(await busesOnAe1(await server(TEN_AM_WEDNESDAY))).toBeGreaterThan(0);
    expect(await busesOnAe1(await server(THREE_AM_WEDNESDAY))).toBe(0);
  });

  it('a caller’s own clock (tests) wins, and without either the server tells the real time', async () => {
    const own = await buildServer(testConfig({ clockStartMs: TEN_AM_WEDNESDAY }), { db: t.db, now: () => THREE_AM_WEDNESDAY });
    servers.push(own);
    expect((await own.inject({ method: 'GET', url: '/api/config/server-time' })).json()).toEqual({ serverTime: THREE_AM_WEDNESDAY });
    const plain = await buildServer(testConfig(), { db: t.db });
    servers.push(plain);
    const r = await plain.inject({ method: 'GET', url: '/api/config/server-time' });
    expect(Math.abs((r.json() as { serverTime: number }).serverTime - Date.now())).toBeLessThan(60_000);
  });
});
