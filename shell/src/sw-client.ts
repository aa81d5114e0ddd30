// Registers the shell's service worker and offers updates. Plain DOM: it runs in kiosk mode too, where no React of the
// shell is loaded. Updates are never swapped mid-session: the app shows a prompt; a kiosk board applies a waiting
// version when it (re)loads.
import { applyServiceWorkerUpdate, registerPageServiceWorker } from '@sawari/runtime/src/keep-for-offline';
import { texts } from './texts';
import styles from './shell.module.css';

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
  button.addEventListener('click', () => applyServiceWorkerUpdate(worker));
  bar.append(text, button);
  document.body.append(bar);
}

/** Same-origin files a second visit without network needs from the runtime caches: the remotes and their list. */
export function isKeptForOffline(href: string, origin: string): boolean {
  const url = new URL(href);
  return url.origin === origin && (url.pathname.startsWith('/remotes/') || url.pathname === '/app/remotes.json');
}

export { UPDATE_CHECK_MS } from '@sawari/runtime/src/keep-for-offline';

export function registerServiceWorker({ kiosk }: { kiosk: boolean }): void {
  registerPageServiceWorker({
    isKept: (u) => isKeptForOffline(u, location.origin),
    also: () => [`${location.origin}/app/remotes.json`],
    // A board has no one to press a button: it reloads into the new version (this IS its next reload); the app asks.
    onUpdate: kiosk ? applyServiceWorkerUpdate : showUpdatePrompt,
    label: 'sawari',
  });
}
