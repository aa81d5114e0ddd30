// Live data refresh policy: every 15 s while answers arrive; after a failure the wait doubles (30 s, 60 s, 120 s) up
// to 2 min; the first success goes back to 15 s. Pure, so it is tested without timers.
export const POLL_BASE_MS = 15_000;
export const POLL_MAX_MS = 120_000;

/** The wait before the next call, given how many calls in a row have failed. */
export function nextPollDelay(failuresInARow: number, base = POLL_BASE_MS, max = POLL_MAX_MS): number {
  if (failuresInARow <= 0) return base;
  return Math.min(max, base * 2 ** Math.min(failuresInARow, 16));
}
