// Trip planner state in the URL (so results can be shared, reloaded and gone back to). Pure; tested in plan.test.ts.
import { cityDate, cityDateTimeMs } from '@sawari/domain';
import type { Itinerary, PlaceInput } from '../common/transit';

export type PlannerPlace = { kind: 'stop'; stopId: string; name: string } | { kind: 'geo'; lat: number; lon: number; name: string };
/** now; leave at a date and time; arrive by a date and time; leave within a window from now. */
export type DepartMode = 'now' | 'at' | 'by' | 'window';
export type PlanRequest = { from: PlannerPlace; to: PlannerPlace; mode: DepartMode; time?: string; date?: string; windowMinutes?: number };

export function encodePlace(p: PlannerPlace): string {
  return p.kind === 'stop' ? `stop:${p.stopId}` : `geo:${p.lat.toFixed(6)},${p.lon.toFixed(6)}`;
}

export function decodePlace(value: string | null, name: string | null): PlannerPlace | null {
  if (!value) return null;
  if (value.startsWith('stop:') && value.length > 5) return { kind: 'stop', stopId: value.slice(5), name: name || value.slice(5) };
  const m = /^geo:(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(value);
  if (m) {
    const lat = Number(m[1]);
    const lon = Number(m[2]);
    if (Math.abs(lat) <= 90 && Math.abs(lon) <= 180) return { kind: 'geo', lat, lon, name: name || `${m[1]}, ${m[2]}` };
  }
  return null;
}

/** The planner's place: a stop (the server plans from the stops of the same name around it), or a named coordinate. */
export const toPlaceInput = (p: PlannerPlace): PlaceInput =>
  p.kind === 'stop' ? { stopId: p.stopId } : { lat: p.lat, lon: p.lon, name: p.name.slice(0, 100) };

export function planQuery(r: PlanRequest): string {
  const q = new URLSearchParams({ from: encodePlace(r.from), fromName: r.from.name, to: encodePlace(r.to), toName: r.to.name, mode: r.mode });
  if ((r.mode === 'at' || r.mode === 'by') && r.time) q.set('time', r.time);
  if ((r.mode === 'at' || r.mode === 'by') && r.date) q.set('date', r.date);
  if (r.mode === 'window') q.set('window', String(r.windowMinutes ?? 30));
  return q.toString();
}

export function readPlan(params: URLSearchParams): PlanRequest | null {
  const from = decodePlace(params.get('from'), params.get('fromName'));
  const to = decodePlace(params.get('to'), params.get('toName'));
  if (!from || !to) return null;
  const mode = (['now', 'at', 'by', 'window'] as const).find((m) => m === params.get('mode')) ?? 'now';
  const time = params.get('time') ?? undefined;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? (params.get('date') as string) : undefined;
  const windowMinutes = Math.min(180, Math.max(5, Number(params.get('window')) || 30));
  const timed = mode === 'at' || mode === 'by';
  return { from, to, mode, time: timed ? time : undefined, date: timed ? date : undefined, windowMinutes: mode === 'window' ? windowMinutes : undefined };
}

const HHMM = /^(\d{1,2}):(\d{2})$/;
/** Minutes after midnight of "HH:mm" (a real time of day), else null. */
function minuteOfDay(hhmm: string): number | null {
  const m = HHMM.exec(hhmm);
  return !m || Number(m[1]) > 23 || Number(m[2]) > 59 ? null : Number(m[1]) * 60 + Number(m[2]);
}

/** "HH:mm" today in city time (shared/domain city-time) as epoch ms. */
export function cityTimeToday(now: number, hhmm: string): number | null {
  const minutes = minuteOfDay(hhmm);
  return minutes === null ? null : cityDateTimeMs(cityDate(now), minutes);
}

/** "YYYY-MM-DD" and "HH:mm" in city time as epoch ms; null when not a real date and time. */
export function cityDateTime(date: string, hhmm: string): number | null {
  const minutes = minuteOfDay(hhmm);
  return minutes === null ? null : cityDateTimeMs(date, minutes);
}

/** Today's date in city time, "YYYY-MM-DD" (the date picker's default). */
export const cityToday = (now: number): string => cityDate(now);

/** Variables of planTrip for a request: leave now, leave at / arrive by a date and time (today when no date), or a window. */
export function planVariables(city: string, r: PlanRequest, now: number) {
  const timed = (r.mode === 'at' || r.mode === 'by') && r.time ? (r.date ? cityDateTime(r.date, r.time) : cityTimeToday(now, r.time)) : null;
  const departAt = timed ?? now;
  return {
    city,
    from: toPlaceInput(r.from),
    to: toPlaceInput(r.to),
    departAt,
    windowMinutes: r.mode === 'window' ? (r.windowMinutes ?? 30) : 0,
    arriveBy: r.mode === 'by',
  };
}

/** The rides of an itinerary as the tickets API prices them (route, boarding and alighting stop). */
export function fareLegs(it: Pick<Itinerary, 'legs'>): { routeId: string; fromStopId: string; toStopId: string }[] {
  return it.legs.flatMap((l) =>
    l.mode !== 'WALK' && l.route && l.from.stop_id && l.to.stop_id ? [{ routeId: l.route.route_id, fromStopId: l.from.stop_id, toStopId: l.to.stop_id }] : [],
  );
}

/** mf-tickets' single-ticket hand-over for one ride: that route, those stops, straight to the ticket and its fare. */
export function buyTicketHref(city: string, leg: { routeId: string; fromStopId: string; toStopId: string }): string {
  const q = new URLSearchParams({ city, routeId: leg.routeId, from: leg.fromStopId, to: leg.toStopId });
  return `/app/select-trip/select-route?${q.toString()}`;
}

const TRIP_KEY = 'sawari.tracking.selectedTrip';
/** The itinerary opened on the details screen (sessionStorage: this tab only, gone with it). */
export function saveSelectedTrip(trip: { itinerary: Itinerary; from: string; to: string }): void {
  try {
    sessionStorage.setItem(TRIP_KEY, JSON.stringify(trip));
  } catch {
    // storage blocked: the details screen says so
  }
}
export function readSelectedTrip(): { itinerary: Itinerary; from: string; to: string } | null {
  try {
    const raw = sessionStorage.getItem(TRIP_KEY);
    const v = raw ? JSON.parse(raw) : null;
    return v && Array.isArray(v.itinerary?.legs) ? v : null;
  } catch {
    return null;
  }
}

/** A service date (YYYYMMDD) as the rider's language writes a day, e.g. "Thursday, 15 January". */
export function serviceDateText(date: string, locale: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(date);
  if (!m) return date;
  const lang = locale.slice(0, 2);
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-IN' : `${lang}-IN`, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
    numberingSystem: 'latn',
  }).format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}
