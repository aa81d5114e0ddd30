/**
 * What a rider reads about how long a pass or ticket is good for. One rule for every screen:
 *
 * - A pass's `expiryTime` is exclusive: midnight (Asia/Kolkata) after its last day. The rider sees the last minute it is
 *   valid, "valid until 22 Dec, 11:59 PM" — never the exclusive midnight ("23 Dec"), which is a different day.
 * - A pass is valid for the whole of its start day in city time: a pass starting today is never "not valid yet".
 * - A countdown says how long is left in the rider's terms: "2 days", "5 h 20 min", "12 min", "40 s" — never "713:58:49".
 * - Dates are DD MMM YYYY, times h:mm AM/PM (spec §9), always in city time with Latin digits.
 */
import { cityDateTimeMs } from './city-time';
import { CITY_TIME_ZONE, DAY_MS, HOUR_MS, MINUTE_MS } from './constants';
import { localDate } from './service-day';
import { minutesToExpiry } from './tickets';

/** The last instant shown as "valid until" for an exclusive end (a pass ending at midnight is valid until 11:59 PM). */
export const lastValidInstant = (exclusiveEnd: number): number => exclusiveEnd - 1;

export type PassValidityState = 'notYetValid' | 'valid' | 'expired';

/**
 * A pass at `now`: expired when the minutes to its (exclusive) expiry are 0 or less (spec §4); not valid yet only when
 * its start falls on a LATER city day than today; otherwise valid (a pass bought today for today is valid at once).
 */
export function passValidityState(
  p: { startTime: number | null | undefined; expiryTime: number | null | undefined },
  now: number,
  timeZone: string = CITY_TIME_ZONE,
): PassValidityState {
  if (p.expiryTime != null && minutesToExpiry(p.expiryTime, now) <= 0) return 'expired';
  if (p.startTime != null && p.startTime > now && localDate(p.startTime, timeZone) > localDate(now, timeZone)) return 'notYetValid';
  return 'valid';
}

/** A pass's validity in the words of every screen: "valid until 22 Dec, 11:59 PM" (the date part via {@link formatCityDateTime}). */
export function passValidUntil(expiryTime: number, locale = 'en-IN'): string {
  return formatCityDateTime(lastValidInstant(expiryTime), locale);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, kind: 'date' | 'dateTime' | 'dayMonthTime' | 'time', timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${kind}|${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    const base = { timeZone, numberingSystem: 'latn' } as const;
    const opts: Intl.DateTimeFormatOptions =
      kind === 'date'
        ? { ...base, day: '2-digit', month: 'short', year: 'numeric' }
        : kind === 'time'
          ? { ...base, hour: 'numeric', minute: '2-digit', hour12: true }
          : kind === 'dayMonthTime'
            ? { ...base, day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', hour12: true }
            : { ...base, day: '2-digit', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true };
    try {
      f = new Intl.DateTimeFormat(`${locale.split('-')[0]}-IN`, opts);
    } catch {
      f = new Intl.DateTimeFormat('en-IN', opts);
    }
    formatters.set(key, f);
  }
  return f;
}

type Part = { type: string; value: string };
const pick = (parts: Part[], type: string): string => parts.find((p) => p.type === type)?.value ?? '';
/** "pm" → "PM" (spec §9 h:mm A); other scripts' day periods are left as they are. */
const dayPeriod = (parts: Part[]): string => {
  const v = pick(parts, 'dayPeriod');
  return /^[a-z. ]+$/i.test(v) ? v.replace(/\./g, '').toUpperCase() : v;
};
const timeOf = (parts: Part[]): string => `${pick(parts, 'hour')}:${pick(parts, 'minute')} ${dayPeriod(parts)}`.trim();
const monthOf = (parts: Part[]): string => pick(parts, 'month').replace(/\.$/, '');

/** "22 Dec 2026" (DD MMM YYYY, city time, month name in the rider's language). Never "2026-12-22". */
export function formatCityDate(ms: number, locale = 'en-IN', timeZone: string = CITY_TIME_ZONE): string {
  const p = formatter(locale, 'date', timeZone).formatToParts(ms);
  return `${pick(p, 'day')} ${monthOf(p)} ${pick(p, 'year')}`;
}

/** "11:59 PM" (h:mm A, city time). */
export function formatCityTime(ms: number, locale = 'en-IN', timeZone: string = CITY_TIME_ZONE): string {
  return timeOf(formatter(locale, 'time', timeZone).formatToParts(ms));
}

/** "22 Dec, 11:59 PM" (the year is left out: validity is read within days or weeks). */
export function formatCityDateTime(ms: number, locale = 'en-IN', timeZone: string = CITY_TIME_ZONE): string {
  const p = formatter(locale, 'dayMonthTime', timeZone).formatToParts(ms);
  return `${pick(p, 'day')} ${monthOf(p)}, ${timeOf(p)}`;
}

/** "22 Dec 2026, 11:59 PM" (receipts: the year matters on a record). */
export function formatCityDateTimeYear(ms: number, locale = 'en-IN', timeZone: string = CITY_TIME_ZONE): string {
  const p = formatter(locale, 'dateTime', timeZone).formatToParts(ms);
  return `${pick(p, 'day')} ${monthOf(p)} ${pick(p, 'year')}, ${timeOf(p)}`;
}

/** "2026-11-23" (an ISO city date, as the API's passStartDate) → epoch ms of noon that day in city time, for formatting. */
export function isoCityDateToMs(isoDate: string): number | null {
  return cityDateTimeMs(isoDate, 12 * 60);
}

/**
 * How long is left, in the largest unit a rider reads: 'days' from 48 h on (whole days, rounded
 * down: 29 d 23 h is "29 days"), 'hours' (with minutes) from 1 h, 'minutes' from 1 min, 'seconds' below that, 'none'
 * at 0 or less. Never an hours:minutes:seconds clock.
 */
export type Countdown =
  | { unit: 'none' }
  | { unit: 'days'; days: number }
  | { unit: 'hours'; hours: number; minutes: number }
  | { unit: 'minutes'; minutes: number }
  | { unit: 'seconds'; seconds: number };

export function countdown(leftMs: number): Countdown {
  if (!(leftMs > 0)) return { unit: 'none' };
  if (leftMs >= 2 * DAY_MS) return { unit: 'days', days: Math.floor(leftMs / DAY_MS) };
  if (leftMs >= HOUR_MS) return { unit: 'hours', hours: Math.floor(leftMs / HOUR_MS), minutes: Math.floor((leftMs % HOUR_MS) / MINUTE_MS) };
  if (leftMs >= MINUTE_MS) return { unit: 'minutes', minutes: Math.floor(leftMs / MINUTE_MS) };
  return { unit: 'seconds', seconds: Math.ceil(leftMs / 1000) };
}

/** English words of a countdown ("29 days", "5 h 20 min", "12 min", "40 s"); screens use their catalogs' plurals. */
export function countdownWords(c: Countdown): string {
  switch (c.unit) {
    case 'none':
      return '0 s';
    case 'days':
      return `${c.days} ${c.days === 1 ? 'day' : 'days'}`;
    case 'hours':
      return c.minutes ? `${c.hours} h ${c.minutes} min` : `${c.hours} h`;
    case 'minutes':
      return `${c.minutes} min`;
    case 'seconds':
      return `${c.seconds} s`;
  }
}

/** Statuses of an order or item that has been paid for (its total reads "Paid", never "To pay"). */
const PAID = new Set(['SUCCESS', 'UNUSED', 'USED', 'EXPIRED', 'ACTIVE', 'PUNCHED']);
export const isPaidStatus = (status: string): boolean => PAID.has(status);
