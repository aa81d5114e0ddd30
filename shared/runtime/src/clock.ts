import { CITY_TIME_ZONE } from '@sawari/domain';

export { CITY_TIME_ZONE };

/** Server time minus device time, in ms. */
let offsetMs = 0;
let anchored = false;

/** Spec §9: server time = a stored anchor plus the time elapsed since it was received. */
export function setServerTimeAnchor(serverMs: number, receivedAtMs: number = Date.now()): void {
  offsetMs = serverMs - receivedAtMs;
  anchored = true;
}

/**
 * Learns the offset from an HTTP `Date` header unless an explicit anchor was set (it is more precise: the header has
 * one-second resolution, so its value is taken as the middle of that second).
 */
export function learnServerTimeFromDateHeader(dateHeader: string | null, receivedAtMs: number = Date.now()): void {
  if (anchored || !dateHeader) return;
  const serverMs = Date.parse(dateHeader);
  if (Number.isNaN(serverMs)) return;
  offsetMs = serverMs + 500 - receivedAtMs;
}

/** Epoch ms on the server's clock (the device clock corrected by the learnt offset). */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** For tests: forget everything learnt. */
export function resetServerClock(): void {
  offsetMs = 0;
  anchored = false;
}
