// The standalone kiosk page and the app's one service worker (shell/src/sw.ts, scope /app/): the page registers it as
// the shell does (shell/src/sw-client.ts), without the shell. Plain DOM, no prompt: a board has no one to press it.
import { keepWhatThisPageLoads } from '@sawari/runtime/src/keep-for-offline';

/** Same-origin files a second visit without network needs: the board's page itself, the remote's files, remotes.json. */
export function isKeptForOffline(href: string, origin: string, pagePath: string): boolean {
  const url = new URL(href);
  return url.origin === origin && (url.pathname.startsWith('/remotes/') || url.pathname === '/app/remotes.json' || url.pathname === pagePath);
}

/** How often a board left running asks for a new service worker (as the shell does): every 15 minutes. */
export const UPDATE_CHECK_MS = 15 * 60_000;

/** A waiting service worker takes over at once and the board reloads into it (it has no one to press "Reload"). */
function applyUpdate(worker: ServiceWorker): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

export function registerKioskServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/app/sw.js', { scope: '/app/' })
    .then((reg) => {
      const hadController = !!navigator.serviceWorker.controller;
      if (hadController) document.documentElement.dataset.offlineReady = 'true';
      else
        void navigator.serviceWorker.ready
          .then(
            (ready) =>
              ready.active &&
              keepWhatThisPageLoads(ready.active, (u) => isKeptForOffline(u, location.origin, location.pathname), [
                location.href,
                `${location.origin}/app/remotes.json`,
              ]),
          )
          .catch((err) => console.error('[mf_airport] could not keep this board for offline use', err));
      // A version that finished installing before this load: the board applies it now (this IS its next reload).
      if (reg.waiting && hadController) applyUpdate(reg.waiting);
      reg.addEventListener('updatefound', () => {
        const next = reg.installing;
        next?.addEventListener('statechange', () => {
          if (next.state === 'installed' && navigator.serviceWorker.controller) applyUpdate(next);
        });
      });
      setInterval(() => void reg.update().catch(() => undefined), UPDATE_CHECK_MS);
    })
    .catch((err) => console.error('[mf_airport] service worker registration failed', err));
}
