import { CITY_TIME_ZONE, DAY_MS, MINUTE_MS } from './constants';

/**
 * City time: the one place that turns instants into a city's wall-clock date and time and back. Every city has a
 * time zone in its configuration (`cities.time_zone`, an IANA name); a caller without one gets the default city's,
 * Asia/Kolkata. Nothing here assumes a fixed offset: the zone's rules (Intl, the platform's tz database) decide, so
 * a zone with daylight saving time works too. India keeps +05:30 all year, which the tests pin down.
 *
 * Dates are ISO calendar dates, "YYYY-MM-DD"; times of day are minutes after the city's midnight.
 */

/** The time zone of a city: its configured zone, else the default city's. */
export function cityTimeZone(city?: { timeZone?: string | null } | null): string {
  return city?.timeZone || CITY_TIME_ZONE;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset at `ms` as the platform's tz database says it (Intl: some microseconds, so cached below). */
function exactOffsetMs(ms: number, timeZone: string): number {
  const p: Record<string, string> = {};
  for (const x of partsFormatter(timeZone).formatToParts(ms)) p[x.type] = x.value;
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  // Date.UTC maps years 0-99 to 1900-1999.
  const fixed = Number(p.year) < 100 ? new Date(asUtc).setUTCFullYear(Number(p.year)) : asUtc;
  return fixed - Math.floor(ms / 1000) * 1000;
}

/**
 * Offsets by zone and UTC day: the offset when it is the same at the day's first and last second (so it holds all
 * day: zones change their offset at most twice a year), null for a day with a change (asked of Intl each time then).
 */
const dayOffsets = new Map<string, number | null>();
const MAX_CACHED_DAYS = 50_000;

/** Offset of `timeZone` from UTC at instant `ms`, in ms (positive east of Greenwich: India 19,800,000). */
export function timeZoneOffsetMs(ms: number, timeZone: string = CITY_TIME_ZONE): number {
  const day = Math.floor(ms / DAY_MS);
  const key = `${timeZone}|${day}`;
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    const first = exactOffsetMs(day * DAY_MS, timeZone);
    offset = first === exactOffsetMs((day + 1) * DAY_MS - 1000, timeZone) ? first : null;
    if (dayOffsets.size >= MAX_CACHED_DAYS) dayOffsets.clear();
    dayOffsets.set(key, offset);
  }
  return offset ?? exactOffsetMs(ms, timeZone);
}

/** An instant as a city's wall clock shows it. */
export interface CityWallClock {
  /** "YYYY-MM-DD". */
  date: string;
  year: number;
  /** 1-12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday ... 6 = Saturday, as Date#getDay. */
  weekday: number;
  /** Minutes after the city's midnight (0-1439). */
  minuteOfDay: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The city's calendar date and time of day at instant `ms`. */
export function cityWallClock(ms: number, timeZone: string = CITY_TIME_ZONE): CityWallClock {
  const wall = new Date(ms + timeZoneOffsetMs(ms, timeZone));
  const year = wall.getUTCFullYear();
  const month = wall.getUTCMonth() + 1;
  const day = wall.getUTCDate();
  const hour = wall.getUTCHours();
  const minute = wall.getUTCMinutes();
  return {
    date: `${pad(year, 4)}-${pad(month)}-${pad(day)}`,
    year,
    month,
    day,
    hour,
    minute,
    second: wall.getUTCSeconds(),
    weekday: wall.getUTCDay(),
    minuteOfDay: hour * 60 + minute,
  };
}

/** The city's calendar date, "YYYY-MM-DD", at instant `ms`. */
export const cityDate = (ms: number, timeZone: string = CITY_TIME_ZONE): string => cityWallClock(ms, timeZone).date;

/** The city's calendar month, "YYYY-MM", at instant `ms`. */
export const cityMonth = (ms: number, timeZone: string = CITY_TIME_ZONE): string => cityDate(ms, timeZone).slice(0, 7);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** [year, month 1-12, day] of a real calendar date "YYYY-MM-DD"; null for a malformed or impossible one (2025-02-30). */
function dateParts(date: string): [number, number, number] | null {
  const m = ISO_DATE.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = new Date(Date.UTC(y, mo - 1, d));
  return utc.getUTCFullYear() === y && utc.getUTCMonth() === mo - 1 && utc.getUTCDate() === d ? [y, mo, d] : null;
}

/** Whether `date` is a real calendar date written "YYYY-MM-DD". */
export const isCityDate = (date: string): boolean => dateParts(date) !== null;

/**
 * The instant the city's clocks show `minuteOfDay` minutes after midnight of `date` (0 ≤ minuteOfDay; 1440 and more
 * run into the next days, as a trip after midnight does). Null for a date that does not exist. In a zone with DST,
 * a wall time skipped by the change lands after it and a repeated one takes its first occurrence.
 */
export function cityDateTimeMs(date: string, minuteOfDay: number, timeZone: string = CITY_TIME_ZONE): number | null {
  const p = dateParts(date);
  if (!p || !Number.isFinite(minuteOfDay)) return null;
  const wall = Date.UTC(p[0], p[1] - 1, p[2]) + minuteOfDay * MINUTE_MS;
  // The zone's offsets a day either side (at most one change lies between them); a candidate is right when the
  // clock at that instant shows the wall time, i.e. when its own offset is the one it was made with.
  const before = wall - timeZoneOffsetMs(wall - DAY_MS, timeZone);
  const after = wall - timeZoneOffsetMs(wall + DAY_MS, timeZone);
  const right = [before, after].filter((c) => wall - timeZoneOffsetMs(c, timeZone) === c);
  // Both right: a repeated wall time, the first occurrence. Neither: a skipped one, the instant after the change.
  return right.length ? Math.min(...right) : Math.max(before, after);
}

/** The first instant of the city's calendar day `date` ("YYYY-MM-DD"); null for a date that does not exist. */
export function cityMidnight(date: string, timeZone: string = CITY_TIME_ZONE): number | null {
  const ms = cityDateTimeMs(date, 0, timeZone);
  if (ms === null) return null;
  // A zone that skips its midnight (a DST change at 00:00) starts the day at the change.
  return cityDate(ms, timeZone) === date ? ms : null;
}

/** The first instant of the city's day that contains instant `ms`. */
export function startOfCityDay(ms: number, timeZone: string = CITY_TIME_ZONE): number {
  return cityMidnight(cityDate(ms, timeZone), timeZone) as number;
}

/** Seconds since the city's midnight at instant `ms` (0-86399 on a day without a DST change). */
export function secondsOfCityDay(ms: number, timeZone: string = CITY_TIME_ZONE): number {
  return Math.floor((ms - startOfCityDay(ms, timeZone)) / 1000);
}

/** A calendar date plus `days` days (negative: before), "YYYY-MM-DD"; null for a date that does not exist. */
export function addCityDays(date: string, days: number): string | null {
  const p = dateParts(date);
  if (!p) return null;
  return new Date(Date.UTC(p[0], p[1] - 1, p[2] + days)).toISOString().slice(0, 10);
}

/** "YYYY-MM-DD" from a GTFS-style "YYYYMMDD". */
export const isoFromYmd = (ymd: string): string => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;
