import { haversineKm, WALKING_SPEED_KMH } from '../transit';

/**
 * The routing network of one feed for one service day, as flat typed arrays (RAPTOR's data layout). Pure: no I/O, no
 * clock. Built once per (feed, service date) from plain rows and then only read by queries.
 *
 * Times are integer seconds after the service day's start and may pass 86400 (GTFS times after 24:00:00). Trips of the
 * previous service day that are still running after midnight are included, shifted by -86400, so a query at 00:30
 * sees them.
 */

/** "Unreached" in every Int32Array of times. Far above any real time, and safe to add a walk to. */
export const INF = 0x3fffffff;

export interface StopInput {
  id: string;
  lat?: number | null;
  lon?: number | null;
}

export interface FrequencyInput {
  startSecs: number;
  endSecs: number;
  headwaySecs: number;
}

export interface TripInput {
  id: string;
  routeId: string;
  /** 0: the trip runs on the service date; -1: it ran on the previous date (only its part after midnight matters). */
  dayOffset?: 0 | -1;
  stopIds: readonly string[];
  /** Seconds after the service day's start, per stop; null where the feed has no time (interpolated linearly). */
  arrivals: readonly (number | null)[];
  departures: readonly (number | null)[];
  /**
   * GTFS frequencies.txt: the trip is a template repeated from startSecs (inclusive) to endSecs (exclusive) every
   * headwaySecs; its stop times only give each stop's offset from the first stop.
   */
  frequencies?: readonly FrequencyInput[];
}

/** A walking link (or, from a stop to itself, the minimum change time there). minSecs null: walk at 4 km/h. */
export interface TransferInput {
  fromStopId: string;
  toStopId: string;
  minSecs?: number | null;
  /**
   * The feed's own transfers.txt minimum (min_transfer_time): the whole time a change along this link needs, so no
   * transfer slack is added. False or absent: a walk (generated link, or no time given) that gets the slack.
   */
  exact?: boolean;
}

export interface NetworkInput {
  stops: readonly StopInput[];
  trips: readonly TripInput[];
  transfers?: readonly TransferInput[];
  /**
   * Footpaths are closed transitively up to this many seconds of walking (default 900: 1 km at 4 km/h), so a rider
   * may chain walking links (e.g. two generated 250 m links) between two vehicles. Direct links are kept whatever
   * their length. RAPTOR relaxes footpaths one hop per round, so without the closure a chain would be lost.
   */
  maxChainedWalkSecs?: number;
  /**
   * Minimum time to change vehicles (default 0): the change time at a stop without its own (a transfer from the stop
   * to itself in transfers.txt wins), and added to a walk between two stops before boarding the next vehicle (not to
   * the walks from the origin or to the destination, and not to transfers.txt links with their own time).
   */
  transferSlackSecs?: number;
}

export interface Network {
  stopCount: number;
  stopIds: string[];
  stopIndex: Map<string, number>;
  /** NaN where the feed gives no coordinate. */
  stopLat: Float64Array;
  stopLon: Float64Array;

  routeIds: string[];
  patternCount: number;
  /** Pattern p's stops are patternStops[patternStopStart[p] .. patternStopStart[p + 1]). */
  patternStopStart: Int32Array;
  patternStops: Int32Array;
  /** Pattern p's trips are the concrete trips patternTripStart[p] .. patternTripStart[p + 1] - 1, by departure. */
  patternTripStart: Int32Array;
  patternRoute: Int32Array;
  /**
   * Stop times, one block per pattern starting at patternTimeBase[p], stop-major: the time of trip t (0-based within
   * the pattern) at stop position i is at patternTimeBase[p] + i * tripCount + t. Within a pattern no trip overtakes
   * another, so every column is sorted.
   */
  patternTimeBase: Int32Array;
  arrivals: Int32Array;
  departures: Int32Array;

  /** Per concrete trip: index of its TripInput, and the seconds added to the input's times (frequency, day shift). */
  tripSource: Int32Array;
  tripShift: Int32Array;
  /** Input trips by index (ids, routes; whether they are frequency-based). */
  sourceTripIds: string[];
  sourceTripIsFrequency: Uint8Array;

  /** Patterns serving stop s, with the position of s in each: stopPatternStart[s] .. stopPatternStart[s + 1]. */
  stopPatternStart: Int32Array;
  stopPatterns: Int32Array;
  stopPatternPos: Int32Array;

  /** Footpaths from stop s: footStart[s] .. footStart[s + 1], to footTo with footSecs (walk plus any minimum). */
  footStart: Int32Array;
  footTo: Int32Array;
  footSecs: Int32Array;
  /** Per footpath: extra seconds before boarding after this walk between two vehicles (the transfer slack, or 0). */
  footSlack: Int32Array;
  /** Minimum time to change vehicles at the same stop (a transfer from the stop to itself, else the transfer slack). */
  changeSecs: Int32Array;

  /**
   * The same network with time reversed, for arrive-by (raptor.ts `raptorArriveBy`: RAPTOR from the destination
   * backwards). Read in place of the arrays of the same name without `rev`: each pattern's stops in reverse order, its
   * trips in reverse order, times negated with arrivals and departures swapped (so every column is still sorted), and
   * footpaths transposed (footpaths into a stop) with their walk and slack. The pattern, trip and stop-pattern offsets
   * and the change times are shared.
   */
  revPatternStops: Int32Array;
  revArrivals: Int32Array;
  revDepartures: Int32Array;
  revStopPatternPos: Int32Array;
  revFootStart: Int32Array;
  revFootTo: Int32Array;
  revFootSecs: Int32Array;
  revFootSlack: Int32Array;

  tripCount: number;
  stopEventCount: number;
}

/** What a RAPTOR query reads: the typed arrays only (no ids, no maps), so they can live in shared memory. */
export type RoutingArrays = Pick<
  Network,
  | 'stopCount'
  | 'patternCount'
  | 'patternStopStart'
  | 'patternStops'
  | 'patternTripStart'
  | 'patternTimeBase'
  | 'arrivals'
  | 'departures'
  | 'stopPatternStart'
  | 'stopPatterns'
  | 'stopPatternPos'
  | 'footStart'
  | 'footTo'
  | 'footSecs'
  | 'footSlack'
  | 'changeSecs'
  | 'revPatternStops'
  | 'revArrivals'
  | 'revDepartures'
  | 'revStopPatternPos'
  | 'revFootStart'
  | 'revFootTo'
  | 'revFootSecs'
  | 'revFootSlack'
>;

const ROUTING_ARRAYS = [
  'patternStopStart',
  'patternStops',
  'patternTripStart',
  'patternTimeBase',
  'arrivals',
  'departures',
  'stopPatternStart',
  'stopPatterns',
  'stopPatternPos',
  'footStart',
  'footTo',
  'footSecs',
  'footSlack',
  'changeSecs',
  'revPatternStops',
  'revArrivals',
  'revDepartures',
  'revStopPatternPos',
  'revFootStart',
  'revFootTo',
  'revFootSecs',
  'revFootSlack',
] as const;

/**
 * The routing arrays of a network copied into SharedArrayBuffers: posted to a worker thread they are shared, not
 * copied, so every planner worker reads the one copy.
 */
export function sharedRoutingArrays(net: RoutingArrays): RoutingArrays {
  const out = { stopCount: net.stopCount, patternCount: net.patternCount } as RoutingArrays;
  for (const k of ROUTING_ARRAYS) {
    const src = net[k];
    const copy = new Int32Array(new SharedArrayBuffer(src.byteLength));
    copy.set(src);
    out[k] = copy;
  }
  return out;
}

/** Seconds to walk `km` at 4 km/h (spec §9), rounded up. */
export function walkSecondsForKm(km: number): number {
  return Math.ceil((km / WALKING_SPEED_KMH) * 3600);
}

/** Missing times filled linearly between the timed stops around them; leading/trailing gaps stay null. */
function interpolate(times: (number | null)[]): (number | null)[] {
  let prev = -1;
  for (let i = 0; i < times.length; i++) {
    if (times[i] === null) continue;
    if (prev >= 0 && i - prev > 1) {
      const a = times[prev] as number;
      const b = times[i] as number;
      for (let j = prev + 1; j < i; j++) times[j] = Math.round(a + ((b - a) * (j - prev)) / (i - prev));
    }
    prev = i;
  }
  return times;
}

interface Template {
  source: number;
  route: number;
  stops: Int32Array;
  arr: Int32Array;
  dep: Int32Array;
}

interface Concrete {
  tpl: Template;
  shift: number;
}

/** True when trip b never runs before trip a at any stop of their (shared) pattern. */
function notBefore(a: Concrete, b: Concrete): boolean {
  const n = a.tpl.arr.length;
  const da = a.shift;
  const db = b.shift;
  for (let i = 0; i < n; i++) {
    if (b.tpl.arr[i] + db < a.tpl.arr[i] + da) return false;
    if (b.tpl.dep[i] + db < a.tpl.dep[i] + da) return false;
  }
  return true;
}

/**
 * Adds to `links` (key from * S + to -> seconds) every walk that chains links within `maxSecs` in total, shortest
 * first (a small Dijkstra from each stop over the walking graph; neighbourhoods are a few dozen stops).
 */
function closeFootpaths(links: Map<number, number>, S: number, maxSecs: number): void {
  const adjacency = new Map<number, [number, number][]>();
  for (const [key, secs] of links) {
    const a = Math.floor(key / S);
    let list = adjacency.get(a);
    if (!list) adjacency.set(a, (list = []));
    list.push([key - a * S, secs]);
  }
  for (const source of adjacency.keys()) {
    const dist = new Map<number, number>([[source, 0]]);
    const done = new Set<number>();
    for (;;) {
      let u = -1;
      let du = Infinity;
      for (const [v, d] of dist) if (!done.has(v) && d < du) [u, du] = [v, d];
      if (u < 0) break;
      done.add(u);
      for (const [v, w] of adjacency.get(u) ?? []) {
        const dv = du + w;
        if (dv <= maxSecs && dv < (dist.get(v) ?? Infinity)) dist.set(v, dv);
      }
    }
    for (const [v, d] of dist) {
      if (v === source) continue;
      const key = source * S + v;
      const prev = links.get(key);
      if (prev === undefined || d < prev) links.set(key, d);
    }
  }
}

/** The time-reversed arrays of a network (see `Network.revArrivals`): what RAPTOR reads to search backwards. */
function reverseArrays(
  n: Pick<
    Network,
    | 'stopCount'
    | 'patternCount'
    | 'patternStopStart'
    | 'patternStops'
    | 'patternTripStart'
    | 'patternTimeBase'
    | 'arrivals'
    | 'departures'
    | 'stopPatterns'
    | 'stopPatternPos'
    | 'footStart'
    | 'footTo'
    | 'footSecs'
    | 'footSlack'
  >,
): Pick<Network, 'revPatternStops' | 'revArrivals' | 'revDepartures' | 'revStopPatternPos' | 'revFootStart' | 'revFootTo' | 'revFootSecs' | 'revFootSlack'> {
  const revPatternStops = new Int32Array(n.patternStops.length);
  const revArrivals = new Int32Array(n.arrivals.length);
  const revDepartures = new Int32Array(n.departures.length);
  for (let p = 0; p < n.patternCount; p++) {
    const s0 = n.patternStopStart[p];
    const stops = n.patternStopStart[p + 1] - s0;
    for (let i = 0; i < stops; i++) revPatternStops[s0 + i] = n.patternStops[s0 + stops - 1 - i];
    // Position i, trip t is at base + i * trips + t: reversing both is reversing the block.
    const base = n.patternTimeBase[p];
    const last = base + stops * (n.patternTripStart[p + 1] - n.patternTripStart[p]) - 1;
    for (let x = base; x <= last; x++) {
      revArrivals[x] = -n.departures[base + last - x];
      revDepartures[x] = -n.arrivals[base + last - x];
    }
  }
  const revStopPatternPos = new Int32Array(n.stopPatternPos.length);
  for (let j = 0; j < n.stopPatterns.length; j++) {
    const p = n.stopPatterns[j];
    revStopPatternPos[j] = n.patternStopStart[p + 1] - n.patternStopStart[p] - 1 - n.stopPatternPos[j];
  }
  const S = n.stopCount;
  const revFootStart = new Int32Array(S + 1);
  for (let f = 0; f < n.footTo.length; f++) revFootStart[n.footTo[f] + 1]++;
  for (let s = 0; s < S; s++) revFootStart[s + 1] += revFootStart[s];
  const fill = revFootStart.slice(0, S);
  const revFootTo = new Int32Array(n.footTo.length);
  const revFootSecs = new Int32Array(n.footTo.length);
  const revFootSlack = new Int32Array(n.footTo.length);
  for (let a = 0; a < S; a++) {
    for (let f = n.footStart[a]; f < n.footStart[a + 1]; f++) {
      const slot = fill[n.footTo[f]]++;
      revFootTo[slot] = a;
      revFootSecs[slot] = n.footSecs[f];
      revFootSlack[slot] = n.footSlack[f];
    }
  }
  return { revPatternStops, revArrivals, revDepartures, revStopPatternPos, revFootStart, revFootTo, revFootSecs, revFootSlack };
}

export function buildNetwork(input: NetworkInput): Network {
  const stopIds = input.stops.map((s) => s.id);
  const stopIndex = new Map<string, number>();
  stopIds.forEach((id, i) => stopIndex.set(id, i));
  const S = stopIds.length;
  const stopLat = new Float64Array(S);
  const stopLon = new Float64Array(S);
  input.stops.forEach((s, i) => {
    stopLat[i] = s.lat ?? NaN;
    stopLon[i] = s.lon ?? NaN;
  });

  // 1. Templates: each input trip's stops and times (interpolated, untimed ends dropped, unknown stops skipped).
  const routeIds: string[] = [];
  const routeIndex = new Map<string, number>();
  const groups = new Map<string, Concrete[]>();
  const sourceTripIsFrequency = new Uint8Array(input.trips.length);
  input.trips.forEach((trip, source) => {
    const idx: number[] = [];
    const arr: (number | null)[] = [];
    const dep: (number | null)[] = [];
    for (let i = 0; i < trip.stopIds.length; i++) {
      const s = stopIndex.get(trip.stopIds[i]);
      if (s === undefined) continue;
      idx.push(s);
      arr.push(trip.arrivals[i] ?? trip.departures[i] ?? null);
      dep.push(trip.departures[i] ?? trip.arrivals[i] ?? null);
    }
    interpolate(arr);
    interpolate(dep);
    let lo = 0;
    let hi = idx.length;
    while (lo < hi && (arr[lo] === null || dep[lo] === null)) lo++;
    while (hi > lo && (arr[hi - 1] === null || dep[hi - 1] === null)) hi--;
    if (hi - lo < 2) return;
    let route = routeIndex.get(trip.routeId);
    if (route === undefined) {
      route = routeIds.length;
      routeIds.push(trip.routeId);
      routeIndex.set(trip.routeId, route);
    }
    const tpl: Template = {
      source,
      route,
      stops: Int32Array.from(idx.slice(lo, hi)),
      arr: Int32Array.from(arr.slice(lo, hi) as number[]),
      dep: Int32Array.from(dep.slice(lo, hi) as number[]),
    };
    // A vehicle never leaves before it arrives, nor reaches a stop before leaving the previous one.
    for (let i = 0; i < tpl.arr.length; i++) {
      if (i > 0 && tpl.arr[i] < tpl.dep[i - 1]) tpl.arr[i] = tpl.dep[i - 1];
      if (tpl.dep[i] < tpl.arr[i]) tpl.dep[i] = tpl.arr[i];
    }
    const dayShift = trip.dayOffset === -1 ? -86400 : 0;
    const key = `${route}|${tpl.stops.join(',')}`;
    let list = groups.get(key);
    if (!list) groups.set(key, (list = []));
    const lastArr = tpl.arr[tpl.arr.length - 1];
    const push = (shift: number) => {
      // A previous-day trip matters only if it is still running after midnight.
      if (dayShift !== 0 && lastArr + shift < 0) return;
      list!.push({ tpl, shift });
    };
    if (trip.frequencies && trip.frequencies.length > 0) {
      sourceTripIsFrequency[source] = 1;
      const base = tpl.dep[0];
      for (const f of trip.frequencies) {
        if (f.headwaySecs <= 0) continue;
        for (let t = f.startSecs; t < f.endSecs; t += f.headwaySecs) push(t - base + dayShift);
      }
    } else {
      push(dayShift);
    }
  });

  // 2. Patterns: trips with the same route and stop sequence, split so that no trip overtakes another.
  const patterns: { route: number; stops: Int32Array; trips: Concrete[] }[] = [];
  for (const list of groups.values()) {
    if (list.length === 0) continue;
    list.sort(
      (a, b) => a.tpl.dep[0] + a.shift - (b.tpl.dep[0] + b.shift) || a.tpl.arr[a.tpl.arr.length - 1] + a.shift - (b.tpl.arr[b.tpl.arr.length - 1] + b.shift),
    );
    const split: Concrete[][] = [];
    for (const c of list) {
      let placed = false;
      for (const trips of split) {
        const last = trips[trips.length - 1];
        if (last.tpl === c.tpl || notBefore(last, c)) {
          trips.push(c);
          placed = true;
          break;
        }
      }
      if (!placed) split.push([c]);
    }
    for (const trips of split) patterns.push({ route: list[0].tpl.route, stops: list[0].tpl.stops, trips });
  }

  const P = patterns.length;
  const patternStopStart = new Int32Array(P + 1);
  const patternTripStart = new Int32Array(P + 1);
  const patternTimeBase = new Int32Array(P);
  const patternRoute = new Int32Array(P);
  let stopSlots = 0;
  let tripSlots = 0;
  let timeSlots = 0;
  patterns.forEach((p, i) => {
    patternStopStart[i] = stopSlots;
    patternTripStart[i] = tripSlots;
    patternTimeBase[i] = timeSlots;
    patternRoute[i] = p.route;
    stopSlots += p.stops.length;
    tripSlots += p.trips.length;
    timeSlots += p.stops.length * p.trips.length;
  });
  patternStopStart[P] = stopSlots;
  patternTripStart[P] = tripSlots;
  const patternStops = new Int32Array(stopSlots);
  const arrivals = new Int32Array(timeSlots);
  const departures = new Int32Array(timeSlots);
  const tripSource = new Int32Array(tripSlots);
  const tripShift = new Int32Array(tripSlots);
  patterns.forEach((p, i) => {
    patternStops.set(p.stops, patternStopStart[i]);
    const n = p.trips.length;
    const base = patternTimeBase[i];
    p.trips.forEach((c, t) => {
      tripSource[patternTripStart[i] + t] = c.tpl.source;
      tripShift[patternTripStart[i] + t] = c.shift;
      const { arr, dep } = c.tpl;
      for (let k = 0; k < arr.length; k++) {
        arrivals[base + k * n + t] = arr[k] + c.shift;
        departures[base + k * n + t] = dep[k] + c.shift;
      }
    });
  });

  // 4. Footpaths (the shortest per ordered pair) and same-stop change times.
  const slack = Math.max(0, Math.round(input.transferSlackSecs ?? 0));
  const changeSecs = new Int32Array(S).fill(slack);
  const ownChange = new Uint8Array(S);
  const best = new Map<number, number>();
  const exact = new Set<number>();
  for (const tr of input.transfers ?? []) {
    const a = stopIndex.get(tr.fromStopId);
    const b = stopIndex.get(tr.toStopId);
    if (a === undefined || b === undefined) continue;
    let secs = tr.minSecs ?? null;
    if (a === b) {
      // The feed's own change time at the stop replaces the slack.
      changeSecs[a] = ownChange[a] ? Math.max(changeSecs[a], secs ?? 0) : (secs ?? slack);
      ownChange[a] = 1;
      continue;
    }
    if (tr.exact && secs !== null) exact.add(a * S + b);
    if (secs === null) {
      const km = haversineKm(stopLat[a], stopLon[a], stopLat[b], stopLon[b]);
      if (Number.isNaN(km)) continue;
      secs = walkSecondsForKm(km);
    }
    const key = a * S + b;
    const prev = best.get(key);
    if (prev === undefined || secs < prev) best.set(key, Math.max(0, Math.round(secs)));
  }
  closeFootpaths(best, S, input.maxChainedWalkSecs ?? 900);
  const footStart = new Int32Array(S + 1);
  for (const key of best.keys()) footStart[Math.floor(key / S) + 1]++;
  for (let s = 0; s < S; s++) footStart[s + 1] += footStart[s];
  const footFill = footStart.slice(0, S);
  const footTo = new Int32Array(best.size);
  const footSecs = new Int32Array(best.size);
  const footSlack = new Int32Array(best.size);
  for (const [key, secs] of best) {
    const a = Math.floor(key / S);
    const slot = footFill[a]++;
    footTo[slot] = key - a * S;
    footSecs[slot] = secs;
    footSlack[slot] = exact.has(key) ? 0 : slack;
  }

  return networkFromCore({
    stopIds,
    stopLat,
    stopLon,
    routeIds,
    patternStopStart,
    patternStops,
    patternTripStart,
    patternRoute,
    arrivals,
    departures,
    tripSource,
    tripShift,
    sourceTripIds: input.trips.map((t) => t.id),
    sourceTripIsFrequency,
    footStart,
    footTo,
    footSecs,
    footSlack,
    changeSecs,
  });
}

/**
 * What a network is made of; the rest (time offsets, stop -> pattern index, the time-reversed arrays, the stop map) is
 * derived by `networkFromCore`. The offline timetable file (timetable-file.ts) carries only this.
 */
export type NetworkCore = Pick<
  Network,
  | 'stopIds'
  | 'stopLat'
  | 'stopLon'
  | 'routeIds'
  | 'patternStopStart'
  | 'patternStops'
  | 'patternTripStart'
  | 'patternRoute'
  | 'arrivals'
  | 'departures'
  | 'tripSource'
  | 'tripShift'
  | 'sourceTripIds'
  | 'sourceTripIsFrequency'
  | 'footStart'
  | 'footTo'
  | 'footSecs'
  | 'footSlack'
  | 'changeSecs'
>;

/** A whole network from its core arrays (buildNetwork ends here; the browser's offline planner starts here). */
export function networkFromCore(c: NetworkCore): Network {
  const S = c.stopIds.length;
  const P = c.patternRoute.length;
  const { patternStopStart, patternStops, patternTripStart } = c;
  const patternTimeBase = new Int32Array(P);
  let timeSlots = 0;
  for (let i = 0; i < P; i++) {
    patternTimeBase[i] = timeSlots;
    timeSlots += (patternStopStart[i + 1] - patternStopStart[i]) * (patternTripStart[i + 1] - patternTripStart[i]);
  }
  const stopSlots = patternStopStart[P];
  // Stop -> (pattern, position).
  const stopPatternStart = new Int32Array(S + 1);
  for (let i = 0; i < stopSlots; i++) stopPatternStart[patternStops[i] + 1]++;
  for (let s = 0; s < S; s++) stopPatternStart[s + 1] += stopPatternStart[s];
  const fill = stopPatternStart.slice(0, S);
  const stopPatterns = new Int32Array(stopSlots);
  const stopPatternPos = new Int32Array(stopSlots);
  for (let p = 0; p < P; p++) {
    for (let i = patternStopStart[p]; i < patternStopStart[p + 1]; i++) {
      const slot = fill[patternStops[i]]++;
      stopPatterns[slot] = p;
      stopPatternPos[slot] = i - patternStopStart[p];
    }
  }

  const forward = {
    stopCount: S,
    patternCount: P,
    patternStopStart,
    patternStops,
    patternTripStart,
    patternTimeBase,
    arrivals: c.arrivals,
    departures: c.departures,
    stopPatterns,
    stopPatternPos,
    footStart: c.footStart,
    footTo: c.footTo,
    footSecs: c.footSecs,
    footSlack: c.footSlack,
  };
  const stopIndex = new Map<string, number>();
  c.stopIds.forEach((id, i) => stopIndex.set(id, i));
  return {
    ...reverseArrays(forward),
    ...c,
    stopCount: S,
    stopIndex,
    patternCount: P,
    patternTimeBase,
    stopPatternStart,
    stopPatterns,
    stopPatternPos,
    tripCount: patternTripStart[P],
    stopEventCount: timeSlots,
  };
}
