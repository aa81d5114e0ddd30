// Registers the shell's service worker and offers updates. Plain DOM: it runs in kiosk mode too, where no React of the
// shell is loaded. Updates are never swapped mid-session: the app shows a prompt; a kiosk board applies a waiting
// version when it (re)loads.
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

export function registerServiceWorker({ kiosk }: { kiosk: boolean }): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/app/sw.js', { scope: '/app/' })
    .then((reg) => {
      if (!reg) return;
      const hadController = !!navigator.serviceWorker.controller;
      // A version that finished installing before this load: a board applies it now (this IS its next reload).
      if (reg.waiting && hadController) {
        if (kiosk) applyUpdate(reg.waiting);
        else showUpdatePrompt(reg.waiting);
      }
      reg.addEventListener('updatefound', () => {
        const next = reg.installing;
        next?.addEventListener('statechange', () => {
          if (next.state === 'installed' && navigator.serviceWorker.controller && !kiosk) showUpdatePrompt(next);
        });
      });
    })
    .catch((err) => console.error('[sawari] service worker registration failed', err));
}
