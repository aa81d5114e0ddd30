import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { dbLabel } from '../testing/test-db';
import { startTestServer, type TestServer } from '../testing/test-server';

const VERSION = '3f2a9c0d1b7e';

/** A tiny fake build: shell/dist with remotes.json, and mf-airport/dist. */
function fakeBuild(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sawari-web-'));
  const write = (rel: string, content: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), content);
  };
  write('shell/dist/index.html', '<!doctype html><title>Sawari</title>');
  write('shell/dist/sw.js', 'self.x=1');
  write('shell/dist/manifest.webmanifest', '{"name":"Sawari"}');
  const js = 'console.log("shell main bundle");'.repeat(50);
  write('shell/dist/main.0123abcd.js', js);
  write('shell/dist/main.0123abcd.js.br', zlib.brotliCompressSync(js));
  write('shell/dist/main.0123abcd.js.gz', zlib.gzipSync(js));
  write('shell/dist/icons/icon-192.png', 'png');
  write(
    'shell/dist/remotes.json',
    JSON.stringify({
      remotes: [
        {
          name: 'mf_airport',
          dir: 'mf-airport',
          version: VERSION,
          entry: `/remotes/mf-airport/${VERSION}/mf-manifest.json`,
          prefixes: ['/airport-static-screens'],
        },
      ],
    }),
  );
  write('mf-airport/dist/remoteEntry.js', 'var mf_airport;');
  write('mf-airport/dist/mf-manifest.json', '{}');
  write('mf-airport/dist/412.9f8e7d6c5b.js', 'chunk');
  write('mf-other/dist/remoteEntry.js', 'not deployed');
  write('package.json', '{"secret":true}');
  return root;
}

describe(`static web app serving ${dbLabel()}`, () => {
  let s: TestServer;
  let root: string;
  beforeAll(async () => {
    root = fakeBuild();
    s = await startTestServer({ seed: false, config: { webRoot: root } });
  }, 120_000);
  afterAll(async () => {
    await s?.cleanup();
    fs.rmSync(root, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ url, headers });

  it('redirects / and /app to /app/', async () => {
    for (const url of ['/', '/app']) {
      const r = await get(url);
      expect(r.statusCode).toBe(302);
      expect(r.headers.location).toBe('/app/');
    }
  });

  it('answers index.html for /app/ and any /app path that is not a file, with no-cache and the CSP', async () => {
    for (const url of ['/app/', '/app/airport-static-screens/airport-express-bus-time/T1', '/app/no/such/page', '/app/icons/', '/app/..%2fpackage.json']) {
      const r = await get(url);
      expect([url, r.statusCode]).toEqual([url, 200]);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.body).toContain('<title>Sawari</title>');
      expect(r.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('never serves a file outside the dist folders', async () => {
    for (const url of ['/app/../package.json', '/app/%2e%2e/package.json', '/app/..%2f..%2fpackage.json', '/remotes/mf-airport/x/../../package.json']) {
      expect((await get(url)).body).not.toContain('secret');
    }
  });

  it('caches per file kind', async () => {
    const cases: [string, string][] = [
      ['/app/remotes.json', 'no-store'],
      ['/app/main.0123abcd.js', 'public, max-age=31536000, immutable'],
      ['/app/sw.js', 'no-cache'],
      ['/app/index.html', 'no-cache'],
      ['/app/manifest.webmanifest', 'no-cache'],
      ['/app/icons/icon-192.png', 'no-cache'],
    ];
    for (const [url, cache] of cases) {
      const r = await get(url);
      expect([url, r.statusCode, r.headers['cache-control']]).toEqual([url, 200, cache]);
    }
    expect((await get('/app/remotes.json')).json()).toMatchObject({ remotes: [{ dir: 'mf-airport', version: VERSION }] });
  });

  it('sends the precompressed sibling the client accepts', async () => {
    const br = await s.app.inject({ url: '/app/main.0123abcd.js', headers: { 'accept-encoding': 'br, gzip' }, payloadAsStream: false });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('shell main bundle');
    const gz = await get('/app/main.0123abcd.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/app/main.0123abcd.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('shell main bundle');
  });

  it('serves a remote only for the dir and version remotes.json lists', async () => {
    const entry = await get(`/remotes/mf-airport/${VERSION}/remoteEntry.js`);
    expect([entry.statusCode, entry.headers['cache-control'], entry.body]).toEqual([200, 'no-cache', 'var mf_airport;']);
    expect((await get(`/remotes/mf-airport/${VERSION}/mf-manifest.json`)).headers['cache-control']).toBe('no-cache');
    expect((await get(`/remotes/mf-airport/${VERSION}/412.9f8e7d6c5b.js`)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of [
      `/remotes/mf-airport/000000000000/remoteEntry.js`,
      `/remotes/mf-other/${VERSION}/remoteEntry.js`,
      `/remotes/mf-airport/${VERSION}/nope.js`,
      `/remotes/mf-airport/${VERSION}/..%2f..%2fpackage.json`,
    ]) {
      const r = await get(url);
      expect([url, r.statusCode]).toEqual([url, 404]);
      expect(r.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('serves published releases (a page opened before a deploy keeps its version) and the listed version', async () => {
    const NEXT = 'aaaabbbbcccc';
    const write = (rel: string, content: string) => {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), content);
    };
    write(`remote-releases/mf-airport/${NEXT}/remoteEntry.js`, 'var mf_airport_next;');
    write(`remote-releases/mf-airport/${VERSION}/remoteEntry.js`, 'var mf_airport_published;');
    const listing = (version: string) =>
      JSON.stringify({
        remotes: [
          { name: 'mf_airport', dir: 'mf-airport', version, entry: `/remotes/mf-airport/${version}/mf-manifest.json`, prefixes: ['/airport-static-screens'] },
        ],
      });
    const switchTo = (version: string) => {
      write('shell/dist/remotes.json', listing(version));
      // the reader notices a change by mtime: make sure it moves even within one clock tick
      const t = new Date(Date.now() + Math.floor(Math.random() * 100_000));
      fs.utimesSync(path.join(root, 'shell/dist/remotes.json'), t, t);
    };
    const UNPUBLISHED = 'ddddeeeeffff';
    try {
      // the release, not the dist folder (which a later build may be rewriting)
      expect((await get(`/remotes/mf-airport/${VERSION}/remoteEntry.js`)).body).toBe('var mf_airport_published;');
      expect((await get(`/remotes/mf-airport/${NEXT}/remoteEntry.js`)).body).toBe('var mf_airport_next;');
      switchTo(NEXT);
      expect((await get(`/remotes/mf-airport/${NEXT}/remoteEntry.js`)).body).toBe('var mf_airport_next;');
      expect((await get(`/remotes/mf-airport/${VERSION}/remoteEntry.js`)).body).toBe('var mf_airport_published;');
      // neither listed nor published: nothing, not even the dist folder's files
      for (const url of [
        `/remotes/mf-airport/${UNPUBLISHED}/remoteEntry.js`,
        `/remotes/mf-airport/${NEXT}/..%2F${VERSION}%2FremoteEntry.js`,
        `/remotes/mf-airport/..%2Fmf-airport%2F${NEXT}/remoteEntry.js`,
      ]) {
        expect([url, (await get(url)).statusCode]).toEqual([url, 404]);
      }
      fs.rmSync(path.join(root, 'remote-releases', 'mf-airport', VERSION), { recursive: true });
      switchTo(VERSION);
      expect((await get(`/remotes/mf-airport/${VERSION}/remoteEntry.js`)).body).toBe('var mf_airport;');
    } finally {
      fs.rmSync(path.join(root, 'remote-releases'), { recursive: true, force: true });
      switchTo(VERSION);
    }
  });

  it('keeps /api answers JSON', async () => {
    const r = await get('/api/nope');
    expect([r.statusCode, r.json().code]).toEqual([404, 'NOT_FOUND']);
  });

  it('answers 503 with "npm run build" when the app is not built', async () => {
    fs.renameSync(path.join(root, 'shell/dist/index.html'), path.join(root, 'shell/dist/index.off'));
    try {
      const r = await get('/app/anything');
      expect(r.statusCode).toBe(503);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      expect(r.body).toContain('npm run build');
    } finally {
      fs.renameSync(path.join(root, 'shell/dist/index.off'), path.join(root, 'shell/dist/index.html'));
    }
  });
});
