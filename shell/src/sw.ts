/// <reference lib="webworker" />
// The one service worker (owned by the shell, scope /app/). Built by workbox-webpack-plugin InjectManifest, which
// replaces self.__WB_MANIFEST with the shell's hashed files and index.html. Offline DATA lives in IndexedDB, not here.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { RouteHandlerCallbackOptions } from 'workbox-core/types';
import { isKioskPath } from './routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const appShell = createHandlerBoundToURL('/app/index.html');

/** How long a board's page may take from the network before the kiosk starts from the app shell and its kept data. */
export const BOARD_PAGE_NETWORK_MS = 3_000;

/** Where the last board page of each board URL is kept (a kiosk shows one board: a handful of entries at most). */
export const BOARD_PAGES_CACHE = 'sawari-board-pages';
const BOARD_PAGES_KEPT = 8;
const pageKey = (url: URL) => `${url.origin}${url.pathname}`;

/**
 * Kept without the data the server inlined (`#sawari-board-data`): a kept page is answered only when the server cannot
 * be reached, and then the board must start as without server (its last answer from IndexedDB, with its age, and a call
 * at once), not from the page's old answer taken for fresh. The rows it shows are replaced as soon as the board runs.
 */
async function keepBoardPage(url: URL, res: Response): Promise<void> {
  const page = (await res.text()).replace(/<script id="sawari-board-data"[^>]*>[\s\S]*?<\/script>/, '');
  const headers = new Headers(res.headers);
  for (const name of ['content-length', 'content-encoding']) headers.delete(name);
  const cache = await caches.open(BOARD_PAGES_CACHE);
  await cache.put(pageKey(url), new Response(page, { status: 200, headers }));
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - BOARD_PAGES_KEPT))) await cache.delete(old);
}

// A kiosk board's page comes from the network first: the server writes the board's rows and data into it
// (api/src/modules/airport/board-html.ts) and it loads the board's one kiosk script (docs/airport-timings.md "A board
// without the shell"), so a kiosk reload (a watchdog, a new version) paints fresh rows at once. Each page that arrives
// is kept (per board URL, without its query, without its inlined data) for the next load without server: down, slow
// (3 s) or answering an error, the kept page is answered and the board starts from what it kept in IndexedDB, with its
// age, and retries. Without a kept page, the precached app shell (the federated board).
// Also matches the page's own URL handed over with CACHE_URLS on a first visit (not a navigation).
registerRoute(
  ({ request, url }) => (request.mode === 'navigate' || request.destination === '') && url.origin === self.location.origin && isKioskPath(url.pathname),
  async (options: RouteHandlerCallbackOptions) => {
    const url = new URL(options.request.url);
    try {
      const res = await fetch(options.request.mode === 'navigate' ? options.request : url.href, { signal: AbortSignal.timeout(BOARD_PAGE_NETWORK_MS) });
      if (res.ok) {
        const kept = keepBoardPage(url, res.clone()).catch(() => undefined);
        if (options.event instanceof ExtendableEvent) options.event.waitUntil(kept);
        else await kept;
        return res;
      }
    } catch {
      /* offline, server down or too slow */
    }
    const kept = await caches.open(BOARD_PAGES_CACHE).then((cache) => cache.match(pageKey(url)));
    return kept ?? appShell(options);
  },
);

// App shell: every other navigation under /app/ answers the precached index.html (the SPA decides what to show).
registerRoute(new NavigationRoute(appShell, { allowlist: [/^\/app\//] }));

// Where the remotes live: fresh when the network answers within 3 s, the last known list otherwise.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/app/remotes.json',
  new NetworkFirst({ cacheName: 'sawari-remotes-json', networkTimeoutSeconds: 3 }),
);

// Remotes' entries and manifests (not hashed): network first, 3 s, then cache.
registerRoute(
  ({ url }) => url.origin === self.location.origin && /^\/remotes\/.+\/(remoteEntry\.js|mf-manifest\.json)$/.test(url.pathname),
  new NetworkFirst({ cacheName: 'sawari-remote-entries', networkTimeoutSeconds: 3, plugins: [new ExpirationPlugin({ maxEntries: 50 })] }),
);

// Remotes' hashed chunks under versioned URLs never change: cache first, bounded.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/remotes/'),
  new CacheFirst({
    cacheName: 'sawari-remote-chunks',
    plugins: [new ExpirationPlugin({ maxAgeSeconds: 60 * 24 * 60 * 60, maxEntries: 200, purgeOnQuotaError: true })],
  }),
);

// The API is never answered from the SW cache.
registerRoute(({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/api/'), new NetworkOnly(), 'GET');
registerRoute(({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/api/'), new NetworkOnly(), 'POST');

// "Reload to update": the page asks the waiting version to take over only when the user (or a kiosk reload) says so.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
