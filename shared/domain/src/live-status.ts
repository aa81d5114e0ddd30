// How fresh live data is, and what a rider is told about a bus due at a stop: one rule for every
// screen. Pure: every function takes `now`.
import { usableEtas } from './transit';

/** A position or prediction is "live" only while it is at most this old; older, it is "last seen N min ago". */
export const LIVE_FRESH_MS = 90_000;

export type Freshness = { kind: 'live'; ageSeconds: number } | { kind: 'lastSeen'; minutes: number };

/** Live while the data (its timestamp `tS`, epoch ms) is at most 90 s old; else last seen N whole minutes ago (≥ 1). */
export function freshness(tS: number, now: number): Freshness {
  const age = Math.max(0, now - tS);
  if (age <= LIVE_FRESH_MS) return { kind: 'live', ageSeconds: Math.round(age / 1000) };
  return { kind: 'lastSeen', minutes: Math.max(1, Math.floor(age / 60_000)) };
}

export interface ArrivalFacts {
  scheduledTime: number;
  vNo: string | null;
  tS: number | null;
  eta: number | null;
  passedAt: number | null;
}

/**
 * What a rider is told about one bus due at a stop:
 *  - justLeft / passed N min ago (N ≥ 1: never "passed 0 min ago");
 *  - live: an ETA from data at most 90 s old, "in N min";
 *  - estimated: an ETA from older data still usable under spec §9 (≤ 15 min, not -1): "in N min", last seen M min ago;
 *  - scheduled: the timetable's time, labelled as scheduled (no vehicle claimed).
 */
export type ArrivalStatus =
  | { kind: 'justLeft' }
  | { kind: 'passed'; minutesAgo: number }
  | { kind: 'live'; minutes: number }
  | { kind: 'estimated'; minutes: number; lastSeenMinutes: number }
  | { kind: 'scheduled'; at: number };

export function arrivalStatus(a: ArrivalFacts, now: number): ArrivalStatus {
  if (a.passedAt != null) {
    const minutesAgo = Math.floor(Math.max(0, now - a.passedAt) / 60_000);
    return minutesAgo < 1 ? { kind: 'justLeft' } : { kind: 'passed', minutesAgo };
  }
  const usable = a.vNo && a.tS != null && a.eta != null ? usableEtas([{ vNo: a.vNo, tS: a.tS, eta: a.eta }], now)[0] : undefined;
  if (!usable) return { kind: 'scheduled', at: a.scheduledTime };
  // The ETA counts from when it was computed (tS), so it shrinks as time passes.
  const minutes = Math.max(0, Math.round((usable.eta - Math.max(0, now - usable.tS) / 1000) / 60));
  const f = freshness(usable.tS, now);
  return f.kind === 'live' ? { kind: 'live', minutes } : { kind: 'estimated', minutes, lastSeenMinutes: f.minutes };
}

/** Sort key of a status: buses that left first (most recent last), then by the time the rider is told. */
export function arrivalOrder(s: ArrivalStatus, now: number): number {
  switch (s.kind) {
    case 'justLeft':
      return -1;
    case 'passed':
      return -2 - s.minutesAgo;
    case 'live':
    case 'estimated':
      return now + s.minutes * 60_000;
    case 'scheduled':
      return s.at;
  }
}

/** The languages of the app (the six catalogs). */
export type ClockLanguage = 'en' | 'hi' | 'mr' | 'kn' | 'ta' | 'ml';

const clocks = new Map<string, Intl.DateTimeFormat>();
function clockFor(language: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}`;
  let f = clocks.get(key);
  if (!f) {
    const locale = language === 'en' ? 'en-US' : `${language}-IN`;
    f = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit', hour12: true, numberingSystem: 'latn' });
    clocks.set(key, f);
  }
  return f;
}

/**
 * One clock format per language, on every screen: English as the airport boards, 12-hour "9:05 PM"; the Indian
 * languages the 12-hour clock of their own locale, in Latin digits as every number in the app (e.g. Hindi "9:05 pm").
 * City time.
 */
export function clockText(ms: number, language: string, timeZone = 'Asia/Kolkata'): string {
  const lang = language.slice(0, 2).toLowerCase();
  const f = clockFor(lang, timeZone);
  if (lang !== 'en') return f.format(ms);
  const parts = f.formatToParts(ms);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${Number(get('hour'))}:${get('minute')} ${get('dayPeriod').toUpperCase()}`;
}
