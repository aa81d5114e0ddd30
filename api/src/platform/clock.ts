/** Epoch milliseconds. Services take one so tests can move time without waiting. */
export type Clock = () => number;
export const systemClock: Clock = () => Date.now();

/**
 * A clock that reads `startMs` now and then ticks in real time (each call: `startMs` plus the real time since this
 * was made). What SAWARI_CLOCK_START gives a development or test server: its business time (timetables, live buses,
 * slots on sale, token expiry, validity) is that instant's, whatever the machine's hour.
 */
export function clockStartingAt(startMs: number, real: Clock = systemClock): Clock {
  const offset = startMs - real();
  return () => real() + offset;
}
