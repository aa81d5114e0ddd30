import { DISRUPTION_KINDS, HOUR_MS, MINUTE_MS, localDate, serviceDay, type DisruptionKind } from '@sawari/domain';
import type { RealtimeConfig } from './config';
import { formatGtfsTime, type RealtimeFeed, type TripRun } from './feed';
import type {
  RealtimeDisruption,
  RealtimeSnapshot,
  RealtimeSource,
  ReservedRun,
  ReservedVehicle,
  ReservedVehicleSource,
  TripUpdate,
  VehiclePosition,
} from './source';

/**
 * The development realtime source: buses run today's scheduled trips with seeded delays, occupancy, GPS jitter and
 * report ages, plus a few seeded disruptions a day. A pure function of (feed, seed, now): no timers, no state, so two
 * API instances (or two requests) agree, and a test can ask for any instant. See docs/realtime.md.
 */

/** Registration prefixes (state and RTO) of city buses. */
const PLATE_PREFIX: Record<string, string> = {
  kochi: 'KL-07',
  thiruvananthapuram: 'KL-01',
  kozhikode: 'KL-11',
  mumbai: 'MH-43',
  pune: 'MH-12',
  bengaluru: 'KA-57',
  chennai: 'TN-01',
  delhi: 'DL-1P',
};
/** Registration series letters skip I and O (they read as 1 and 0). */
const SERIES = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Bounds of a simulated delay, seconds: a run can be on the road this much before or after its schedule. */
const MAX_EARLY_SECS = 10 * 60;
const MAX_LATE_SECS = 20 * 60;

/** Share of runs cancelled (announced from 2 h before their first departure until their last arrival). */
export const CANCELLED_SHARE = 0.03;
/** Share of runs on the road that skip one of their next stops (drive past it without stopping). */
export const SKIPPING_SHARE = 0.03;
/** How far ahead cancellations are announced. */
const CANCEL_NOTICE_MS = 2 * HOUR_MS;

/** Whether the simulator cancels this run (seeded: the same seed and run, the same answer). */
export function isCancelledRun(seed: string, runKey: string): boolean {
  return seeded(seed, runKey, 'cancelled') < CANCELLED_SHARE;
}

/** cyrb53-style string hash to a float in [0, 1): the simulator's only randomness. */
export function seeded(...parts: (string | number)[]): number {
  const s = parts.join('\u0001');
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return ((h2 >>> 0) * 2 ** 21 + (h1 >>> 11)) / 2 ** 53;
}

const between = (u: number, lo: number, hi: number) => lo + u * (hi - lo);

/** Everything seeded about one run, drawn once per call. */
interface RunProfile {
  baseDelay: number;
  drift: number;
  wobble: number;
  wobblePeriodMs: number;
  wobblePhase: number;
  reportEveryMs: number;
  reportPhaseMs: number;
  lagMs: number;
  /** A stretch with no reports (lost GPS): [from, to) epoch ms, or null. */
  silence: [number, number] | null;
  /** The device sends positions but no prediction (spec §3: eta -1). */
  etaUnknown: boolean;
  occupancyBase: number;
  occupancyPhase: number;
}

/** What the seeded profile of a run depends on: its stable key, first departure and length. */
interface RunTimes {
  key: string;
  startMs: number;
  durationMs: number;
}
const timesOf = (run: TripRun): RunTimes => ({
  key: run.key,
  startMs: run.day.startMs + run.start * 1000,
  durationMs: run.trip.arr[run.trip.arr.length - 1] * 1000,
});

function profileOf(seed: string, run: RunTimes): RunProfile {
  const r = (what: string) => seeded(seed, run.key, what);
  const cls = r('class');
  // Mostly -2..+8 min; about 8 % clearly early (more than 5 min), about 15 % late past 6 min.
  const baseDelay =
    cls < 0.08
      ? between(r('base'), -480, -310)
      : cls < 0.62
        ? between(r('base'), -120, 240)
        : cls < 0.85
          ? between(r('base'), 240, 420)
          : between(r('base'), 420, 900);
  const { startMs, durationMs } = run;
  const gaps = r('gaps');
  let silence: [number, number] | null = null;
  if (gaps < 0.2) {
    const from = startMs + between(r('silence-at'), 0.1, 0.7) * durationMs;
    const lengthMs = (gaps < 0.12 ? between(r('silence-len'), 2, 10) : between(r('silence-len'), 16, 40)) * MINUTE_MS;
    silence = [from, from + lengthMs];
  }
  const occ = r('occupancy');
  return {
    baseDelay,
    drift: between(r('drift'), -60, 180),
    wobble: between(r('wobble'), 10, 60),
    wobblePeriodMs: between(r('wobble-period'), 12, 30) * MINUTE_MS,
    wobblePhase: r('wobble-phase') * 2 * Math.PI,
    reportEveryMs: [10_000, 15_000, 20_000, 30_000][Math.floor(r('report-every') * 4)],
    reportPhaseMs: Math.floor(r('report-phase') * 30) * 1000,
    lagMs: Math.floor(between(r('lag'), 1, 8)) * 1000,
    silence,
    etaUnknown: r('eta-unknown') < 0.04,
    occupancyBase: occ < 0.2 ? between(r('occ-base'), 0, 3) : occ < 0.55 ? between(r('occ-base'), 3, 10) : between(r('occ-base'), 10, 40),
    occupancyPhase: r('occ-phase') * 2 * Math.PI,
  };
}

/** Delay (s) of the run at instant t: a seeded base, a drift over the trip and a slow wobble; smooth in t. */
function delayAt(p: RunProfile, run: RunTimes, t: number): number {
  const startMs = run.startMs;
  const durationMs = Math.max(1, run.durationMs);
  const progress = Math.min(1, Math.max(0, (t - startMs) / durationMs));
  // A bus never leaves its first stop early: an early run gains its lead over the first half of the trip.
  const base = p.baseDelay < 0 ? p.baseDelay * Math.min(1, progress * 2) : p.baseDelay;
  const d = base + p.drift * progress + p.wobble * Math.sin((2 * Math.PI * (t - startMs)) / p.wobblePeriodMs + p.wobblePhase);
  return Math.round(Math.min(MAX_LATE_SECS, Math.max(-MAX_EARLY_SECS, d)));
}

/** Time of the last report at or before `now`: every few seconds with a small lag, nothing during a silence. */
function lastReport(p: RunProfile, now: number): number {
  const at = p.silence && now >= p.silence[0] && now < p.silence[1] ? p.silence[0] : now;
  const t = at - p.lagMs;
  return t - ((((t - p.reportPhaseMs) % p.reportEveryMs) + p.reportEveryMs) % p.reportEveryMs);
}

function occupancyAt(p: RunProfile, progress: number): number {
  return Math.round(Math.min(40, Math.max(0, p.occupancyBase + 2.5 * Math.sin(progress * 2 * Math.PI + p.occupancyPhase))));
}

export function plate(seed: string, cityId: string, runKey: string, attempt = 0): string {
  const prefix = PLATE_PREFIX[cityId] ?? `${cityId.slice(0, 2).toUpperCase()}-01`;
  const u = (what: string) => seeded(seed, cityId, runKey, attempt, what);
  const letters = SERIES[Math.floor(u('a') * SERIES.length)] + SERIES[Math.floor(u('b') * SERIES.length)];
  return `${prefix}-${letters}-${String(1000 + Math.floor(u('n') * 9000))}`;
}

/** A few metres of GPS noise, the same for the same report. */
function jitter(seed: string, key: string, tS: number, lat: number, lon: number): [number, number] {
  const metres = 2 + seeded(seed, key, tS, 'r') * 6;
  const angle = seeded(seed, key, tS, 'a') * 2 * Math.PI;
  const dLat = (metres * Math.cos(angle)) / 111_320;
  const dLon = (metres * Math.sin(angle)) / (111_320 * Math.cos((lat * Math.PI) / 180));
  return [Math.round((lat + dLat) * 1e6) / 1e6, Math.round((lon + dLon) * 1e6) / 1e6];
}

type SimulatedVehicles = { vehicles: VehiclePosition[]; tripUpdates: TripUpdate[] };

export function simulateVehicles(feed: RealtimeFeed, seed: string, now: number): SimulatedVehicles {
  const out: SimulatedVehicles = { vehicles: [], tripUpdates: [] };
  for (const _ of vehicleSteps(feed, seed, now, out));
  return out;
}

/**
 * The same as simulateVehicles, the thread given back about every `sliceMs` (a big city has thousands of buses on the
 * road, and the first live state after a start places every one on its shape: one long task otherwise).
 */
export async function simulateVehiclesInSlices(feed: RealtimeFeed, seed: string, now: number, sliceMs = 10): Promise<SimulatedVehicles> {
  const out: SimulatedVehicles = { vehicles: [], tripUpdates: [] };
  let start = performance.now();
  for (const _ of vehicleSteps(feed, seed, now, out))
    if (performance.now() - start >= sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      start = performance.now();
    }
  return out;
}

/** Fills `out` run by run (yielding after each, where a slice may end). */
function* vehicleSteps(feed: RealtimeFeed, seed: string, now: number, out: SimulatedVehicles): Generator<void> {
  const { vehicles, tripUpdates } = out;
  const plates = new Set<string>();
  const runs = feed.runsBetween(now - MAX_LATE_SECS * 1000, now + MAX_EARLY_SECS * 1000).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const run of runs) {
    const trip = run.trip;
    if (isCancelledRun(seed, run.key)) continue;
    const startMs = run.day.startMs + run.start * 1000;
    const durationSecs = trip.arr[trip.arr.length - 1];
    const times = timesOf(run);
    const p = profileOf(seed, times);
    // On the road when the schedule time it has reached (now minus its delay) is within the trip.
    const scheduleSecs = (now - delayAt(p, times, now) * 1000 - startMs) / 1000;
    if (scheduleSecs < 0 || scheduleSecs > durationSecs) continue;
    const tS = lastReport(p, now);
    const delay = delayAt(p, times, tS);
    const atSecs = Math.min(durationSecs, Math.max(0, (tS - delay * 1000 - startMs) / 1000));
    const point = feed.pointAt(trip, atSecs);
    if (!point) continue;
    let vNo = plate(seed, feed.cityId, run.key);
    for (let attempt = 1; plates.has(vNo); attempt++) vNo = plate(seed, feed.cityId, run.key, attempt);
    plates.add(vNo);
    const [lat, lon] = jitter(seed, run.key, tS, point.lat, point.lon);
    const ref = { tripId: trip.id, routeId: trip.routeId, startDate: run.day.date, startTime: formatGtfsTime(run.start) };
    const stopSequence = trip.seqs[point.nextIndex];
    const stopId = trip.stopIds[point.nextIndex];
    vehicles.push({
      vNo,
      trip: ref,
      routeId: trip.routeId,
      lat,
      lon,
      bearing: point.bearing,
      tS,
      occupancyLevel: occupancyAt(p, atSecs / Math.max(1, durationSecs)),
      currentStopSequence: stopSequence,
      stopId,
    });
    const stops: TripUpdate['stops'] = [{ stopSequence, stopId, delaySeconds: p.etaUnknown ? null : delay }];
    // A few runs drive past one of their next stops (not the last): a seeded one of the next three.
    const skip = point.nextIndex + 1 + Math.floor(seeded(seed, run.key, 'skip-at') * 3);
    if (seeded(seed, run.key, 'skip') < SKIPPING_SHARE && skip < trip.stopIds.length - 1) {
      stops.push({ stopSequence: trip.seqs[skip], stopId: trip.stopIds[skip], delaySeconds: null, skipped: true });
    }
    tripUpdates.push({ trip: ref, vNo, tS, stops });
    yield;
  }
  yield;
  // Cancelled runs: announced from two hours before their first departure until their last arrival, no vehicle.
  const reported = now - (now % 30_000);
  for (const run of feed.runsBetween(now, now + CANCEL_NOTICE_MS)) {
    if (!isCancelledRun(seed, run.key)) continue;
    const ref = { tripId: run.trip.id, routeId: run.trip.routeId, startDate: run.day.date, startTime: formatGtfsTime(run.start) };
    tripUpdates.push({ trip: ref, vNo: null, tS: reported, stops: [], cancelled: true });
  }
}

const DURATION_MIN: Record<DisruptionKind, [number, number]> = { WEATHER: [120, 300], TRAFFIC: [60, 180], BREAKDOWN: [30, 90] };

/** Three to five disruptions per service date, on seeded routes and stops, between 06:00 and 20:00. */
export function simulateDisruptions(feed: RealtimeFeed, seed: string, date: string): RealtimeDisruption[] {
  const routeIds = [...feed.tripsByRoute.keys()].sort();
  if (routeIds.length === 0) return [];
  const day = serviceDay(date, feed.timeZone);
  const count = 3 + Math.floor(seeded(seed, feed.cityId, date, 'count') * 3);
  const out: RealtimeDisruption[] = [];
  for (let n = 0; n < count; n++) {
    const u = (what: string) => seeded(seed, feed.cityId, date, n, what);
    const kind = DISRUPTION_KINDS[Math.floor(u('kind') * DISRUPTION_KINDS.length)];
    const routeId = routeIds[Math.floor(u('route') * routeIds.length)];
    const trips = feed.tripsByRoute.get(routeId)!;
    const trip = trips[Math.floor(u('trip') * trips.length)];
    const index = Math.floor(u('stop') * trip.stopIds.length);
    const stopId = trip.stopIds[index];
    const stopName = feed.stopName(stopId);
    const routeName = feed.routeName(routeId);
    const startsAt = day.startMs + Math.round(between(u('start'), 6, 20) * 4) * 15 * MINUTE_MS;
    const [lo, hi] = DURATION_MIN[kind];
    const endsAt = startsAt + Math.round(between(u('duration'), lo, hi) / 15) * 15 * MINUTE_MS;
    const routesAt = (stops: string[]) => [...new Set(stops.flatMap((s) => feed.callsAt(s).map((c) => c.trip.routeId)))].sort().slice(0, 8);
    let stopIds: string[];
    let title: string;
    let description: string;
    if (kind === 'WEATHER') {
      stopIds = trip.stopIds.slice(Math.max(0, index - 1), index + 2);
      title = `Waterlogging near ${stopName}`;
      description = `Heavy rain has flooded the road near ${stopName}. Buses may run late or skip these stops.`;
    } else if (kind === 'TRAFFIC') {
      stopIds = trip.stopIds.slice(index, index + 2);
      title = `Heavy traffic near ${stopName}`;
      description = `Slow traffic near ${stopName}. Buses may be up to ${5 * (2 + Math.floor(u('late') * 4))} min late.`;
    } else {
      stopIds = [stopId];
      title = `Bus breakdown on route ${routeName}`;
      description = `A bus has broken down near ${stopName}. The next buses on route ${routeName} may be delayed.`;
    }
    const routeList = kind === 'BREAKDOWN' ? [routeId] : routesAt(stopIds);
    out.push({ id: `sim-${feed.cityId}-${date}-${n}`, kind, title, description, routeIds: routeList, stopIds, startsAt, endsAt });
  }
  return out;
}

export function simulate(feed: RealtimeFeed, seed: string, now: number): RealtimeSnapshot {
  return { ...simulateVehicles(feed, seed, now), disruptions: simulatedDisruptions(feed, seed, now) };
}

/** simulate's snapshot, made in slices of the thread (the source's answer to the service). */
export async function simulateInSlices(feed: RealtimeFeed, seed: string, now: number): Promise<RealtimeSnapshot> {
  return { ...(await simulateVehiclesInSlices(feed, seed, now)), disruptions: simulatedDisruptions(feed, seed, now) };
}

function simulatedDisruptions(feed: RealtimeFeed, seed: string, now: number): RealtimeDisruption[] {
  const today = localDate(now, feed.timeZone);
  const yesterday = localDate(serviceDay(today, feed.timeZone).startMs - HOUR_MS, feed.timeZone);
  return [yesterday, today].flatMap((date) => simulateDisruptions(feed, seed, date)).filter((d) => d.endsAt === null || d.endsAt > now);
}

/** A reserved departure's bus reports from this long before its first departure (it waits at the first stop). */
export const RESERVED_LAYOVER_MS = 30 * MINUTE_MS;

/** Straight-line point `f` (0..1) between two stops, with the bearing of that segment. */
function between2(a: { lat: number; lon: number }, b: { lat: number; lon: number }, f: number): { lat: number; lon: number; bearing: number | null } {
  const lat = a.lat + (b.lat - a.lat) * f;
  const lon = a.lon + (b.lon - a.lon) * f;
  if (a.lat === b.lat && a.lon === b.lon) return { lat, lon, bearing: null };
  const rad = Math.PI / 180;
  const y = Math.sin((b.lon - a.lon) * rad) * Math.cos(b.lat * rad);
  const x = Math.cos(a.lat * rad) * Math.sin(b.lat * rad) - Math.sin(a.lat * rad) * Math.cos(b.lat * rad) * Math.cos((b.lon - a.lon) * rad);
  return { lat, lon, bearing: Math.round(((Math.atan2(y, x) / rad + 360) % 360) * 10) / 10 };
}

/**
 * The bus of one reserved departure at `now`, with the same seeded delays, report rhythm, GPS gaps and jitter as the
 * feed's buses (some early, most within minutes, some late): waiting at the first stop from 30 minutes before the
 * departure (never leaving early), then along the stops' straight path on its schedule plus its delay, then at the
 * last stop for 30 minutes. Null before and after. Pure: the same (seed, run, now), the same bus.
 */
export function simulateReservedRun(seed: string, run: ReservedRun, now: number): ReservedVehicle | null {
  const stops = run.stops;
  const durationSecs = stops[stops.length - 1].offsetSecs;
  const times: RunTimes = { key: `reserved|${run.runId}`, startMs: run.startMs, durationMs: durationSecs * 1000 };
  const p = profileOf(seed, times);
  if (now < run.startMs - RESERVED_LAYOVER_MS) return null;
  const tS = Math.max(run.startMs - RESERVED_LAYOVER_MS, lastReport(p, now));
  const raw = delayAt(p, times, tS);
  const atSecs = (tS - raw * 1000 - run.startMs) / 1000;
  // After its last stop the bus stands there reporting for a while, then goes off duty.
  if ((now - delayAt(p, times, now) * 1000 - run.startMs) / 1000 > durationSecs + RESERVED_LAYOVER_MS / 1000) return null;
  // Before it leaves, the bus waits at the first stop: a late departure is late, an early one waits for its time.
  const delay = atSecs <= 0 ? Math.max(0, raw, Math.round((tS - run.startMs) / 1000)) : raw;
  const scheduleSecs = Math.min(durationSecs, Math.max(0, atSecs));
  let i = 1;
  while (i < stops.length - 1 && stops[i].offsetSecs <= scheduleSecs) i++;
  const a = stops[i - 1];
  const b = stops[i];
  const span = b.offsetSecs - a.offsetSecs;
  const point = between2(a, b, span > 0 ? Math.min(1, Math.max(0, (scheduleSecs - a.offsetSecs) / span)) : 1);
  const atLast = scheduleSecs >= durationSecs;
  const [lat, lon] = jitter(seed, times.key, tS, point.lat, point.lon);
  const vNo = run.vehicleNo ?? plate(seed, run.cityId, times.key);
  return {
    vNo,
    lat,
    lon,
    bearing: point.bearing,
    tS,
    delaySeconds: p.etaUnknown ? null : delay,
    scheduleSecs,
    nextIndex: atLast ? stops.length - 1 : scheduleSecs <= 0 ? 0 : i,
  };
}

export class SimulatorSource implements RealtimeSource, ReservedVehicleSource {
  readonly kind = 'simulator' as const;
  constructor(private readonly seed: string) {}
  async snapshot(feed: RealtimeFeed, now: number): Promise<RealtimeSnapshot> {
    return simulateInSlices(feed, this.seed, now);
  }
  async reservedVehicle(run: ReservedRun, now: number): Promise<ReservedVehicle | null> {
    return simulateReservedRun(this.seed, run, now);
  }
}

/** The live buses of reserved departures: the simulator's under REALTIME_SOURCE=simulator; none otherwise (a GTFS-RT feed has no reserved lines). */
export function reservedVehicleSource(config: RealtimeConfig): ReservedVehicleSource | null {
  return config.source === 'simulator' ? new SimulatorSource(config.seed) : null;
}
