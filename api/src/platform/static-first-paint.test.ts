import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dbLabel } from '../testing/test-db';
import { startTestServer, type TestServer } from '../testing/test-server';

/** A fake shell build with the first-paint pages the shell's build writes (index.<lang>.html). */
function fakeBuild(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sawari-web-'));
  const write = (rel: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), content);
  };
  write('shell/dist/index.html', '<!doctype html><title>Sawari</title><div id="sawari-app"></div>');
  write('shell/dist/index.en.html', '<!doctype html><title>Sawari</title><h1>Welcome to Sawari</h1>');
  write('shell/dist/index.hi.html', '<!doctype html><title>Sawari</title><h1>सवारी में आपका स्वागत है</h1>');
  write('shell/dist/remotes.json', '{"remotes":[]}');
  return root;
}

describe(`the first paint of /app ${dbLabel()}`, () => {
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
  const get = (url: string, cookie?: string) => s.app.inject({ url, headers: cookie ? { cookie } : {} });

  it('sends home and onboarding with their first paint, in the language of the cookie, varying by cookie', async () => {
    for (const url of ['/app/', '/app/onboarding']) {
      const en = await get(url);
      expect(en.statusCode).toBe(200);
      expect(en.headers['content-type']).toMatch(/^text\/html/);
      expect(en.headers['cache-control']).toBe('no-cache');
      expect(en.headers.vary).toBe('accept-encoding, cookie');
      expect(en.body).toContain('<h1>Welcome to Sawari</h1>');
      const hi = await get(url, 'other=1; sawari_lang=hi');
      expect(hi.body).toContain('<h1>सवारी में आपका स्वागत है</h1>');
    }
  });

  it('falls back to English for a language it has no page for, and never reads a file the cookie names', async () => {
    for (const cookie of ['sawari_lang=ta', 'sawari_lang=..', 'sawari_lang=../../package', 'sawari_lang=']) {
      const r = await get('/app/', cookie);
      expect([cookie, r.statusCode]).toEqual([cookie, 200]);
      expect(r.body).toContain('<h1>Welcome to Sawari</h1>');
    }
  });

  it('sends every other page, and index.html itself (what the service worker keeps), without it', async () => {
    for (const url of ['/app/index.html', '/app/live-tracking', '/app/onboarding/more', '/app/SOS']) {
      const r = await get(url, 'sawari_lang=hi');
      expect([url, r.statusCode]).toEqual([url, 200]);
      expect(r.body).toContain('<div id="sawari-app"></div>');
      expect(r.headers.vary).toBe('accept-encoding');
    }
  });
});
