import { DAY_MS, expandFrequency, serviceDay, serviceDaysOverlapping, type ServiceDay } from '@sawari/domain';
import type { TimetableRows } from './store';
import { ServiceCalendar } from './service-calendar';

/**
 * One city's current feed compiled for answering "when does route R leave stop S between two instants" without the
 * database: for every (route, stop) pair, the departure seconds of each service, sorted. Pure data, no I/O.
 */

interface PairDepartures {
  service: number;
  secs: Int32Array;
}

/** A headway window (GTFS frequencies.txt) as seen at one stop: the trip's window shifted by the stop's offset. */
export interface HeadwayWindow {
  start_time: number;
  end_time: number;
  frequency: number;
}

interface ServiceWindow extends HeadwayWindow {
  service: number;
}

/** A route at a stop on one service day: exact departure seconds (headway trips expanded) and the headway windows. */
export interface DayTimetable {
  departures: number[];
  frequencies: HeadwayWindow[];
}

export type PairCheck = { ok: true } | { ok: false; reason: 'unknown-route' | 'unknown-stop' | 'not-served' };

const key = (routeId: string, stopId: string) => `${routeId}\u0000${stopId}`;

function lowerBound(a: Int32Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Fills missing times of a trip's stops by linear interpolation between the timed stops around them. */
function interpolate(times: (number | null)[]): (number | null)[] {
  const out = times.slice();
  let prev = -1;
  for (let i = 0; i < out.length; i++) {
    if (out[i] === null) continue;
    if (prev >= 0 && i - prev > 1) {
      const a = out[prev] as number;
      const b = out[i] as number;
      for (let j = prev + 1; j < i; j++) out[j] = Math.round(a + ((b - a) * (j - prev)) / (i - prev));
    }
    prev = i;
  }
  return out;
}

export class Timetable {
  private calendar!: ServiceCalendar;
  private readonly pairs = new Map<string, PairDepartures[]>();
  private readonly routes = new Set<string>();
  private readonly stops = new Map<string, string>();
  private readonly destinations = new Map<string, string>();
  /** Headway windows per (route, stop) and per route (at each trip's first stop). */
  private readonly pairWindows = new Map<string, ServiceWindow[]>();
  private readonly routeWindows = new Map<string, ServiceWindow[]>();
  /** Services each route runs trips on. */
  private readonly routeServices = new Map<string, Set<number>>();
  private daySpan: { fromMs: number; toMs: number; days: ServiceDay[] } | null = null;
  /** Latest departure in seconds after a service day's start (GTFS times can pass 24:00:00). */
  private maxSecs = 24 * 3600;

  constructor(
    readonly feedId: number,
    readonly timeZone: string,
    rows: TimetableRows,
  ) {
    this.compile(rows);
  }

  private compile(rows: TimetableRows): void {
    for (const s of rows.stops) this.stops.set(s.stop_id, s.stop_name ?? s.stop_id);
    for (const r of rows.routes) this.routes.add(r.route_id);

    this.calendar = new ServiceCalendar(rows.calendar, rows.calendarDates);
    const rule = (id: string): number => this.calendar.indexOf(id);

    const freqByTrip = new Map<string, TimetableRows['frequencies']>();
    for (const f of rows.frequencies) {
      const list = freqByTrip.get(f.trip_id);
      if (list) list.push(f);
      else freqByTrip.set(f.trip_id, [f]);
    }
    const tripById = new Map(rows.trips.map((t) => [t.trip_id, t]));

    // Collect per pair and service, then freeze into sorted typed arrays.
    const collected = new Map<string, Map<number, number[]>>();
    const lastStopCount = new Map<string, Map<string, number>>();
    const add = (routeId: string, stopId: string, service: number, secs: number) => {
      const k = key(routeId, stopId);
      let byService = collected.get(k);
      if (!byService) collected.set(k, (byService = new Map()));
      const list = byService.get(service);
      if (list) list.push(secs);
      else byService.set(service, [secs]);
      if (secs > this.maxSecs) this.maxSecs = secs;
    };

    const st = rows.stopTimes;
    for (let start = 0; start < st.length;) {
      let end = start;
      while (end < st.length && st[end].trip_id === st[start].trip_id) end++;
      const trip = tripById.get(st[start].trip_id);
      if (trip) {
        const stops = st.slice(start, end);
        const times = interpolate(stops.map((s) => s.departure_secs ?? s.arrival_secs));
        const service = rule(trip.service_id);
        const last = stops[stops.length - 1].stop_id;
        let counts = lastStopCount.get(trip.route_id);
        if (!counts) lastStopCount.set(trip.route_id, (counts = new Map()));
        counts.set(last, (counts.get(last) ?? 0) + 1);

        const freqs = freqByTrip.get(trip.trip_id);
        const base = times.find((t) => t !== null) ?? null;
        let services = this.routeServices.get(trip.route_id);
        if (!services) this.routeServices.set(trip.route_id, (services = new Set()));
        services.add(service);
        if (freqs && base !== null) {
          const windows = (k: string, map: Map<string, ServiceWindow[]>, offset: number) => {
            let list = map.get(k);
            if (!list) map.set(k, (list = []));
            for (const f of freqs) list.push({ service, start_time: f.start_secs + offset, end_time: f.end_secs + offset, frequency: f.headway_secs });
          };
          windows(trip.route_id, this.routeWindows, 0);
          stops.forEach((s, i) => {
            if (times[i] !== null) windows(key(trip.route_id, s.stop_id), this.pairWindows, (times[i] as number) - base);
          });
        }
        stops.forEach((s, i) => {
          const t = times[i];
          if (t === null || base === null) return;
          if (!freqs) return add(trip.route_id, s.stop_id, service, t);
          // Headway-based trip: its stop_times only give each stop's offset from the first stop.
          for (const f of freqs)
            for (const dep of expandFrequency(f.start_secs, f.end_secs, f.headway_secs)) add(trip.route_id, s.stop_id, service, dep + (t - base));
        });
      }
      start = end;
    }

    for (const [k, byService] of collected) {
      const list: PairDepartures[] = [];
      for (const [service, secs] of byService) list.push({ service, secs: Int32Array.from(secs).sort() });
      this.pairs.set(k, list);
    }
    for (const [routeId, counts] of lastStopCount) {
      const [stopId] = [...counts].sort((a, b) => b[1] - a[1])[0];
      this.destinations.set(routeId, this.stops.get(stopId) ?? stopId);
    }
  }

  check(routeId: string, stopId: string): PairCheck {
    if (!this.routes.has(routeId)) return { ok: false, reason: 'unknown-route' };
    if (!this.stops.has(stopId)) return { ok: false, reason: 'unknown-stop' };
    return this.pairs.has(key(routeId, stopId)) ? { ok: true } : { ok: false, reason: 'not-served' };
  }

  /** Name of the stop the route's trips end at (the most common last stop), or null for an unknown route. */
  destination(routeId: string): string | null {
    return this.destinations.get(routeId) ?? null;
  }

  private activeOn(day: ServiceDay): Uint8Array {
    return this.calendar.activeOn(day);
  }

  /**
   * Service days that can have departures in [fromMs, toMs] (once per request, shared by its pairs). Working them out
   * takes time-zone formatting (~50 µs), so a span of about a week is computed at once and each request filters it
   * with the same rule as serviceDaysOverlapping: the day starts by toMs and its last departure is not before fromMs.
   */
  serviceDays(fromMs: number, toMs: number): ServiceDay[] {
    const maxMs = Math.max(this.maxSecs, 24 * 3600) * 1000;
    let span = this.daySpan;
    if (!span || fromMs < span.fromMs || toMs > span.toMs) {
      span = { fromMs: fromMs - DAY_MS, toMs: toMs + 7 * DAY_MS, days: [] };
      span.days = serviceDaysOverlapping(span.fromMs, span.toMs, this.timeZone, maxMs / 1000);
      this.daySpan = span;
    }
    return span.days.filter((d) => d.startMs <= toMs && d.startMs + maxMs >= fromMs);
  }

  /** The service day of a GTFS date (YYYYMMDD) in the feed's time zone. */
  day(date: string): ServiceDay {
    return serviceDay(date, this.timeZone);
  }

  /** The route at the stop on one service day: sorted, distinct departure seconds and the active headway windows. */
  dayTimetable(routeId: string, stopId: string, date: string): DayTimetable {
    const active = this.activeOn(this.day(date));
    const secs = new Set<number>();
    for (const e of this.pairs.get(key(routeId, stopId)) ?? []) if (active[e.service]) for (const s of e.secs) secs.add(s);
    return { departures: [...secs].sort((a, b) => a - b), frequencies: activeWindows(this.pairWindows.get(key(routeId, stopId)), active) };
  }

  /** Whether the route runs any trip on the date, and its headway windows that day (at each trip's first stop). */
  routeDay(routeId: string, date: string): { runs: boolean; frequencies: HeadwayWindow[]; hasHeadwayTrips: boolean } {
    const active = this.activeOn(this.day(date));
    const services = this.routeServices.get(routeId);
    const runs = !!services && [...services].some((s) => active[s] === 1);
    const windows = this.routeWindows.get(routeId);
    return { runs, frequencies: activeWindows(windows, active), hasHeadwayTrips: !!windows?.length };
  }

  /** Whether the route has headway trips at the stop (on any day). */
  hasHeadwayTrips(routeId: string, stopId: string): boolean {
    return !!this.pairWindows.get(key(routeId, stopId))?.length;
  }

  /** Departures (epoch ms, ascending, without repeats) of the route at the stop within [fromMs, toMs]. */
  departures(routeId: string, stopId: string, fromMs: number, toMs: number, days: ServiceDay[] = this.serviceDays(fromMs, toMs)): number[] {
    const entries = this.pairs.get(key(routeId, stopId));
    if (!entries) return [];
    const out: number[] = [];
    for (const day of days) {
      const active = this.activeOn(day);
      const lo = Math.ceil((fromMs - day.startMs) / 1000);
      const hi = Math.floor((toMs - day.startMs) / 1000);
      for (const e of entries) {
        if (!active[e.service]) continue;
        for (let i = lowerBound(e.secs, lo); i < e.secs.length && e.secs[i] <= hi; i++) out.push(day.startMs + e.secs[i] * 1000);
      }
    }
    out.sort((a, b) => a - b);
    let n = 0;
    for (let i = 0; i < out.length; i++) if (i === 0 || out[i] !== out[n - 1]) out[n++] = out[i];
    out.length = n;
    return out;
  }
}

/** The windows of active services, sorted by start, without repeats. */
function activeWindows(windows: ServiceWindow[] | undefined, active: Uint8Array): HeadwayWindow[] {
  if (!windows) return [];
  const seen = new Set<string>();
  const out: HeadwayWindow[] = [];
  for (const w of windows) {
    if (!active[w.service]) continue;
    const k = `${w.start_time}:${w.end_time}:${w.frequency}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push({ start_time: w.start_time, end_time: w.end_time, frequency: w.frequency });
  }
  return out.sort((a, b) => a.start_time - b.start_time || a.end_time - b.end_time);
}
