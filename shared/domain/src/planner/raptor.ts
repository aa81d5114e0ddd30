import { INF, type RoutingArrays } from './network';

type Network = RoutingArrays;

/**
 * RAPTOR (Delling, Pajor, Werneck: "Round-Based Public Transit Routing") over a Network: round k finds the earliest
 * arrival at every stop with at most k vehicles. Footpaths are one hop after each round (and after the origins).
 * Pure and synchronous; working arrays are reused per network, so a query allocates only its answer.
 *
 * Three labels per round and stop:
 *  - ride[k][s]   arrival at s on the k-th vehicle (set when it beats every ride to s with fewer vehicles: a stop
 *                 reached earlier on foot still passes a later ride on to its footpaths, which are one hop);
 *  - arr[k][s]    earliest arrival at s with at most k vehicles (ride, or a footpath after a ride);
 *  - ready[k][s]  earliest time one can board at s with at most k vehicles behind: a ride plus the stop's change time,
 *                 a footpath after a ride, or the origin itself.
 * arr and ready are kept cumulative (round k starts from round k-1), so boarding and pruning always use the best
 * known value; labels remember where each value came from to rebuild the journey.
 */

export interface Endpoint {
  /** Stop index in the network. */
  stop: number;
  /** Walk between the place and the stop, seconds (0 for the stop itself). */
  walkSecs: number;
}

export interface RaptorQuery {
  origins: readonly Endpoint[];
  destinations: readonly Endpoint[];
  /** Seconds after the service day's start. */
  departAt: number;
  /** 0 = direct trips only. */
  maxTransfers: number;
}

export interface RangeQuery extends RaptorQuery {
  /** Leave any time in [departAt, departAt + windowSecs]. */
  windowSecs: number;
  /**
   * Asked between two departures of the window (the core has no clock): true stops the query with a
   * `QueryStoppedError` (the planner's per-request deadline).
   */
  shouldStop?: () => boolean;
  /**
   * Arrive-by: only journeys reaching the destination at or before this time (seconds after the service day's start)
   * count, and none leaving before departAt. The answer is then the Pareto set over later departure, fewer transfers
   * and less walking (arrival only breaks ties). With windowSecs 0 (what a rider's "arrive by" asks): the backward
   * search, `raptorArriveBy`, as fast as one departure. With a window: rRAPTOR over the departures in
   * [departAt, departAt + windowSecs], pruned at the arrival time, which also finds earlier departures that walk less.
   */
  arriveBy?: number;
}

/** A range query stopped by its `shouldStop` before it finished. */
export class QueryStoppedError extends Error {
  constructor(
    readonly departuresDone: number,
    readonly departures: number,
  ) {
    super(`stopped after ${departuresDone} of ${departures} departures`);
    this.name = 'QueryStoppedError';
  }
}

export type JourneyLeg =
  | {
      kind: 'walk';
      /** -1: the origin place (coordinate) / the destination place. */
      from: number;
      to: number;
      departure: number;
      arrival: number;
    }
  | {
      kind: 'ride';
      pattern: number;
      /** Concrete trip index in the network. */
      trip: number;
      from: number;
      to: number;
      boardPos: number;
      alightPos: number;
      departure: number;
      arrival: number;
    };

export interface Journey {
  departure: number;
  arrival: number;
  transfers: number;
  /** Seconds on foot: to the first stop, between vehicles, from the last stop (a Pareto criterion). */
  walkSecs: number;
  legs: JourneyLeg[];
}

const INHERIT = -3;
const ORIGIN = -2;
const RIDE = -1;
export const MAX_TRANSFERS = 8;

class Workspace {
  readonly rounds = MAX_TRANSFERS + 2;
  readonly arr: Int32Array[];
  readonly ready: Int32Array[];
  readonly ride: Int32Array[];
  /** Best ride arrival with at most k vehicles (cumulative ride). */
  readonly rideBest: Int32Array[];
  /** arr label: INHERIT, RIDE (see ride labels), or the stop walked from (its ride in the same round). */
  readonly arrFrom: Int32Array[];
  /** ready label: INHERIT, or the stop whose ride (or origin) in the same round it follows (itself: change time). */
  readonly readyFrom: Int32Array[];
  /** ride labels: pattern (-1 for an origin: then rideTrip is the origin's index), trip, board and alight positions. */
  readonly ridePattern: Int32Array[];
  readonly rideTrip: Int32Array[];
  readonly rideBoard: Int32Array[];
  readonly rideAlight: Int32Array[];
  readonly egress: Int32Array;
  readonly marked: Uint8Array;
  readonly markedList: Int32Array;
  readonly rideMarked: Uint8Array;
  readonly rideList: Int32Array;
  readonly firstPos: Int32Array;
  /** Per queued pattern, its last marked position: past it nothing can be boarded (see the route scan). */
  readonly lastPos: Int32Array;
  readonly patternQueue: Int32Array;
  /**
   * Per round, the stops whose arr, ready or rideBest label went down in this run: round k + 1 inherits only these
   * (not every stop), which keeps the labels cumulative (label[k + 1] <= label[k]) at the cost of the stops touched.
   */
  readonly dirtyMark: Uint8Array[];
  readonly dirtyList: Int32Array[];
  readonly dirtyCount: Int32Array;
  /**
   * Per pattern, its last position at a stop that can end a journey: a destination, or a stop with a footpath to one
   * (-1: none); the patterns set, to reset them. The query's last round stops each route scan there (see runRounds).
   */
  readonly lastEnd: Int32Array;
  readonly endPatterns: Int32Array;
  endCount = 0;
  /**
   * Per pattern, 1 where every trip leaves each stop when it arrives (arrivals and departures the same numbers): the
   * route scan then reads departures from the arrivals too, the very cache lines it reads the ride from.
   */
  readonly noDwell: Uint8Array;

  constructor(readonly net: Network) {
    const S = net.stopCount;
    const make = () => Array.from({ length: this.rounds }, () => new Int32Array(S));
    this.arr = make();
    this.ready = make();
    this.ride = make();
    this.rideBest = make();
    this.arrFrom = make();
    this.readyFrom = make();
    this.ridePattern = make();
    this.rideTrip = make();
    this.rideBoard = make();
    this.rideAlight = make();
    this.egress = new Int32Array(S).fill(INF);
    this.marked = new Uint8Array(S);
    this.markedList = new Int32Array(S);
    this.rideMarked = new Uint8Array(S);
    this.rideList = new Int32Array(S);
    this.firstPos = new Int32Array(net.patternCount).fill(-1);
    this.lastPos = new Int32Array(net.patternCount);
    this.patternQueue = new Int32Array(net.patternCount);
    this.dirtyMark = Array.from({ length: this.rounds }, () => new Uint8Array(S));
    this.dirtyList = make();
    this.dirtyCount = new Int32Array(this.rounds);
    this.lastEnd = new Int32Array(net.patternCount).fill(-1);
    this.endPatterns = new Int32Array(net.patternCount);
    this.noDwell = new Uint8Array(net.patternCount);
    for (let p = 0; p < net.patternCount; p++) {
      const base = net.patternTimeBase[p];
      const end = base + (net.patternStopStart[p + 1] - net.patternStopStart[p]) * (net.patternTripStart[p + 1] - net.patternTripStart[p]);
      let same = 1;
      for (let x = base; x < end && same; x++) if (net.arrivals[x] !== net.departures[x]) same = 0;
      this.noDwell[p] = same;
    }
  }

  /** Notes stop s as one that can end a journey: lastEnd of every pattern through it. */
  endAt(s: number): void {
    const { stopPatternStart, stopPatterns, stopPatternPos } = this.net;
    for (let j = stopPatternStart[s]; j < stopPatternStart[s + 1]; j++) {
      const p = stopPatterns[j];
      if (this.lastEnd[p] < 0) this.endPatterns[this.endCount++] = p;
      if (stopPatternPos[j] > this.lastEnd[p]) this.lastEnd[p] = stopPatternPos[j];
    }
  }

  clearEnds(): void {
    for (let i = 0; i < this.endCount; i++) this.lastEnd[this.endPatterns[i]] = -1;
    this.endCount = 0;
  }

  reset(rounds: number): void {
    for (let k = 0; k < rounds; k++) {
      this.arr[k].fill(INF);
      this.ready[k].fill(INF);
      this.ride[k].fill(INF);
      this.rideBest[k].fill(INF);
      this.arrFrom[k].fill(INHERIT);
      this.readyFrom[k].fill(INHERIT);
    }
  }
}

const workspaces = new WeakMap<Network, Workspace>();
function workspace(net: Network): Workspace {
  let ws = workspaces.get(net);
  if (!ws) workspaces.set(net, (ws = new Workspace(net)));
  return ws;
}

/** The footpath from a to b (its index in footTo), or -1. */
function footIndex(net: Network, a: number, b: number): number {
  for (let i = net.footStart[a]; i < net.footStart[a + 1]; i++) if (net.footTo[i] === b) return i;
  return -1;
}

/** The footpath time from a to b (0 for a === b: a change at the same stop is in changeSecs). */
function footSecsBetween(net: Network, a: number, b: number): number {
  const f = a === b ? -1 : footIndex(net, a, b);
  return f < 0 ? 0 : net.footSecs[f];
}

/** Notes that a label of stop s went down in round k (once per run and round). */
function dirty(ws: Workspace, k: number, s: number): void {
  const m = ws.dirtyMark[k];
  if (m[s]) return;
  m[s] = 1;
  ws.dirtyList[k][ws.dirtyCount[k]++] = s;
}

/** Round k inherits the labels that went down in round k - 1 (kept cumulative); round k - 1's list is consumed. */
function inherit(ws: Workspace, k: number): void {
  const prevArr = ws.arr[k - 1];
  const prevReady = ws.ready[k - 1];
  const prevRide = ws.rideBest[k - 1];
  const arrK = ws.arr[k];
  const readyK = ws.ready[k];
  const rideK = ws.rideBest[k];
  const arrFromK = ws.arrFrom[k];
  const readyFromK = ws.readyFrom[k];
  const list = ws.dirtyList[k - 1];
  const mark = ws.dirtyMark[k - 1];
  const n = ws.dirtyCount[k - 1];
  for (let m = 0; m < n; m++) {
    const s = list[m];
    mark[s] = 0;
    let changed = false;
    if (prevRide[s] < rideK[s]) {
      rideK[s] = prevRide[s];
      changed = true;
    }
    if (prevArr[s] < arrK[s]) {
      arrK[s] = prevArr[s];
      arrFromK[s] = INHERIT;
      changed = true;
    }
    if (prevReady[s] < readyK[s]) {
      readyK[s] = prevReady[s];
      readyFromK[s] = INHERIT;
      changed = true;
    }
    if (changed) dirty(ws, k, s);
  }
  ws.dirtyCount[k - 1] = 0;
}

/** Forgets round k's list (nothing after it inherits). */
function clearDirty(ws: Workspace, k: number): void {
  const list = ws.dirtyList[k];
  const mark = ws.dirtyMark[k];
  for (let m = 0; m < ws.dirtyCount[k]; m++) mark[list[m]] = 0;
  ws.dirtyCount[k] = 0;
}

/** Runs the rounds for one departure time on a workspace whose labels are kept (reset or from a later departure). */
function runRounds(ws: Workspace, q: RaptorQuery, rounds: number, departAt: number, bounds: Int32Array, cap = INF): void {
  const net = ws.net;
  const { arr, ready, ride, rideBest, arrFrom, readyFrom, ridePattern, rideTrip, rideBoard, rideAlight, egress } = ws;
  const {
    patternStopStart,
    patternStops,
    patternTripStart,
    patternTimeBase,
    arrivals,
    departures,
    stopPatternStart,
    stopPatterns,
    stopPatternPos,
    footStart,
    footTo,
    footSecs,
    footSlack,
    changeSecs,
  } = net;
  const dests = q.destinations;
  const targetOf = (k: number) => {
    let best = cap;
    for (const d of dests) {
      const t = arr[k][d.stop] + d.walkSecs;
      if (t < best) best = t;
    }
    return best;
  };

  const finalRound = rounds - 1;
  const lastEnd = ws.lastEnd;
  const noDwell = ws.noDwell;
  let markedCount = 0;
  const marked = ws.marked;
  const markedList = ws.markedList;
  let rideCount = 0;
  const rideMarked = ws.rideMarked;
  const rideList = ws.rideList;

  // Round 0: the origins, then footpaths from them.
  q.origins.forEach((o, i) => {
    const t = departAt + o.walkSecs;
    if (t < ride[0][o.stop]) {
      ride[0][o.stop] = t;
      if (t < rideBest[0][o.stop]) {
        rideBest[0][o.stop] = t;
        dirty(ws, 0, o.stop);
      }
      ridePattern[0][o.stop] = -1;
      rideTrip[0][o.stop] = i;
    }
    if (t < arr[0][o.stop]) {
      arr[0][o.stop] = t;
      arrFrom[0][o.stop] = RIDE;
      dirty(ws, 0, o.stop);
    }
    if (!rideMarked[o.stop]) {
      rideMarked[o.stop] = 1;
      rideList[rideCount++] = o.stop;
    }
  });

  for (let k = 0; k < rounds; k++) {
    const arrK = arr[k];
    const readyK = ready[k];
    if (k > 0) {
      // Route scan: patterns through stops marked in round k-1, each from its earliest marked position.
      let queued = 0;
      const firstPos = ws.firstPos;
      const lastPos = ws.lastPos;
      const queue = ws.patternQueue;
      // The marks stay set during the scan (boarding only at marked stops, below) and are cleared after it.
      const markedBefore = markedCount;
      for (let m = 0; m < markedBefore; m++) {
        const s = markedList[m];
        for (let j = stopPatternStart[s]; j < stopPatternStart[s + 1]; j++) {
          const p = stopPatterns[j];
          const pos = stopPatternPos[j];
          if (firstPos[p] < 0) {
            queue[queued++] = p;
            firstPos[p] = pos;
            lastPos[p] = pos;
          } else if (pos < firstPos[p]) firstPos[p] = pos;
          else if (pos > lastPos[p]) lastPos[p] = pos;
        }
      }
      const prevReady = ready[k - 1];
      const rideBestK = rideBest[k];
      inherit(ws, k);
      const dirtyMarkK = ws.dirtyMark[k];
      const dirtyListK = ws.dirtyList[k];
      let dirtyCountK = ws.dirtyCount[k];
      const arrFromK = arrFrom[k];
      let target = targetOf(k);
      const rideK = ride[k];
      const patK = ridePattern[k];
      const tripK = rideTrip[k];
      const boardK = rideBoard[k];
      const alightK = rideAlight[k];
      for (let qi = 0; qi < queued; qi++) {
        const p = queue[qi];
        const start = firstPos[p];
        const last = lastPos[p];
        firstPos[p] = -1;
        const s0 = patternStopStart[p];
        // The last round: only arrivals at the stops that can end a journey are read (its labels elsewhere lead to no
        // further round), so the scan stops at the pattern's last such stop. Boarding, and so every arrival it does
        // record, is as in a full scan.
        const nStops = k === finalRound ? lastEnd[p] + 1 : patternStopStart[p + 1] - s0;
        const nTrips = patternTripStart[p + 1] - patternTripStart[p];
        const base = patternTimeBase[p];
        const leave = noDwell[p] === 1 ? arrivals : departures;
        let trip = -1;
        let boardPos = -1;
        // Riding: a trip is boarded and may still beat the target. Once its arrival cannot, it cannot further along
        // either (arrivals only grow along a trip, the target only falls): its arrivals are no longer read.
        let riding = false;
        let col = base + start * nTrips;
        for (let pos = start; pos < nStops; pos++, col += nTrips) {
          const s = patternStops[s0 + pos];
          if (riding) {
            const a = arrivals[col + trip];
            if (a >= target) {
              riding = false;
              // Past the last marked stop nothing new can be boarded (see below): the pattern is done.
              if (pos > last) break;
            } else if (a < rideBestK[s]) {
              if (a < arrK[s]) {
                arrK[s] = a;
                arrFromK[s] = RIDE;
              }
              rideBestK[s] = a;
              if (dirtyMarkK[s] === 0) {
                dirtyMarkK[s] = 1;
                dirtyListK[dirtyCountK++] = s;
              }
              rideK[s] = a;
              patK[s] = p;
              tripK[s] = trip;
              boardK[s] = boardPos;
              alightK[s] = pos;
              if (egress[s] !== INF && a + egress[s] < target) target = a + egress[s];
              if (rideMarked[s] === 0) {
                rideMarked[s] = 1;
                rideList[rideCount++] = s;
              }
            }
          } else if (pos > last) break;
          // Can an earlier trip be caught here? Only at a stop marked in round k - 1: at any other stop the ready label
          // is one a scan of an earlier round (or of a later departure's run) already boarded this pattern from, at
          // the trip found now or an earlier one, and recorded every arrival of it downstream that beat the labels or
          // the target then (both only go down since); so a trip caught there improves nothing, and neither does any
          // later trip kept instead of it.
          if (marked[s] === 0) continue;
          const r = prevReady[s];
          if (trip < 0) {
            // The first trip leaving at or after r (columns are sorted).
            let lo = 0;
            let hi = nTrips;
            while (lo < hi) {
              const mid = (lo + hi) >>> 1;
              if (leave[col + mid] < r) lo = mid + 1;
              else hi = mid;
            }
            if (lo < nTrips) {
              trip = lo;
              boardPos = pos;
              riding = true;
            }
          } else if (trip > 0 && leave[col + trip - 1] >= r && r < leave[col + trip]) {
            // An earlier trip can be caught (the one before can; as before, only when the current one leaves after r):
            // the first leaving at or after r, at most trip - 1.
            let lo = 0;
            let hi = trip - 1;
            while (lo < hi) {
              const mid = (lo + hi) >>> 1;
              if (leave[col + mid] < r) lo = mid + 1;
              else hi = mid;
            }
            trip = lo;
            boardPos = pos;
            riding = true;
          }
        }
      }
      ws.dirtyCount[k] = dirtyCountK;
      for (let m = 0; m < markedBefore; m++) marked[markedList[m]] = 0;
      markedCount = 0;
    }

    // Footpaths (one hop) and same-stop changes after this round's rides.
    let target = targetOf(k);
    const nextMarked = ws.marked;
    if (k > 0 && k === finalRound) {
      // The last round: only walks to a destination count (nothing boards after it, and reconstruction reads this
      // round's labels at the destination and at the stop it is walked to from).
      for (let m = 0; m < rideCount; m++) {
        const s = rideList[m];
        rideMarked[s] = 0;
        const t0 = ride[k][s];
        for (let f = footStart[s]; f < footStart[s + 1]; f++) {
          const to = footTo[f];
          if (egress[to] === INF) continue;
          const t = t0 + footSecs[f];
          if (t >= target) continue;
          if (t < arrK[to]) {
            arrK[to] = t;
            arrFrom[k][to] = s;
            dirty(ws, k, to);
            if (t + egress[to] < target) target = t + egress[to];
          }
        }
      }
      rideCount = 0;
    }
    for (let m = 0; m < rideCount; m++) {
      const s = rideList[m];
      rideMarked[s] = 0;
      const t0 = ride[k][s];
      const self = t0 + (k === 0 ? 0 : changeSecs[s]);
      if (self < readyK[s] && self < target) {
        readyK[s] = self;
        readyFrom[k][s] = s;
        dirty(ws, k, s);
        if (!nextMarked[s]) {
          nextMarked[s] = 1;
          markedList[markedCount++] = s;
        }
      }
      for (let f = footStart[s]; f < footStart[s + 1]; f++) {
        const to = footTo[f];
        const t = t0 + footSecs[f];
        if (t >= target) continue;
        if (t < arrK[to]) {
          arrK[to] = t;
          arrFrom[k][to] = s;
          dirty(ws, k, to);
          if (egress[to] !== INF && t + egress[to] < target) target = t + egress[to];
        }
        // Boarding after a walk between two vehicles waits the transfer slack too (not after the walk from the origin).
        const ready = k === 0 ? t : t + footSlack[f];
        if (ready < readyK[to] && ready < target) {
          readyK[to] = ready;
          readyFrom[k][to] = s;
          dirty(ws, k, to);
          if (!nextMarked[to]) {
            nextMarked[to] = 1;
            markedList[markedCount++] = to;
          }
        }
      }
    }
    rideCount = 0;
    const reached = targetOf(k);
    bounds[k] = reached >= cap ? INF : reached;
    if (markedCount === 0) {
      for (let j = k + 1; j < rounds; j++) bounds[j] = bounds[k];
      // Later rounds still inherit the cumulative labels (reconstruction, and the next departure of a range query).
      for (let j = k + 1; j < rounds; j++) inherit(ws, j);
      clearDirty(ws, rounds - 1);
      break;
    }
    if (k === rounds - 1) clearDirty(ws, k);
  }
  for (let m = 0; m < markedCount; m++) marked[markedList[m]] = 0;
}

/** Rebuilds the journey reaching the best destination with at most k vehicles. */
function reconstruct(ws: Workspace, q: RaptorQuery, k: number, departAt: number): Journey | null {
  const net = ws.net;
  let dest = -1;
  let best = INF;
  for (const d of q.destinations) {
    const t = ws.arr[k][d.stop] + d.walkSecs;
    if (t < best) {
      best = t;
      dest = d.stop;
    }
  }
  if (dest < 0) return null;
  const egressSecs = ws.egress[dest];
  // Walk backwards, collecting legs in reverse; times of walks are fixed afterwards.
  const rev: JourneyLeg[] = [];
  let s = dest;
  let round = k;
  while (ws.arrFrom[round][s] === INHERIT && round > 0) round--;
  const from = ws.arrFrom[round][s];
  if (from >= 0) {
    rev.push({ kind: 'walk', from, to: s, departure: 0, arrival: 0 });
    s = from;
  }
  let accessSecs = 0;
  for (;;) {
    const pat = ws.ridePattern[round][s];
    if (pat < 0) {
      accessSecs = q.origins[ws.rideTrip[round][s]].walkSecs;
      break;
    }
    const tripInPattern = ws.rideTrip[round][s];
    const nTrips = net.patternTripStart[pat + 1] - net.patternTripStart[pat];
    const base = net.patternTimeBase[pat];
    const boardPos = ws.rideBoard[round][s];
    const alightPos = ws.rideAlight[round][s];
    const board = net.patternStops[net.patternStopStart[pat] + boardPos];
    rev.push({
      kind: 'ride',
      pattern: pat,
      trip: net.patternTripStart[pat] + tripInPattern,
      from: board,
      to: s,
      boardPos,
      alightPos,
      departure: net.departures[base + boardPos * nTrips + tripInPattern],
      arrival: net.arrivals[base + alightPos * nTrips + tripInPattern],
    });
    round--;
    s = board;
    while (ws.readyFrom[round][s] === INHERIT && round > 0) round--;
    const prev = ws.readyFrom[round][s];
    if (prev < 0) return null; // inconsistent labels: cannot happen when the query ran
    if (prev !== s) rev.push({ kind: 'walk', from: prev, to: s, departure: 0, arrival: 0 });
    s = prev;
  }
  const legs = rev.reverse();
  if (accessSecs > 0) legs.unshift({ kind: 'walk', from: -1, to: s, departure: 0, arrival: 0 });
  if (egressSecs > 0) legs.push({ kind: 'walk', from: dest, to: -1, departure: 0, arrival: 0 });
  // Times: walks after a ride leave when it arrives; walks before the first ride end when it leaves.
  const firstRide = legs.findIndex((l) => l.kind === 'ride');
  if (firstRide < 0) {
    let t = departAt;
    for (const l of legs) {
      l.departure = t;
      t += walkLegSecs(net, q, l);
      l.arrival = t;
    }
  } else {
    let t = legs[firstRide].departure;
    for (let i = firstRide - 1; i >= 0; i--) {
      legs[i].arrival = t;
      t -= walkLegSecs(net, q, legs[i]);
      legs[i].departure = t;
    }
    for (let i = firstRide + 1; i < legs.length; i++) {
      const l = legs[i];
      if (l.kind === 'ride') continue;
      l.departure = legs[i - 1].arrival;
      l.arrival = l.departure + walkLegSecs(net, q, l);
    }
  }
  if (legs.length === 0) return { departure: departAt, arrival: departAt, transfers: 0, walkSecs: 0, legs };
  let rides = 0;
  let walkSecs = 0;
  for (const l of legs) {
    if (l.kind === 'ride') rides++;
    else walkSecs += l.arrival - l.departure;
  }
  return { departure: legs[0].departure, arrival: legs[legs.length - 1].arrival, transfers: Math.max(0, rides - 1), walkSecs, legs };
}

function walkLegSecs(net: Network, q: RaptorQuery, l: JourneyLeg): number {
  if (l.from === -1) return q.origins.find((o) => o.stop === l.to)?.walkSecs ?? 0;
  if (l.to === -1) return q.destinations.find((d) => d.stop === l.from)?.walkSecs ?? 0;
  return footSecsBetween(net, l.from, l.to);
}

function prepare(net: Network, q: RaptorQuery): { ws: Workspace; rounds: number } {
  const maxTransfers = Math.max(0, Math.min(MAX_TRANSFERS, Math.floor(q.maxTransfers)));
  const ws = workspace(net);
  const rounds = maxTransfers + 2;
  ws.reset(rounds);
  for (const d of q.destinations) if (d.walkSecs < ws.egress[d.stop]) ws.egress[d.stop] = d.walkSecs;
  // The stops that can end a journey: the destinations and the stops with a footpath to one (footpaths into a stop
  // are the reversed ones; the network's own in a reversed view).
  for (const d of q.destinations) {
    ws.endAt(d.stop);
    for (let f = net.revFootStart[d.stop]; f < net.revFootStart[d.stop + 1]; f++) ws.endAt(net.revFootTo[f]);
  }
  return { ws, rounds };
}

function finish(ws: Workspace, q: RaptorQuery): void {
  for (const d of q.destinations) ws.egress[d.stop] = INF;
  ws.clearEnds();
}

/**
 * Earliest arrival for each number of vehicles, keeping only those that arrive strictly earlier than every option with
 * fewer transfers (the Pareto set of arrival time versus transfers), fewest transfers first.
 */
export function raptor(net: Network, q: RaptorQuery): Journey[] {
  return search(net, q);
}

/** One RAPTOR search from q.departAt, arriving before `cap`: for each number of vehicles, the journey if it is earlier. */
function search(net: Network, q: RaptorQuery, cap = INF): Journey[] {
  if (q.origins.length === 0 || q.destinations.length === 0) return [];
  const { ws, rounds } = prepare(net, q);
  try {
    const bounds = new Int32Array(rounds);
    runRounds(ws, q, rounds, q.departAt, bounds, cap);
    const out: Journey[] = [];
    let best = INF;
    for (let k = 0; k < rounds; k++) {
      if (bounds[k] >= best) continue;
      best = bounds[k];
      const j = reconstruct(ws, q, k, q.departAt);
      if (j) out.push(j);
    }
    return out;
  } finally {
    finish(ws, q);
  }
}

/**
 * rRAPTOR: every departure in the window, latest first, reusing the labels of later departures (they stay valid
 * for an earlier start). Answers the Pareto set over (later departure, earlier arrival, fewer transfers).
 */
export function raptorRange(net: Network, q: RangeQuery): Journey[] {
  if (q.arriveBy !== undefined && q.windowSecs <= 0) {
    if (q.shouldStop?.()) throw new QueryStoppedError(0, 1);
    return raptorArriveBy(net, { ...q, arriveBy: q.arriveBy });
  }
  if (q.windowSecs <= 0) return raptor(net, q);
  if (q.origins.length === 0 || q.destinations.length === 0) return [];
  const end = q.departAt + q.windowSecs;
  // Departure times: trips leaving stops reachable from the origins on foot, minus the walk.
  const access = new Map<number, number>();
  const reach = (stop: number, secs: number) => {
    const prev = access.get(stop);
    if (prev === undefined || secs < prev) access.set(stop, secs);
  };
  for (const o of q.origins) {
    reach(o.stop, o.walkSecs);
    for (let f = net.footStart[o.stop]; f < net.footStart[o.stop + 1]; f++) reach(net.footTo[f], o.walkSecs + net.footSecs[f]);
  }
  const times = new Set<number>();
  for (const [stop, secs] of access) {
    for (let j = net.stopPatternStart[stop]; j < net.stopPatternStart[stop + 1]; j++) {
      const p = net.stopPatterns[j];
      const nTrips = net.patternTripStart[p + 1] - net.patternTripStart[p];
      const col = net.patternTimeBase[p] + net.stopPatternPos[j] * nTrips;
      for (let t = 0; t < nTrips; t++) {
        const leave = net.departures[col + t] - secs;
        if (leave >= q.departAt && leave <= end) times.add(leave);
      }
    }
  }
  const starts = [...times].sort((a, b) => b - a);
  const cap = q.arriveBy === undefined ? INF : q.arriveBy + 1;
  if (starts.length === 0 && cap === INF) return raptor(net, q);

  const { ws, rounds } = prepare(net, q);
  try {
    const found: Journey[] = [];
    const seen = new Int32Array(rounds).fill(INF);
    const bounds = new Int32Array(rounds);
    for (let i = 0; i < starts.length; i++) {
      if (q.shouldStop?.()) throw new QueryStoppedError(i, starts.length);
      const start = starts[i];
      runRounds(ws, q, rounds, start, bounds, cap);
      let best = bounds[0];
      for (let k = 1; k < rounds; k++) {
        const b = bounds[k];
        if (b < best && b < seen[k]) {
          const j = reconstruct(ws, q, k, start);
          if (j) found.push(j);
        }
        if (b < best) best = b;
        seen[k] = Math.min(seen[k], b);
      }
    }
    // Walking only (no vehicle): leave at the window's start (arrive-by: as late as arrives in time); not repeated for
    // every departure. Arrive-by where no departure of the window left early enough to walk in time: round 0 (walking)
    // from the window's start.
    if (starts.length === 0) runRounds(ws, q, rounds, q.departAt, bounds, INF);
    else if (cap < INF && bounds[0] >= INF) runRounds(ws, q, 1, q.departAt, bounds, INF);
    if (bounds[0] < INF) {
      const walk = reconstruct(ws, q, 0, q.departAt);
      if (walk && walk.legs.length > 0) {
        if (q.arriveBy !== undefined) {
          const shift = q.arriveBy - walk.arrival;
          for (const l of walk.legs) {
            l.departure += shift;
            l.arrival += shift;
          }
          walk.departure += shift;
          walk.arrival += shift;
        }
        found.push(walk);
      }
    }
    return paretoFilter(q.arriveBy === undefined ? found : found.filter((j) => j.arrival <= (q.arriveBy as number)), { arriveBy: q.arriveBy !== undefined });
  } finally {
    finish(ws, q);
  }
}

/** The time-reversed view of a network (its `rev` arrays in place of the forward ones, and back): one per network. */
const reversed = new WeakMap<Network, Network>();
function reversedView(net: Network): Network {
  let rev = reversed.get(net);
  if (!rev) {
    rev = {
      ...net,
      patternStops: net.revPatternStops,
      arrivals: net.revArrivals,
      departures: net.revDepartures,
      stopPatternPos: net.revStopPatternPos,
      footStart: net.revFootStart,
      footTo: net.revFootTo,
      footSecs: net.revFootSecs,
      footSlack: net.revFootSlack,
      revPatternStops: net.patternStops,
      revArrivals: net.arrivals,
      revDepartures: net.departures,
      revStopPatternPos: net.stopPatternPos,
      revFootStart: net.footStart,
      revFootTo: net.footTo,
      revFootSecs: net.footSecs,
      revFootSlack: net.footSlack,
    };
    reversed.set(net, rev);
  }
  return rev;
}

/**
 * A journey found on the reversed network as a journey of the network: legs in the other order, each turned round
 * (times negated, ends swapped; a ride's trip and positions counted from the other end of its pattern). Then ridden
 * forward from its departure: each vehicle the earliest of its pattern that can be caught (the backward search picks,
 * for each vehicle, the latest that still makes the connection; forward, the rider keeps the departure and arrives as
 * early as these same vehicles allow: arrival breaks ties).
 */
function forwardJourney(net: Network, j: Journey): Journey {
  const legs: JourneyLeg[] = j.legs.reverse().map((l) => {
    if (l.kind === 'walk') return { kind: 'walk', from: l.to, to: l.from, departure: -l.arrival, arrival: -l.departure };
    const p = l.pattern;
    const lastPos = net.patternStopStart[p + 1] - net.patternStopStart[p] - 1;
    const first = net.patternTripStart[p];
    const lastTrip = net.patternTripStart[p + 1] - 1;
    return {
      kind: 'ride',
      pattern: p,
      trip: first + lastTrip - l.trip,
      from: l.to,
      to: l.from,
      boardPos: lastPos - l.alightPos,
      alightPos: lastPos - l.boardPos,
      departure: -l.arrival,
      arrival: -l.departure,
    };
  });
  const departure = legs.length ? legs[0].departure : -j.arrival;
  let t = departure;
  let rides = 0;
  let walkSecs = 0;
  legs.forEach((l, i) => {
    if (l.kind === 'walk') {
      const secs = l.arrival - l.departure;
      walkSecs += secs;
      l.departure = t;
      t = l.arrival = t + secs;
      return;
    }
    // As the forward search boards: a change at the same stop takes its change time, a walk between two vehicles the
    // walk's slack; nothing before the first vehicle.
    const prev = legs[i - 1];
    if (rides > 0 && prev?.kind === 'ride') t += net.changeSecs[l.from];
    else if (rides > 0 && prev?.kind === 'walk') t += net.footSlack[footIndex(net, prev.from, prev.to)] ?? 0;
    rides++;
    const nTrips = net.patternTripStart[l.pattern + 1] - net.patternTripStart[l.pattern];
    const base = net.patternTimeBase[l.pattern];
    const col = base + l.boardPos * nTrips;
    let lo = 0;
    let hi = l.trip - net.patternTripStart[l.pattern];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (net.departures[col + mid] < t) lo = mid + 1;
      else hi = mid;
    }
    l.trip = net.patternTripStart[l.pattern] + lo;
    l.departure = net.departures[col + lo];
    t = l.arrival = net.arrivals[base + l.alightPos * nTrips + lo];
  });
  return { departure, arrival: t, transfers: Math.max(0, rides - 1), walkSecs, legs };
}

/**
 * Arrive-by: the latest departures from the origins that reach a destination by `arriveBy`, one per number of vehicles
 * when it leaves later than every option with fewer (the Pareto set of departure versus transfers; then no journey
 * dominated on departure, transfers and walking, arrival breaking ties). RAPTOR itself, run on the reversed network
 * (`Network.revArrivals`) from the destinations at -arriveBy: the earliest "arrival" there is the latest departure
 * here. Departures before `departAt` are not searched. The rules are the forward search's, turned round: the walk to
 * the destination and from the origin without slack, a walk between two vehicles with it, a change at a stop with the
 * stop's change time, transfers.txt times as given.
 */
export function raptorArriveBy(net: Network, q: RaptorQuery & { arriveBy: number }): Journey[] {
  const back: RaptorQuery = { origins: q.destinations, destinations: q.origins, departAt: -q.arriveBy, maxTransfers: q.maxTransfers };
  // Leaving at or after departAt is arriving before -departAt + 1 on the reversed network.
  const latest = search(reversedView(net), back, 1 - q.departAt).map((j) => forwardJourney(net, j));
  // The backward search breaks ties (same departure and changes) as it meets them, not by walking: a forward search
  // from each of these departures, pruned at the arrival time, offers its journeys too (cheap: it sees only the
  // minutes between the two), and the Pareto set keeps the one that walks less, then the earlier arrival.
  // Not needed where an answer walks no more than the shortest walks from the origin and to the destination.
  const least = Math.min(...q.origins.map((o) => o.walkSecs)) + Math.min(...q.destinations.map((d) => d.walkSecs));
  const found = [...latest];
  const again = new Map<number, number>();
  for (const j of latest) if (j.walkSecs > least && !(j.transfers <= (again.get(j.departure) ?? -1))) again.set(j.departure, j.transfers);
  for (const [departAt, maxTransfers] of again) found.push(...search(net, { ...q, departAt, maxTransfers }, q.arriveBy + 1));
  return paretoFilter(found, { arriveBy: true });
}

/**
 * Whether journey o dominates j: no worse on departure (later), arrival (earlier), transfers (fewer) and walking (less),
 * better on one. Arrive-by: arrival is not a criterion (any arrival by the time will do), it only breaks ties.
 */
export function dominates(o: Journey, j: Journey, arriveBy = false): boolean {
  if (o.departure < j.departure || o.transfers > j.transfers || o.walkSecs > j.walkSecs) return false;
  if (!arriveBy && o.arrival > j.arrival) return false;
  if (o.departure > j.departure || o.transfers < j.transfers || o.walkSecs < j.walkSecs) return true;
  return o.arrival < j.arrival;
}

/** Keeps journeys no other journey dominates (later departure, earlier arrival, fewer transfers, less walking); no repeats. */
export function paretoFilter(list: Journey[], opts: { arriveBy?: boolean } = {}): Journey[] {
  const out: Journey[] = [];
  for (const j of list) {
    if (list.some((o) => o !== j && dominates(o, j, opts.arriveBy))) continue;
    if (out.some((o) => o.departure === j.departure && o.arrival === j.arrival && o.transfers === j.transfers && o.walkSecs === j.walkSecs)) continue;
    out.push(j);
  }
  return out.sort((a, b) => a.departure - b.departure || a.arrival - b.arrival || a.transfers - b.transfers || a.walkSecs - b.walkSecs);
}
