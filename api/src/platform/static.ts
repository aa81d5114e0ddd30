import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorBody } from './errors';

/**
 * The built web app, per the URL table in docs/architecture.md:
 *   /                      302 to /app/
 *   /app/remotes.json      shell/dist/remotes.json, no-store
 *   /app/<hashed file>     shell/dist, immutable for a year
 *   /app/<other file>      shell/dist, no-cache (sw.js, index.html, manifest.webmanifest, icons...)
 *   /app/<anything else>   shell/dist/index.html, no-cache (the SPA answers, including its not-found screen)
 *   /remotes/<dir>/<version>/<file>  remote-releases/<dir>/<version>/<file>: every published release (the build
 *                          and scripts/deploy-remote.mjs publish them), so a page opened before a deploy or rollback
 *                          keeps loading the version it started with; else <dir>/dist/<file> for the version
 *                          remotes.json lists. Any other version: 404.
 * Precompressed .br/.gz siblings are sent when they exist and the client accepts them.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
/** webpack's [contenthash] in a file name: "main.3f2a9c0d.js", "123.3f2a9c0d1b7e4a5f6c7d.css", "logo-3f2a9c0d.png". */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
const REMOTE_NO_CACHE = new Set(['remoteEntry.js', 'mf-manifest.json']);

/**
 * What a module renders into a page's first HTML (today: a kiosk board's rows, api/src/modules/airport/board-html.ts):
 * `html` goes into the app's root element, `data` is inlined as `<script id type="application/json">` (escaped here).
 */
export interface PageContent {
  html: string;
  data?: { id: string; value: unknown };
}
/** Answers the content of the page at `pathname`, or null (the page is sent as built). */
export type PageRenderer = (pathname: string) => Promise<PageContent | null>;

interface RemoteEntry {
  dir: string;
  version: string;
  entry?: string;
  prefixes?: string[];
}

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sawari is not built yet</title></head>
<body><h1>Sawari is not built yet</h1><p>The web app has not been built. Run <code>npm run build</code>, then reload this page.</p></body></html>`;

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

/** A path inside `root` for a URL remainder, or null when it would escape it (or holds a NUL). */
function inside(root: string, rel: string): string | null {
  if (rel.includes('\0')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rel);
  } catch {
    return null;
  }
  const full = path.resolve(root, decoded);
  return full === root || full.startsWith(root + path.sep) ? full : null;
}

/** remotes.json, re-read when the build rewrites it. */
function remotesReader(file: string): () => RemoteEntry[] {
  let cache: { mtimeMs: number; remotes: RemoteEntry[] } | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return [];
    }
    if (cache?.mtimeMs !== mtimeMs) {
      try {
        const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { remotes?: RemoteEntry[] };
        cache = { mtimeMs, remotes: Array.isArray(parsed.remotes) ? parsed.remotes : [] };
      } catch {
        cache = { mtimeMs, remotes: [] };
      }
    }
    return cache.remotes;
  };
}

/** A file's text, re-read when it changes (index.html, remotes.json, a remote's mf-manifest.json). */
function textReader(): (file: string) => string | null {
  const cache = new Map<string, { mtimeMs: number; text: string }>();
  return (file) => {
    try {
      const { mtimeMs } = fs.statSync(file);
      const hit = cache.get(file);
      if (hit?.mtimeMs === mtimeMs) return hit.text;
      const text = fs.readFileSync(file, 'utf8');
      if (cache.size > 50) cache.clear();
      cache.set(file, { mtimeMs, text });
      return text;
    } catch {
      return null;
    }
  };
}

const KIOSK_PATH = /^airport-static-screens\//;
/**
 * The shell's first screens (home, onboarding; shell/src/first-paint.ts isFirstPaintPath) are sent as index.<lang>.html,
 * built with their header and heading already in the page (docs/architecture.md "First paint of /app"), in the language
 * of the rider's `sawari_lang` cookie (English when unset or unknown).
 */
const FIRST_PAINT_PAGES = new Set(['', 'onboarding']);
function firstPaintPage(cookieHeader: string | undefined): string {
  const lang = /(?:^|;\s*)sawari_lang=([a-z]{2})(?:;|$)/.exec(cookieHeader ?? '')?.[1] ?? 'en';
  return `index.${lang}.html`;
}
const escapeJsonForHtml = (json: string) => json.replace(/</g, '\\u003c');
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const jsonScript = (id: string, value: unknown) =>
  `<script id="${escapeAttr(id)}" type="application/json">${escapeJsonForHtml(JSON.stringify(value))}</script>`;
/** The shell's empty root element in index.html, where a page's content goes. */
const APP_ROOT = /<div id="?sawari-app"?><\/div>/;

/**
 * index.html for a kiosk board (/app/airport-static-screens/...), with what the URL already tells (docs/airport-timings.md
 * "First paint of a board"): remotes.json inlined (no round trip before the remote is known) and preload hints for the
 * owning remote's manifest, entry and exposed module, so they download while the shell's main script runs instead of
 * one after another. Null: nothing to add (the plain index.html is sent).
 */
function kioskHead(read: (file: string) => string | null, shellDist: string, webRoot: string, pathname: string): string | null {
  const remotesText = read(path.join(shellDist, 'remotes.json'));
  if (!remotesText) return null;
  let remotes: RemoteEntry[];
  try {
    remotes = (JSON.parse(remotesText) as { remotes?: RemoteEntry[] }).remotes ?? [];
  } catch {
    return null;
  }
  const owner = remotes.find((r) => r.prefixes?.some((p) => pathname === `/app${p}` || pathname.startsWith(`/app${p}/`)));
  // A kiosk registers only the remote owning its path (shell/src/bootstrap.ts), so only that line is inlined.
  let head = jsonScript('sawari-remotes', owner ? { remotes: [owner] } : JSON.parse(remotesText));
  if (!owner?.entry || !/^\/remotes\/[\w-]+\/[\w-]+\/mf-manifest\.json$/.test(owner.entry)) return head;
  const base = owner.entry.slice(0, -'mf-manifest.json'.length);
  const release = path.join(webRoot, 'remote-releases', owner.dir, owner.version, 'mf-manifest.json');
  const manifestText = read(release) ?? read(path.join(webRoot, owner.dir, 'dist', 'mf-manifest.json'));
  const links = [`<link rel="preload" as="fetch" crossorigin href="${escapeAttr(owner.entry)}">`];
  try {
    const manifest = JSON.parse(manifestText ?? 'null') as {
      metaData?: { remoteEntry?: { name?: string } };
      exposes?: { name: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
    } | null;
    const entryFile = manifest?.metaData?.remoteEntry?.name;
    if (entryFile) links.push(`<link rel="preload" as="script" href="${escapeAttr(base + entryFile)}">`);
    const spa = manifest?.exposes?.find((e) => e.name === 'spa');
    for (const js of spa?.assets?.js?.sync ?? []) links.push(`<link rel="preload" as="script" href="${escapeAttr(base + js)}">`);
    // The exposed module's own styles are inlined (they style the rows the server may have written, so they must not
    // wait for a request); `data-href` is the name webpack's CSS loading looks for, so the board does not fetch it again.
    for (const css of spa?.assets?.css?.sync ?? []) {
      const text = /^[\w.-]+\.css$/.test(css) ? (read(path.join(path.dirname(release), css)) ?? read(path.join(webRoot, owner.dir, 'dist', css))) : null;
      if (text === null) links.push(`<link rel="preload" as="style" href="${escapeAttr(base + css)}">`);
      else links.push(`<style data-href="${escapeAttr(css)}">${text.replace(/<\/(style)/gi, '<\\/$1')}</style>`);
    }
  } catch {
    /* no manifest to read: the manifest preload alone */
  }
  head += links.join('');
  return head;
}

/**
 * A remote's own page for its kiosk paths (docs/airport-timings.md "A board without the shell"): when the release of
 * the remote owning the path ships `kiosk.json` (`{ script, style? }`, written by its build beside its federated
 * files), the board's page is that one script, no shell: its styles inlined, the remotes.json line of the owner inlined
 * (what version runs, for the kiosk's own new-version check), the module's content (the board's rows and data), and
 * the script guard below. Only a published release (content-addressed, so the script it names is there) is used; a
 * remote without it, or a dev version, keeps the federated page (`kioskHead`).
 */
interface KioskPage {
  owner: RemoteEntry;
  script: string;
  style: string | null;
}

/**
 * The one inline script of a kiosk page, allowed by its hash in that page's CSP: when the board's script does not
 * arrive (a first visit during a network blip; later visits have it from the service worker), reload with back-off
 * (2 s doubling to 60 s, ±20 %, the count kept across reloads; the kiosk script resets it once the board runs), as a
 * shell that cannot load its remote does. The served rows stay on screen meanwhile.
 */
export const KIOSK_SCRIPT_GUARD =
  "addEventListener('error',function(e){var s=e.target;if(!s||!s.hasAttribute||!s.hasAttribute('data-kiosk-entry'))return;" +
  "var k='sawari.kiosk.reloadAttempt',n=0;try{n=Number(sessionStorage.getItem(k))||0;sessionStorage.setItem(k,String(n+1))}catch(_){}" +
  'setTimeout(function(){location.reload()},Math.min(6e4,2e3*Math.pow(2,n))*(0.8+0.4*Math.random()))},true);';
const KIOSK_SCRIPT_GUARD_SOURCE = `'sha256-${createHash('sha256').update(KIOSK_SCRIPT_GUARD).digest('base64')}'`;

function kioskPage(read: (file: string) => string | null, remotes: readonly RemoteEntry[], webRoot: string, pathname: string): KioskPage | null {
  const owner = remotes.find((r) => r.prefixes?.some((p) => pathname === `/app${p}` || pathname.startsWith(`/app${p}/`)));
  if (!owner || !/^[\w-]+$/.test(owner.dir) || !/^[0-9a-f]{12}$/.test(owner.version)) return null;
  const release = path.join(webRoot, 'remote-releases', owner.dir, owner.version);
  let build: { script?: unknown; style?: unknown };
  try {
    build = JSON.parse(read(path.join(release, 'kiosk.json')) ?? 'null') as { script?: unknown; style?: unknown };
  } catch {
    return null;
  }
  const name = /^[\w.-]+\.(js|css)$/;
  if (typeof build?.script !== 'string' || !name.test(build.script) || !isFile(path.join(release, build.script))) return null;
  const style = typeof build.style === 'string' && name.test(build.style) ? read(path.join(release, build.style)) : null;
  return { owner, script: `/remotes/${owner.dir}/${owner.version}/${build.script}`, style };
}

function kioskPageHtml(page: KioskPage, content: PageContent | null): string {
  const data = content?.data ? jsonScript(content.data.id, content.data.value) : '';
  const style = page.style === null ? '' : `<style>${page.style.replace(/<\/(style)/gi, '<\\/$1')}</style>`;
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover"><meta name="theme-color" content="#f26722">' +
    `<title>Sawari</title>${jsonScript('sawari-remotes', { remotes: [page.owner] })}${style}${data}` +
    `<script>${KIOSK_SCRIPT_GUARD}</script><script defer data-kiosk-entry src="${escapeAttr(page.script)}"></script></head>` +
    `<body><div id="sawari-app">${content?.html ?? '<main id="sawari-kiosk"></main>'}</div>` +
    '<noscript>This board needs JavaScript to stay current.</noscript></body></html>'
  );
}

export async function staticPlugin(app: FastifyInstance, opts: { webRoot: string; renderPage?: PageRenderer }): Promise<void> {
  const webRoot = path.resolve(opts.webRoot);
  const shellDist = path.join(webRoot, 'shell', 'dist');
  const remotes = remotesReader(path.join(shellDist, 'remotes.json'));
  const read = textReader();

  // Only reply.sendFile: every route below decides what to send and how long it may be cached.
  await app.register(fastifyStatic, { root: shellDist, serve: false, preCompressed: true, cacheControl: false, index: false });

  const send = (reply: FastifyReply, rel: string, root: string, cacheControl: string, vary = 'accept-encoding') => {
    reply.header('cache-control', cacheControl).header('vary', vary);
    return reply.sendFile(rel, root);
  };

  const notBuilt = (reply: FastifyReply) => reply.code(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);

  app.get('/', (_req, reply) => reply.redirect('/app/', 302));
  app.get('/app', (_req, reply) => reply.redirect('/app/', 302));

  /** A module's content for the page; a renderer that fails costs the page its content, never the page. */
  const pageContent = async (pathname: string, log: FastifyBaseLogger): Promise<PageContent | null> => {
    try {
      return (await opts.renderPage?.(pathname)) ?? null;
    } catch (err) {
      log.error({ err, pathname }, 'page content failed; sending the page without it');
      return null;
    }
  };

  app.get('/app/*', async (request, reply) => {
    if (!isFile(path.join(shellDist, 'index.html'))) return notBuilt(reply);
    const rel = (request.params as { '*': string })['*'];
    const full = rel ? inside(shellDist, rel) : null;
    if (full && isFile(full)) {
      const relPath = path.relative(shellDist, full).split(path.sep).join('/');
      const base = path.basename(full);
      const cacheControl = relPath === 'remotes.json' ? 'no-store' : HASHED.test(base) ? IMMUTABLE : NO_CACHE;
      return send(reply, relPath, shellDist, cacheControl);
    }
    if (KIOSK_PATH.test(rel)) {
      const pathname = request.url.split('?')[0];
      const standalone = kioskPage(read, remotes(), webRoot, pathname);
      if (standalone) {
        const content = await pageContent(pathname, request.log);
        // The document policy of every page, plus the guard script by its hash (no other inline script runs); a board
        // takes no payment, so its forms post to our origin only (the payment gateway's origin is the app's alone).
        const csp = reply.getHeader('content-security-policy');
        if (typeof csp === 'string')
          reply.header(
            'content-security-policy',
            csp.replace("script-src 'self'", () => `script-src 'self' ${KIOSK_SCRIPT_GUARD_SOURCE}`).replace(/form-action [^;]*/, "form-action 'self'"),
          );
        return reply.header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(kioskPageHtml(standalone, content));
      }
      const html = read(path.join(shellDist, 'index.html'));
      const head = html ? kioskHead(read, shellDist, webRoot, pathname) : null;
      if (html && head && html.includes('</head>')) {
        const content = await pageContent(pathname, request.log);
        // Replacer functions: a "$&" in a destination's name is text, not a replacement pattern.
        let page = html.replace('</head>', () => `${head}${content?.data ? jsonScript(content.data.id, content.data.value) : ''}</head>`);
        if (content && APP_ROOT.test(page)) page = page.replace(APP_ROOT, (root) => root.replace('></', () => `>${content.html}</`));
        return reply.header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(page);
      }
    }
    if (FIRST_PAINT_PAGES.has(rel)) {
      const page = [firstPaintPage(request.headers.cookie), 'index.en.html'].find((f) => isFile(path.join(shellDist, f)));
      if (page) return send(reply, page, shellDist, NO_CACHE, 'accept-encoding, cookie');
    }
    return send(reply, 'index.html', shellDist, NO_CACHE);
  });

  app.get('/remotes/:dir/:version/*', (request, reply) => {
    const { dir, version, '*': rel } = request.params as { dir: string; version: string; '*': string };
    const listed = remotes().some((r) => r.dir === dir && r.version === version);
    // A published release is served from its own folder (content-addressed, so any of them may be served), so
    // rebuilding <dir>/dist never disturbs a deployed version, and a switch in remotes.json breaks no open page.
    const release = /^[0-9a-f]{12}$/.test(version) ? inside(path.join(webRoot, 'remote-releases'), `${dir}/${version}`) : null;
    const published = release !== null && fs.existsSync(release);
    const remoteDist = published ? release : path.join(webRoot, dir, 'dist');
    const full = (published || listed) && rel ? inside(remoteDist, rel) : null;
    if (!full || !isFile(full)) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send(errorBody('NOT_FOUND', `No file ${request.url.split('?')[0]} in the deployed remotes.`));
    }
    const relPath = path.relative(remoteDist, full).split(path.sep).join('/');
    // The version in the URL is a hash over the remote's build, so every file below it is content-addressed; only the
    // entry files are revalidated so that a rollback under the same URL is picked up.
    return send(reply, relPath, remoteDist, REMOTE_NO_CACHE.has(path.basename(full)) ? NO_CACHE : IMMUTABLE);
  });
}
