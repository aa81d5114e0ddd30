import type { PlannerWalkSettings } from '../transit';
import { networkFromCore, type Network, type NetworkCore } from './network';

/**
 * The offline timetable file: a city's day networks (the ones the server's planner plans with) for a few service days,
 * compact enough to download once and keep on the phone, read back into the very arrays the planner searches.
 *
 * Layout: "SWTT" (u32, big-endian), the format (u32), the JSON part's length (u32), the JSON part (UTF-8: the city, the
 * feed version, the stops, the routes, the trip ids and headsigns, and per day its date, start and byte length), then
 * each day's block. A day block holds what `networkFromCore` needs (patterns, stop times, trips, footpaths), as unsigned
 * LEB128 varints (signed values zigzagged), written so that gzip finds long runs: a pattern's stop times are each trip's
 * first departure minus the previous trip's, and its running and dwell times minus the previous trip's (trips of a
 * pattern mostly run the same times: zeros). Footpaths and change times are the feed's, the same every day: written
 * with the first day only, a later day with a flag says "the first day's".
 *
 * Pure (no Buffer, no I/O): the API writes it (planner/timetable-file-route.ts), the browser's planner worker reads it.
 */

export const TIMETABLE_FILE_FORMAT = 1;
/** Response header of GET /api/planner/timetable: the file's SHA-256 (hex) of its bytes before gzip. */
export const TIMETABLE_HASH_HEADER = 'x-timetable-sha256';
/** Response header of GET /api/planner/timetable: the feed version the file was built from. */
export const TIMETABLE_VERSION_HEADER = 'x-timetable-feed-version';
const MAGIC = 0x53575454; // "SWTT"

export interface TimetableStop {
  stop_id: string;
  stop_name: string | null;
  stop_lat: number | null;
  stop_lon: number | null;
}

export interface TimetableRoute {
  route_id: string;
  route_short_name: string | null;
  route_long_name: string | null;
  route_type: number;
  route_color: string | null;
  route_text_color: string | null;
  agency_name: string | null;
}

/** One service day as the planner has it. */
export interface TimetableDayInput {
  date: string;
  /** The service day's start (epoch ms; noon minus 12 h in city time). */
  startMs: number;
  network: Network;
  headsigns: readonly (string | null)[];
  tripsOnDate: number;
}

export interface TimetableInput {
  cityId: string;
  feedVersion: string;
  timeZone: string;
  slackSecs: number;
  walk: PlannerWalkSettings;
  stopBased: boolean;
  stops: readonly TimetableStop[];
  routes: readonly TimetableRoute[];
  days: readonly TimetableDayInput[];
}

export interface TimetableDay {
  date: string;
  startMs: number;
  network: Network;
  headsigns: (string | null)[];
  tripsOnDate: number;
}

export interface Timetable {
  cityId: string;
  feedVersion: string;
  timeZone: string;
  slackSecs: number;
  walk: PlannerWalkSettings;
  stopBased: boolean;
  stops: TimetableStop[];
  routes: TimetableRoute[];
  days: TimetableDay[];
}

interface Meta {
  format: number;
  cityId: string;
  feedVersion: string;
  timeZone: string;
  slackSecs: number;
  walk: PlannerWalkSettings;
  stopBased: boolean;
  stops: { ids: string[]; names: (string | null)[]; lat: (number | null)[]; lon: (number | null)[] };
  routes: TimetableRoute[];
  tripIds: string[];
  headsigns: string[];
  days: { date: string; startMs: number; tripsOnDate: number; bytes: number }[];
}

/** A file that is not a timetable file of this format, or is damaged. */
export class TimetableFileError extends Error {}

class Writer {
  private buf = new Uint8Array(1 << 16);
  length = 0;

  private room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  /** An unsigned integer below 2^35 (times, counts, indices). */
  u(v: number): void {
    if (!(v >= 0) || !Number.isInteger(v)) throw new TimetableFileError(`not an unsigned integer: ${v}`);
    this.room(6);
    while (v >= 0x80) {
      this.buf[this.length++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.buf[this.length++] = v;
  }

  /** A signed integer (zigzag). */
  s(v: number): void {
    this.u(v < 0 ? -2 * v - 1 : 2 * v);
  }

  bytes(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

class Reader {
  at = 0;
  constructor(
    private readonly buf: Uint8Array,
    private readonly end: number,
  ) {}

  u(): number {
    let v = 0;
    let mul = 1;
    for (;;) {
      if (this.at >= this.end) throw new TimetableFileError('truncated day block');
      const b = this.buf[this.at++];
      v += (b & 0x7f) * mul;
      if (b < 0x80) return v;
      mul *= 0x80;
    }
  }

  s(): number {
    const z = this.u();
    return z % 2 === 1 ? -(z + 1) / 2 : z / 2;
  }
}

function sameArray(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The file's bytes for a city's day networks (all of one feed: the same stops in the same order). */
export function encodeTimetable(input: TimetableInput): Uint8Array {
  const tripIds: string[] = [];
  const tripIndex = new Map<string, number>();
  const headsigns: string[] = [];
  const headsignIndex = new Map<string, number>();
  const routeIndex = new Map(input.routes.map((r, i) => [r.route_id, i]));
  const stopIds = input.stops.map((s) => s.stop_id);
  const blocks: Uint8Array[] = [];
  const first = input.days[0]?.network;
  for (const day of input.days) {
    const n = day.network;
    if (n.stopIds.length !== stopIds.length || n.stopIds.some((id, i) => id !== stopIds[i]))
      throw new TimetableFileError(`the network of ${day.date} has other stops than the file`);
    const w = new Writer();
    // Routes of the day, as indices into the file's routes.
    w.u(n.routeIds.length);
    for (const id of n.routeIds) {
      const r = routeIndex.get(id);
      if (r === undefined) throw new TimetableFileError(`route ${id} of ${day.date} is not among the file's routes`);
      w.u(r);
    }
    // Source trips: id, headsign, frequency-based.
    w.u(n.sourceTripIds.length);
    let prevTrip = 0;
    n.sourceTripIds.forEach((id, i) => {
      let t = tripIndex.get(id);
      if (t === undefined) {
        t = tripIds.length;
        tripIds.push(id);
        tripIndex.set(id, t);
      }
      w.s(t - prevTrip);
      prevTrip = t;
      const h = day.headsigns[i];
      let hi = 0;
      if (h !== null && h !== undefined) {
        let k = headsignIndex.get(h);
        if (k === undefined) {
          k = headsigns.length;
          headsigns.push(h);
          headsignIndex.set(h, k);
        }
        hi = k + 1;
      }
      w.u(hi);
      w.u(n.sourceTripIsFrequency[i]);
    });
    // Patterns: stops, trips, route; then each trip's source and shift; then the stop times.
    const P = n.patternCount;
    w.u(P);
    let prevSource = 0;
    let prevShift = 0;
    for (let p = 0; p < P; p++) {
      const s0 = n.patternStopStart[p];
      const k = n.patternStopStart[p + 1] - s0;
      const t0 = n.patternTripStart[p];
      const trips = n.patternTripStart[p + 1] - t0;
      w.u(k);
      w.u(trips);
      w.u(n.patternRoute[p]);
      let prevStop = 0;
      for (let i = 0; i < k; i++) {
        w.s(n.patternStops[s0 + i] - prevStop);
        prevStop = n.patternStops[s0 + i];
      }
      for (let t = 0; t < trips; t++) {
        w.s(n.tripSource[t0 + t] - prevSource);
        prevSource = n.tripSource[t0 + t];
        w.s(n.tripShift[t0 + t] - prevShift);
        prevShift = n.tripShift[t0 + t];
      }
      const base = n.patternTimeBase[p];
      for (let t = 0; t < trips; t++) {
        for (let i = 0; i < k; i++) {
          const at = base + i * trips + t;
          // This trip's value minus the previous trip's: first arrival, then per stop the run to it and the dwell.
          const run = i === 0 ? n.arrivals[at] : n.arrivals[at] - n.departures[at - trips];
          const dwell = n.departures[at] - n.arrivals[at];
          if (t === 0) {
            w.s(run);
            w.s(dwell);
          } else {
            const prevRun = i === 0 ? n.arrivals[at - 1] : n.arrivals[at - 1] - n.departures[at - trips - 1];
            w.s(run - prevRun);
            w.s(dwell - (n.departures[at - 1] - n.arrivals[at - 1]));
          }
        }
      }
    }
    // Footpaths and change times: the first day's, unless this day has others.
    const same =
      n !== first &&
      !!first &&
      sameArray(n.footStart, first.footStart) &&
      sameArray(n.footTo, first.footTo) &&
      sameArray(n.footSecs, first.footSecs) &&
      sameArray(n.footSlack, first.footSlack) &&
      sameArray(n.changeSecs, first.changeSecs);
    w.u(same ? 1 : 0);
    if (!same) {
      for (let s = 0; s < stopIds.length; s++) {
        w.u(n.changeSecs[s]);
        const f0 = n.footStart[s];
        const f1 = n.footStart[s + 1];
        w.u(f1 - f0);
        let prev = s;
        for (let f = f0; f < f1; f++) {
          w.s(n.footTo[f] - prev);
          prev = n.footTo[f];
          w.u(n.footSecs[f]);
          w.u(n.footSlack[f]);
        }
      }
    }
    blocks.push(w.bytes());
  }
  const meta: Meta = {
    format: TIMETABLE_FILE_FORMAT,
    cityId: input.cityId,
    feedVersion: input.feedVersion,
    timeZone: input.timeZone,
    slackSecs: input.slackSecs,
    walk: input.walk,
    stopBased: input.stopBased,
    stops: {
      ids: stopIds,
      names: input.stops.map((s) => s.stop_name),
      lat: input.stops.map((s) => s.stop_lat),
      lon: input.stops.map((s) => s.stop_lon),
    },
    routes: [...input.routes],
    tripIds,
    headsigns,
    days: input.days.map((d, i) => ({ date: d.date, startMs: d.startMs, tripsOnDate: d.tripsOnDate, bytes: blocks[i].length })),
  };
  const json = new TextEncoder().encode(JSON.stringify(meta));
  const out = new Uint8Array(12 + json.length + blocks.reduce((a, b) => a + b.length, 0));
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC);
  view.setUint32(4, TIMETABLE_FILE_FORMAT);
  view.setUint32(8, json.length);
  out.set(json, 12);
  let at = 12 + json.length;
  for (const b of blocks) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}

/** What a file holds without reading its days (its city, feed version and dates). */
export function timetableFileInfo(bytes: Uint8Array): { cityId: string; feedVersion: string; dates: string[] } {
  const meta = readMeta(bytes);
  return { cityId: meta.cityId, feedVersion: meta.feedVersion, dates: meta.days.map((d) => d.date) };
}

function readMeta(bytes: Uint8Array): Meta & { bodyAt: number } {
  if (bytes.byteLength < 12) throw new TimetableFileError('too short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0) !== MAGIC) throw new TimetableFileError('not a timetable file');
  if (view.getUint32(4) !== TIMETABLE_FILE_FORMAT) throw new TimetableFileError(`format ${view.getUint32(4)}, not ${TIMETABLE_FILE_FORMAT}`);
  const jsonLength = view.getUint32(8);
  if (12 + jsonLength > bytes.byteLength) throw new TimetableFileError('truncated');
  let meta: Meta;
  try {
    meta = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + jsonLength)));
  } catch {
    throw new TimetableFileError('unreadable');
  }
  const body = meta.days.reduce((a, d) => a + d.bytes, 0);
  if (12 + jsonLength + body !== bytes.byteLength) throw new TimetableFileError('truncated');
  return { ...meta, bodyAt: 12 + jsonLength };
}

/** The file read back: every day's network as the server built it. Throws TimetableFileError when it cannot be read. */
export function decodeTimetable(bytes: Uint8Array): Timetable {
  const meta = readMeta(bytes);
  const S = meta.stops.ids.length;
  const stopLat = Float64Array.from(meta.stops.lat, (v) => (v === null ? NaN : v));
  const stopLon = Float64Array.from(meta.stops.lon, (v) => (v === null ? NaN : v));
  let at = meta.bodyAt;
  let firstFoot: Pick<NetworkCore, 'footStart' | 'footTo' | 'footSecs' | 'footSlack' | 'changeSecs'> | null = null;
  const days: TimetableDay[] = meta.days.map((d) => {
    const r = new Reader(bytes, at + d.bytes);
    r.at = at;
    at += d.bytes;
    const routeIds = Array.from({ length: r.u() }, () => meta.routes[r.u()]?.route_id ?? '');
    const sources = r.u();
    const sourceTripIds: string[] = new Array(sources);
    const headsigns: (string | null)[] = new Array(sources);
    const sourceTripIsFrequency = new Uint8Array(sources);
    let trip = 0;
    for (let i = 0; i < sources; i++) {
      trip += r.s();
      sourceTripIds[i] = meta.tripIds[trip];
      const h = r.u();
      headsigns[i] = h === 0 ? null : meta.headsigns[h - 1];
      sourceTripIsFrequency[i] = r.u();
    }
    const P = r.u();
    const patternStopStart = new Int32Array(P + 1);
    const patternTripStart = new Int32Array(P + 1);
    const patternRoute = new Int32Array(P);
    const stops: number[] = [];
    const tripSource: number[] = [];
    const tripShift: number[] = [];
    const arr: number[] = [];
    const dep: number[] = [];
    let source = 0;
    let shift = 0;
    for (let p = 0; p < P; p++) {
      const k = r.u();
      const trips = r.u();
      patternRoute[p] = r.u();
      patternStopStart[p + 1] = patternStopStart[p] + k;
      patternTripStart[p + 1] = patternTripStart[p] + trips;
      let stop = 0;
      for (let i = 0; i < k; i++) stops.push((stop += r.s()));
      for (let t = 0; t < trips; t++) {
        tripSource.push((source += r.s()));
        tripShift.push((shift += r.s()));
      }
      const base = arr.length;
      for (let x = 0; x < k * trips; x++) {
        arr.push(0);
        dep.push(0);
      }
      // Per stop the previous trip's run and dwell (what this trip's values are written against).
      const runs = new Array<number>(k).fill(0);
      const dwells = new Array<number>(k).fill(0);
      for (let t = 0; t < trips; t++) {
        for (let i = 0; i < k; i++) {
          runs[i] += r.s();
          dwells[i] += r.s();
          const x = base + i * trips + t;
          arr[x] = i === 0 ? runs[i] : dep[x - trips] + runs[i];
          dep[x] = arr[x] + dwells[i];
        }
      }
    }
    let foot = firstFoot;
    if (r.u() === 0 || !foot) {
      const changeSecs = new Int32Array(S);
      const footStart = new Int32Array(S + 1);
      const to: number[] = [];
      const secs: number[] = [];
      const slack: number[] = [];
      for (let s = 0; s < S; s++) {
        changeSecs[s] = r.u();
        const count = r.u();
        footStart[s + 1] = footStart[s] + count;
        let prev = s;
        for (let f = 0; f < count; f++) {
          to.push((prev += r.s()));
          secs.push(r.u());
          slack.push(r.u());
        }
      }
      foot = { changeSecs, footStart, footTo: Int32Array.from(to), footSecs: Int32Array.from(secs), footSlack: Int32Array.from(slack) };
      firstFoot ??= foot;
    }
    if (r.at !== at) throw new TimetableFileError(`day ${d.date}: ${at - r.at} bytes left unread`);
    const network = networkFromCore({
      stopIds: meta.stops.ids,
      stopLat,
      stopLon,
      routeIds,
      patternStopStart,
      patternStops: Int32Array.from(stops),
      patternTripStart,
      patternRoute,
      arrivals: Int32Array.from(arr),
      departures: Int32Array.from(dep),
      tripSource: Int32Array.from(tripSource),
      tripShift: Int32Array.from(tripShift),
      sourceTripIds,
      sourceTripIsFrequency,
      ...foot,
    });
    return { date: d.date, startMs: d.startMs, network, headsigns, tripsOnDate: d.tripsOnDate };
  });
  return {
    cityId: meta.cityId,
    feedVersion: meta.feedVersion,
    timeZone: meta.timeZone,
    slackSecs: meta.slackSecs,
    walk: meta.walk,
    stopBased: meta.stopBased,
    stops: meta.stops.ids.map((id, i) => ({ stop_id: id, stop_name: meta.stops.names[i], stop_lat: meta.stops.lat[i], stop_lon: meta.stops.lon[i] })),
    routes: meta.routes,
    days,
  };
}
