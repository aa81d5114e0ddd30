// single-spa root config. No UI framework here: React arrives only with the layout or a remote that needs it.
import { registerApplication, start } from 'single-spa';
import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { renderUnavailablePanel } from '@sawari/ui/src/dom';
import '@sawari/ui/src/theme.css';
import './shell.css';
import { CITY_STORAGE_KEY, readStored } from '@sawari/runtime/src/local-storage';
import { firstVisitPath, isKioskPath, ownsPath, type RemoteEntry } from './routing';
import { loadSpa, remoteFallbackPlugin, resilientRemoteApp } from './federation';
import { kioskHealthy, kioskRemoteRetry, reloadKioskWithBackoff, watchKioskVersion } from './kiosk';
import { handOverFirstPaint } from './first-paint';
import { registerServiceWorker } from './sw-client';
import { texts } from './texts';

async function fetchRemotes(): Promise<RemoteEntry[]> {
  // A board's HTML carries remotes.json inline (api/src/platform/static.ts kioskHead): no round trip before the remote.
  const inline = document.getElementById('sawari-remotes')?.textContent;
  if (inline) {
    try {
      const body = JSON.parse(inline) as { remotes?: RemoteEntry[] };
      if (Array.isArray(body.remotes)) return body.remotes;
    } catch {
      /* fall back to the network */
    }
  }
  const res = await fetch('/app/remotes.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`remotes.json answered ${res.status}`);
  const body = (await res.json()) as { remotes?: RemoteEntry[] };
  return Array.isArray(body.remotes) ? body.remotes : [];
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, id: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  e.id = id;
  return e;
}

async function main(): Promise<void> {
  const root = document.getElementById('sawari-app') ?? document.body;
  const kiosk = isKioskPath(location.pathname);
  let remotes: RemoteEntry[] = [];
  let remotesFailed = false;
  try {
    remotes = await fetchRemotes();
  } catch (err) {
    remotesFailed = true;
    console.error('[sawari] could not read remotes.json', err);
  }
  // Kiosk mode registers only the remote(s) owning this path: no other remote's entry is ever fetched.
  if (kiosk) remotes = remotes.filter((r) => ownsPath(r.prefixes, location.pathname));

  registerPlugins([remoteFallbackPlugin()]);
  registerRemotes(remotes.map((r) => ({ name: r.name, entry: r.entry })));

  // A board's HTML may already hold its rows in the kiosk's container (api/src/modules/airport/board-html.ts), and the
  // HTML of the app's first screens its header and heading (first-paint.ts): they are kept, and taken over in place (no
  // blank frame).
  const served = document.getElementById(kiosk ? 'sawari-kiosk' : 'sawari-header');
  if (!served) root.replaceChildren();
  let outlet: HTMLElement;
  if (kiosk) {
    outlet = served ?? el('main', 'sawari-kiosk');
    if (!served) root.append(outlet);
    if (remotes.length === 0) {
      // Nobody will press Retry on a kiosk: it reloads by itself, with back-off, until the board can load.
      renderUnavailablePanel(outlet, texts.unavailable, () => location.reload());
      reloadKioskWithBackoff();
    } else {
      for (const remote of remotes) watchKioskVersion(remote);
      window.addEventListener('single-spa:first-mount', kioskHealthy, { once: true });
    }
  } else {
    // A first visit to home goes to onboarding before anything renders (replace: Back does not return to an empty home).
    const start = firstVisitPath(location.pathname, readStored(CITY_STORAGE_KEY));
    if (start) history.replaceState(history.state, '', `${start}${location.search}${location.hash}`);
    const header = served ?? el('header', 'sawari-header');
    const screen = (served && document.getElementById('sawari-shell-screen')) || el('div', 'sawari-shell-screen');
    outlet = (served && document.getElementById('sawari-outlet')) || el('div', 'sawari-outlet');
    if (!served) {
      const main = el('main', 'sawari-main');
      main.append(screen, outlet);
      root.append(header, main);
    }
    handOverFirstPaint(screen);
    registerApplication({
      name: 'sawari-layout',
      // Named so the kiosk e2e can assert from the network log that a board never fetches it.
      app: () => import(/* webpackChunkName: "layout" */ './layout/spa'),
      activeWhen: () => true,
      customProps: { domElementGetter: () => header, screenElement: screen, remotes, remotePrefixes: remotes.flatMap((r) => r.prefixes), remotesFailed },
    });
  }

  for (const remote of remotes) {
    registerApplication({
      name: remote.name,
      app: resilientRemoteApp(remote, loadSpa, kiosk ? kioskRemoteRetry : undefined),
      activeWhen: (loc) => ownsPath(remote.prefixes, loc.pathname),
      customProps: { domElementGetter: () => outlet },
    });
  }

  // The service worker waits for the first screen so it never competes with it for the network.
  let swRegistered = false;
  const registerSw = () => {
    if (swRegistered) return;
    swRegistered = true;
    registerServiceWorker({ kiosk });
  };
  window.addEventListener('single-spa:first-mount', registerSw, { once: true });
  setTimeout(registerSw, 10_000);
  start({ urlRerouteOnly: true });
}

main().catch((err) => console.error('[sawari] the app could not start', err));
