import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dbLabel } from '../testing/test-db';
import { startTestServer, type TestServer } from '../testing/test-server';
import { SECURITY_HEADERS } from './server';
import { KIOSK_SCRIPT_GUARD } from './static';

const VERSION = '3f2a9c0d1b7e';
const ENTRY = `/remotes/mf-airport/${VERSION}/mf-manifest.json`;

/** A fake build whose index.html has a head, remotes.json and mf-airport's manifest (serial hops). */
function fakeBuild(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sawari-web-kiosk-'));
  const write = (rel: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), content);
  };
  write(
    'shell/dist/index.html',
    '<!doctype html><html><head><title>Sawari</title><script defer src=/app/main.0123abcd.js></script></head><body></body></html>',
  );
  const remotes = {
    remotes: [
      { name: 'mf_airport', dir: 'mf-airport', version: VERSION, entry: ENTRY, prefixes: ['/airport-static-screens'], note: '</script><b>' },
      { name: 'mf_passes', dir: 'mf-passes', version: '000000000000', entry: '/remotes/mf-passes/000000000000/mf-manifest.json', prefixes: ['/book'] },
    ],
  };
  write('shell/dist/remotes.json', JSON.stringify(remotes));
  write(
    'mf-airport/dist/mf-manifest.json',
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', type: 'global' } },
      exposes: [
        {
          name: 'spa',
          assets: {
            js: { sync: ['__federation_expose_spa.5f18eac505.js'], async: ['34.9dae9cac72.js'] },
            css: { sync: ['__federation_expose_spa.7e11ff700a.css'], async: [] },
          },
        },
      ],
    }),
  );
  return root;
}

describe(`a board's first HTML says what the URL already tells ${dbLabel()}`, () => {
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

  it('inlines remotes.json and preloads the board remote’s manifest, entry and exposed module', async () => {
    const r = await s.app.inject({ url: '/app/airport-static-screens/airport-express-bus-time/T1?version-check-s=3' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.headers['cache-control']).toBe('no-cache');
    const inline = /<script id="sawari-remotes" type="application\/json">(.*?)<\/script>/.exec(r.body);
    expect(inline).not.toBeNull();
    // Never closes its own script element early: "<" is escaped, and the JSON is the file's.
    expect(inline?.[1]).not.toContain('</');
    // The line of the remote owning the board, as remotes.json has it (a kiosk registers no other remote).
    expect(JSON.parse(inline?.[1] as string)).toEqual({
      remotes: [JSON.parse(fs.readFileSync(path.join(root, 'shell/dist/remotes.json'), 'utf8')).remotes[0]],
    });
    const links = [...r.body.matchAll(/<link rel="preload" as="(\w+)"( crossorigin)? href="([^"]+)">/g)].map((m) => [m[1], m[3]]);
    expect(links).toEqual([
      ['fetch', ENTRY],
      ['script', `/remotes/mf-airport/${VERSION}/remoteEntry.js`],
      ['script', `/remotes/mf-airport/${VERSION}/__federation_expose_spa.5f18eac505.js`],
      ['style', `/remotes/mf-airport/${VERSION}/__federation_expose_spa.7e11ff700a.css`],
    ]);
    // Before the shell's own script, inside the head.
    expect(r.body.indexOf('sawari-remotes')).toBeLessThan(r.body.indexOf('</head>'));
    expect(r.body).toContain('<script defer src=/app/main.0123abcd.js>');
  });

  it('adds nothing to other pages, or to /app/index.html itself (the service worker precaches that one)', async () => {
    for (const url of ['/app/', '/app/book/pass', '/app/index.html']) {
      const r = await s.app.inject({ url });
      expect([url, r.statusCode]).toEqual([url, 200]);
      expect(r.body).not.toContain('sawari-remotes');
      expect(r.body).not.toContain('rel="preload"');
    }
  });
});

describe(`a board's page without the shell: mf-airport's kiosk script alone ${dbLabel()}`, () => {
  let s: TestServer;
  let root: string;
  const release = `remote-releases/mf-airport/${VERSION}`;
  beforeAll(async () => {
    root = fakeBuild();
    const write = (rel: string, content: string) => {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), content);
    };
    write(`${release}/kiosk.json`, JSON.stringify({ script: 'kiosk.0123456789.js', style: 'kiosk.abcdef0123.css' }));
    write(`${release}/kiosk.0123456789.js`, 'console.log(1)');
    write(`${release}/kiosk.abcdef0123.css`, '.sb-board{color:#fff}</style><b>');
    s = await startTestServer({ seed: false, config: { webRoot: root } });
  }, 120_000);
  afterAll(async () => {
    await s?.cleanup();
    fs.rmSync(root, { recursive: true, force: true });
  });
  const BOARD = '/app/airport-static-screens/airport-express-bus-time/T1?version-check-s=3';

  it('is one script of the release, its styles inline, the remote line inline, and no shell or federation', async () => {
    const r = await s.app.inject({ url: BOARD });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.headers['cache-control']).toBe('no-cache');
    const scripts = [...r.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts).toEqual([
      ' id="sawari-remotes" type="application/json"',
      '', // the guard, allowed by its hash below
      ` defer data-kiosk-entry src="/remotes/mf-airport/${VERSION}/kiosk.0123456789.js"`,
    ]);
    // (The remote line names its manifest as data, for the kiosk's own version check: nothing loads it.)
    expect(r.body.replace(/<script id="sawari-remotes".*?<\/script>/, '')).not.toMatch(/main\.0123abcd|mf-manifest|remoteEntry|rel="preload"/);
    expect(r.body).toContain('<style>.sb-board{color:#fff}<\\/style><b></style>');
    const inline = /<script id="sawari-remotes" type="application\/json">(.*?)<\/script>/.exec(r.body)?.[1] as string;
    expect(inline).not.toContain('</');
    expect(JSON.parse(inline).remotes.map((x: { version: string }) => x.version)).toEqual([VERSION]);
    // The kiosk's container is there for its script even when the module has no rows for it (no such board here).
    expect(r.body).toContain('<main id="sawari-kiosk">');
  });

  it('allows exactly its guard script by hash, and only on this page', async () => {
    const r = await s.app.inject({ url: BOARD });
    const guard = /<script>(.*?)<\/script>/.exec(r.body)?.[1] as string;
    expect(guard).toBe(KIOSK_SCRIPT_GUARD);
    const hash = createHash('sha256').update(guard).digest('base64');
    expect(r.headers['content-security-policy']).toBe(
      SECURITY_HEADERS['content-security-policy'].replace("script-src 'self'", `script-src 'self' 'sha256-${hash}'`),
    );
    for (const url of ['/app/', '/app/book/pass']) {
      const other = await s.app.inject({ url });
      // the app's pages: forms may also post to the payment gateway's hosted page
      expect(other.headers['content-security-policy']).toBe(
        SECURITY_HEADERS['content-security-policy'].replace("form-action 'self'", `form-action 'self' ${s.gateway.url}`),
      );
    }
  });

  it('keeps the federated page when the release has no kiosk script (a rollback to an older build)', async () => {
    fs.rmSync(path.join(root, release, 'kiosk.0123456789.js'));
    try {
      const r = await s.app.inject({ url: BOARD });
      expect(r.body).toContain('<script defer src=/app/main.0123abcd.js>');
      expect(r.body).not.toContain('data-kiosk-entry');
      // the app's own page (it may reach the checkout): forms may post to the payment gateway's page too
      expect(r.headers['content-security-policy']).toBe(
        SECURITY_HEADERS['content-security-policy'].replace("form-action 'self'", `form-action 'self' ${s.gateway.url}`),
      );
    } finally {
      fs.writeFileSync(path.join(root, release, 'kiosk.0123456789.js'), 'console.log(1)');
    }
  });
});
