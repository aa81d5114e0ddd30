import path from 'node:path';
import { AIRPORT_MAX_PAIRS } from '@sawari/domain';
import { dbLabel } from '../../testing/test-db';
import { KIOSK, startTestServer, type TestServer } from '../../testing/test-server';
import { importGtfs } from '../transit/importer/import';

const MINI = path.join(__dirname, '../transit/importer/fixtures/mini');
const DEMO_FEED = path.join(__dirname, '../../../data/gtfs/mumbai-airport-express');
const ist = (date: string, time: string) => Date.parse(`${date}T${time}+05:30`);
const window = (from: number, to: number) => ({ fromTime: String(from), toTime: String(to) });

describe(`airport boards API ${dbLabel()}`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ timetableCheckMs: 20, before: async (t) => void (await importGtfs(t.db, MINI, { cityId: 'testville' })) });
  }, 120_000);
  afterAll(() => s?.cleanup());

  const timings = (city: string, body: unknown, headers: Record<string, string> = KIOSK) =>
    s.app.inject({ method: 'POST', url: `/api/tub/v1/trips/${city}/by_route_stop_pairs`, headers, payload: body as object });
  const ok = async (city: string, pairs: [string, string][], from: number, to: number) => {
    const r = await timings(city, { routeStopPairs: pairs.map(([routeId, stopId]) => ({ routeId, stopId })), timeWindow: window(from, to) });
    expect(r.statusCode).toBe(200);
    return r.json().data as { routeId: string; stopId: string; timings: number[] }[];
  };
  const expectError = async (res: { statusCode: number; json(): unknown }, status: number, code: string, message?: RegExp) => {
    expect(res.statusCode).toBe(status);
    const body = res.json() as { code: string; message: string };
    expect(body).toEqual({ code, message: expect.any(String) });
    if (message) expect(body.message).toMatch(message);
  };

  describe('GET /api/airport/v1/boards/:product/:terminalId', () => {
    it('answers the T1 and T2 terminal config with destinations from the feed', async () => {
      const t1 = await s.app.inject({ url: '/api/airport/v1/boards/express/T1', headers: KIOSK });
      expect(t1.statusCode).toBe(200);
      expect(t1.json()).toEqual({
        city: 'mumbai',
        product: 'express',
        terminalId: 'T1',
        place: 'Arrival Hall',
        counter: 'Airport Express Counter',
        routeStopPairs: [
          { routeId: 'AE-T1-KHR', stopId: 'T1-BAY', destination: 'Kharghar' },
          { routeId: 'AE-T1-THN', stopId: 'T1-BAY', destination: 'Thane' },
        ],
      });
      expect(t1.headers['cache-control']).toBe('no-store');
      const t2 = await s.app.inject({ url: '/api/airport/v1/boards/express/T2', headers: KIOSK });
      expect(t2.json()).toMatchObject({
        place: 'P6 Arrivals',
        counter: 'Outside Gate A and Gate C',
        routeStopPairs: [{ destination: 'Kharghar' }, { destination: 'Thane' }],
      });
    });

    it('404s an unknown product or terminal, 400s a malformed one, 401s without the key', async () => {
      await expectError(await s.app.inject({ url: '/api/airport/v1/boards/express/T9', headers: KIOSK }), 404, 'BOARD_NOT_FOUND');
      await expectError(await s.app.inject({ url: '/api/airport/v1/boards/premium/T1', headers: KIOSK }), 404, 'BOARD_NOT_FOUND');
      await expectError(await s.app.inject({ url: '/api/airport/v1/boards/express/T1!!', headers: KIOSK }), 400, 'VALIDATION_FAILED', /terminalId/);
      await expectError(await s.app.inject({ url: '/api/airport/v1/boards/express/T1' }), 401, 'KIOSK_UNAUTHORIZED');
    });
  });

  describe('POST /api/tub/v1/trips/:city/by_route_stop_pairs', () => {
    it('answers the demo board timings in request order within the window', async () => {
      const data = await ok(
        'mumbai',
        [
          ['AE-T1-THN', 'GHATKOPAR'],
          ['AE-T1-KHR', 'T1-BAY'],
        ],
        ist('2025-08-14', '22:00:00'),
        ist('2025-08-15', '07:00:00'),
      );
      expect(data).toEqual([
        { routeId: 'AE-T1-THN', stopId: 'GHATKOPAR', timings: [ist('2025-08-14', '22:25:00'), ist('2025-08-14', '22:55:00'), ist('2025-08-15', '06:55:00')] },
        {
          routeId: 'AE-T1-KHR',
          stopId: 'T1-BAY',
          timings: [ist('2025-08-14', '22:00:00'), ist('2025-08-14', '22:30:00'), ist('2025-08-15', '06:30:00'), ist('2025-08-15', '07:00:00')],
        },
      ]);
    });

    it('gives 12 h of departures for a board window and includes both window edges', async () => {
      const from = ist('2025-08-14', '10:00:00');
      const [row] = await ok('mumbai', [['AE-T2-KHR', 'T2-BAY']], from, from + 12 * 3600_000);
      expect(row.timings).toHaveLength(25);
      expect(row.timings[0]).toBe(from);
      expect(row.timings[24]).toBe(from + 12 * 3600_000);
      expect([...row.timings].sort((a, b) => a - b)).toEqual(row.timings);
    });

    it('crosses midnight: a trip at 24:10:00 belongs to the previous service day', async () => {
      const data = await ok(
        'testville',
        [
          ['R3', 'A'],
          ['R3', 'C'],
          ['R1', 'A'],
        ],
        ist('2025-08-13', '23:00:00'),
        ist('2025-08-14', '10:00:00'),
      );
      expect(data.map((d) => d.timings)).toEqual([
        [ist('2025-08-13', '23:50:00')],
        [ist('2025-08-14', '00:10:00')],
        [ist('2025-08-14', '08:00:00'), ist('2025-08-14', '09:00:00')],
      ]);
    });

    it('applies calendar_dates: a removed day has no service, not even after midnight; an added day runs', async () => {
      // 15 Aug 2025 (Friday): service ALL removed. 16 Aug (Saturday): weekday-only WK added.
      const removed = await ok(
        'testville',
        [
          ['R1', 'A'],
          ['R3', 'C'],
        ],
        ist('2025-08-15', '00:30:00'),
        ist('2025-08-16', '00:30:00'),
      );
      expect(removed.map((d) => d.timings)).toEqual([[ist('2025-08-15', '12:00:00')], []]);
      const added = await ok('testville', [['R1', 'A']], ist('2025-08-16', '00:00:00'), ist('2025-08-16', '23:00:00'));
      expect(added[0].timings).toEqual([ist('2025-08-16', '08:00:00'), ist('2025-08-16', '09:00:00'), ist('2025-08-16', '12:00:00')]);
    });

    it('uses departure times, interpolates untimed stops and expands frequencies', async () => {
      const data = await ok(
        'testville',
        [
          ['R1', 'B'],
          ['R2', 'D'],
        ],
        ist('2025-08-14', '00:00:00'),
        ist('2025-08-14', '10:00:00'),
      );
      expect(data.map((d) => d.timings)).toEqual([
        [ist('2025-08-14', '08:11:00'), ist('2025-08-14', '09:10:00')],
        [ist('2025-08-14', '06:15:00'), ist('2025-08-14', '06:45:00')],
      ]);
    });

    it('answers an empty list when nothing runs in the window', async () => {
      const data = await ok('testville', [['R1', 'A']], ist('2025-08-14', '13:00:00'), ist('2025-08-14', '14:00:00'));
      expect(data).toEqual([{ routeId: 'R1', stopId: 'A', timings: [] }]);
    });

    const pair = { routeId: 'AE-T1-KHR', stopId: 'T1-BAY' };
    const win = window(ist('2025-08-14', '10:00:00'), ist('2025-08-14', '22:00:00'));
    it.each([
      ['no pairs', { routeStopPairs: [], timeWindow: win }, /routeStopPairs.*at least one/],
      ['too many pairs', { routeStopPairs: new Array(AIRPORT_MAX_PAIRS + 1).fill(pair), timeWindow: win }, /routeStopPairs.*at most 20/],
      ['non-numeric times', { routeStopPairs: [pair], timeWindow: { fromTime: 'now', toTime: '1755200000000' } }, /timeWindow\.fromTime.*epoch milliseconds/],
      ['numbers instead of strings', { routeStopPairs: [pair], timeWindow: { fromTime: 1755200000000, toTime: 1755243200000 } }, /timeWindow\.fromTime/],
      [
        'toTime before fromTime',
        { routeStopPairs: [pair], timeWindow: window(ist('2025-08-14', '10:00:00'), ist('2025-08-14', '09:00:00')) },
        /toTime is before fromTime/,
      ],
      [
        'a window over 24 h',
        { routeStopPairs: [pair], timeWindow: window(ist('2025-08-14', '10:00:00'), ist('2025-08-15', '10:00:01')) },
        /longer than 24 hours/,
      ],
      ['a missing timeWindow', { routeStopPairs: [pair] }, /timeWindow/],
      ['an empty routeId', { routeStopPairs: [{ routeId: '', stopId: 'T1-BAY' }], timeWindow: win }, /routeStopPairs\.0\.routeId/],
    ])('400 VALIDATION_FAILED for %s, naming the field', async (_what, body, message) => {
      await expectError(await timings('mumbai', body), 400, 'VALIDATION_FAILED', message);
    });

    it.each([
      ['an unknown route', { routeId: 'AE-T9-XXX', stopId: 'T1-BAY' }, /Route "AE-T9-XXX" is not in the mumbai timetable/],
      ['an unknown stop', { routeId: 'AE-T1-KHR', stopId: 'NOWHERE' }, /Stop "NOWHERE" is not in the mumbai timetable/],
      ['a stop the route does not serve', { routeId: 'AE-T1-KHR', stopId: 'THANE' }, /Route "AE-T1-KHR" does not serve stop "THANE"/],
    ])('400 UNKNOWN_ROUTE_STOP for %s', async (_what, bad, message) => {
      await expectError(await timings('mumbai', { routeStopPairs: [pair, bad], timeWindow: win }), 400, 'UNKNOWN_ROUTE_STOP', message);
    });

    it('404 CITY_NOT_FOUND for an unknown city', async () => {
      await expectError(await timings('atlantis', { routeStopPairs: [pair], timeWindow: win }), 404, 'CITY_NOT_FOUND', /atlantis/);
    });

    it.each([
      ['no authorization header', {}],
      ['a wrong key', { authorization: 'Kiosk not-the-key' }],
      ['another scheme', { authorization: 'Bearer sawari-dev-kiosk' }],
    ])('401 KIOSK_UNAUTHORIZED with %s', async (_what, headers) => {
      await expectError(await timings('mumbai', { routeStopPairs: [pair], timeWindow: win }, headers), 401, 'KIOSK_UNAUTHORIZED');
    });

    it('400 for malformed JSON or an empty body, 415 for another content type, 413 for a huge body', async () => {
      const raw = (payload: string, type = 'application/json') =>
        s.app.inject({ method: 'POST', url: '/api/tub/v1/trips/mumbai/by_route_stop_pairs', headers: { ...KIOSK, 'content-type': type }, payload });
      await expectError(await raw('{"routeStopPairs": ['), 400, 'MALFORMED_JSON', /not valid JSON/);
      await expectError(await raw(''), 400, 'MALFORMED_JSON');
      await expectError(await raw('<routeStopPairs/>', 'application/xml'), 415, 'UNSUPPORTED_MEDIA_TYPE');
      await expectError(await raw(JSON.stringify({ pad: 'x'.repeat(20_000) })), 413, 'PAYLOAD_TOO_LARGE');
    });

    it('picks up a newly imported feed within the check interval, without a request waiting for it', async () => {
      const pairs: [string, string][] = [['R1', 'A']];
      const from = ist('2025-08-14', '00:00:00');
      const to = ist('2025-08-14', '23:00:00');
      await importGtfs(s.db, MINI, { cityId: 'swapville' });
      expect((await ok('swapville', pairs, from, to))[0].timings).toHaveLength(3);
      await importGtfs(s.db, DEMO_FEED, { cityId: 'swapville' });
      let status = 200;
      const deadline = Date.now() + 5000;
      while (status === 200 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 25));
        status = (await timings('swapville', { routeStopPairs: [{ routeId: 'R1', stopId: 'A' }], timeWindow: window(from, to) })).statusCode;
      }
      expect(status).toBe(400);
      expect((await ok('swapville', [['AE-T1-KHR', 'T1-BAY']], from, to))[0].timings.length).toBeGreaterThan(0);
    });
  });
});
