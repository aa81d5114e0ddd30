// Hands the service worker what a page loaded before the worker was in control (shell/src/sw-client.ts and
// mf-airport's standalone kiosk page). Plain DOM, no React; imported by file where a page loads nothing else of the
// runtime.

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
