import { CITY_TIME_ZONE, AIRPORT_TIMINGS_WINDOW_MS, MINUTE_MS, HOUR_MS } from './constants';

export type TimeUntil = { kind: 'available'; departure: number; hours: number; minutes: number } | { kind: 'not-available' };

/** Spec §2: the earliest timing strictly later than now, or null when there is none. Timings need not be sorted. */
export function nextDepartureAfter(timings: readonly number[], now: number): number | null {
  let best: number | null = null;
  for (const t of timings) if (t > now && (best === null || t < best)) best = t;
  return best;
}

/**
 * Hours and minutes until the next bus, counted on the clock the board shows: the departure's minute minus the current
 * minute. At 9:55:40 PM (the board says 9:55 PM) a 10:00 PM bus is "5 min", not the 4 min 20 s a stopwatch would floor
 * to. India's offset is whole minutes, so epoch minutes and city minutes share their boundaries.
 */
export function timeUntilNextBus(timings: readonly number[], now: number): TimeUntil {
  const departure = nextDepartureAfter(timings, now);
  if (departure === null) return { kind: 'not-available' };
  const totalMinutes = Math.floor(departure / MINUTE_MS) - Math.floor(now / MINUTE_MS);
  return { kind: 'available', departure, hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}

/** Spec §2: hours only when above zero, and minutes; otherwise "Not Available". */
export function formatTimeUntil(t: TimeUntil): string {
  if (t.kind === 'not-available') return 'Not Available';
  return t.hours > 0 ? `${t.hours} hr ${t.minutes} min` : `${t.minutes} min`;
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();
function clockFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = clockFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true });
    clockFormatters.set(timeZone, f);
  }
  return f;
}

/** The board's current-time line: 12-hour clock with AM/PM in city time, e.g. "9:05 PM" (format h:mm A). */
export function formatClock12h(now: number, timeZone: string = CITY_TIME_ZONE): string {
  const parts = clockFormatter(timeZone).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${Number(get('hour'))}:${get('minute')} ${get('dayPeriod').toUpperCase()}`;
}

/** Spec §7: the window asked for is now to now + 12 h, as epoch-millisecond strings. */
export function timingsWindow(now: number, lengthMs: number = AIRPORT_TIMINGS_WINDOW_MS): { fromTime: string; toTime: string } {
  return { fromTime: String(Math.floor(now)), toTime: String(Math.floor(now) + lengthMs) };
}

/** How old the board's data is, for the unobtrusive staleness line. Null while data is fresh (under 2 refreshes). */
export function formatDataAge(lastUpdated: number, now: number, freshForMs = 2 * MINUTE_MS - 1): string | null {
  const age = now - lastUpdated;
  if (age <= freshForMs) return null;
  if (age < HOUR_MS) return `Last updated ${Math.floor(age / MINUTE_MS)} min ago`;
  const hours = Math.floor(age / HOUR_MS);
  return `Last updated ${hours} hr ${Math.floor((age % HOUR_MS) / MINUTE_MS)} min ago`;
}

/** The BOOK AT line: the terminal's place in upper case plus the counter description (spec §2). */
export function formatBookAt(place: string, counter: string): string {
  return `${place.toUpperCase()}, ${counter}`;
}

/** Board URL segment "airport-{product}-bus-time[-horizontal]" parsed; null when it is not a board. */
export function parseBoardSegment(segment: string): { product: string; orientation: 'vertical' | 'horizontal' } | null {
  const m = /^airport-([a-z0-9-]+?)-bus-time(-horizontal)?$/.exec(segment);
  if (!m) return null;
  return { product: m[1], orientation: m[2] ? 'horizontal' : 'vertical' };
}
