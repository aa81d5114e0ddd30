// A kiosk board never needs a person (docs/airport-timings.md "Kiosks that heal themselves"). Plain DOM, no React:
// this runs in the kiosk's root config before any remote.
import { kioskRetryDelayMs, kioskVersionCheckMs, nextQuietMoment } from '@sawari/domain/src/kiosk';
import type { RemoteEntry } from './routing';

const ATTEMPT_KEY = 'sawari.kiosk.reloadAttempt';

function readAttempt(): number {
  try {
    return Number(sessionStorage.getItem(ATTEMPT_KEY)) || 0;
  } catch {
    return 0;
  }
}
function writeAttempt(n: number | null): void {
  try {
    if (n === null) sessionStorage.removeItem(ATTEMPT_KEY);
    else sessionStorage.setItem(ATTEMPT_KEY, String(n));
  } catch {
    /* no storage: every reload starts from the first delay */
  }
}

/**
 * The kiosk could not even learn where its board lives (remotes.json unreachable, nothing cached): reload by itself
 * with back-off. The attempt count survives the reload (sessionStorage) so the delays grow; `kioskHealthy` resets it.
 */
export function reloadKioskWithBackoff(): () => void {
  const attempt = readAttempt();
  const timer = setTimeout(() => {
    writeAttempt(attempt + 1);
    location.reload();
  }, kioskRetryDelayMs(attempt));
  return () => clearTimeout(timer);
}

/** The board is up: the next failure starts again from the first (short) delay. */
export function kioskHealthy(): void {
  writeAttempt(null);
}

/** Delays of the in-place retries of a remote that failed to arrive (federation.ts fallbackLifecycles). */
export const kioskRemoteRetry = (attempt: number) => kioskRetryDelayMs(attempt);

/** Where the check stands, on <html> for operators and the e2e: `data-kiosk-version`, `data-kiosk-update`. */
const mark = (key: 'kioskVersion' | 'kioskUpdate' | 'kioskChecked', value: string) => (document.documentElement.dataset[key] = value);

/**
 * Every 15 minutes (or the test-only `?version-check-s=` interval) ask remotes.json which version of this board's
 * remote is deployed. When it differs from the one this page runs, check that the new entry answers, then reload at
 * the next quiet moment (just after a minute tick); the reload loads the new version. A failed check changes nothing.
 */
export function watchKioskVersion(remote: RemoteEntry): () => void {
  mark('kioskVersion', remote.version);
  let reloadTimer: ReturnType<typeof setTimeout> | undefined;
  let checking = false;
  const check = async () => {
    if (checking || reloadTimer) return;
    checking = true;
    try {
      const res = await fetch('/app/remotes.json', { cache: 'no-store' });
      if (!res.ok) return;
      const body = (await res.json()) as { remotes?: RemoteEntry[] };
      const deployed = body.remotes?.find((r) => r.name === remote.name);
      mark('kioskChecked', String(Date.now()));
      if (!deployed || deployed.version === remote.version || deployed.entry === remote.entry) return;
      const entry = await fetch(deployed.entry, { cache: 'no-store' });
      if (!entry.ok) return; // not reachable yet: the next check tries again
      mark('kioskUpdate', deployed.version);
      reloadTimer = setTimeout(() => location.reload(), nextQuietMoment(Date.now()) - Date.now());
    } catch {
      /* offline or the server is down: the board keeps running; the next check tries again */
    } finally {
      checking = false;
    }
  };
  const interval = setInterval(() => void check(), kioskVersionCheckMs(location.search));
  return () => {
    clearInterval(interval);
    clearTimeout(reloadTimer);
  };
}
