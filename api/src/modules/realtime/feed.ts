import { DAY_MS, expandFrequency, haversineKm, parseGtfsTime, serviceDaysOverlapping, type ServiceDay } from '@sawari/domain';
import { ServiceCalendar } from '../transit';
import type { RealtimeRows } from './store';

/**
 * One city's current feed compiled trip by trip, for the realtime module: which runs of which trips are on the road
 * at an instant, where along their shape they are, and which runs call at a stop in a window. Pure data, no I/O.
 * (The transit module's Timetable answers per route and stop and forgets trips; live data is per trip run.)
 */

export interface FeedStop {
  id: string;
  name: string;
  lat: number | null;
  lon: number | null;
}

export interface FeedRoute {
  id: string;
  /** Short name (the number on the bus), else the long name, else the id. */
  name: string;
  /** The feed's route_color and route_text_color as '#RRGGBB', null where it has none (or not six hex digits). */
  color: string | null;
  textColor: string | null;
}

/** A GTFS colour ('1a73e8') as the API gives colours ('#1A73E8', like TransitService), null when it is not one. */
const feedColour = (c: string | null | undefined): string | null => (c && /^[0-9a-fA-F]{6}$/.test(c) ? `#${c.toUpperCase()}` : null);

export interface Shape {
  lats: Float64Array;
  lons: Float64Array;
  /** Cumulative km from the first point. */
  cum: Float64Array;
}

export interface FeedTrip {
  id: string;
  routeId: string;
  headsign: string;
  service: number;
  stopIds: string[];
  seqs: Int32Array;
  /** Seconds after the run's first departure. */
  arr: Int32Array;
  dep: Int32Array;
  /** First departures of the runs, seconds after the service day's start: one, or many for a frequency trip. */
  starts: Int32Array;
  shapeId: string | null;
  /** Km along the shape of each stop, worked out on first use; null when the trip has no usable shape. */
  stopKm?: Float64Array | null;
}

/** One run of a trip on one service day. */
export interface TripRun {
  trip: FeedTrip;
  day: ServiceDay;
  /** First departure, seconds after day.startMs. */
  start: number;
  /** Stable id of the run: tripId|YYYYMMDD|startSecs. */
  key: string;
}

export interface PointOnTrip {
  lat: number;
  lon: number;
  bearing: number | null;
  /** Index of the stop the bus is at or travelling to. */
  nextIndex: number;
  atStop: boolean;
}

export const runKey = (tripId: string, date: string, start: number) => `${tripId}|${date}|${start}`;

export function formatGtfsTime(secs: number): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(Math.floor(secs / 3600))}:${p(Math.floor((secs % 3600) / 60))}:${p(secs % 60)}`;
}

function bearingDeg(lat1: number, lon1: number, lat2: number, lon2: number): number | null {
  if (lat1 === lat2 && lon1 === lon2) return null;
  const rad = Math.PI / 180;
  const y = Math.sin((lon2 - lon1) * rad) * Math.cos(lat2 * rad);
  const x = Math.cos(lat1 * rad) * Math.sin(lat2 * rad) - Math.sin(lat1 * rad) * Math.cos(lat2 * rad) * Math.cos((lon2 - lon1) * rad);
  return Math.round(((Math.atan2(y, x) / rad + 360) % 360) * 10) / 10;
}

function upperBound(a: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A compiled feed's contents (RealtimeFeed.parts and fromParts; its snapshot is made of them). */
export interface FeedParts {
  stops: ReadonlyMap<string, FeedStop>;
  routes: ReadonlyMap<string, FeedRoute>;
  /** In the feed's order (calls refer to trips by their place here). */
  trips: readonly FeedTrip[];
  /** stop id -> the trips (places in `trips`) calling there and the stop's index in each, in trip order. */
  calls: ReadonlyMap<string, { trips: ArrayLike<number>; indexes: ArrayLike<number> }>;
  shapes: ReadonlyMap<string, Shape>;
  calendarRows: Pick<RealtimeRows, 'calendar' | 'calendarDates'>;
  maxTripSecs: number;
  maxServiceSecs: number;
}

export class RealtimeFeed {
  readonly stops = new Map<string, FeedStop>();
  readonly routes = new Map<string, FeedRoute>();
  readonly trips: FeedTrip[] = [];
  readonly tripById = new Map<string, FeedTrip>();
  /**
   * stop id -> every call there, as two lists of small integers (the trip's place in `trips`, the stop's index in the
   * trip) rather than an object a call: a big city has millions of calls, and millions of small objects made the
   * start-up's compile and its garbage collections long (callsAt answers a stop's calls as objects, on demand).
   */
  private readonly calls = new Map<string, { trips: ArrayLike<number>; indexes: ArrayLike<number> }>();
  readonly tripsByRoute = new Map<string, FeedTrip[]>();
  private readonly shapes = new Map<string, Shape>();
  private calendar!: ServiceCalendar;
  /** The rows the calendar was made of (kept for the feed's snapshot). */
  private calendarRows: Pick<RealtimeRows, 'calendar' | 'calendarDates'> = { calendar: [], calendarDates: [] };
  private daySpan: { fromMs: number; toMs: number; days: ServiceDay[] } | null = null;
  /** Longest run, seconds from first departure to last arrival. */
  maxTripSecs = 0;
  private maxServiceSecs = 24 * 3600;

  constructor(
    readonly cityId: string,
    readonly feedId: number,
    readonly timeZone: string,
    rows: RealtimeRows | null,
  ) {
    if (rows) for (const _ of this.compile(rows));
  }

  /**
   * The feed compiled in slices of about `sliceMs` of the thread each, the event loop served between them (a server
   * starting answers its health checks meanwhile): the same feed as the constructor's, without one long task.
   */
  static async compiled(cityId: string, feedId: number, timeZone: string, rows: RealtimeRows, sliceMs = 10): Promise<RealtimeFeed> {
    const feed = new RealtimeFeed(cityId, feedId, timeZone, null);
    let sliceStart = performance.now();
    for (const _ of feed.compile(rows))
      if (performance.now() - sliceStart >= sliceMs) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    return feed;
  }

  /** Compiles the rows, yielding after each shape and each trip (where a slice may end). */
  private *compile(rows: RealtimeRows): Generator<void> {
    for (const s of rows.stops) this.stops.set(s.stop_id, { id: s.stop_id, name: s.stop_name ?? s.stop_id, lat: s.stop_lat, lon: s.stop_lon });
    for (const r of rows.routes)
      this.routes.set(r.route_id, {
        id: r.route_id,
        name: r.route_short_name || r.route_long_name || r.route_id,
        color: feedColour(r.route_color),
        textColor: feedColour(r.route_text_color),
      });

    this.calendar = new ServiceCalendar(rows.calendar, rows.calendarDates);
    this.calendarRows = { calendar: rows.calendar, calendarDates: rows.calendarDates };
    const rule = (id: string): number => this.calendar.indexOf(id);

    for (const row of rows.shapes) {
      const n = row.lats.length;
      if (n < 2) continue;
      const shape: Shape = { lats: Float64Array.from(row.lats), lons: Float64Array.from(row.lons), cum: new Float64Array(n) };
      for (let j = 1; j < n; j++) shape.cum[j] = shape.cum[j - 1] + haversineKm(shape.lats[j - 1], shape.lons[j - 1], shape.lats[j], shape.lons[j]);
      this.shapes.set(row.shape_id, shape);
      yield;
    }

    const freqByTrip = new Map<string, number[]>();
    for (const f of rows.frequencies) {
      const list = freqByTrip.get(f.trip_id) ?? [];
      list.push(...expandFrequency(f.start_secs, f.end_secs, f.headway_secs));
      freqByTrip.set(f.trip_id, list);
    }
    const tripRows = new Map(rows.trips.map((t) => [t.trip_id, t]));
    for (const calls of rows.stopTimes) {
      const row = tripRows.get(calls.trip_id);
      const n = calls.stop_ids.length;
      if (!row || n < 2) continue;
      const times = fillTimes(calls.stop_ids.map((_, j) => [calls.arr[j] ?? calls.dep[j], calls.dep[j] ?? calls.arr[j]]));
      if (!times) continue;
      const base = times[0][1];
      const freqs = freqByTrip.get(row.trip_id);
      const lastStop = calls.stop_ids[n - 1];
      const trip: FeedTrip = {
        id: row.trip_id,
        routeId: row.route_id,
        headsign: row.trip_headsign || this.stops.get(lastStop)?.name || lastStop,
        service: rule(row.service_id),
        stopIds: calls.stop_ids,
        seqs: Int32Array.from(calls.seqs),
        arr: Int32Array.from(times.map((t) => t[0] - base)),
        dep: Int32Array.from(times.map((t) => t[1] - base)),
        starts: Int32Array.from(freqs ? [...new Set(freqs)].sort((a, b) => a - b) : [base]),
        shapeId: row.shape_id && this.shapes.has(row.shape_id) ? row.shape_id : null,
      };
      const duration = trip.arr[trip.arr.length - 1];
      this.maxTripSecs = Math.max(this.maxTripSecs, duration);
      this.maxServiceSecs = Math.max(this.maxServiceSecs, trip.starts[trip.starts.length - 1] + duration);
      const tripNo = this.trips.length;
      this.trips.push(trip);
      this.tripById.set(trip.id, trip);
      const byRoute = this.tripsByRoute.get(trip.routeId) ?? [];
      byRoute.push(trip);
      this.tripsByRoute.set(trip.routeId, byRoute);
      for (let index = 0; index < n; index++) {
        const stopId = trip.stopIds[index];
        let at = this.calls.get(stopId) as { trips: number[]; indexes: number[] } | undefined;
        if (!at) this.calls.set(stopId, (at = { trips: [], indexes: [] }));
        at.trips.push(tripNo);
        at.indexes.push(index);
      }
      yield;
    }
  }

  /** Every call at the stop: the trip and the index of the stop in it, in the feed's trip order; [] for a stop none calls at. */
  callsAt(stopId: string): { trip: FeedTrip; index: number }[] {
    const at = this.calls.get(stopId);
    if (!at) return [];
    const out: { trip: FeedTrip; index: number }[] = new Array(at.trips.length);
    for (let i = 0; i < at.trips.length; i++) out[i] = { trip: this.trips[at.trips[i]], index: at.indexes[i] };
    return out;
  }

  /** What the feed is made of, for its snapshot (feed-snapshot.ts): read-only. */
  parts(): FeedParts {
    return {
      stops: this.stops,
      routes: this.routes,
      trips: this.trips,
      calls: this.calls,
      shapes: this.shapes,
      calendarRows: this.calendarRows,
      maxTripSecs: this.maxTripSecs,
      maxServiceSecs: this.maxServiceSecs,
    };
  }

  /**
   * A feed from the parts of one compiled before (its snapshot), in slices of about `sliceMs` of the thread: the same
   * answers as the feed those parts came from. `trips` come without their lookups, which are made here.
   */
  static async fromParts(cityId: string, feedId: number, timeZone: string, parts: FeedParts, sliceMs = 10): Promise<RealtimeFeed> {
    const feed = new RealtimeFeed(cityId, feedId, timeZone, null);
    for (const [k, v] of parts.stops) feed.stops.set(k, v);
    for (const [k, v] of parts.routes) feed.routes.set(k, v);
    for (const [k, v] of parts.shapes) feed.shapes.set(k, v);
    for (const [k, v] of parts.calls) feed.calls.set(k, v);
    feed.calendar = new ServiceCalendar(parts.calendarRows.calendar, parts.calendarRows.calendarDates);
    feed.calendarRows = parts.calendarRows;
    feed.maxTripSecs = parts.maxTripSecs;
    feed.maxServiceSecs = parts.maxServiceSecs;
    let sliceStart = performance.now();
    for (const trip of parts.trips) {
      feed.trips.push(trip);
      feed.tripById.set(trip.id, trip);
      const byRoute = feed.tripsByRoute.get(trip.routeId);
      if (byRoute) byRoute.push(trip);
      else feed.tripsByRoute.set(trip.routeId, [trip]);
      if ((feed.trips.length & 1023) === 0 && performance.now() - sliceStart >= sliceMs) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
    return feed;
  }

  /** The ids of the stops some trip calls at. */
  calledStops(): string[] {
    return [...this.calls.keys()];
  }

  stopName(stopId: string): string {
    return this.stops.get(stopId)?.name ?? stopId;
  }

  routeName(routeId: string): string {
    return this.routes.get(routeId)?.name ?? routeId;
  }

  /** The route's feed colours ('#RRGGBB' or null each); both null for a route the feed does not have. */
  routeColours(routeId: string): { color: string | null; textColor: string | null } {
    const r = this.routes.get(routeId);
    return { color: r?.color ?? null, textColor: r?.textColor ?? null };
  }

  /** Service days that can have runs in [fromMs, toMs]; a span around it is computed once (time-zone formatting). */
  serviceDays(fromMs: number, toMs: number): ServiceDay[] {
    const maxMs = this.maxServiceSecs * 1000;
    let span = this.daySpan;
    if (!span || fromMs < span.fromMs || toMs > span.toMs) {
      span = { fromMs: fromMs - DAY_MS, toMs: toMs + 2 * DAY_MS, days: [] };
      span.days = serviceDaysOverlapping(span.fromMs, span.toMs, this.timeZone, this.maxServiceSecs);
      this.daySpan = span;
    }
    return span.days.filter((d) => d.startMs <= toMs && d.startMs + maxMs >= fromMs);
  }

  private activeOn(day: ServiceDay): Uint8Array {
    return this.calendar.activeOn(day);
  }

  /** Runs of `trip` whose first departure plus `offsetSecs` falls in [fromMs, toMs], on the given service days. */
  runs(trip: FeedTrip, fromMs: number, toMs: number, offsetSecs: number, days: ServiceDay[], out: TripRun[] = []): TripRun[] {
    for (const day of days) {
      if (!this.activeOn(day)[trip.service]) continue;
      const lo = Math.ceil((fromMs - day.startMs) / 1000) - offsetSecs;
      const hi = Math.floor((toMs - day.startMs) / 1000) - offsetSecs;
      for (let i = upperBound(trip.starts, lo - 1); i < trip.starts.length && trip.starts[i] <= hi; i++) {
        const start = trip.starts[i];
        out.push({ trip, day, start, key: runKey(trip.id, day.date, start) });
      }
    }
    return out;
  }

  /** Runs on the road at some instant of [fromMs, toMs]: first departure at or before toMs, last arrival at or after fromMs. */
  runsBetween(fromMs: number, toMs: number, trips: readonly FeedTrip[] = this.trips): TripRun[] {
    const days = this.serviceDays(fromMs - this.maxTripSecs * 1000, toMs);
    const out: TripRun[] = [];
    for (const trip of trips) this.runs(trip, fromMs - trip.arr[trip.arr.length - 1] * 1000, toMs, 0, days, out);
    return out;
  }

  /** The run a GTFS-RT trip descriptor names, or null; without a start date/time, the only or nearest run to `now`. */
  findRun(tripId: string, startDate: string | null | undefined, startTime: string | null | undefined, now: number): TripRun | null {
    const trip = this.tripById.get(tripId);
    if (!trip) return null;
    const start = startTime ? parseGtfsTime(startTime) : null;
    const candidates = this.runsBetween(now - 6 * 3_600_000, now + 6 * 3_600_000, [trip]).filter(
      (r) => (!startDate || r.day.date === startDate) && (start === null || r.start === start),
    );
    let best: TripRun | null = null;
    let bestGap = Infinity;
    for (const r of candidates) {
      const from = r.day.startMs + r.start * 1000;
      const to = from + trip.arr[trip.arr.length - 1] * 1000;
      const gap = now < from ? from - now : now > to ? now - to : 0;
      if (gap < bestGap) [best, bestGap] = [r, gap];
    }
    return best;
  }

  /** Where a run is `secs` after its first departure (schedule time), on its shape or straight between stops. */
  pointAt(trip: FeedTrip, secs: number): PointOnTrip | null {
    const last = trip.arr.length - 1;
    if (secs < 0 || secs > trip.arr[last]) return null;
    const i = Math.max(0, upperBound(trip.arr, secs) - 1);
    const a = this.stops.get(trip.stopIds[i]);
    if (i === last || secs <= trip.dep[i]) {
      if (a?.lat == null || a.lon == null) return null;
      const bearing = i < last ? this.segmentBearing(trip, i) : null;
      return { lat: a.lat, lon: a.lon, bearing, nextIndex: i, atStop: true };
    }
    const span = trip.arr[i + 1] - trip.dep[i];
    const frac = span > 0 ? (secs - trip.dep[i]) / span : 1;
    const stopKm = this.stopKm(trip);
    const shape = trip.shapeId ? this.shapes.get(trip.shapeId) : undefined;
    if (stopKm && shape) {
      const km = stopKm[i] + frac * (stopKm[i + 1] - stopKm[i]);
      const j = Math.min(shape.cum.length - 2, Math.max(0, upperBound(shape.cum, km) - 1));
      const seg = shape.cum[j + 1] - shape.cum[j];
      const f = seg > 0 ? Math.min(1, Math.max(0, (km - shape.cum[j]) / seg)) : 0;
      return {
        lat: shape.lats[j] + f * (shape.lats[j + 1] - shape.lats[j]),
        lon: shape.lons[j] + f * (shape.lons[j + 1] - shape.lons[j]),
        bearing: bearingDeg(shape.lats[j], shape.lons[j], shape.lats[j + 1], shape.lons[j + 1]),
        nextIndex: i + 1,
        atStop: false,
      };
    }
    const b = this.stops.get(trip.stopIds[i + 1]);
    if (a?.lat == null || a.lon == null || b?.lat == null || b.lon == null) return null;
    return {
      lat: a.lat + frac * (b.lat - a.lat),
      lon: a.lon + frac * (b.lon - a.lon),
      bearing: bearingDeg(a.lat, a.lon, b.lat, b.lon),
      nextIndex: i + 1,
      atStop: false,
    };
  }

  private segmentBearing(trip: FeedTrip, i: number): number | null {
    const a = this.stops.get(trip.stopIds[i]);
    const b = this.stops.get(trip.stopIds[i + 1]);
    if (a?.lat == null || a.lon == null || b?.lat == null || b.lon == null) return null;
    return bearingDeg(a.lat, a.lon, b.lat, b.lon);
  }

  /** Km along the trip's shape of each stop: the nearest shape point, never going backwards. */
  private stopKm(trip: FeedTrip): Float64Array | null {
    if (trip.stopKm !== undefined) return trip.stopKm;
    const shape = trip.shapeId ? this.shapes.get(trip.shapeId) : undefined;
    trip.stopKm = null;
    if (!shape) return null;
    const out = new Float64Array(trip.stopIds.length);
    let from = 0;
    const { lats, lons } = shape;
    for (let s = 0; s < trip.stopIds.length; s++) {
      const stop = this.stops.get(trip.stopIds[s]);
      if (stop?.lat == null || stop.lon == null) return null;
      // The nearest point by the flat-earth squared distance (x scaled by the stop's cos(latitude)): at a city's
      // scale it orders points as the great-circle distance does, without its sines and arcsine per point. This scan
      // is stops × shape points per trip; with haversine it was 0.8 s of Kochi's first live state (restart bench).
      const { lat, lon } = stop;
      const kx = Math.cos((lat * Math.PI) / 180);
      let best = from;
      let bestD = Infinity;
      for (let j = from; j < lats.length; j++) {
        const dx = (lons[j] - lon) * kx;
        const dy = lats[j] - lat;
        const d = dx * dx + dy * dy;
        if (d < bestD) {
          best = j;
          bestD = d;
        }
      }
      out[s] = shape.cum[best];
      from = best;
    }
    trip.stopKm = out;
    return out;
  }
}

/**
 * [arrival, departure] of each call with the missing ones filled in linearly between timed calls; null when the
 * first or last call has no time (such a trip cannot be placed on the road).
 */
function fillTimes(times: [number | null, number | null][]): [number, number][] | null {
  const last = times.length - 1;
  if (times[0][1] === null || times[last][0] === null) return null;
  const out = times.map(([a, d]) => [a, d]) as [number, number][];
  let prev = 0;
  for (let i = 1; i <= last; i++) {
    if (times[i][0] === null) continue;
    for (let j = prev + 1; j < i; j++) {
      const t = Math.round(out[prev][1] + ((out[i][0] - out[prev][1]) * (j - prev)) / (i - prev));
      out[j] = [t, t];
    }
    prev = i;
  }
  return out;
}
