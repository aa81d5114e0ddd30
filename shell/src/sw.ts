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

// A kiosk board's page comes from the network first: the server writes the board's rows and data into it
// (api/src/modules/airport/board-html.ts), so a kiosk reload (a watchdog, a new version) paints fresh rows at once.
// Server down, slow (3 s) or answering an error: the precached app shell, which starts the board from what it kept in
// IndexedDB, with its age. Never cached here: a board page's rows are only good for the minute they were made.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && isKioskPath(url.pathname),
  async (options: RouteHandlerCallbackOptions) => {
    try {
      const res = await fetch(options.request, { signal: AbortSignal.timeout(BOARD_PAGE_NETWORK_MS) });
      if (res.ok) return res;
    } catch {
      /* offline, server down or too slow */
    }
    return appShell(options);
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
