import {
  AIRPORT_TIMINGS_WINDOW_MS,
  ETA_MAX_AGE_MS,
  HOUR_MS,
  MINUTE_MS,
  occupancyLevel,
  parseGtfsTime,
  timeliness,
  usableEtas,
  type Occupancy,
  type Timeliness,
} from '@sawari/domain';
import type {
  Arrival as ArrivalContract,
  Occupancy as OccupancyCode,
  Timeliness as TimelinessCode,
  Vehicle as VehicleContract,
} from '@sawari/contracts/src/generated/transit-resolvers';
import { ApiError } from '../../platform/errors';
import type { TransitStore } from '../transit';
import { snapshotKey, type SnapshotStore } from '../planner';
import { RealtimeFeed, runKey, type FeedTrip, type TripRun } from './feed';
import { decodeFeedSnapshot, encodeFeedSnapshot, feedSnapshotIdentity } from './feed-snapshot';
import type { RealtimeDisruption, RealtimeSnapshot, RealtimeSource, TripRef, TripUpdate, VehiclePosition } from './source';
import type { RealtimeStore } from './store';

/**
 * How far ahead stopArrivals looks (scheduled arrival time): as far as the boards do (12 h, the timings window), so a
 * stop's ETA at 03:33 lists the 06:30 bus the board shows rather than "no more buses today" (issue 36).
 */
export const ARRIVALS_HORIZON_MS = AIRPORT_TIMINGS_WINDOW_MS;
/** A bus that left the stop this recently is shown as passed ("passed 3 min ago") instead of an ETA. */
export const PASSED_WINDOW_MS = 5 * MINUTE_MS;
/** Late buses still to come: scheduled arrivals this far back are matched with live data. */
const LOOKBACK_MS = 45 * MINUTE_MS;
/** Vehicles whose last position is older than this are not shown at all (their age is shown up to it). */
export const VEHICLE_MAX_AGE_MS = HOUR_MS;
/** Disruptions announced this far ahead are listed with the active ones. */
const DISRUPTION_AHEAD_MS = 2 * HOUR_MS;
const MAX_PASSED = 3;

/** GraphQL enum values of the contract (transit-schema.ts). */
const TIMELINESS_ENUM: Record<Timeliness, TimelinessCode> = {
  'Arriving Early': 'ARRIVING_EARLY',
  'On Time': 'ON_TIME',
  'Running behind': 'RUNNING_BEHIND',
  Delayed: 'DELAYED',
};
const OCCUPANCY_ENUM: Record<Occupancy, OccupancyCode> = { overcrowded: 'OVERCROWDED', standing: 'STANDING', seats: 'SEATS' };

/** Contract type Arrival (generated from the schema: shared/contracts/src/generated), every field set but the route's
 *  colours (answered by their own resolvers, realtime/graphql.ts, only when asked for). */
export type Arrival = Required<Omit<ArrivalContract, '__typename' | 'route_color' | 'route_text_color'>>;

/** Contract type Vehicle, every field set but `city` (publicVehicle adds it) and the route's colours (as Arrival). */
export type Vehicle = Required<Omit<VehicleContract, '__typename' | 'city' | 'route_color' | 'route_text_color'>>;

/** Contract type Disruption. */
export type Disruption = RealtimeDisruption;

interface Live {
  run: TripRun;
  vehicle: VehiclePosition | null;
  update: TripUpdate | null;
}

/** One city's snapshot matched to its schedule, shared by every request within one cache slot. */
interface LiveState {
  feed: RealtimeFeed;
  snapshot: RealtimeSnapshot;
  byRun: Map<string, Live>;
  vehicles: { position: VehiclePosition; live: Live | null }[];
  arrivals: Map<string, Arrival[]>;
  predictions?: LiveRunPrediction[];
}

/** What a trip update predicts for one run (RealtimeService.livePredictions). */
export interface LiveRunPrediction {
  tripId: string;
  /** The run's service day start (epoch ms) and first departure (seconds after it). */
  dayStartMs: number;
  startSecs: number;
  cancelled: boolean;
  /** Per stop of the trip (stop_times order): predicted delay in seconds, null where unknown. */
  delays: (number | null)[];
  /** Per stop of the trip: passed without stopping. */
  skipped: boolean[];
}

interface FeedEntry {
  feed: RealtimeFeed | null;
  /** False when the city does not exist. */
  known: boolean;
  checkedAt: number;
  refreshing: Promise<void> | null;
}

export interface RealtimeServiceOptions {
  source: RealtimeSource;
  /** Snapshot and answers are reused for requests within the same slot of this many ms (0: never). */
  cacheMs?: number;
  /** How often a city's current feed id is re-checked. */
  feedCheckMs?: number;
  clock?: () => number;
  log?: { error(obj: object, msg: string): void };
  /** How long publicVehicle waits for cities whose vehicles are not indexed yet (their first build) before answering. */
  coldWaitMs?: number;
  /** Where compiled feeds are kept across restarts (feed-snapshot.ts); none: compiled from the rows at each start. */
  snapshots?: SnapshotStore | null;
}

/** A city's vehicles in the index count as current for this long after its live state was built. */
export const VEHICLE_INDEX_FRESH_MS = 2 * 60_000;

const normalisePlate = (vNo: string) => vNo.replace(/[^0-9a-z]/gi, '').toUpperCase();

/**
 * Live data for the GraphQL transit reads: arrivals at a stop (schedule matched with live vehicles, spec §9 ETA rules),
 * vehicles with the age of their position, disruptions on routes and stops. No HTTP here.
 */
export class RealtimeService {
  private readonly feeds = new Map<string, FeedEntry>();
  private readonly loading = new Map<string, Promise<FeedEntry>>();
  private readonly states = new Map<string, { slot: number; state: Promise<LiveState | null> }>();
  /** Vehicle number (normalised) → the cities where it last reported; kept by every build of a city's live state. */
  private readonly plateCities = new Map<string, Set<string>>();
  /** Per city: when its vehicles were last indexed (the `now` of the build), and which numbers it had. */
  private readonly indexed = new Map<string, { at: number; plates: Set<string> }>();
  private warming: Promise<void> | null = null;
  /** Snapshot writes in progress (waited for on close). */
  private readonly saving = new Set<Promise<unknown>>();
  private readonly cacheMs: number;
  private readonly feedCheckMs: number;
  private readonly clock: () => number;

  constructor(
    private readonly transit: TransitStore,
    private readonly store: RealtimeStore,
    private readonly opts: RealtimeServiceOptions,
  ) {
    this.cacheMs = opts.cacheMs ?? 5000;
    this.feedCheckMs = opts.feedCheckMs ?? 30_000;
    this.clock = opts.clock ?? Date.now;
  }

  get sourceKind(): RealtimeSource['kind'] {
    return this.opts.source.kind;
  }

  /** The city's compiled feed; null for a city without a feed. An unknown city is a NOT_FOUND error. */
  async feed(cityId: string): Promise<RealtimeFeed | null> {
    let entry = this.feeds.get(cityId);
    if (!entry) {
      let p = this.loading.get(cityId);
      if (!p) {
        p = this.load(cityId, null).finally(() => this.loading.delete(cityId));
        this.loading.set(cityId, p);
      }
      entry = await p;
      if (this.feeds.size > 200) this.feeds.clear();
      this.feeds.set(cityId, entry);
    } else if (this.clock() - entry.checkedAt >= this.feedCheckMs && !entry.refreshing) {
      const current = entry;
      current.refreshing = this.load(cityId, current.feed)
        .then((next) => {
          if (this.feeds.get(cityId) === current) this.feeds.set(cityId, next);
        })
        .catch((err: unknown) => {
          current.checkedAt = this.clock();
          this.opts.log?.error({ err, city: cityId }, 'realtime feed refresh failed');
        })
        .finally(() => {
          current.refreshing = null;
        });
    }
    if (!entry.known) throw new ApiError(404, 'NOT_FOUND', `There is no city "${cityId}".`);
    return entry.feed;
  }

  private async load(cityId: string, previous: RealtimeFeed | null): Promise<FeedEntry> {
    const city = await this.transit.cityFeed(cityId);
    const checkedAt = this.clock();
    if (!city || city.feedId === null) return { feed: null, known: !!city, checkedAt, refreshing: null };
    if (previous && previous.feedId === city.feedId) return { feed: previous, known: true, checkedAt, refreshing: null };
    const feed = await this.compiledFeed(cityId, city.feedId, city.timeZone);
    return { feed, known: true, checkedAt, refreshing: null };
  }

  /**
   * The city's feed from its snapshot when there is one of this feed's version (no row read), else compiled from the
   * rows in slices (a big feed's compile is seconds of the thread, and health checks and requests wait meanwhile) and
   * its snapshot written in the background for the next start.
   */
  private async compiledFeed(cityId: string, feedId: number, timeZone: string): Promise<RealtimeFeed> {
    const snapshots = this.opts.snapshots;
    const version = snapshots ? await this.store.feedVersion(feedId) : null;
    const id = version ? feedSnapshotIdentity(cityId, feedId, version) : null;
    if (snapshots && id) {
      try {
        const bytes = await snapshots.load(snapshotKey(id));
        if (bytes) return await decodeFeedSnapshot(bytes, id, timeZone);
      } catch (err) {
        this.opts.log?.error({ err, city: cityId }, 'realtime feed snapshot not loaded; compiling the feed from its rows');
      }
    }
    const feed = await RealtimeFeed.compiled(cityId, feedId, timeZone, await this.store.rows(feedId));
    if (snapshots && id) {
      const saving = encodeFeedSnapshot(feed, id)
        .then((bytes) => snapshots.save(snapshotKey(id), id, bytes, ''))
        .catch((err: unknown) => {
          // another instance on the same database wrote the same snapshot at the same time (a unique key): it is there
          if ((err as { code?: string }).code === '23505') return;
          this.opts.log?.error({ err, city: cityId }, 'realtime feed snapshot not saved');
        })
        .finally(() => this.saving.delete(saving));
      this.saving.add(saving);
    }
    return feed;
  }

  private live(cityId: string, now: number): Promise<LiveState | null> {
    const slot = this.cacheMs > 0 ? Math.floor(now / this.cacheMs) : now;
    const cached = this.states.get(cityId);
    if (cached && cached.slot === slot && this.cacheMs > 0) return cached.state;
    const state = this.buildState(cityId, now);
    this.states.set(cityId, { slot, state });
    state.catch(() => {
      if (this.states.get(cityId)?.state === state) this.states.delete(cityId);
    });
    return state;
  }

  private async buildState(cityId: string, now: number): Promise<LiveState | null> {
    const feed = await this.feed(cityId);
    if (!feed) return null;
    const snapshot = await this.opts.source.snapshot(feed, now);
    const byRun = new Map<string, Live>();
    const liveFor = (ref: TripRef | null): Live | null => {
      if (!ref) return null;
      const run = this.findRun(feed, ref, now);
      if (!run) return null;
      let live = byRun.get(run.key);
      if (!live) byRun.set(run.key, (live = { run, vehicle: null, update: null }));
      return live;
    };
    for (const u of snapshot.tripUpdates) {
      const live = liveFor(u.trip);
      if (live && (!live.update || u.tS > live.update.tS)) live.update = u;
    }
    const vehicles: LiveState['vehicles'] = [];
    for (const v of snapshot.vehicles) {
      const live = liveFor(v.trip);
      if (live && (!live.vehicle || v.tS > live.vehicle.tS)) live.vehicle = v;
      vehicles.push({ position: v, live });
    }
    this.index(cityId, now, vehicles);
    return { feed, snapshot, byRun, vehicles, arrivals: new Map() };
  }

  /** Puts a city's reporting vehicles in the number index, replacing what it had (vehicleAnywhere reads it). */
  private index(cityId: string, now: number, vehicles: LiveState['vehicles']): void {
    const previous = this.indexed.get(cityId);
    if (previous && previous.at > now) return;
    const plates = new Set<string>();
    for (const { position } of vehicles) if (now - position.tS <= VEHICLE_MAX_AGE_MS) plates.add(normalisePlate(position.vNo));
    for (const p of previous?.plates ?? []) {
      if (plates.has(p)) continue;
      const cities = this.plateCities.get(p);
      cities?.delete(cityId);
      if (cities?.size === 0) this.plateCities.delete(p);
    }
    for (const p of plates) {
      let cities = this.plateCities.get(p);
      if (!cities) this.plateCities.set(p, (cities = new Set()));
      cities.add(cityId);
    }
    this.indexed.set(cityId, { at: now, plates });
  }

  /**
   * Builds the live state of every city with a feed, one city after the other (compiling its feed when it has none
   * yet), so the vehicle index is current. The server runs it once every plugin has loaded, and readiness waits for
   * that first run (a first ETA or plan after a restart does not compile a feed on its request: 0.7-1.1 s on Kochi,
   * the restart bench), then every REALTIME_INDEX_MS (graphql.ts createRealtime). A run in progress is joined, never
   * doubled; a city that fails is logged and left to its first request.
   */
  refreshVehicleIndex(): Promise<void> {
    if (this.warming) return this.warming;
    const run = (async () => {
      const cities = await this.store.citiesWithFeeds();
      for (const city of [...this.indexed.keys()]) if (!cities.includes(city)) this.forget(city);
      for (const city of cities) {
        try {
          await this.live(city, this.clock());
        } catch (err) {
          this.opts.log?.error({ err, city }, 'realtime vehicle index: building the live state failed');
        }
      }
    })();
    this.warming = run.finally(() => {
      this.warming = null;
    });
    return this.warming;
  }

  /** Waits for an index refresh and snapshot writes in progress (the server's close). */
  async idle(): Promise<void> {
    await this.warming?.catch(() => undefined);
    await Promise.all([...this.saving]);
  }

  private forget(cityId: string): void {
    for (const p of this.indexed.get(cityId)?.plates ?? []) {
      const cities = this.plateCities.get(p);
      cities?.delete(cityId);
      if (cities?.size === 0) this.plateCities.delete(p);
    }
    this.indexed.delete(cityId);
  }

  private findRun(feed: RealtimeFeed, ref: TripRef, now: number): TripRun | null {
    const trip = feed.tripById.get(ref.tripId);
    if (!trip) return null;
    const start = ref.startTime ? parseGtfsTime(ref.startTime) : null;
    if (ref.startDate && start !== null) {
      const day = feed.serviceDays(now - 2 * 86_400_000, now + 86_400_000).find((d) => d.date === ref.startDate);
      if (day) return { trip, day, start, key: runKey(trip.id, day.date, start) };
    }
    return feed.findRun(ref.tripId, ref.startDate, ref.startTime, now);
  }

  /** Delay (s) of a run at its stop `index` from its trip update (GTFS-RT propagation); null when unknown. */
  private delayAt(live: Live, index: number): number | null {
    const u = live.update;
    if (!u || u.stops.length === 0) return null;
    const trip = live.run.trip;
    const indexOf = (s: (typeof u.stops)[number]): number => {
      if (s.stopSequence !== null) {
        const i = trip.seqs.indexOf(s.stopSequence);
        if (i >= 0) return i;
      }
      if (s.stopId !== null) {
        const i = trip.stopIds.indexOf(s.stopId);
        if (i >= 0) return i;
      }
      return s.stopSequence === null && s.stopId === null ? 0 : -1;
    };
    let best: { i: number; s: (typeof u.stops)[number] } | null = null;
    let first: { i: number; s: (typeof u.stops)[number] } | null = null;
    for (const s of u.stops) {
      if (s.skipped) continue;
      const i = indexOf(s);
      if (i < 0) continue;
      if (!first || i < first.i) first = { i, s };
      if (i <= index && (!best || i >= best.i)) best = { i, s };
    }
    const hit = best ?? first;
    if (!hit) return null;
    if (hit.s.delaySeconds !== null) return hit.s.delaySeconds;
    if (hit.s.arrivalTime != null) return Math.round((hit.s.arrivalTime - (live.run.day.startMs + (live.run.start + trip.arr[hit.i]) * 1000)) / 1000);
    return null;
  }

  /** A trip update recent enough to count (spec §9: 15 minutes, as an ETA). */
  private fresh(u: TripUpdate, now: number): boolean {
    return now - u.tS <= ETA_MAX_AGE_MS;
  }

  /** Whether the run's update says it passes its stop `index` without stopping. */
  private skips(live: Live, index: number): boolean {
    const trip = live.run.trip;
    return (live.update?.stops ?? []).some(
      (s) => s.skipped && ((s.stopSequence !== null && trip.seqs[index] === s.stopSequence) || (s.stopSequence === null && s.stopId === trip.stopIds[index])),
    );
  }

  /**
   * Predictions of every run with a recent trip update (the planner's live overlay, planner/live.ts): cancelled runs,
   * and per stop of the others the predicted delay (GTFS-RT propagation, null before anything is known) and whether
   * the stop is skipped. One list per cache slot (the same object for every request within it). Null: no feed.
   */
  async livePredictions(cityId: string, now: number): Promise<LiveRunPrediction[] | null> {
    const state = await this.live(cityId, now);
    if (!state) return null;
    if (state.predictions) return state.predictions;
    const out: LiveRunPrediction[] = [];
    for (const live of state.byRun.values()) {
      const u = live.update;
      if (!u || !this.fresh(u, now)) continue;
      const trip = live.run.trip;
      const base = { tripId: trip.id, dayStartMs: live.run.day.startMs, startSecs: live.run.start };
      if (u.cancelled) {
        out.push({ ...base, cancelled: true, delays: [], skipped: [] });
        continue;
      }
      const delays = trip.stopIds.map((_, i) => this.delayAt(live, i));
      const skipped = trip.stopIds.map((_, i) => this.skips(live, i));
      if (delays.every((d) => d === null) && !skipped.includes(true)) continue;
      out.push({ ...base, cancelled: false, delays, skipped });
    }
    state.predictions = out;
    return out;
  }

  private liveTs(live: Live): number | null {
    return live.update?.tS ?? live.vehicle?.tS ?? null;
  }

  /**
   * Next arrivals at a stop: scheduled in the next 12 h (ARRIVALS_HORIZON_MS), with live ETA where usable, and buses that just left; of every
   * route, or of `routeId` only (its own next `limit`, not a filtered share of all routes').
   */
  async stopArrivals(cityId: string, stopId: string, now: number, limit = 10, routeId?: string): Promise<Arrival[]> {
    const state = await this.live(cityId, now);
    if (!state) return [];
    const cacheKey = `${stopId}\u0000${limit}\u0000${routeId ?? ''}`;
    const cached = state.arrivals.get(cacheKey);
    if (cached) return cached;
    const result = this.computeArrivals(state, stopId, now, Math.max(0, Math.min(limit, 100)), routeId);
    if (state.arrivals.size > 5000) state.arrivals.clear();
    state.arrivals.set(cacheKey, result);
    return result;
  }

  private computeArrivals(state: LiveState, stopId: string, now: number, limit: number, routeId?: string): Arrival[] {
    const { feed } = state;
    const calls = feed.callsAt(stopId);
    if (!calls.length) return [];
    const from = now - LOOKBACK_MS;
    const to = now + ARRIVALS_HORIZON_MS;
    const days = feed.serviceDays(from - feed.maxTripSecs * 1000, to);
    const passed: Arrival[] = [];
    const upcoming: Arrival[] = [];
    const cancelled: Arrival[] = [];
    for (const { trip, index } of calls) {
      if (routeId !== undefined && trip.routeId !== routeId) continue;
      for (const run of feed.runs(trip, from, to, trip.arr[index], days)) {
        const a = this.arrival(state, run, index, now);
        if (!a) continue;
        (a.cancellation !== null ? cancelled : a.passedAt !== null ? passed : upcoming).push(a);
      }
    }
    const byTime = (a: Arrival, b: Arrival) => (a.expectedTime ?? a.scheduledTime) - (b.expectedTime ?? b.scheduledTime) || (a.tripId < b.tripId ? -1 : 1);
    passed.sort((a, b) => b.passedAt! - a.passedAt!);
    upcoming.sort(byTime);
    const next = upcoming.slice(0, limit);
    // A bus that will not pick up here is listed (the rider sees it will not come) but never takes a running bus's
    // place: those due no later than the last running bus shown (all of them when fewer than `limit` run), at most `limit`.
    const until = next.length < limit ? Infinity : (next[next.length - 1].expectedTime ?? next[next.length - 1].scheduledTime);
    const notComing = cancelled
      .sort(byTime)
      .filter((a) => a.scheduledTime <= until)
      .slice(0, limit);
    return [...passed.slice(0, MAX_PASSED).reverse(), ...[...next, ...notComing].sort(byTime)];
  }

  private arrival(state: LiveState, run: TripRun, index: number, now: number): Arrival | null {
    const trip = run.trip;
    const scheduledTime = run.day.startMs + (run.start + trip.arr[index]) * 1000;
    const scheduledDeparture = run.day.startMs + (run.start + trip.dep[index]) * 1000;
    const base: Arrival = {
      route_id: trip.routeId,
      route_name: state.feed.routeName(trip.routeId),
      headsign: trip.headsign,
      tripId: trip.id,
      scheduledTime,
      expectedTime: null,
      vNo: null,
      tS: null,
      eta: null,
      delaySeconds: null,
      timeliness: null,
      occupancy: null,
      passedAt: null,
      live: false,
      cancellation: null,
    };
    const scheduledOnly = () => (scheduledTime >= now && scheduledTime <= now + ARRIVALS_HORIZON_MS ? base : null);
    const live = state.byRun.get(run.key);
    // A cancelled run, or one that skips this stop, does not come here: it stays in the list at its timetable time,
    // marked (never an ETA, never the next bus), so the rider sees why the bus they expect will not stop.
    if (live?.update && this.fresh(live.update, now) && (live.update.cancelled || this.skips(live, index))) {
      if (scheduledTime < now || scheduledTime > now + ARRIVALS_HORIZON_MS) return null;
      return { ...base, cancellation: live.update.cancelled ? 'TRIP_CANCELLED' : 'STOP_SKIPPED' };
    }
    const tS = live ? this.liveTs(live) : null;
    if (!live || tS === null) return scheduledOnly();
    const delay = this.delayAt(live, index);
    const vNo = live.vehicle?.vNo ?? live.update?.vNo ?? '';
    const expectedTime = delay === null ? null : scheduledTime + delay * 1000;
    const expectedDeparture = delay === null ? null : scheduledDeparture + delay * 1000;
    const eta = expectedTime === null ? -1 : Math.max(0, Math.round((expectedTime - now) / 1000));
    // Spec §9: entries older than 15 min and an ETA of -1 do not count; the arrival falls back to its schedule.
    if (usableEtas([{ vNo, tS, eta }], now).length === 0) return scheduledOnly();
    const seq = live.vehicle?.currentStopSequence;
    const beyond = seq != null && seq > trip.seqs[index] && live.vehicle!.tS >= scheduledTime - LOOKBACK_MS;
    const left = expectedDeparture! <= now;
    const occupancy = live.vehicle?.occupancyLevel ?? null;
    const liveFields = {
      vNo: vNo || null,
      tS,
      delaySeconds: delay,
      timeliness: TIMELINESS_ENUM[timeliness(delay!)],
      occupancy: occupancy === null ? null : OCCUPANCY_ENUM[occupancyLevel(occupancy)],
      expectedTime,
      live: expectedTime !== null,
    };
    if (beyond || left) {
      const passedAt = left ? expectedDeparture! : Math.min(now, live.vehicle!.tS);
      if (now - passedAt > PASSED_WINDOW_MS) return null;
      return { ...base, ...liveFields, eta: null, passedAt };
    }
    if (expectedTime! > now + ARRIVALS_HORIZON_MS) return null;
    return { ...base, ...liveFields, eta };
  }

  private toVehicle(feed: RealtimeFeed, position: VehiclePosition, live: Live | null, now: number): Vehicle | null {
    const trip: FeedTrip | null = live?.run.trip ?? null;
    const routeId = position.routeId ?? trip?.routeId ?? null;
    if (!routeId) return null;
    let nextIndex = -1;
    if (trip) {
      if (position.currentStopSequence != null) nextIndex = trip.seqs.indexOf(position.currentStopSequence);
      if (nextIndex < 0 && position.stopId) nextIndex = trip.stopIds.indexOf(position.stopId);
    }
    const nextStopId = trip && nextIndex >= 0 ? trip.stopIds[nextIndex] : (position.stopId ?? null);
    const fresh = now - position.tS <= ETA_MAX_AGE_MS;
    const delay = live && fresh ? this.delayAt(live, Math.max(0, nextIndex)) : null;
    const level = position.occupancyLevel;
    return {
      vNo: position.vNo,
      route_id: routeId,
      route_name: feed.routeName(routeId),
      tripId: trip?.id ?? position.trip?.tripId ?? null,
      headsign: trip?.headsign ?? null,
      lat: position.lat,
      lon: position.lon,
      bearing: position.bearing,
      tS: position.tS,
      ageSeconds: Math.max(0, Math.round((now - position.tS) / 1000)),
      delaySeconds: delay,
      timeliness: delay === null ? null : TIMELINESS_ENUM[timeliness(delay)],
      occupancyLevel: level,
      occupancy: level === null ? null : OCCUPANCY_ENUM[occupancyLevel(level)],
      nextStopId,
      nextStopName: nextStopId ? feed.stopName(nextStopId) : null,
    };
  }

  private async vehicles(cityId: string, now: number, keep: (v: VehiclePosition, live: Live | null) => boolean): Promise<Vehicle[]> {
    const state = await this.live(cityId, now);
    if (!state) return [];
    const out: Vehicle[] = [];
    for (const { position, live } of state.vehicles) {
      if (now - position.tS > VEHICLE_MAX_AGE_MS || !keep(position, live)) continue;
      const v = this.toVehicle(state.feed, position, live, now);
      if (v) out.push(v);
    }
    return out.sort((a, b) => (a.vNo < b.vNo ? -1 : a.vNo > b.vNo ? 1 : 0));
  }

  /** A vehicle by its number (spaces, dashes and case ignored), or null when it is not reporting. */
  async vehicle(cityId: string, vNo: string, now: number): Promise<Vehicle | null> {
    const wanted = normalisePlate(vNo);
    const found = await this.vehicles(cityId, now, (v) => normalisePlate(v.vNo) === wanted);
    return found[0] ?? null;
  }

  /**
   * A vehicle by its number in whichever city it runs (a shared /public-route link works for anyone, whatever city
   * the viewer chose), with its city id: `preferCity` first when the number reports in more than one.
   *
   * Found through the vehicle index (number → cities), never by building every city's live state on the request: a
   * number no city has is answered from the index at once. Cities not indexed within VEHICLE_INDEX_FRESH_MS (the
   * first minutes after a start) get an index refresh in the background, waited for at most `coldWaitMs`; only the
   * city the bus is in has its live state read.
   */
  async vehicleAnywhere(vNo: string, now: number, preferCity?: string): Promise<(Vehicle & { city: string }) | null> {
    const wanted = normalisePlate(vNo);
    if (!wanted) return null;
    const cities = await this.store.citiesWithFeeds();
    const cold = cities.some((c) => !this.indexFresh(c, now));
    if (cold) {
      const refresh = this.refreshVehicleIndex();
      const waitMs = this.opts.coldWaitMs ?? 800;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([refresh.catch(() => undefined), new Promise<void>((r) => (timer = setTimeout(r, waitMs)))]);
      clearTimeout(timer);
    }
    const found = [...(this.plateCities.get(wanted) ?? [])].filter((c) => cities.includes(c));
    found.sort((a, b) => (a === preferCity ? -1 : b === preferCity ? 1 : a < b ? -1 : 1));
    for (const city of found) {
      const v = await this.vehicle(city, vNo, now);
      if (v) return { ...v, city };
    }
    return null;
  }

  /** Whether the city's vehicles were indexed recently enough to answer "not here" from the index. */
  private indexFresh(cityId: string, now: number): boolean {
    const at = this.indexed.get(cityId)?.at;
    return at !== undefined && Math.abs(now - at) <= VEHICLE_INDEX_FRESH_MS;
  }

  async routeVehicles(cityId: string, routeId: string, now: number): Promise<Vehicle[]> {
    return this.vehicles(cityId, now, (v, live) => (v.routeId ?? live?.run.trip.routeId) === routeId);
  }

  /** Disruptions active now or starting within 2 h, soonest first. */
  async disruptions(cityId: string, now: number): Promise<Disruption[]> {
    const state = await this.live(cityId, now);
    if (!state) return [];
    return state.snapshot.disruptions
      .filter((d) => (d.endsAt === null || d.endsAt > now) && d.startsAt <= now + DISRUPTION_AHEAD_MS)
      .sort((a, b) => a.startsAt - b.startsAt || (a.id < b.id ? -1 : 1));
  }

  /** Disruptions naming the stop, and route-wide ones (no stops named) on a route that calls there. */
  async stopDisruptions(cityId: string, stopId: string, now: number): Promise<Disruption[]> {
    const [all, feed] = await Promise.all([this.disruptions(cityId, now), this.feed(cityId)]);
    const routes = new Set((feed?.callsAt(stopId) ?? []).map((c) => c.trip.routeId));
    return all.filter((d) => d.stopIds.includes(stopId) || (d.stopIds.length === 0 && d.routeIds.some((r) => routes.has(r))));
  }

  /** Disruptions naming the route, or naming a stop the route calls at. */
  async routeDisruptions(cityId: string, routeId: string, now: number): Promise<Disruption[]> {
    const [all, feed] = await Promise.all([this.disruptions(cityId, now), this.feed(cityId)]);
    const stops = new Set((feed?.tripsByRoute.get(routeId) ?? []).flatMap((t) => t.stopIds));
    return all.filter((d) => d.routeIds.includes(routeId) || d.stopIds.some((s) => stops.has(s)));
  }
}
