// Registers the shell's service worker and offers updates. Plain DOM: it runs in kiosk mode too, where no React of the
// shell is loaded. Updates are never swapped mid-session: the app shows a prompt; a kiosk board applies a waiting
// version when it (re)loads.
import { keepWhatThisPageLoads } from '@sawari/runtime/src/keep-for-offline';
import { texts } from './texts';
import styles from './shell.module.css';

function applyUpdate(worker: ServiceWorker): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

function showUpdatePrompt(worker: ServiceWorker): void {
  if (document.getElementById('sawari-update')) return;
  const bar = document.createElement('div');
  bar.id = 'sawari-update';
  bar.className = styles.update;
  bar.setAttribute('role', 'status');
  const text = document.createElement('span');
  text.textContent = `${texts.updateReady} — `;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = texts.reload;
  button.addEventListener('click', () => applyUpdate(worker));
  bar.append(text, button);
  document.body.append(bar);
}

/** Same-origin files a second visit without network needs from the runtime caches: the remotes and their list. */
export function isKeptForOffline(href: string, origin: string): boolean {
  const url = new URL(href);
  return url.origin === origin && (url.pathname.startsWith('/remotes/') || url.pathname === '/app/remotes.json');
}

/** How often a loaded page asks the server for a new version (not only on navigation): every 15 minutes. */
export const UPDATE_CHECK_MS = 15 * 60_000;

export function registerServiceWorker({ kiosk }: { kiosk: boolean }): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/app/sw.js', { scope: '/app/' })
    .then((reg) => {
      if (!reg) return;
      const hadController = !!navigator.serviceWorker.controller;
      if (hadController) document.documentElement.dataset.offlineReady = 'true';
      else
        void navigator.serviceWorker.ready
          .then(
            (ready) =>
              ready.active && keepWhatThisPageLoads(ready.active, (u) => isKeptForOffline(u, location.origin), [`${location.origin}/app/remotes.json`]),
          )
          .catch((err) => console.error('[sawari] could not keep this page for offline use', err));
      // A version that finished installing before this load: a board applies it now (this IS its next reload).
      if (reg.waiting && hadController) {
        if (kiosk) applyUpdate(reg.waiting);
        else showUpdatePrompt(reg.waiting);
      }
      reg.addEventListener('updatefound', () => {
        const next = reg.installing;
        next?.addEventListener('statechange', () => {
          if (next.state !== 'installed' || !navigator.serviceWorker.controller) return;
          // A board has no one to press a button: it reloads into the new version between two minute ticks' renders.
          if (kiosk) applyUpdate(next);
          else showUpdatePrompt(next);
        });
      });
      // A page left open (a kiosk runs for weeks) checks for a new version on a timer, not only when it navigates.
      setInterval(() => void reg.update().catch(() => undefined), UPDATE_CHECK_MS);
    })
    .catch((err) => console.error('[sawari] service worker registration failed', err));
}
