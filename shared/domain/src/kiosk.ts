// Rules of a kiosk that never needs a person (docs/airport-timings.md "Kiosks that heal themselves").
import { MINUTE_MS } from './constants';

/** First retry after a failed load, and the cap the back-off never exceeds. */
export const KIOSK_RETRY_FIRST_MS = 2_000;
export const KIOSK_RETRY_MAX_MS = 60_000;
/** How often a kiosk asks whether its board has a new version. */
export const KIOSK_VERSION_CHECK_MS = 15 * MINUTE_MS;
/** The shortest check interval the test-only `?version-check-s=` setting may ask for. */
export const KIOSK_VERSION_CHECK_MIN_MS = 2_000;

/**
 * Delay before retry number `attempt` (0 = the first retry after a failure): doubling from 2 s, capped at 60 s, with
 * ±20 % jitter so that boards coming back after the same outage do not all ask at the same instant.
 */
export function kioskRetryDelayMs(attempt: number, random: () => number = Math.random): number {
  const n = Math.max(0, Math.min(Math.floor(attempt), 30));
  const base = Math.min(KIOSK_RETRY_MAX_MS, KIOSK_RETRY_FIRST_MS * 2 ** n);
  return Math.min(KIOSK_RETRY_MAX_MS, Math.round(base * (0.8 + 0.4 * random())));
}

/**
 * When a kiosk may reload into a new version: 2 s after a minute boundary (the next one that is at least 1 s away), just after the board's clock and
 * countdowns have moved on, so the reload never hides a minute's change.
 */
export function nextQuietMoment(now: number): number {
  const candidate = Math.floor(now / MINUTE_MS) * MINUTE_MS + 2_000;
  return candidate - now >= 1_000 ? candidate : candidate + MINUTE_MS;
}

/**
 * The version check interval of a kiosk page: 15 min, or the test-only `version-check-s` URL parameter (seconds, at
 * least 2 s) that the self-healing e2e uses. Anything else in the query is ignored.
 */
export function kioskVersionCheckMs(search: string): number {
  const raw = new URLSearchParams(search).get('version-check-s');
  const seconds = raw !== null && /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  return Number.isFinite(seconds) ? Math.max(KIOSK_VERSION_CHECK_MIN_MS, seconds * 1000) : KIOSK_VERSION_CHECK_MS;
}
