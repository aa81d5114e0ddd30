// Indian formats for the shell's screens. Digits stay Latin in every language (mr would default to Devanagari),
// grouping is Indian (12,34,567), times are h:mm AM/PM in city time.
import { CITY_TIME_ZONE } from '@sawari/runtime';

const cache = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = locale + JSON.stringify(options);
  let f = cache.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(`${locale}-IN-u-nu-latn`, options);
    } catch {
      f = new Intl.DateTimeFormat('en-IN', options);
    }
    cache.set(key, f);
  }
  return f;
}

/** An hour of the day (24-hour number) as a clock time: 8 → "8:00 am". */
export const formatHour = (hour: number, locale: string): string =>
  dateFormat(locale, { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'UTC' }).format(Date.UTC(2000, 0, 1, hour));

/** An instant as a date in city time: "12 Jan 2026". */
export const formatDate = (ms: number, locale: string): string =>
  dateFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: CITY_TIME_ZONE }).format(ms);

/** A countdown: 272000 → "4:32" (minutes:seconds), rounded up so it never shows 0:00 while still waiting. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}
