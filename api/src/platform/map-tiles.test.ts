import { parseEnvironment, type PlatformConfig } from './config';
import { createPlatformServer, mapTileOrigin } from './server';

// Issue 15 item 9: a configured tile source reaches the page (GET /api/map-tiles) and the page policy allows exactly
// its origin; unset, the policy is the default one (no outside origin) and the page gets null.
const base: PlatformConfig = { port: 0, host: '127.0.0.1', dataDir: 'memory://', env: 'test', logLevel: 'silent', webRoot: null, trustProxy: [] };
const DEFAULT_CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;connect-src 'self';worker-src 'self';manifest-src 'self';font-src 'self';object-src 'none';base-uri 'self';frame-ancestors 'none'";
const directive = (csp: string, name: string) => csp.split(';').find((d) => d.startsWith(`${name} `));

describe('map tile source (SAWARI_MAP_TILES)', () => {
  it('unset: the page gets null and its policy names no outside origin', async () => {
    const app = createPlatformServer(base);
    try {
      const r = await app.inject({ url: '/api/map-tiles' });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ tiles: null });
      const page = await app.inject({ url: '/app/live-tracking' });
      expect(page.headers['content-security-policy']).toBe(DEFAULT_CSP);
    } finally {
      await app.close();
    }
  });

  it('set: the template reaches the page and only its origin joins img-src and connect-src', async () => {
    const tiles = 'https://tiles.example.org:8443/osm/{z}/{x}/{y}.png?key=abc';
    const app = createPlatformServer({ ...base, mapTiles: tiles });
    try {
      expect((await app.inject({ url: '/api/map-tiles' })).json()).toEqual({ tiles });
      const csp = String((await app.inject({ url: '/app/live-tracking' })).headers['content-security-policy']);
      expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob: https://tiles.example.org:8443");
      expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://tiles.example.org:8443");
      // Every other directive stays as the default.
      const others = (p: string) => p.split(';').filter((d) => !/^(img|connect)-src /.test(d));
      expect(others(csp)).toEqual(others(DEFAULT_CSP));
      // The API's own policy is not opened.
      expect((await app.inject({ url: '/api/map-tiles' })).headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    } finally {
      await app.close();
    }
  });

  it('the origin of a template, placeholders in the host included', () => {
    expect(mapTileOrigin('http://127.0.0.1:18529/t/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:18529');
    expect(mapTileOrigin('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://0.tile.example.org');
  });

  it('refuses a value that is not an http(s) template with {z}, {x} and {y}', () => {
    const bad = (v: string) => parseEnvironment({ SAWARI_MAP_TILES: v }, []);
    for (const v of [
      'ftp://tiles.example.org/{z}/{x}/{y}.png',
      'https://tiles.example.org/{z}/{x}.png',
      'https://a.org/{z}/{x}/{y}.png; script-src *',
      'tiles/{z}/{x}/{y}',
    ]) {
      expect(bad(v).ok).toBe(false);
    }
    const ok = parseEnvironment({ SAWARI_MAP_TILES: 'https://tiles.example.org/{z}/{x}/{y}.png' }, []);
    expect(ok.ok && ok.config.mapTiles).toBe('https://tiles.example.org/{z}/{x}/{y}.png');
  });
});
