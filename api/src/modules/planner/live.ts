import { INF, type Journey, type JourneyLeg, type Network, type RoutingArrays } from './core';

/**
 * Plans that know the bus is late: the live overlay of a built day network (README "Live plans").
 *
 * The routing core reads sorted time columns (every pattern's trips by departure at each stop) and arrivals that only
 * grow along a trip. A trip update breaks both (a late bus overtakes the next one; a cancelled bus has no time), so the
 * overlay does not write the predicted times themselves into the arrays the search reads. It writes bounds that keep
 * every column sorted and every journey the search finds feasible when ridden at the predicted times:
 *
 * - the departure the search sees at a stop is the earliest predicted departure of this trip or any later one of the
 *   pattern (a suffix minimum): never later than the real one, so a connection the search makes is one the rider makes;
 * - the arrival it sees is the latest predicted arrival of this trip or any earlier one (a prefix maximum): never
 *   earlier than the real one;
 * - a cancelled trip takes the times of the next trip that runs (its stand-in: the search boarding it boards that
 *   one, and the itinerary names that one); with none after it, it cannot be boarded (INF);
 * - a skipped stop cannot be boarded at (its departure is the next trip's), and an itinerary boarding or leaving a
 *   trip at a stop it skips is dropped.
 *
 * The itinerary then shows the predicted times (the overlay's `liveTimes`), marked live, or the timetable's where the
 * trip has no prediction. Only the patterns with a prediction are rewritten: the other arrays are the network's own.
 */

/** What a trip update predicts for one run (the realtime module's RealtimeService.livePredictions gives these). */
export interface LiveRunPrediction {
  tripId: string;
  /** The run's service day start (epoch ms) and first departure (seconds after it). */
  dayStartMs: number;
  startSecs: number;
  cancelled: boolean;
  /** Per stop of the trip (stop_times order): predicted delay in seconds, null where unknown. */
  delays: readonly (number | null)[];
  /** Per stop of the trip: passed without stopping. */
  skipped: readonly boolean[];
}

/** Where the planner gets predictions (RealtimeService.livePredictions). */
export interface LivePredictionSource {
  livePredictions(cityId: string, now: number): Promise<LiveRunPrediction[] | null>;
}

/** A ride leg of a journey ridden at predicted times: `live` when the trip has a prediction. */
export type LiveJourneyLeg = JourneyLeg & { live?: boolean };

interface TripIndex {
  /** `${tripId}|${first departure, network seconds}` -> concrete trip. */
  byRun: Map<string, number>;
  /** trip id -> its concrete trips. */
  byTripId: Map<string, number[]>;
  patternOf: Int32Array;
}

const indexes = new WeakMap<Network, TripIndex>();

/** The network's concrete trips by trip id and first departure (built once per network). */
export function tripIndex(net: Network): TripIndex {
  let idx = indexes.get(net);
  if (idx) return idx;
  const byRun = new Map<string, number>();
  const byTripId = new Map<string, number[]>();
  const patternOf = new Int32Array(net.tripCount);
  for (let p = 0; p < net.patternCount; p++) {
    const nT = net.patternTripStart[p + 1] - net.patternTripStart[p];
    const base = net.patternTimeBase[p];
    for (let t = 0; t < nT; t++) {
      const c = net.patternTripStart[p] + t;
      patternOf[c] = p;
      const id = net.sourceTripIds[net.tripSource[c]];
      byRun.set(`${id}|${net.departures[base + t]}`, c);
      const list = byTripId.get(id);
      if (list) list.push(c);
      else byTripId.set(id, [c]);
    }
  }
  idx = { byRun, byTripId, patternOf };
  indexes.set(net, idx);
  return idx;
}

/**
 * The pattern of concrete trip c: a binary search of patternTripStart (ascending; pattern p's trips are
 * patternTripStart[p] to patternTripStart[p + 1] - 1). Without an overlay nothing else needs the trip index, whose
 * first build (a key for every concrete trip) took 130 ms of the 10x city's first plan after a restart.
 */
export function patternOfTrip(net: Pick<Network, 'patternCount' | 'patternTripStart'>, c: number): number {
  let lo = 0;
  let hi = net.patternCount - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (net.patternTripStart[mid] <= c) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Predicted times of one concrete trip (network seconds), per position in its pattern. */
export interface LiveTrip {
  cancelled: boolean;
  /** The trip a rider boarding this cancelled one takes (-1: none). */
  standIn: number;
  arr: Int32Array;
  dep: Int32Array;
  skipped: Uint8Array;
}

export interface LiveOverlay {
  arrays: RoutingArrays;
  /** Concrete trips with a prediction. */
  trips: Map<number, LiveTrip>;
  /** Per pattern with a prediction, its concrete trips that have one. */
  byPattern: Map<number, number[]>;
}

const DAY_SECS = 86_400;

/** The overlay of `net` (service day starting at dayStartMs) for these predictions; null when none applies. */
export function buildOverlay(net: Network, dayStartMs: number, predictions: readonly LiveRunPrediction[]): LiveOverlay | null {
  const idx = tripIndex(net);
  const byPattern = new Map<number, Map<number, LiveRunPrediction>>();
  for (const pr of predictions) {
    const days = Math.round((pr.dayStartMs - dayStartMs) / 86_400_000);
    const c = idx.byRun.get(`${pr.tripId}|${pr.startSecs + days * DAY_SECS}`);
    if (c === undefined) continue;
    const p = idx.patternOf[c];
    const nS = net.patternStopStart[p + 1] - net.patternStopStart[p];
    if (!pr.cancelled && (pr.delays.length !== nS || pr.skipped.length !== nS)) continue;
    let m = byPattern.get(p);
    if (!m) byPattern.set(p, (m = new Map()));
    m.set(c - net.patternTripStart[p], pr);
  }
  if (byPattern.size === 0) return null;

  const shared = (src: Int32Array) => {
    const copy = new Int32Array(new SharedArrayBuffer(src.byteLength));
    copy.set(src);
    return copy;
  };
  const arrivals = shared(net.arrivals);
  const departures = shared(net.departures);
  const revArrivals = shared(net.revArrivals);
  const revDepartures = shared(net.revDepartures);
  const trips = new Map<number, LiveTrip>();
  const predicted = new Map<number, number[]>();

  for (const [p, preds] of byPattern) {
    const nS = net.patternStopStart[p + 1] - net.patternStopStart[p];
    const nT = net.patternTripStart[p + 1] - net.patternTripStart[p];
    const base = net.patternTimeBase[p];
    // Predicted (L) times of every trip of the pattern: the timetable's where there is no prediction.
    const lArr = new Int32Array(nS * nT);
    const lDep = new Int32Array(nS * nT);
    const cancelled = new Uint8Array(nT);
    const noBoard = new Uint8Array(nS * nT);
    for (let t = 0; t < nT; t++) {
      const pr = preds.get(t);
      let prevDep = -INF;
      for (let i = 0; i < nS; i++) {
        const x = i * nT + t;
        let a = net.arrivals[base + x];
        let d = net.departures[base + x];
        if (pr && !pr.cancelled) {
          const delay = pr.delays[i] ?? 0;
          // Along a trip times never go back (an early prediction after a late stop): arrive after leaving the stop before.
          a = Math.max(a + delay, prevDep);
          d = Math.max(d + delay, a);
          if (pr.skipped[i]) noBoard[x] = 1;
        }
        prevDep = d;
        lArr[x] = a;
        lDep[x] = d;
      }
      if (pr?.cancelled) cancelled[t] = 1;
    }
    // Stand-ins: the next trip of the pattern that runs.
    const standIn = new Int32Array(nT).fill(-1);
    for (let t = nT - 2; t >= 0; t--) standIn[t] = cancelled[t + 1] ? standIn[t + 1] : t + 1;
    for (let i = 0; i < nS; i++) {
      const row = i * nT;
      // Departures: suffix minimum over the trips that can be boarded here.
      let min = INF;
      for (let t = nT - 1; t >= 0; t--) {
        const x = row + t;
        if (!cancelled[t] && !noBoard[x] && lDep[x] < min) min = lDep[x];
        departures[base + x] = min;
      }
      // Arrivals: prefix maximum over the trips that run; a cancelled one has its stand-in's.
      let max = -INF;
      for (let t = 0; t < nT; t++) {
        const x = row + t;
        if (cancelled[t]) continue;
        if (lArr[x] > max) max = lArr[x];
        arrivals[base + x] = max;
      }
      for (let t = 0; t < nT; t++) {
        if (!cancelled[t]) continue;
        arrivals[base + row + t] = standIn[t] >= 0 ? arrivals[base + row + standIn[t]] : INF;
      }
    }
    // The same block reversed for arrive-by (network.ts reverseArrays).
    const last = base + nS * nT - 1;
    for (let x = base; x <= last; x++) {
      revArrivals[x] = -departures[base + last - x];
      revDepartures[x] = -arrivals[base + last - x];
    }
    for (const t of preds.keys()) {
      const arr = new Int32Array(nS);
      const dep = new Int32Array(nS);
      const skipped = new Uint8Array(nS);
      for (let i = 0; i < nS; i++) {
        arr[i] = lArr[i * nT + t];
        dep[i] = lDep[i * nT + t];
        skipped[i] = noBoard[i * nT + t];
      }
      const c = net.patternTripStart[p] + t;
      const list = predicted.get(p);
      if (list) list.push(c);
      else predicted.set(p, [c]);
      trips.set(c, { cancelled: cancelled[t] === 1, standIn: standIn[t] >= 0 ? net.patternTripStart[p] + standIn[t] : -1, arr, dep, skipped });
    }
  }
  const arrays: RoutingArrays = {
    stopCount: net.stopCount,
    patternCount: net.patternCount,
    patternStopStart: net.patternStopStart,
    patternStops: net.patternStops,
    patternTripStart: net.patternTripStart,
    patternTimeBase: net.patternTimeBase,
    arrivals,
    departures,
    stopPatternStart: net.stopPatternStart,
    stopPatterns: net.stopPatterns,
    stopPatternPos: net.stopPatternPos,
    footStart: net.footStart,
    footTo: net.footTo,
    footSecs: net.footSecs,
    footSlack: net.footSlack,
    changeSecs: net.changeSecs,
    revPatternStops: net.revPatternStops,
    revArrivals,
    revDepartures,
    revStopPatternPos: net.revStopPatternPos,
    revFootStart: net.revFootStart,
    revFootTo: net.revFootTo,
    revFootSecs: net.revFootSecs,
    revFootSlack: net.revFootSlack,
  };
  return { arrays, trips, byPattern: predicted };
}

/** Predicted (or, without a prediction, timetable) times of concrete trip c at a position of its pattern. */
export function tripTimes(
  net: Network,
  overlay: LiveOverlay | null,
  c: number,
  pos: number,
): { dep: number; arr: number; live: boolean; skipped: boolean; cancelled: boolean } {
  const lt = overlay?.trips.get(c);
  if (lt) return { dep: lt.dep[pos], arr: lt.arr[pos], live: !lt.cancelled, skipped: lt.skipped[pos] === 1, cancelled: lt.cancelled };
  const p = patternOfTrip(net, c);
  const nT = net.patternTripStart[p + 1] - net.patternTripStart[p];
  const x = net.patternTimeBase[p] + pos * nT + (c - net.patternTripStart[p]);
  return { dep: net.departures[x], arr: net.arrivals[x], live: false, skipped: false, cancelled: false };
}

/**
 * A journey the search found on the overlay, ridden at the predicted times: each ride on the same pattern, from the
 * same stop to the same stop, on the trip that runs, stops at both and arrives first among those leaving after the
 * rider can be there (the search's own trip unless it is cancelled, skips one of the stops or another overtakes it;
 * the rider is at the first stop at `leaveAt` plus the walk to it when given (a plain depart-at query: the search saw
 * a bus overtaken by a late one leaving at its lower bound, maybe before the rider could be there, and a late bus
 * that falls behind others may leave after), else when the search boards; at the others after the ride before, the
 * walk and the change time). Walks keep their length. Null when some ride has no such trip.
 */
export function rideLive(net: Network, overlay: LiveOverlay, j: Journey, leaveAt?: number): Journey | null {
  const legs: LiveJourneyLeg[] = j.legs.map((l) => ({ ...l }));
  const idx = tripIndex(net);
  let readyAt: number | null = leaveAt ?? null;
  let first = true;
  for (const l of legs) {
    if (l.kind === 'walk') {
      if (readyAt !== null) readyAt += l.arrival - l.departure;
      continue;
    }
    const ready: number = readyAt === null ? l.departure : first ? readyAt : readyAt + net.changeSecs[l.from];
    first = false;
    const p = idx.patternOf[l.trip];
    let best = null as { c: number; dep: number; arr: number; live: boolean } | null;
    const consider = (c: number) => {
      const board = tripTimes(net, overlay, c, l.boardPos);
      if (board.cancelled || board.skipped || board.dep < ready || board.dep >= INF) return;
      const alight = tripTimes(net, overlay, c, l.alightPos);
      if (alight.skipped) return;
      if (!best || alight.arr < best.arr) best = { c, dep: board.dep, arr: alight.arr, live: board.live };
    };
    // The trips without a prediction keep the timetable's order (no trip of a pattern overtakes another): the first
    // of them leaving at or after `ready` arrives first among them. Each trip with a prediction is looked at.
    const p0 = net.patternTripStart[p];
    const nT = net.patternTripStart[p + 1] - p0;
    const col = net.patternTimeBase[p] + l.boardPos * nT;
    let lo = 0;
    let hi = nT;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (net.departures[col + mid] < ready) lo = mid + 1;
      else hi = mid;
    }
    for (let t = lo; t < nT; t++) {
      if (overlay.trips.has(p0 + t)) continue;
      consider(p0 + t);
      break;
    }
    for (const c of overlay.byPattern.get(p) ?? []) consider(c);
    if (!best) return null;
    l.trip = best.c;
    l.departure = best.dep;
    l.arrival = best.arr;
    l.live = best.live;
    readyAt = best.arr;
  }
  // The first walk ends when the first vehicle leaves; the others start when the leg before ends.
  const firstRide = legs.findIndex((l) => l.kind === 'ride');
  if (firstRide < 0) return j;
  for (let i = firstRide - 1; i >= 0; i--) {
    const len = legs[i].arrival - legs[i].departure;
    legs[i].arrival = legs[i + 1].departure;
    legs[i].departure = legs[i].arrival - len;
  }
  for (let i = firstRide + 1; i < legs.length; i++) {
    if (legs[i].kind !== 'walk') continue;
    const len = legs[i].arrival - legs[i].departure;
    legs[i].departure = legs[i - 1].arrival;
    legs[i].arrival = legs[i].departure + len;
  }
  return { ...j, departure: legs[0].departure, arrival: legs[legs.length - 1].arrival, legs };
}

/**
 * The journeys ridden live (`leaveAt`: a plain depart-at query's time, see rideLive), infeasible ones dropped, then
 * those another one beats on every count dropped.
 */
export function liveJourneys(net: Network, overlay: LiveOverlay, journeys: readonly Journey[], leaveAt?: number): Journey[] {
  const ridden = journeys.map((j) => rideLive(net, overlay, j, leaveAt)).filter((j): j is Journey => j !== null);
  return ridden.filter(
    (a, i) =>
      !ridden.some(
        (b, k) =>
          k !== i &&
          b.departure >= a.departure &&
          b.arrival <= a.arrival &&
          b.transfers <= a.transfers &&
          b.walkSecs <= a.walkSecs &&
          (b.departure > a.departure || b.arrival < a.arrival || b.transfers < a.transfers || b.walkSecs < a.walkSecs || k < i),
      ),
  );
}

/** What a re-check says of one leg (the schema's LegStatus). */
export type LegCheckStatus = 'OK' | 'AT_RISK' | 'MISSED' | 'CANCELLED';

export interface LegCheckInput {
  mode: 'WALK' | 'BUS' | 'FERRY';
  tripId?: string | null;
  fromStopId?: string | null;
  toStopId?: string | null;
  /** Epoch ms, as the plan gave them (the timetable's, scheduledDeparture / scheduledArrival). */
  scheduledDeparture: number;
  scheduledArrival: number;
}

export interface LegCheckView {
  departure: number;
  arrival: number;
  live: boolean;
  status: LegCheckStatus;
  /** Seconds between reaching this leg's first stop and its vehicle leaving (null for the first leg and walks). */
  changeSeconds: number | null;
}

export interface ItineraryCheckView {
  checkedAt: number;
  status: LegCheckStatus;
  legs: LegCheckView[];
}

const WORST: LegCheckStatus[] = ['OK', 'AT_RISK', 'MISSED', 'CANCELLED'];

/**
 * A returned itinerary re-evaluated against the current predictions: each ride's predicted times; a change whose time
 * left (predicted departure minus predicted arrival of the ride before, minus the walk between) is below the change
 * time the plan was made with (`slackSecs`) is AT_RISK, below zero MISSED; a cancelled trip, or a stop it now skips,
 * CANCELLED. `find` names the concrete trip of a ride from its trip id, first stop and timetable departure.
 */
export function checkItinerary(
  net: Network,
  overlay: LiveOverlay | null,
  dayStartMs: number,
  legs: readonly LegCheckInput[],
  slackSecs: number,
  now: number,
): ItineraryCheckView {
  const idx = tripIndex(net);
  const out: LegCheckView[] = [];
  let reachedAt: number | null = null; // network seconds the rider is at the next boarding stop
  let rides = 0;
  for (const leg of legs) {
    const sDep = Math.round((leg.scheduledDeparture - dayStartMs) / 1000);
    const sArr = Math.round((leg.scheduledArrival - dayStartMs) / 1000);
    if (leg.mode === 'WALK' || !leg.tripId) {
      const len = sArr - sDep;
      const dep = reachedAt ?? sDep;
      out.push({ departure: dayStartMs + dep * 1000, arrival: dayStartMs + (dep + len) * 1000, live: false, status: 'OK', changeSeconds: null });
      if (reachedAt !== null) reachedAt += len;
      continue;
    }
    const ride = locate(net, idx, leg.tripId, leg.fromStopId ?? '', leg.toStopId ?? '', sDep);
    if (!ride) {
      out.push({ departure: leg.scheduledDeparture, arrival: leg.scheduledArrival, live: false, status: 'OK', changeSeconds: null });
      reachedAt = sArr;
      rides++;
      continue;
    }
    const board = tripTimes(net, overlay, ride.c, ride.board);
    const alight = tripTimes(net, overlay, ride.c, ride.alight);
    let status: LegCheckStatus = 'OK';
    let change: number | null = null;
    if (board.cancelled || board.skipped || alight.skipped) status = 'CANCELLED';
    else if (reachedAt !== null && rides > 0) {
      change = board.dep - reachedAt;
      // The plan was made with this change time (after a ride, and after a walk between two rides): less is at
      // risk, negative missed.
      status = change < 0 ? 'MISSED' : change < slackSecs ? 'AT_RISK' : 'OK';
    }
    out.push({
      departure: dayStartMs + (board.cancelled ? sDep : board.dep) * 1000,
      arrival: dayStartMs + (board.cancelled ? sArr : alight.arr) * 1000,
      live: board.live,
      status,
      changeSeconds: change,
    });
    reachedAt = board.cancelled ? sArr : alight.arr;
    rides++;
  }
  const status = out.reduce<LegCheckStatus>((w, l) => (WORST.indexOf(l.status) > WORST.indexOf(w) ? l.status : w), 'OK');
  return { checkedAt: now, status, legs: out };
}

/** The concrete trip `tripId` leaving `fromStopId` at timetable time `depSecs`, and its board and alight positions. */
function locate(
  net: Network,
  idx: TripIndex,
  tripId: string,
  fromStopId: string,
  toStopId: string,
  depSecs: number,
): { c: number; board: number; alight: number } | null {
  const from = net.stopIndex.get(fromStopId);
  const to = net.stopIndex.get(toStopId);
  if (from === undefined || to === undefined) return null;
  for (const c of idx.byTripId.get(tripId) ?? []) {
    const p = idx.patternOf[c];
    const s0 = net.patternStopStart[p];
    const nS = net.patternStopStart[p + 1] - s0;
    const nT = net.patternTripStart[p + 1] - net.patternTripStart[p];
    const t = c - net.patternTripStart[p];
    for (let i = 0; i < nS; i++) {
      if (net.patternStops[s0 + i] !== from || net.departures[net.patternTimeBase[p] + i * nT + t] !== depSecs) continue;
      for (let k = i + 1; k < nS; k++) if (net.patternStops[s0 + k] === to) return { c, board: i, alight: k };
    }
  }
  return null;
}
