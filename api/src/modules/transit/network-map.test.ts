import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { networkMapSchema, tripPathSchema } from '@sawari/contracts';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { importGtfs } from './importer/import';

// The map endpoints on real imports: the mini feed (trips R1 and R3 on shape S1 through stops A, B, C; trip R2-F from
// A to D without a shape) as "testville", and the demo Mumbai feed (no shapes.txt at all).
const MINI = path.join(__dirname, 'importer/fixtures/mini');

describe(`map endpoints: the city's network and a ride's path ${dbLabel()}`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ before: async (t) => void (await importGtfs(t.db, MINI, { cityId: 'testville' })) });
  }, 60_000);
  afterAll(() => s?.cleanup());

  const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers });

  it("serves the city's network from its shapes, and stop to stop where a trip has none, simplified, once per line", async () => {
    const r = await get('/api/transit/network?city=testville');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/geo\+json/);
    expect(r.headers['cache-control']).toBe('public, max-age=3600');
    const body = networkMapSchema.parse(r.json());
    // S1 (A, B, C: one straight line) and R2-F (A to D) meet at A, where nothing else does: one run from C through A
    // to D, B dropped (on the straight line). R1 and R3 share S1: drawn once.
    expect(body).toEqual({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { mode: 'BUS', lines: 1 },
          geometry: {
            type: 'MultiLineString',
            coordinates: [
              [
                [72.82, 19.02],
                [72.8, 19.0],
                [72.83, 19.03],
              ],
            ],
          },
        },
      ],
    });
  });

  it('sends it gzipped when asked, with an ETag that answers 304 to If-None-Match', async () => {
    const plain = await get('/api/transit/network?city=testville');
    const zipped = await get('/api/transit/network?city=testville', { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"network-\d+-[\w-]{16}"$/);
    expect(zipped.headers.etag).toBe(etag);
    const again = await get('/api/transit/network?city=testville', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/api/transit/network?city=testville', { 'if-none-match': '"network-0-other"' })).statusCode).toBe(200);
  });

  it("draws a feed without shapes stop to stop: Mumbai's airport express lines through their stops", async () => {
    const r = await get('/api/transit/network?city=mumbai');
    expect(r.statusCode).toBe(200);
    const body = networkMapSchema.parse(r.json());
    expect(body.features.map((f) => f.properties.mode)).toEqual(['BUS']);
    const lines = body.features[0].geometry.coordinates;
    expect(lines.length).toBeGreaterThan(0);
    expect(body.features[0].properties.lines).toBe(lines.length);
    // Terminal 1's bus bay (72.8517, 19.0967) is on the network.
    expect(lines.some((l) => l.some(([lon, lat]) => lon === 72.8517 && lat === 19.0967))).toBe(true);
    // No stretch between two stops twice, not even backwards (the routes to and from the terminals share them).
    const stretches = lines.flatMap((l) => l.slice(1).map((p, i) => [l[i].join(','), p.join(',')].sort().join('|')));
    expect(stretches.length).toBeGreaterThan(0);
    expect(new Set(stretches).size).toBe(stretches.length);
  });

  it('answers {code, message}: 404 for a city that does not exist, 400 for one that is not a city id', async () => {
    const missing = await get('/api/transit/network?city=atlantis');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'CITY_NOT_FOUND', message: expect.any(String) });
    const bad = await get('/api/transit/network?city=Not%20a%20city');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
    expect((await get('/api/transit/network')).statusCode).toBe(400);
  });

  it("gives a ride along its trip's shape between the boarding and alighting stops", async () => {
    const r = await get('/api/transit/trip-path?city=testville&trip=R1-0800&from=A&to=C');
    expect(r.statusCode).toBe(200);
    expect(tripPathSchema.parse(r.json())).toEqual({
      shaped: true,
      stops: [
        { stop_id: 'A', lon: 72.8, lat: 19.0 },
        { stop_id: 'B', lon: 72.81, lat: 19.01 },
        { stop_id: 'C', lon: 72.82, lat: 19.02 },
      ],
      coordinates: [
        [72.8, 19.0],
        [72.82, 19.02],
      ],
    });
    const part = (await get('/api/transit/trip-path?city=testville&trip=R1-0800&from=B&to=C')).json();
    expect(part.coordinates).toEqual([
      [72.81, 19.01],
      [72.82, 19.02],
    ]);
  });

  it('gives a ride of a trip without a shape as straight lines through its stops', async () => {
    const r = await get('/api/transit/trip-path?city=testville&trip=R2-F&from=A&to=D');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      shaped: false,
      stops: [
        { stop_id: 'A', lon: 72.8, lat: 19.0 },
        { stop_id: 'D', lon: 72.83, lat: 19.03 },
      ],
      coordinates: [
        [72.8, 19.0],
        [72.83, 19.03],
      ],
    });
  });

  it('answers 404 for a trip that does not exist or does not call at the stops in that order, 400 without them', async () => {
    const noTrip = await get('/api/transit/trip-path?city=testville&trip=NOPE&from=A&to=C');
    expect(noTrip.statusCode).toBe(404);
    expect(noTrip.json()).toEqual({ code: 'TRIP_NOT_FOUND', message: expect.any(String) });
    const backwards = await get('/api/transit/trip-path?city=testville&trip=R1-0800&from=C&to=A');
    expect(backwards.statusCode).toBe(404);
    expect(backwards.json()).toEqual({ code: 'STOPS_NOT_ON_TRIP', message: expect.any(String) });
    expect((await get('/api/transit/trip-path?city=atlantis&trip=R1-0800&from=A&to=C')).json().code).toBe('CITY_NOT_FOUND');
    const nul = await get('/api/transit/trip-path?city=testville&trip=R1%000800&from=A&to=C');
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
    const missing = await get('/api/transit/trip-path?city=testville&trip=R1-0800&from=A');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
  });
});
