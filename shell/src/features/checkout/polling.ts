// When to ask again about a payment that is still processing (pure). Quick at first (a UPI app or a 3-D Secure page
// usually answers within seconds), then backing off; a pay-at-counter payment may wait for hours, so it backs off
// further.

export const POLL_FIRST_MS = 2_000;
/** The first polls all wait POLL_FIRST_MS. */
export const POLL_QUICK_COUNT = 5;
export const POLL_FACTOR = 1.5;
export const POLL_MAX_MS = 10_000;
export const POLL_MAX_CASH_MS = 30_000;
/** After this long the waiting screen says it is taking longer than usual (it keeps checking). */
export const POLL_SLOW_AFTER_MS = 60_000;

/** Delay before poll number `n` (0-based). */
export function pollDelayMs(n: number, { cash = false }: { cash?: boolean } = {}): number {
  const cap = cash ? POLL_MAX_CASH_MS : POLL_MAX_MS;
  if (n < POLL_QUICK_COUNT) return POLL_FIRST_MS;
  return Math.min(cap, Math.round(POLL_FIRST_MS * POLL_FACTOR ** (n - POLL_QUICK_COUNT + 1)));
}

/** A poll that failed to reach the server (offline) waits like the next one, at least 5 s. */
export const pollRetryDelayMs = (n: number, cash = false): number => Math.max(5_000, pollDelayMs(n, { cash }));

export const isSlow = (startedAt: number, now: number): boolean => now - startedAt >= POLL_SLOW_AFTER_MS;

/**
 * What is left of a pending payment's time (its `expiresAt`, ms since epoch) at `now`, in whole minutes and seconds,
 * rounded up (a rider reads "0:01" until it has really run out); null when there is no deadline.
 */
export function timeLeft(expiresAt: number | null | undefined, now: number): { ms: number; minutes: number; seconds: number } | null {
  if (expiresAt === null || expiresAt === undefined || !Number.isFinite(expiresAt)) return null;
  const ms = Math.max(0, expiresAt - now);
  const total = Math.ceil(ms / 1000);
  return { ms, minutes: Math.floor(total / 60), seconds: total % 60 };
}
