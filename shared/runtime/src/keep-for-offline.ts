// The app's service worker seen from a page: registering it, updates, and handing it what the page loaded before the
// worker was in control (shell/src/sw-client.ts and mf-airport's standalone kiosk page). Plain DOM, no React; imported
// by file where a page loads nothing else of the runtime.

/**
 * On a first visit the service worker is not yet in control while the page loads, so the files it fetched never
 * passed through it. Once it is active, hand it those URLs (every resource this page loaded, then `also`, each that
 * `isKept` accepts): Workbox's default router answers `CACHE_URLS` by sending each through the matching route (so
 * each lands in its runtime cache). Files the page loads later (a lazy chunk that arrives after the worker became
 * active: common on a busy machine) are handed over as they arrive. `data-offline-ready` is on <html> only while
 * every file handed over so far is kept (a second visit without network will render).
 */
export function keepWhatThisPageLoads(worker: ServiceWorker, isKept: (href: string) => boolean, also: readonly string[] = []): void {
  const sent = new Set<string>();
  let pending = 0;
  const keep = (hrefs: readonly string[]) => {
    const urls = [...new Set(hrefs)].filter((u) => !sent.has(u) && isKept(u));
    if (!urls.length) return;
    for (const u of urls) sent.add(u);
    pending += 1;
    delete document.documentElement.dataset.offlineReady;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      pending -= 1;
      if (pending === 0) document.documentElement.dataset.offlineReady = 'true';
    };
    worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: urls } }, [channel.port2]);
  };
  keep([...performance.getEntriesByType('resource').map((e) => e.name), ...also]);
  if (typeof PerformanceObserver !== 'undefined') new PerformanceObserver((list) => keep(list.getEntries().map((e) => e.name))).observe({ type: 'resource' });
}

/** A waiting service worker takes over now and the page reloads into it. */
export function applyServiceWorkerUpdate(worker: ServiceWorker): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/** How often a page left open (a kiosk runs for weeks) asks the server for a new version: every 15 minutes. */
export const UPDATE_CHECK_MS = 15 * 60_000;

export interface PageServiceWorkerOptions {
  /** Same-origin files a second visit without network needs (handed over on a first visit: keepWhatThisPageLoads). */
  isKept: (href: string) => boolean;
  /** URLs to keep besides what the page loaded (asked for only on a first visit). */
  also: () => readonly string[];
  /** A new version is installed and waiting (also one that finished before this load, under a controller). */
  onUpdate: (worker: ServiceWorker) => void;
  /** Names the page in console errors. */
  label: string;
}

/**
 * Registers the app's one service worker (`/app/sw.js`, scope `/app/`) for a page: the shell's (shell/src/sw-client.ts)
 * and the standalone kiosk board's (mf-airport/src/kiosk/serviceWorker.ts). Under a controller the page is
 * offline-ready; on a first visit what it loaded is handed over; a waiting version goes to `onUpdate`; and the page
 * checks for a new version on a timer, not only when it navigates.
 */
export function registerPageServiceWorker({ isKept, also, onUpdate, label }: PageServiceWorkerOptions): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/app/sw.js', { scope: '/app/' })
    .then((reg) => {
      if (!reg) return;
      const hadController = !!navigator.serviceWorker.controller;
      if (hadController) document.documentElement.dataset.offlineReady = 'true';
      else
        void navigator.serviceWorker.ready
          .then((ready) => ready.active && keepWhatThisPageLoads(ready.active, isKept, also()))
          .catch((err) => console.error(`[${label}] could not keep this page for offline use`, err));
      if (reg.waiting && hadController) onUpdate(reg.waiting);
      reg.addEventListener('updatefound', () => {
        const next = reg.installing;
        next?.addEventListener('statechange', () => {
          if (next.state === 'installed' && navigator.serviceWorker.controller) onUpdate(next);
        });
      });
      setInterval(() => void reg.update().catch(() => undefined), UPDATE_CHECK_MS);
    })
    .catch((err) => console.error(`[${label}] service worker registration failed`, err));
}
