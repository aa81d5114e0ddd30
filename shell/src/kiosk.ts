// A kiosk board never needs a person (docs/airport-timings.md "Kiosks that heal themselves"). Plain DOM, no React:
// this runs in the kiosk's root config before any remote.
import { kioskRetryDelayMs } from '@sawari/domain/src/kiosk';

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

/** The 15-minute new-version check (the same for the standalone kiosk page of mf-airport). */
export { watchKioskVersion } from '@sawari/runtime/src/kiosk-version';
