import { decodeBlob, encodeBlob, SnapshotRejected, type SnapshotIdentity, type Typed } from '../planner';
import { RealtimeFeed, type FeedParts, type FeedRoute, type FeedStop, type FeedTrip, type Shape } from './feed';

/**
 * A city's compiled realtime feed kept across restarts (docs/realtime.md "A restart on a big feed"): compiling it from
 * the database's rows is a read of every stop time, and on a big city that read and its parsing held the thread for
 * seconds after each restart. A snapshot is the compiled feed as flat columns (typed arrays) and tables of strings in
 * the planner's snapshot container, kept by the same store (the data folder with PGlite, the database with
 * PostgreSQL) under its own identity: the feed's version, and `date` REALTIME_SNAPSHOT_DATE. Loading it parses no
 * row; the trips are made again from the columns in slices of the thread.
 */

/** The identity's `date` of a realtime feed snapshot: never a service date, so the planner's cleanup keeps it. */
export const REALTIME_SNAPSHOT_DATE = 'realtime';
/** Bumped whenever the layout below or what RealtimeFeed compiles changes: older snapshots are then not loaded. */
export const FEED_SNAPSHOT_FORMAT = 1;

export const feedSnapshotIdentity = (cityId: string, feedId: number, feedVersion: string): SnapshotIdentity => ({
  cityId,
  feedId,
  feedVersion,
  date: REALTIME_SNAPSHOT_DATE,
  slackSecs: 0,
});

type Meta = {
  kind: 'realtime-feed';
  format: number;
  id: SnapshotIdentity;
  stopIds: string[];
  stopNames: string[];
  routes: FeedRoute[];
  routeIds: string[];
  headsigns: string[];
  tripIds: string[];
  shapeIds: string[];
  calendarRows: FeedParts['calendarRows'];
  maxTripSecs: number;
  maxServiceSecs: number;
};

/** Gives the thread back about every `sliceMs` (a loop calls `due()` often and awaits `pause()` when it says so). */
function slicer(sliceMs: number) {
  let start = performance.now();
  return {
    due: () => performance.now() - start >= sliceMs,
    pause: async () => {
      await new Promise((resolve) => setImmediate(resolve));
      start = performance.now();
    },
  };
}

/** The snapshot's bytes of a compiled feed (made in slices of about `sliceMs` of the thread). */
export async function encodeFeedSnapshot(feed: RealtimeFeed, id: SnapshotIdentity, sliceMs = 10): Promise<Uint8Array> {
  const p = feed.parts();
  const slice = slicer(sliceMs);
  // The string tables: every stop id a stop or a call names, route ids, headsigns, shape ids.
  const stopIds = [...p.stops.keys()];
  const stopIndex = new Map(stopIds.map((s, i) => [s, i]));
  const indexOf = (table: string[], index: Map<string, number>, value: string) => {
    let i = index.get(value);
    if (i === undefined) index.set(value, (i = table.push(value) - 1));
    return i;
  };
  const routeIds: string[] = [];
  const routeIndex = new Map<string, number>();
  const headsigns: string[] = [];
  const headsignIndex = new Map<string, number>();
  const shapeIds = [...p.shapes.keys()];
  const shapeIndex = new Map(shapeIds.map((s, i) => [s, i]));
  const n = p.trips.length;
  const calls = p.trips.reduce((sum, t) => sum + t.stopIds.length, 0);
  const starts = p.trips.reduce((sum, t) => sum + t.starts.length, 0);
  const a = {
    tripRoute: new Int32Array(n),
    tripHeadsign: new Int32Array(n),
    tripService: new Int32Array(n),
    tripShape: new Int32Array(n),
    tripCallStart: new Int32Array(n + 1),
    tripStartStart: new Int32Array(n + 1),
    callStop: new Int32Array(calls),
    callSeq: new Int32Array(calls),
    callArr: new Int32Array(calls),
    callDep: new Int32Array(calls),
    starts: new Int32Array(starts),
  };
  let c = 0;
  let s = 0;
  for (let t = 0; t < n; t++) {
    const trip = p.trips[t];
    a.tripRoute[t] = indexOf(routeIds, routeIndex, trip.routeId);
    a.tripHeadsign[t] = indexOf(headsigns, headsignIndex, trip.headsign);
    a.tripService[t] = trip.service;
    a.tripShape[t] = trip.shapeId === null ? -1 : (shapeIndex.get(trip.shapeId) ?? -1);
    a.tripCallStart[t] = c;
    a.tripStartStart[t] = s;
    for (let j = 0; j < trip.stopIds.length; j++, c++) {
      a.callStop[c] = indexOf(stopIds, stopIndex, trip.stopIds[j]);
      a.callSeq[c] = trip.seqs[j];
      a.callArr[c] = trip.arr[j];
      a.callDep[c] = trip.dep[j];
    }
    a.starts.set(trip.starts, s);
    s += trip.starts.length;
    if ((t & 255) === 0 && slice.due()) await slice.pause();
  }
  a.tripCallStart[n] = c;
  a.tripStartStart[n] = s;
  // Calls by stop (the feed's order of stops and, per stop, of calls) as one list per column.
  const byStop = {
    callStops: new Int32Array(p.calls.size),
    stopCallStart: new Int32Array(p.calls.size + 1),
    stopCallTrip: new Int32Array(calls),
    stopCallIndex: new Int32Array(calls),
  };
  let k = 0;
  let at = 0;
  for (const [stopId, list] of p.calls) {
    byStop.callStops[k] = indexOf(stopIds, stopIndex, stopId);
    byStop.stopCallStart[k++] = at;
    for (let i = 0; i < list.trips.length; i++, at++) {
      byStop.stopCallTrip[at] = list.trips[i];
      byStop.stopCallIndex[at] = list.indexes[i];
    }
  }
  byStop.stopCallStart[k] = at;
  if (at !== calls) throw new Error(`realtime feed snapshot: ${at} calls by stop, ${calls} by trip`);
  const shapePoints = [...p.shapes.values()].reduce((sum, sh) => sum + sh.lats.length, 0);
  const sh = {
    shapeStart: new Int32Array(shapeIds.length + 1),
    shapeLat: new Float64Array(shapePoints),
    shapeLon: new Float64Array(shapePoints),
    shapeCum: new Float64Array(shapePoints),
  };
  let pt = 0;
  shapeIds.forEach((sid, i) => {
    const shape = p.shapes.get(sid)!;
    sh.shapeStart[i] = pt;
    sh.shapeLat.set(shape.lats, pt);
    sh.shapeLon.set(shape.lons, pt);
    sh.shapeCum.set(shape.cum, pt);
    pt += shape.lats.length;
  });
  sh.shapeStart[shapeIds.length] = pt;
  const stopLat = new Float64Array(stopIds.length).fill(NaN);
  const stopLon = new Float64Array(stopIds.length).fill(NaN);
  const stopNames = stopIds.map((sid, i) => {
    const stop = p.stops.get(sid);
    if (stop?.lat != null) stopLat[i] = stop.lat;
    if (stop?.lon != null) stopLon[i] = stop.lon;
    return stop?.name ?? sid;
  });
  const meta: Meta = {
    kind: 'realtime-feed',
    format: FEED_SNAPSHOT_FORMAT,
    id,
    // stops the feed has (ids only in calls are after them, with no row: `stopRows` says how many have one)
    stopIds,
    stopNames,
    routes: [...p.routes.values()],
    routeIds,
    headsigns,
    tripIds: p.trips.map((t) => t.id),
    shapeIds,
    calendarRows: p.calendarRows,
    maxTripSecs: p.maxTripSecs,
    maxServiceSecs: p.maxServiceSecs,
  };
  const arrays: Record<string, Typed> = { ...a, ...byStop, ...sh, stopLat, stopLon, stopRows: Int32Array.of(p.stops.size) };
  return encodeBlob(meta as unknown as Record<string, unknown>, arrays);
}

/**
 * The feed of a snapshot (views into `bytes`), made in slices of about `sliceMs` of the thread. Throws SnapshotRejected
 * when the bytes are not a realtime feed snapshot of this format and of `expected`.
 */
export async function decodeFeedSnapshot(bytes: Uint8Array, expected: SnapshotIdentity, timeZone: string, sliceMs = 10): Promise<RealtimeFeed> {
  const { json, arrays } = decodeBlob(bytes);
  const meta = json as unknown as Meta;
  if (meta.kind !== 'realtime-feed') throw new SnapshotRejected('not a realtime feed snapshot');
  if (meta.format !== FEED_SNAPSHOT_FORMAT) throw new SnapshotRejected(`realtime feed format ${meta.format}, not ${FEED_SNAPSHOT_FORMAT}`);
  const same = (['cityId', 'feedId', 'feedVersion', 'date', 'slackSecs'] as const).every((k) => meta.id?.[k] === expected[k]);
  if (!same) throw new SnapshotRejected(`of ${JSON.stringify(meta.id)}, not of ${JSON.stringify(expected)}`);
  const need = (name: string, T: typeof Int32Array | typeof Float64Array, length?: number) => {
    const v = arrays[name];
    if (!(v instanceof T) || (length !== undefined && v.length !== length)) throw new SnapshotRejected(`array ${name} missing or of the wrong length`);
    return v as InstanceType<typeof T>;
  };
  const n = meta.tripIds.length;
  const tripRoute = need('tripRoute', Int32Array, n) as Int32Array;
  const tripHeadsign = need('tripHeadsign', Int32Array, n) as Int32Array;
  const tripService = need('tripService', Int32Array, n) as Int32Array;
  const tripShape = need('tripShape', Int32Array, n) as Int32Array;
  const tripCallStart = need('tripCallStart', Int32Array, n + 1) as Int32Array;
  const tripStartStart = need('tripStartStart', Int32Array, n + 1) as Int32Array;
  const calls = tripCallStart[n];
  const callStop = need('callStop', Int32Array, calls) as Int32Array;
  const callSeq = need('callSeq', Int32Array, calls) as Int32Array;
  const callArr = need('callArr', Int32Array, calls) as Int32Array;
  const callDep = need('callDep', Int32Array, calls) as Int32Array;
  const starts = need('starts', Int32Array, tripStartStart[n]) as Int32Array;
  const callStops = need('callStops', Int32Array) as Int32Array;
  const stopCallStart = need('stopCallStart', Int32Array, callStops.length + 1) as Int32Array;
  const stopCallTrip = need('stopCallTrip', Int32Array, calls) as Int32Array;
  const stopCallIndex = need('stopCallIndex', Int32Array, calls) as Int32Array;
  const shapeStart = need('shapeStart', Int32Array, meta.shapeIds.length + 1) as Int32Array;
  const points = shapeStart[meta.shapeIds.length];
  const shapeLat = need('shapeLat', Float64Array, points) as Float64Array;
  const shapeLon = need('shapeLon', Float64Array, points) as Float64Array;
  const shapeCum = need('shapeCum', Float64Array, points) as Float64Array;
  const stopLat = need('stopLat', Float64Array, meta.stopIds.length) as Float64Array;
  const stopLon = need('stopLon', Float64Array, meta.stopIds.length) as Float64Array;
  const stopRows = (need('stopRows', Int32Array, 1) as Int32Array)[0];
  const slice = slicer(sliceMs);

  const stops = new Map<string, FeedStop>();
  for (let i = 0; i < stopRows; i++) {
    const lat = stopLat[i];
    const lon = stopLon[i];
    stops.set(meta.stopIds[i], { id: meta.stopIds[i], name: meta.stopNames[i], lat: Number.isNaN(lat) ? null : lat, lon: Number.isNaN(lon) ? null : lon });
  }
  const routes = new Map(meta.routes.map((r) => [r.id, r]));
  const shapes = new Map<string, Shape>();
  meta.shapeIds.forEach((sid, i) => {
    const [from, to] = [shapeStart[i], shapeStart[i + 1]];
    shapes.set(sid, { lats: shapeLat.subarray(from, to), lons: shapeLon.subarray(from, to), cum: shapeCum.subarray(from, to) });
  });
  const trips: FeedTrip[] = new Array(n);
  for (let t = 0; t < n; t++) {
    const [from, to] = [tripCallStart[t], tripCallStart[t + 1]];
    const stopIds: string[] = new Array(to - from);
    for (let j = from; j < to; j++) stopIds[j - from] = meta.stopIds[callStop[j]];
    const shape = tripShape[t];
    trips[t] = {
      id: meta.tripIds[t],
      routeId: meta.routeIds[tripRoute[t]],
      headsign: meta.headsigns[tripHeadsign[t]],
      service: tripService[t],
      stopIds,
      seqs: callSeq.subarray(from, to),
      arr: callArr.subarray(from, to),
      dep: callDep.subarray(from, to),
      starts: starts.subarray(tripStartStart[t], tripStartStart[t + 1]),
      shapeId: shape < 0 ? null : meta.shapeIds[shape],
    };
    if ((t & 255) === 0 && slice.due()) await slice.pause();
  }
  const byStop = new Map<string, { trips: Int32Array; indexes: Int32Array }>();
  for (let k = 0; k < callStops.length; k++) {
    const [from, to] = [stopCallStart[k], stopCallStart[k + 1]];
    byStop.set(meta.stopIds[callStops[k]], { trips: stopCallTrip.subarray(from, to), indexes: stopCallIndex.subarray(from, to) });
  }
  if (slice.due()) await slice.pause();
  return RealtimeFeed.fromParts(
    expected.cityId,
    expected.feedId,
    timeZone,
    { stops, routes, trips, calls: byStop, shapes, calendarRows: meta.calendarRows, maxTripSecs: meta.maxTripSecs, maxServiceSecs: meta.maxServiceSecs },
    sliceMs,
  );
}
