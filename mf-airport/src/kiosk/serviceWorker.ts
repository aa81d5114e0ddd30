// The standalone kiosk page and the app's one service worker (shell/src/sw.ts, scope /app/): the page registers it as
// the shell does (shell/src/sw-client.ts), without the shell. Plain DOM, no prompt: a board has no one to press it.
import { applyServiceWorkerUpdate, registerPageServiceWorker } from '@sawari/runtime/src/keep-for-offline';

/** Same-origin files a second visit without network needs: the board's page itself, the remote's files, remotes.json. */
export function isKeptForOffline(href: string, origin: string, pagePath: string): boolean {
  const url = new URL(href);
  return url.origin === origin && (url.pathname.startsWith('/remotes/') || url.pathname === '/app/remotes.json' || url.pathname === pagePath);
}

export { UPDATE_CHECK_MS } from '@sawari/runtime/src/keep-for-offline';

/** Registered as the shell does; a waiting version is applied at once and the board reloads into it (no one to press "Reload"). */
export function registerKioskServiceWorker(): void {
  registerPageServiceWorker({
    isKept: (u) => isKeptForOffline(u, location.origin, location.pathname),
    also: () => [location.href, `${location.origin}/app/remotes.json`],
    onUpdate: applyServiceWorkerUpdate,
    label: 'mf_airport',
  });
}
