// The kiosk entry (docs/airport-timings.md "A board without the shell"): the ONE script a board's page loads, built by
// mf-airport's webpack config as a plain entry beside the federated remote. No shell, no Module Federation runtime, no
// React: it takes over the rows the server wrote (features/board/boardDom.ts), keeps them current, checks for a new
// version of this remote every 15 minutes and registers the app's service worker for the next visit without network.
import { mountBoard } from '../features/board/boardDom';
import { boardParams } from '../features/board/boardRoute';
import { registerKioskServiceWorker } from './serviceWorker';
import { servedRemote, watchKioskVersion } from './version';
import '../features/board/board.css';

/** Shared with the page's script guard (api/src/platform/static.ts) and the shell's kiosk: reloads in a row. */
const RELOAD_ATTEMPT_KEY = 'sawari.kiosk.reloadAttempt';

function start(): void {
  let host = document.getElementById('sawari-kiosk');
  if (!host) {
    host = Object.assign(document.createElement('main'), { id: 'sawari-kiosk' });
    (document.getElementById('sawari-app') ?? document.body).append(host);
  }
  mountBoard(host, boardParams(location.pathname) ?? {}, location.pathname);
  // The board is up: a later failure to load this script starts again from the guard's first (short) delay.
  try {
    sessionStorage.removeItem(RELOAD_ATTEMPT_KEY);
  } catch {
    /* no storage */
  }
  const remote = servedRemote();
  if (remote) watchKioskVersion(remote);
  // After the board is live, never competing with it for the network or the CPU.
  const register = () => registerKioskServiceWorker();
  if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 10_000 });
  else setTimeout(register, 1_000);
}

start();
