import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnvironment, testPlatformConfig, type PlatformConfig } from './config';
import { byteRange, mapTileOrigin } from './map-tiles';
import { filledMvt, solidPng, writePmtiles } from './pmtiles.testing';
import { createPlatformServer } from './server';

// Each city's tile source (a URL template or a PMTiles file) reaches the page with its credit line;
// the page policy allows exactly the templates' origins (a PMTiles file is ours: nothing added); the file is served
// with range requests, and nothing else is.
const DEFAULT_CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;connect-src 'self';worker-src 'self';manifest-src 'self';font-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";
const directive = (csp: string, name: string) => csp.split(';').find((d) => d.startsWith(`${name} `));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sawari-pmtiles-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (name: string, bytes: Buffer) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
};
const archive = writePmtiles({ fill: solidPng([200, 30, 160], 8), attribution: '<a href="https://example.org/copyright">&copy; Example map makers</a>' });
const kochiFile = write('kochi.pmtiles', archive);

/** A server from an environment, as `npm start` builds it (the configuration is checked first). */
function serverWith(env: Record<string, string>) {
  const r = parseEnvironment({ NODE_ENV: 'test', ...env }, []);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  const config: PlatformConfig = { ...testPlatformConfig(), mapSources: r.config.mapSources };
  return createPlatformServer(config);
}
const problems = (env: Record<string, string>) => {
  const r = parseEnvironment({ NODE_ENV: 'test', ...env }, []);
  return r.ok ? [] : r.errors;
};

describe('map tile sources', () => {
  it('unset: every city gets none and the page policy names no outside origin; a city must be named', async () => {
    const app = createPlatformServer(testPlatformConfig());
    try {
      const r = await app.inject({ url: '/api/map-tiles?city=kochi' });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ tiles: null, pmtiles: null, vector: false, attribution: null });
      expect((await app.inject({ url: '/app/live-tracking' })).headers['content-security-policy']).toBe(DEFAULT_CSP);
      const bad = await app.inject({ url: '/api/map-tiles' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    } finally {
      await app.close();
    }
  });

  it('one template for every city: it reaches the page with its credit, and only its origin joins img-src and connect-src', async () => {
    const tiles = 'https://tiles.example.org:8443/osm/{z}/{x}/{y}.png?key=abc';
    const app = serverWith({ SAWARI_MAP_TILES: tiles, SAWARI_MAP_ATTRIBUTION: '© Example, CC-BY-SA' });
    try {
      expect((await app.inject({ url: '/api/map-tiles?city=pune' })).json()).toEqual({
        tiles,
        pmtiles: null,
        vector: false,
        attribution: '© Example, CC-BY-SA',
      });
      const csp = String((await app.inject({ url: '/app/live-tracking' })).headers['content-security-policy']);
      expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob: https://tiles.example.org:8443");
      expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://tiles.example.org:8443");
      const others = (p: string) => p.split(';').filter((d) => !/^(img|connect)-src /.test(d));
      expect(others(csp)).toEqual(others(DEFAULT_CSP));
      // The API's own policy is not opened.
      expect((await app.inject({ url: '/api/map-tiles?city=pune' })).headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    } finally {
      await app.close();
    }
  });

  it('per city: a PMTiles file for Kochi (its credit from the file, HTML dropped), a template for Mumbai, one for the rest', async () => {
    const app = serverWith({
      SAWARI_MAP_PMTILES: `kochi=${kochiFile}`,
      SAWARI_MAP_TILES: 'mumbai=https://a.example.org/{z}/{x}/{y}.png,*=https://b.example.org/t/{z}/{x}/{y}.png',
      SAWARI_MAP_ATTRIBUTION: 'mumbai=© A maps | *=© B maps',
    });
    try {
      const source = async (city: string) => (await app.inject({ url: `/api/map-tiles?city=${city}` })).json();
      expect(await source('kochi')).toEqual({ tiles: null, pmtiles: '/api/map-tiles/kochi.pmtiles', vector: false, attribution: '© Example map makers' });
      expect(await source('mumbai')).toEqual({ tiles: 'https://a.example.org/{z}/{x}/{y}.png', pmtiles: null, vector: false, attribution: '© A maps' });
      expect(await source('delhi')).toEqual({ tiles: 'https://b.example.org/t/{z}/{x}/{y}.png', pmtiles: null, vector: false, attribution: '© B maps' });
      // Only the templates' origins: the PMTiles file is served from our own.
      const csp = String((await app.inject({ url: '/app/' })).headers['content-security-policy']);
      expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://a.example.org https://b.example.org");
      // A configured credit line wins over the file's.
      const own = serverWith({ SAWARI_MAP_PMTILES: `kochi=${kochiFile}`, SAWARI_MAP_ATTRIBUTION: 'kochi=© Kochi tiles' });
      expect((await own.inject({ url: '/api/map-tiles?city=kochi' })).json()).toMatchObject({ attribution: '© Kochi tiles' });
      await own.close();
      // A file of vector tiles is drawn too (the page is told which).
      const vectorFile = write('vector.pmtiles', writePmtiles({ fill: filledMvt('water'), tileType: 'mvt' }));
      const vector = serverWith({ SAWARI_MAP_PMTILES: `*=${vectorFile}` });
      expect((await vector.inject({ url: '/api/map-tiles?city=pune' })).json()).toEqual({
        tiles: null,
        pmtiles: '/api/map-tiles/pune.pmtiles',
        vector: true,
        attribution: null,
      });
      await vector.close();
    } finally {
      await app.close();
    }
  });

  describe('the PMTiles file, with range requests', () => {
    const app = serverWith({ SAWARI_MAP_PMTILES: `kochi=${kochiFile}` });
    afterAll(() => app.close());
    const get = (range?: string, headers: Record<string, string> = {}, city = 'kochi') =>
      app.inject({ url: `/api/map-tiles/${city}.pmtiles`, headers: { ...(range ? { range } : {}), ...headers } });
    const size = archive.length;

    it('answers 206 with the bytes asked for (the header, a middle, a suffix, an open end, past the end clamped)', async () => {
      const head = await get('bytes=0-126');
      expect(head.statusCode).toBe(206);
      expect(head.headers['content-range']).toBe(`bytes 0-126/${size}`);
      expect(head.headers['content-length']).toBe('127');
      expect(head.headers['accept-ranges']).toBe('bytes');
      expect(head.headers['content-type']).toBe('application/vnd.pmtiles');
      expect(head.rawPayload.subarray(0, 7).toString()).toBe('PMTiles');
      expect(head.rawPayload.equals(archive.subarray(0, 127))).toBe(true);
      expect((await get('bytes=10-19')).rawPayload.equals(archive.subarray(10, 20))).toBe(true);
      const tail = await get('bytes=-16');
      expect(tail.headers['content-range']).toBe(`bytes ${size - 16}-${size - 1}/${size}`);
      expect(tail.rawPayload.equals(archive.subarray(size - 16))).toBe(true);
      expect((await get('bytes=100-')).rawPayload.equals(archive.subarray(100))).toBe(true);
      // What a PMTiles reader asks first (16 KiB) from a smaller file: what there is.
      const first = await get('bytes=0-16383');
      expect(first.statusCode).toBe(206);
      expect(first.headers['content-range']).toBe(`bytes 0-${size - 1}/${size}`);
      expect(first.rawPayload.equals(archive)).toBe(true);
    });

    it('answers 200 with the whole file without a range, for another unit, or when If-Range is not the current ETag', async () => {
      const whole = await get();
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.equals(archive)).toBe(true);
      const etag = String(whole.headers.etag);
      expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
      expect(whole.headers['cache-control']).toBe('public, max-age=3600');
      expect((await get('items=0-5')).statusCode).toBe(200);
      expect((await get('bytes=0-5', { 'if-range': '"stale"' })).statusCode).toBe(200);
      expect((await get('bytes=0-5', { 'if-range': etag })).statusCode).toBe(206);
      const head = await app.inject({ method: 'HEAD', url: '/api/map-tiles/kochi.pmtiles', headers: { range: 'bytes=0-9' } });
      expect(head.statusCode).toBe(206);
      expect(head.headers['content-length']).toBe('10');
    });

    it('answers 416 {code, message} with the size for a range it cannot serve', async () => {
      for (const range of [
        `bytes=${size}-`,
        `bytes=${size + 5}-${size + 9}`,
        'bytes=9-3',
        'bytes=-0',
        'bytes=abc',
        'bytes=-',
        'bytes=0-1,4-5',
        'bytes',
        'bytes=1e3-',
      ]) {
        const r = await get(range);
        expect([range, r.statusCode]).toEqual([range, 416]);
        expect(r.headers['content-range']).toBe(`bytes */${size}`);
        expect(r.json()).toEqual({ code: 'RANGE_NOT_SATISFIABLE', message: expect.stringContaining(`${size} bytes`) });
      }
    });

    it('serves nothing but the configured file: unknown cities 404, paths refused', async () => {
      const unknown = await get('bytes=0-9', {}, 'mumbai');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'MAP_TILES_NOT_FOUND' });
      for (const url of [
        '/api/map-tiles/..%2F..%2F..%2Fetc%2Fpasswd.pmtiles',
        '/api/map-tiles/../../etc/passwd.pmtiles',
        '/api/map-tiles/%2e%2e.pmtiles',
        '/api/map-tiles/kochi%00.pmtiles',
        '/api/map-tiles/Kochi.pmtiles',
        `/api/map-tiles/${encodeURIComponent(kochiFile)}.pmtiles`,
        '/api/map-tiles/kochi.pmtiles/../../package.json',
      ]) {
        const r = await app.inject({ url });
        expect([url, r.statusCode]).toEqual([url, expect.any(Number)]);
        expect(r.statusCode === 400 || r.statusCode === 404).toBe(true);
        expect(r.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
      }
    });
  });

  it('the origin of a template, placeholders in the host included', () => {
    expect(mapTileOrigin('http://127.0.0.1:18529/t/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:18529');
    expect(mapTileOrigin('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://0.tile.example.org');
  });

  it('byte ranges as RFC 9110 reads them', () => {
    expect(byteRange(undefined, 100)).toBe('whole');
    expect(byteRange('bytes=0-0', 100)).toEqual({ start: 0, end: 0 });
    expect(byteRange('bytes=90-200', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-200', 100)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=0-9', 0)).toBe('unsatisfiable');
    expect(byteRange('bytes=99999999999999999999-', 100)).toBe('unsatisfiable');
  });

  it('refuses bad values at start, all at once', () => {
    for (const v of [
      'ftp://tiles.example.org/{z}/{x}/{y}.png',
      'https://tiles.example.org/{z}/{x}.png',
      'https://a.org/{z}/{x}/{y}.png; script-src *',
      'tiles/{z}/{x}/{y}',
      'kochi=https://a.org/{z}/{x}/{y}.png,kochi=https://b.org/{z}/{x}/{y}.png',
      'kochi=https://a.org/{z}/{x}/{y}.png,Mumbai https://b.org/{z}/{x}/{y}.png',
    ]) {
      expect([v, problems({ SAWARI_MAP_TILES: v }).length > 0]).toEqual([v, true]);
    }
    const ok = parseEnvironment({ SAWARI_MAP_TILES: 'https://tiles.example.org/{z}/{x}/{y}.png' }, []);
    expect(ok.ok && ok.config.mapSources).toEqual({ '*': { kind: 'tiles', template: 'https://tiles.example.org/{z}/{x}/{y}.png', attribution: null } });

    const mlt = write('mlt.pmtiles', writePmtiles({ fill: Buffer.from([0x1f, 0x8b]), tileType: 'mlt' }));
    const v2 = write('v2.pmtiles', writePmtiles({ fill: solidPng([0, 0, 0], 1), version: 2 }));
    const notPm = write(
      'not.pmtiles',
      Buffer.from('just some text that is long enough to be read as a header, but is not one at all, really, not one bit of it'),
    );
    const expectProblem = (env: Record<string, string>, text: string) => expect(problems(env)).toEqual([expect.stringContaining(text)]);
    expectProblem({ SAWARI_MAP_PMTILES: `kochi=${path.join(dir, 'missing.pmtiles')}` }, 'cannot be read (ENOENT)');
    expectProblem({ SAWARI_MAP_PMTILES: `kochi=${mlt}` }, 'holds mlt tiles; only raster (png, jpeg, webp, avif) or mvt tiles');
    expectProblem({ SAWARI_MAP_PMTILES: `kochi=${v2}` }, 'only version 3');
    expectProblem({ SAWARI_MAP_PMTILES: `kochi=${notPm}` }, 'is not a PMTiles file');
    expectProblem({ SAWARI_MAP_PMTILES: `kochi=${kochiFile}`, SAWARI_MAP_TILES: 'kochi=https://a.org/{z}/{x}/{y}.png' }, 'both give a map source for kochi');
    expectProblem({ SAWARI_MAP_PMTILES: `kochi=${kochiFile}`, SAWARI_MAP_ATTRIBUTION: 'mumbai=© M' }, 'mumbai has no map source');
    expectProblem({ SAWARI_MAP_PMTILES: `kochi=${kochiFile}`, SAWARI_MAP_ATTRIBUTION: 'kochi=<a href="x">© K</a>' }, 'must be plain text');
    // Every mistake in one start.
    expect(problems({ SAWARI_MAP_PMTILES: `kochi=${mlt},pune=${v2}`, SAWARI_MAP_TILES: 'x' })).toHaveLength(3);
  });
});
