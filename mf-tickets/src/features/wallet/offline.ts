// Makes the ticket screens work with no network: once the wallet is on screen, the chunks of the screens that show a
// ticket (QR, sound, scan, rides) are loaded, and every /remotes/ file this page has loaded is handed to the service
// worker (Workbox's CACHE_URLS message), so an offline start can render them even when the worker was not yet in
// control when they were fetched.
import { useEffect } from 'react';

let warmed = false;

export async function warmUpOffline(): Promise<void> {
  if (warmed) return;
  warmed = true;
  await Promise.allSettled([
    import(/* webpackChunkName: "screen-sound-qr" */ '../sound-qr/ShowTicketScreen'),
    import(/* webpackChunkName: "screen-scan-qr" */ '../scan-qr/ScanQrScreen'),
    import(/* webpackChunkName: "screen-ride-history" */ '../ride-history/RideHistoryScreen'),
    import(/* webpackChunkName: "screen-ride-receipt" */ '../ride-receipt/ReceiptScreen'),
    import(/* webpackChunkName: "screen-summary" */ '../summary/SummaryScreen'),
    import(/* webpackChunkName: "screen-before-activation" */ '../before-activation/BeforeActivationScreen'),
  ]);
  if (!('serviceWorker' in navigator)) return;
  const reg = await navigator.serviceWorker.getRegistration('/app/').catch(() => undefined);
  const worker = navigator.serviceWorker.controller ?? reg?.active;
  if (!worker) return;
  const urls = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((u) => {
      const url = new URL(u);
      return url.origin === location.origin && (url.pathname.startsWith('/remotes/') || url.pathname === '/app/remotes.json');
    });
  worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: urls } });
}

export function useOfflineWarmUp(): void {
  useEffect(() => {
    const id = setTimeout(() => void warmUpOffline().catch(() => undefined), 500);
    return () => clearTimeout(id);
  }, []);
}
