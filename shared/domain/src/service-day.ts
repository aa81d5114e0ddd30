import { cityDate, timeZoneOffsetMs } from './city-time';
import { DAY_MS } from './constants';

/**
 * GTFS service days. A GTFS time is seconds since "noon minus 12 h" of the service date in the feed's time zone
 * (which is local midnight on days without a DST change; India has none). Times may exceed 24:00:00 for trips that
 * run past midnight, so a window can be served by the previous day's service too.
 */
export interface ServiceDay {
  /** GTFS date, YYYYMMDD. */
  date: string;
  /** 0 = Sunday ... 6 = Saturday, as Date#getDay. */
  weekday: number;
  /** Epoch ms of the service day's local midnight (noon minus 12 h). */
  startMs: number;
}

/** The local calendar date (YYYYMMDD, GTFS form) at instant `ms` in `timeZone`. */
export const localDate = (ms: number, timeZone: string): string => cityDate(ms, timeZone).replace(/-/g, '');

/** Service day for a GTFS date: its start is local noon minus 12 h. */
export function serviceDay(date: string, timeZone: string): ServiceDay {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(4, 6)) - 1;
  const d = Number(date.slice(6, 8));
  const noonUtcGuess = Date.UTC(y, m, d, 12);
  const noon = noonUtcGuess - timeZoneOffsetMs(noonUtcGuess, timeZone);
  return { date, weekday: new Date(Date.UTC(y, m, d)).getUTCDay(), startMs: noon - 12 * 3_600_000 };
}

/**
 * Every service day whose trips can fall in [fromMs, toMs]: from the day before the window's first local date (for
 * times past 24:00:00, up to `maxServiceSecs`) to the window's last local date.
 */
export function serviceDaysOverlapping(fromMs: number, toMs: number, timeZone: string, maxServiceSecs = 48 * 3600): ServiceDay[] {
  const days: ServiceDay[] = [];
  const lookBackDays = Math.max(1, Math.ceil(maxServiceSecs / 86400) - 1);
  let cursor = serviceDay(localDate(fromMs, timeZone), timeZone);
  for (let i = 0; i < lookBackDays; i++) cursor = serviceDay(localDate(cursor.startMs - 1, timeZone), timeZone);
  while (cursor.startMs <= toMs) {
    if (cursor.startMs + maxServiceSecs * 1000 >= fromMs) days.push(cursor);
    cursor = serviceDay(localDate(cursor.startMs + DAY_MS + 6 * 3_600_000, timeZone), timeZone);
  }
  return days;
}

/** GTFS "HH:MM:SS" (hours may exceed 23) to seconds; null for an empty or malformed value. */
export function parseGtfsTime(value: string): number | null {
  const m = /^\s*(\d{1,3}):([0-5]\d):([0-5]\d)\s*$/.exec(value);
  if (!m) return null;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

/** Departures of a headway-based trip (GTFS frequencies.txt): start, start + headway, ... while before end. */
export function expandFrequency(startSecs: number, endSecs: number, headwaySecs: number): number[] {
  if (headwaySecs <= 0 || endSecs <= startSecs) return [];
  const out: number[] = [];
  for (let t = startSecs; t < endSecs; t += headwaySecs) out.push(t);
  return out;
}
