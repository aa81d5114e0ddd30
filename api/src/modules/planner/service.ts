import {
  haversineKm,
  localDate,
  plannerWalk,
  plannerWalkRadius,
  plannerWalkSettings,
  serviceDay,
  stopNameKey,
  type PlannerWalkSettings,
  type ServiceDay,
} from '@sawari/domain';
import type { Db } from '../../platform/db';
import { ApiError } from '../../platform/errors';
import { PointGrid } from '../transit';
import type { RouteSummaryView } from '../transit';
import {
  buildNetwork,
  journeyItinerary,
  sharedRoutingArrays,
  type Endpoint,
  type Journey,
  type Network,
  type RoutingArrays,
  type TripInput,
} from '@sawari/domain/src/planner';
import { createQueryRunner, PlannerPool, type PlannerPoolOptions, type QueryRunner } from './pool';
import { addDays, PlannerStore, type PlannerRows } from './store';
import { NetworkPrebuilder, type PrebuildOptions } from './prebuild';
import { buildNetworkInWorker } from './network-build';
import { decodeSnapshot, encodeSnapshot, snapshotKey, type PhaseTiming, type SnapshotIdentity, type SnapshotStore } from './snapshot';
import type { DayNetworks } from './timetable-file-route';
import {
  buildOverlay,
  checkItinerary,
  liveJourneys,
  tripTimes,
  type ItineraryCheckView,
  type LegCheckInput,
  type LiveOverlay,
  type LivePredictionSource,
} from './live';

/**
 * Trip planning (GraphQL planTrip): adapts a request to the routing core and its answer to the contract's TripPlan
 * (shared/contracts/src/transit-schema.ts). The network of a (city, feed, service date) is built once from the store
 * (or loaded from its snapshot, snapshot.ts) and kept in an LRU per city.
 *
 * Stop-based planner cities (spec §6: cities.features->>'stopBasedPlanner'): planning is stop to stop only, and a
 * coordinate origin or destination is REFUSED with 400 STOP_REQUIRED (not snapped to the nearest stop: a silent snap
 * could plan from a stop the rider did not mean, on the wrong side of a river or a highway; the client of such a city
 * offers stop pickers, and nearbyStops gives it the candidates).
 */

export interface PlaceInput {
  stopId?: string | null;
  lat?: number | null;
  lon?: number | null;
  /** What the rider calls a coordinate ("My location", a landmark): the name of the walk's end. */
  name?: string | null;
}

/** The contract's Stop as a leg end; a coordinate end is result_type PLACE with an empty stop_id. */
export interface LegStopView {
  stop_id: string;
  stop_name: string;
  stop_lat: number;
  stop_lon: number;
  result_type: 'STOP' | 'PLACE';
  /** Not in the schema: lets the GraphQL layer resolve Stop.routes for real stops. */
  cityId?: string;
}

/** The contract's RouteSummary on a ride leg: timings always known (ttStatus 0), no headway windows. */
export type LegRouteView = Omit<RouteSummaryView, 'arrival_time' | 'ttStatus' | 'frequency_data_array'> & { ttStatus: 0; frequency_data_array: [] };

export interface LegView {
  mode: 'WALK' | 'BUS' | 'FERRY';
  from: LegStopView;
  to: LegStopView;
  departure: number;
  arrival: number;
  route: LegRouteView | null;
  headsign: string | null;
  tripId: string | null;
  stopCount: number | null;
  distanceMeters: number | null;
  /** Times predicted from a trip update (live), or the timetable's (planner/live.ts). */
  live: boolean;
  scheduledDeparture: number;
  scheduledArrival: number;
}

export interface ItineraryView {
  departure: number;
  arrival: number;
  durationSeconds: number;
  transfers: number;
  walkSeconds: number;
  legs: LegView[];
}

export type NoTripReason = 'NO_SERVICE_ON_DATE' | 'NO_TRIP_WITHIN_TRANSFERS' | 'OUTSIDE_CITY' | 'TOO_FAR_TO_WALK';

export interface TripPlanView {
  itineraries: ItineraryView[];
  departAt: number;
  /** Why there is no itinerary (null when there are some). */
  reason: NoTripReason | null;
  /** The service date planned (YYYYMMDD, city time). */
  serviceDate: string;
  maxTransfers: number;
  /** Whether the itineraries arrive by departAt (else they leave at or after it). */
  arriveBy: boolean;
  /** The longest walk to or from a stop in this city, walked metres (for "too far to walk"). */
  maxWalkMeters: number;
}

/** A coordinate farther than this from every stop of the feed's bounding box is outside the city's network. */
export const CITY_MARGIN_METERS = 2000;

/** Minimum time to change vehicles unless the city says otherwise (cities.features.transferSlackSeconds). */
export const DEFAULT_TRANSFER_SLACK_SECS = 180;

export const MAX_WINDOW_MINUTES = 240;
/** Arrive-by without a window: the latest departures, at most this long before the arrival time. */
export const ARRIVE_BY_LOOKBACK_MINUTES = 120;
export const MAX_TRANSFERS_ALLOWED = 5;
/** Networks kept per city: today, tomorrow and one more. */
export const DEFAULT_CACHE_PER_CITY = 3;

interface Built {
  key: string;
  network: Network;
  /** The network's routing arrays in shared memory (what the query runner's workers read). */
  arrays: RoutingArrays;
  day: ServiceDay;
  stops: PlannerRows['stops'];
  routes: Map<string, PlannerRows['routes'][number]>;
  /** Per TripInput index. */
  headsigns: (string | null)[];
  grid: PointGrid<{ lat: number; lon: number; index: number }>;
  /** Trips running on the date itself (not the day before's after midnight). */
  tripsOnDate: number;
  /** The stops' bounding box [minLat, minLon, maxLat, maxLon] (null: no stop has coordinates). */
  bounds: [number, number, number, number] | null;
  buildMs: number;
  /** Loaded from a snapshot, or built from the day's rows. */
  source: 'snapshot' | 'built';
}

export interface PlannerOptions {
  /**
   * Networks kept in memory per city (one per feed and service date; default 3: today, tomorrow and one other date a
   * rider asked for). Per city, so one city's days never evict another's.
   */
  cacheSize?: number;
  /** Where built networks are kept across restarts (snapshot.ts; the server: snapshotStoreFor). None: always built. */
  snapshots?: SnapshotStore | null;
  log?: { warn(obj: unknown, msg?: string): void };
  /** Overrides cities.features for these city ids (tests, operators). */
  stopBasedCities?: readonly string[];
  /** Build the next service day's network in the background after a plan (default true). */
  prepareNextDay?: boolean;
  /** Build every city's networks of today and, shortly before its midnight, of tomorrow, ahead of the first plan (the server turns it on; planner/prebuild.ts). */
  prebuild?: PrebuildOptions;
  /** Trip updates (RealtimeService): plans near now use predicted times and skip cancelled trips (live.ts). */
  live?: LivePredictionSource | null;
  /** The wall clock: which plans are near enough now to use predictions (default Date.now). */
  now?: () => number;
  /** Build networks in a short-lived worker thread, not on the request thread (the server does; network-build.ts). */
  buildInWorker?: boolean;
  /** Where queries run (default: a worker pool sized to the machine, 3 s deadline; `{ workers: 0 }`: in-process). */
  pool?: PlannerPoolOptions;
  /**
   * Called as each phase of a network's load or a query ends (the bench's breakdown of a first plan after a restart):
   * its name, and when it started and ended (performance.now()).
   */
  timing?: PhaseTiming;
}

export type { PhaseTiming };

const bad = (message: string, code = 'VALIDATION_FAILED') => new ApiError(400, code, message);

function checkPlace(p: PlaceInput | null | undefined, name: string): PlaceInput {
  if (!p) throw bad(`"${name}" is required: give a stopId, or lat and lon.`);
  const hasStop = p.stopId !== null && p.stopId !== undefined && p.stopId !== '';
  const hasCoord = p.lat !== null && p.lat !== undefined && p.lon !== null && p.lon !== undefined;
  if (hasStop && (p.lat != null || p.lon != null)) throw bad(`"${name}" takes a stopId or a lat and lon, not both.`);
  const label = typeof p.name === 'string' && p.name.trim() ? p.name.trim().slice(0, 100) : null;
  if (hasStop) return { stopId: String(p.stopId), name: label };
  if (!hasCoord) throw bad(`"${name}" needs a stopId, or both lat and lon.`);
  if (!Number.isFinite(p.lat) || Math.abs(p.lat as number) > 90) throw bad(`"${name}.lat" must be a latitude between -90 and 90.`);
  if (!Number.isFinite(p.lon) || Math.abs(p.lon as number) > 180) throw bad(`"${name}.lon" must be a longitude between -180 and 180.`);
  return { lat: p.lat, lon: p.lon, name: label };
}

/** The core's input from the store's rows (pure). */
export function networkInput(
  rows: PlannerRows,
  transferSlackSecs = DEFAULT_TRANSFER_SLACK_SECS,
): { input: Parameters<typeof buildNetwork>[0]; headsigns: (string | null)[] } {
  const times = new Map<string, { stopIds: string[]; arrivals: (number | null)[]; departures: (number | null)[] }>();
  for (const st of rows.stopTimes) {
    let t = times.get(st.trip_id);
    if (!t) times.set(st.trip_id, (t = { stopIds: [], arrivals: [], departures: [] }));
    t.stopIds.push(st.stop_id);
    t.arrivals.push(st.arrival_secs);
    t.departures.push(st.departure_secs);
  }
  const freq = new Map<string, { startSecs: number; endSecs: number; headwaySecs: number }[]>();
  for (const f of rows.frequencies) {
    let list = freq.get(f.trip_id);
    if (!list) freq.set(f.trip_id, (list = []));
    list.push({ startSecs: f.start_secs, endSecs: f.end_secs, headwaySecs: f.headway_secs });
  }
  const trips: TripInput[] = [];
  const headsigns: (string | null)[] = [];
  for (const t of rows.trips) {
    const st = times.get(t.trip_id);
    if (!st) continue;
    trips.push({ id: t.trip_id, routeId: t.route_id, dayOffset: t.day, ...st, frequencies: freq.get(t.trip_id) });
    headsigns.push(t.trip_headsign);
  }
  return {
    input: {
      stops: rows.stops.map((s) => ({ id: s.stop_id, lat: s.stop_lat, lon: s.stop_lon })),
      trips,
      transfers: rows.transfers.map((t) => ({
        fromStopId: t.from_stop_id,
        toStopId: t.to_stop_id,
        minSecs: t.min_transfer_time,
        exact: !t.generated && t.min_transfer_time !== null,
      })),
      transferSlackSecs,
    },
    headsigns,
  };
}

/**
 * A stop and the stops of the same name around it (same name, each within `samePlaceMeters` of another of them, and
 * within walking reach of the chosen one): one place in the planner, each with the walk from the chosen stop. The ten
 * "Vyttila" stops of Kochi (both sides of the road and the hub's bays) plan as one origin.
 */
export function samePlaceStops(b: Pick<Built, 'stops' | 'grid'>, stop: number, walk: PlannerWalkSettings): Endpoint[] {
  const row = b.stops[stop];
  const out: Endpoint[] = [{ stop, walkSecs: 0 }];
  const key = stopNameKey(row.stop_name);
  if (!key || row.stop_lat == null || row.stop_lon == null || walk.samePlaceMeters <= 0) return out;
  const seen = new Set([stop]);
  const reach = plannerWalkRadius(walk);
  for (let i = 0; i < out.length; i++) {
    const s = b.stops[out[i].stop];
    for (const h of b.grid.within(s.stop_lat as number, s.stop_lon as number, walk.samePlaceMeters)) {
      const other = b.grid.points[h.index].index;
      if (seen.has(other) || stopNameKey(b.stops[other].stop_name) !== key) continue;
      seen.add(other);
      const straight = haversineKm(row.stop_lat, row.stop_lon, b.stops[other].stop_lat as number, b.stops[other].stop_lon as number) * 1000;
      if (straight <= reach) out.push({ stop: other, walkSecs: plannerWalk(straight, walk).seconds });
    }
  }
  return out;
}

/** Why nothing was found, most fundamental first: no bus that day, a place off the network, no stop in walking reach. */
function noTripReason(b: Built, from: PlaceInput, to: PlaceInput, bothReached: boolean): NoTripReason {
  if (b.tripsOnDate === 0) return 'NO_SERVICE_ON_DATE';
  if (!bothReached) {
    const outside = (p: PlaceInput) => {
      if (p.stopId !== undefined || !b.bounds) return false;
      const [minLat, minLon, maxLat, maxLon] = b.bounds;
      const lat = Math.min(maxLat, Math.max(minLat, p.lat as number));
      const lon = Math.min(maxLon, Math.max(minLon, p.lon as number));
      return haversineKm(p.lat as number, p.lon as number, lat, lon) * 1000 > CITY_MARGIN_METERS;
    };
    return outside(from) || outside(to) ? 'OUTSIDE_CITY' : 'TOO_FAR_TO_WALK';
  }
  return 'NO_TRIP_WITHIN_TRANSFERS';
}

/** The planner's view of a network (built or loaded): what is derived from the stops, the service day. */
function assemble(
  key: string,
  network: Network,
  arrays: RoutingArrays,
  date: string,
  timeZone: string,
  stops: PlannerRows['stops'],
  routes: PlannerRows['routes'],
  headsigns: (string | null)[],
  tripsOnDate: number,
  started: number,
  source: Built['source'],
): Built {
  const points = stops.flatMap((s, index) => (s.stop_lat == null || s.stop_lon == null ? [] : [{ lat: s.stop_lat, lon: s.stop_lon, index }]));
  const bounds: Built['bounds'] = points.length
    ? points.reduce<[number, number, number, number]>(
        (b, p) => [Math.min(b[0], p.lat), Math.min(b[1], p.lon), Math.max(b[2], p.lat), Math.max(b[3], p.lon)],
        [90, 180, -90, -180],
      )
    : null;
  return {
    key,
    network,
    arrays,
    day: serviceDay(date, timeZone),
    stops,
    routes: new Map(routes.map((r) => [r.route_id, r])),
    headsigns,
    grid: new PointGrid(points),
    tripsOnDate,
    bounds,
    buildMs: performance.now() - started,
    source,
  };
}

export class PlannerService {
  private readonly store: PlannerStore;
  private readonly cache = new Map<string, Promise<Built>>();
  private readonly cacheSize: number;
  private readonly runner: QueryRunner;
  private readonly prebuilder: NetworkPrebuilder | null = null;
  private readonly writing = new Set<Promise<void>>();
  /** The live overlay in use per network key, and the predictions it was made from. */
  private readonly overlays = new Map<string, { predictions: object; overlay: LiveOverlay | null; key: string }>();
  private overlaySeq = 0;

  constructor(
    db: Db,
    private readonly opts: PlannerOptions = {},
  ) {
    this.store = new PlannerStore(db);
    this.cacheSize = opts.cacheSize ?? DEFAULT_CACHE_PER_CITY;
    // The server (prebuild): a plan arriving before any query worker has booted is answered on the request thread.
    this.runner = createQueryRunner({ timing: opts.timing, inlineUntilBooted: !!opts.prebuild, ...opts.pool });
    if (opts.prebuild) {
      // The server: the query workers boot while today's networks load, not when the first plan arrives.
      this.runner.warm?.();
      this.prebuilder = new NetworkPrebuilder(this, this.store, opts.prebuild);
      this.prebuilder.start();
    }
  }

  /**
   * Builds (or keeps) the network of a city's current feed on a service date before its first plan, and forgets the
   * city's networks of any other feed (a re-import replaced it). False when the city has no current feed.
   */
  async prepare(cityId: string, date: string): Promise<boolean> {
    const city = await this.store.city(cityId);
    if (!city || city.feedId === null) return false;
    for (const key of [...this.cache.keys()]) {
      if (key.startsWith(`${cityId}|`) && !key.startsWith(`${cityId}|${city.feedId}|`)) {
        this.cache.delete(key);
        this.runner.drop(key);
      }
    }
    await this.network(
      city.id,
      city.feedId,
      city.feedVersion ?? String(city.feedId),
      date,
      city.timeZone,
      city.transferSlackSecs ?? DEFAULT_TRANSFER_SLACK_SECS,
    );
    return true;
  }

  /**
   * The next service day's network, built before it is needed: once a date has been planned, the next date's network
   * is built in the background (after this answer, off its critical path), so the first plan after midnight does not
   * wait for it. Failures are left for that first plan to report.
   */
  private prepareNextDay(cityId: string, feedId: number, feedVersion: string, date: string, timeZone: string, slack: number): void {
    if (this.opts.prepareNextDay === false) return;
    const next = addDays(date, 1);
    if (this.cache.has(`${cityId}|${feedId}|${next}|${slack}`)) return;
    const timer = setTimeout(() => void this.network(cityId, feedId, feedVersion, next, timeZone, slack).catch(() => undefined), 0);
    timer.unref?.();
  }

  /** Whether the network of a city's feed on a date is built or being built (tests, bench). */
  hasNetwork(cityId: string, feedId: number, date: string, slack = DEFAULT_TRANSFER_SLACK_SECS): boolean {
    return this.cache.has(`${cityId}|${feedId}|${date}|${slack}`);
  }

  /** Whether the network of a city's feed on a date came from a snapshot or was built (null: not in memory; tests, bench). */
  async networkSource(cityId: string, feedId: number, date: string, slack = DEFAULT_TRANSFER_SLACK_SECS): Promise<Built['source'] | null> {
    const b = this.cache.get(`${cityId}|${feedId}|${date}|${slack}`);
    return b ? (await b).source : null;
  }

  /**
   * A city's current feed and its built networks for `count` service days from the one of `fromMs`, as the planner plans with
   * them: what the offline timetable file (timetable-file.ts) is made of. Null when the city has no current feed.
   */
  async dayNetworks(cityId: string, fromMs: number, count: number): Promise<DayNetworks | null> {
    const city = await this.store.city(cityId);
    if (!city || city.feedId === null) return null;
    const first = localDate(fromMs, city.timeZone);
    const dates = Array.from({ length: count }, (_, i) => addDays(first, i));
    const slack = city.transferSlackSecs ?? DEFAULT_TRANSFER_SLACK_SECS;
    const feedVersion = city.feedVersion ?? String(city.feedId);
    const days = [];
    for (const date of dates) {
      const b = await this.network(city.id, city.feedId, feedVersion, date, city.timeZone, slack);
      days.push({
        date,
        startMs: b.day.startMs,
        network: b.network,
        stops: b.stops,
        routes: [...b.routes.values()],
        headsigns: b.headsigns,
        tripsOnDate: b.tripsOnDate,
      });
    }
    const stopBased = city.stopBasedPlanner || (this.opts.stopBasedCities ?? []).includes(cityId);
    return { cityId: city.id, feedVersion, timeZone: city.timeZone, slackSecs: slack, walk: plannerWalkSettings(city.plannerWalk), stopBased, days };
  }

  /** Resolves when the snapshots being written are written (tests, bench; close waits for them too). */
  async snapshotsWritten(): Promise<void> {
    while (this.writing.size) await Promise.all([...this.writing]);
  }

  /** Readiness: today's networks are built or loaded from their snapshots (always true without the prebuilder). */
  get networksReady(): boolean {
    return this.prebuilder ? this.prebuilder.builtOnce : true;
  }

  /** The worker pool's queue (metrics); an in-process runner has none. */
  get queueStats(): { queued: number; capacity: number } {
    return this.runner instanceof PlannerPool ? this.runner.queueStats : { queued: 0, capacity: 0 };
  }

  /** Stops the worker threads (the server's onClose). */
  async close(): Promise<void> {
    await this.prebuilder?.stop();
    await this.snapshotsWritten();
    return this.runner.close();
  }

  /**
   * The network for a city's current feed on a service date, built once (concurrent callers share the build): loaded
   * from its snapshot when there is a good one, else built from the day's rows and its snapshot written.
   */
  private network(
    cityId: string,
    feedId: number,
    feedVersion: string,
    date: string,
    timeZone: string,
    slackSecs = DEFAULT_TRANSFER_SLACK_SECS,
  ): Promise<Built> {
    const key = `${cityId}|${feedId}|${date}|${slackSecs}`;
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const id: SnapshotIdentity = { cityId, feedId, feedVersion, date, slackSecs };
    const build = (async (): Promise<Built> => {
      const loaded = await this.loadSnapshot(key, id, timeZone);
      if (loaded) return loaded;
      const rows = await this.store.rows(feedId, date);
      const started = performance.now();
      const { network, arrays, headsigns } = this.opts.buildInWorker
        ? await buildNetworkInWorker({ rows, slackSecs })
        : (() => {
            const { input, headsigns } = networkInput(rows, slackSecs);
            const raw = buildNetwork(input);
            // One copy of the routing arrays, in shared memory: the network below and the workers read the same bytes.
            const arrays = sharedRoutingArrays(raw);
            const network: Network = { ...raw, ...arrays };
            return { network, arrays, headsigns };
          })();
      const tripsOnDate = rows.trips.filter((t) => t.day === 0).length;
      const built = assemble(key, network, arrays, date, timeZone, rows.stops, rows.routes, headsigns, tripsOnDate, started, 'built');
      this.saveSnapshot(id, built, rows.routes);
      return built;
    })();
    this.cache.set(key, build);
    build.catch(() => this.cache.delete(key));
    // The city's own least recently used network goes, never another city's.
    const ofCity = [...this.cache.keys()].filter((k) => k.startsWith(`${cityId}|`));
    for (const oldest of ofCity.slice(0, Math.max(0, ofCity.length - this.cacheSize))) {
      this.cache.delete(oldest);
      this.runner.drop(oldest);
    }
    return build;
  }

  /** The network from its snapshot; null (and the reason logged) when there is none or it cannot be used. */
  private async loadSnapshot(key: string, id: SnapshotIdentity, timeZone: string): Promise<Built | null> {
    if (!this.opts.snapshots) return null;
    const started = performance.now();
    const timing = this.opts.timing;
    try {
      const bytes = await this.opts.snapshots.load(snapshotKey(id), timing);
      if (!bytes) return null;
      let t = performance.now();
      timing?.('snapshot read', started, t);
      const s = decodeSnapshot(bytes, id, timing);
      t = performance.now();
      const built = assemble(key, s.network, s.arrays, id.date, timeZone, s.stops, s.routes, s.headsigns, s.tripsOnDate, started, 'snapshot');
      timing?.('assemble (stop grid, routes)', t, performance.now());
      return built;
    } catch (err) {
      this.opts.log?.warn({ err, city: id.cityId, date: id.date }, 'planner: the network snapshot was not used; building the network');
      return null;
    }
  }

  /** Writes a built network's snapshot in the background (a failure is logged: the next start builds it again). */
  private saveSnapshot(id: SnapshotIdentity, b: Built, routes: PlannerRows['routes']): void {
    const store = this.opts.snapshots;
    if (!store) return;
    const write = (async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const bytes = encodeSnapshot(id, { network: b.network, stops: b.stops, routes, headsigns: b.headsigns, tripsOnDate: b.tripsOnDate });
      await store.save(snapshotKey(id), id, bytes, addDays(id.date, -1));
    })()
      .catch((err) => this.opts.log?.warn({ err, city: id.cityId, date: id.date }, 'planner: the network snapshot could not be written'))
      .finally(() => this.writing.delete(write));
    this.writing.add(write);
  }

  /**
   * Itineraries from a place to a place: leaving at or after `atMs` (a window: any departure in the next
   * `windowMinutes`), or with `arriveBy` arriving at or before `atMs` (the latest departures, at most
   * ARRIVE_BY_LOOKBACK_MINUTES before; with a window, any departure in the `windowMinutes` before it). The calendar is the one of that date in city time. The answer is the Pareto set
   * (later departure, earlier arrival, fewer changes, less walking; arrive-by: arrival only breaks ties).
   */
  async plan(
    cityId: string,
    fromInput: PlaceInput,
    toInput: PlaceInput,
    departAtMs: number,
    windowMinutes = 0,
    maxTransfers = 3,
    arriveBy = false,
  ): Promise<TripPlanView> {
    const from = checkPlace(fromInput, 'from');
    const to = checkPlace(toInput, 'to');
    if (!Number.isFinite(departAtMs) || departAtMs < 0) throw bad('"departAt" must be a time in epoch milliseconds.');
    if (!Number.isInteger(windowMinutes) || windowMinutes < 0 || windowMinutes > MAX_WINDOW_MINUTES)
      throw bad(`"windowMinutes" must be a whole number from 0 to ${MAX_WINDOW_MINUTES}.`);
    if (!Number.isInteger(maxTransfers) || maxTransfers < 0 || maxTransfers > MAX_TRANSFERS_ALLOWED)
      throw bad(`"maxTransfers" must be a whole number from 0 to ${MAX_TRANSFERS_ALLOWED}.`);
    if (from.stopId !== undefined && from.stopId === to.stopId) throw bad('The origin and the destination are the same stop.', 'SAME_PLACE');

    const city = await this.store.city(cityId);
    if (!city) throw new ApiError(404, 'CITY_NOT_FOUND', `There is no city "${cityId}".`);
    const stopBased = city.stopBasedPlanner || (this.opts.stopBasedCities ?? []).includes(cityId);
    if (stopBased && (from.stopId === undefined || to.stopId === undefined)) {
      throw bad(
        `Trips in ${cityId} are planned from stop to stop: choose a stop for the ${from.stopId === undefined ? 'origin' : 'destination'}.`,
        'STOP_REQUIRED',
      );
    }
    if (city.feedId === null) throw new ApiError(404, 'NO_TRANSIT_DATA', `There is no timetable for ${cityId} yet.`);

    const walk = plannerWalkSettings(city.plannerWalk);
    const date = localDate(departAtMs, city.timeZone);
    const slack = city.transferSlackSecs ?? DEFAULT_TRANSFER_SLACK_SECS;
    const feedVersion = city.feedVersion ?? String(city.feedId);
    const built = await this.network(city.id, city.feedId, feedVersion, date, city.timeZone, slack);
    // The next day's network once this plan is answered (loading or building it meanwhile would compete with the query).
    const nextDay = () => this.prepareNextDay(city.id, city.feedId as number, feedVersion, date, city.timeZone, slack);
    const net = built.network;
    const endpoints = (p: PlaceInput, name: string): Endpoint[] => {
      if (p.stopId !== undefined) {
        const stop = net.stopIndex.get(p.stopId as string);
        if (stop === undefined) throw new ApiError(404, 'STOP_NOT_FOUND', `There is no stop "${p.stopId}" in ${cityId} (${name}).`);
        return samePlaceStops(built, stop, walk);
      }
      return built.grid
        .within(p.lat as number, p.lon as number, plannerWalkRadius(walk))
        .map((h) => ({ stop: built.grid.points[h.index].index, walkSecs: plannerWalk(h.distanceMeters, walk).seconds }));
    };
    const origins = endpoints(from, 'from');
    const destinations = endpoints(to, 'to');
    if (from.stopId !== undefined && to.stopId !== undefined && destinations.some((d) => origins.some((o) => o.stop === d.stop))) {
      throw bad(
        `"${built.stops[origins[0].stop].stop_name ?? from.stopId}" and the destination are stops of the same place: choose another destination.`,
        'SAME_PLACE',
      );
    }
    const atSecs = Math.floor((departAtMs - built.day.startMs) / 1000);
    // Arrive-by without a window: the backward search (core raptorArriveBy), leaving at most ARRIVE_BY_LOOKBACK_MINUTES
    // before; with a window: rRAPTOR over the departures in the window before the arrival time.
    const lookback = (windowMinutes || ARRIVE_BY_LOOKBACK_MINUTES) * 60;
    const query = arriveBy
      ? { origins, destinations, departAt: atSecs - lookback, maxTransfers, windowSecs: windowMinutes * 60, arriveBy: atSecs }
      : { origins, destinations, departAt: atSecs, maxTransfers, windowSecs: windowMinutes * 60 };
    const live = await this.liveOverlay(city.id, built, departAtMs);
    const found = await this.runner.run(live?.key ?? built.key, live?.overlay.arrays ?? built.arrays, query).finally(nextDay);
    const searched = performance.now();
    // A plain depart-at query: the rider is at the origin at its time (the first bus may be a late one the bounds hid).
    const journeys = live ? liveJourneys(net, live.overlay, found, arriveBy || windowMinutes > 0 ? undefined : atSecs) : found;
    const itineraries = journeys.filter((j) => j.legs.length > 0).map((j) => this.itinerary(city.id, built, j, from, to, walk, live?.overlay ?? null));
    itineraries.sort((a, b) => a.departure - b.departure || a.arrival - b.arrival || a.transfers - b.transfers || a.walkSeconds - b.walkSeconds);
    const reason = itineraries.length ? null : noTripReason(built, from, to, origins.length > 0 && destinations.length > 0);
    this.opts.timing?.(`itineraries assembled (${itineraries.length})`, searched, performance.now());
    return { itineraries, departAt: departAtMs, reason, serviceDate: date, maxTransfers, arriveBy, maxWalkMeters: walk.maxMeters };
  }

  /** Plans within this long of now use the trip updates (before: nothing is known yet; after: the buses have gone). */
  static readonly LIVE_AHEAD_MS = 3 * 3_600_000;
  static readonly LIVE_BEHIND_MS = 3_600_000;

  /** The live overlay for a plan at `atMs` on this network (live.ts), or null: no source, too far from now, no update. */
  private async liveOverlay(cityId: string, built: Built, atMs: number): Promise<{ overlay: LiveOverlay; key: string } | null> {
    const source = this.opts.live;
    if (!source) return null;
    const now = (this.opts.now ?? Date.now)();
    if (atMs > now + PlannerService.LIVE_AHEAD_MS || atMs < now - PlannerService.LIVE_BEHIND_MS) return null;
    let predictions;
    try {
      predictions = await source.livePredictions(cityId, now);
    } catch (err) {
      this.opts.log?.warn({ err, city: cityId }, 'planner: no live predictions; planning on the timetable');
      return null;
    }
    if (!predictions || predictions.length === 0) return null;
    const had = this.overlays.get(built.key);
    if (had && had.predictions === predictions) return had.overlay ? { overlay: had.overlay, key: had.key } : null;
    const overlay = buildOverlay(built.network, built.day.startMs, predictions);
    const key = `${built.key}|live|${++this.overlaySeq}`;
    this.overlays.set(built.key, { predictions, overlay, key });
    if (had?.overlay) {
      // The workers forget the overlay it replaces once the searches already sent with it are done.
      const timer = setTimeout(() => this.runner.drop(had.key), 60_000);
      timer.unref?.();
    }
    return overlay ? { overlay, key } : null;
  }

  /**
   * A returned itinerary re-checked against the current predictions (GraphQL checkItinerary): each ride's predicted
   * times and whether each change is still OK, AT_RISK (less time than the city's change time), MISSED or CANCELLED.
   */
  async checkItinerary(cityId: string, legs: readonly LegCheckInput[]): Promise<ItineraryCheckView> {
    if (legs.length === 0 || legs.length > 12) throw bad('"legs" must list 1 to 12 legs of a returned itinerary.');
    for (const l of legs) {
      if (!Number.isFinite(l.scheduledDeparture) || !Number.isFinite(l.scheduledArrival) || l.scheduledArrival < l.scheduledDeparture)
        throw bad('Each leg needs its scheduledDeparture and scheduledArrival (epoch ms), arriving after it leaves.');
    }
    const city = await this.store.city(cityId);
    if (!city) throw new ApiError(404, 'CITY_NOT_FOUND', `There is no city "${cityId}".`);
    if (city.feedId === null) throw new ApiError(404, 'NO_TRANSIT_DATA', `There is no timetable for ${cityId} yet.`);
    const slack = city.transferSlackSecs ?? DEFAULT_TRANSFER_SLACK_SECS;
    const date = localDate(legs[0].scheduledDeparture, city.timeZone);
    const built = await this.network(city.id, city.feedId, city.feedVersion ?? String(city.feedId), date, city.timeZone, slack);
    const live = await this.liveOverlay(city.id, built, legs[0].scheduledDeparture);
    return checkItinerary(built.network, live?.overlay ?? null, built.day.startMs, legs, slack, (this.opts.now ?? Date.now)());
  }

  private itinerary(
    cityId: string,
    b: Built,
    j: Journey,
    from: PlaceInput,
    to: PlaceInput,
    walk: PlannerWalkSettings,
    overlay: LiveOverlay | null = null,
  ): ItineraryView {
    const net = b.network;
    // The offline planner's assembly (shared/domain), with the city on stops and each ride's live and timetable times.
    return journeyItinerary({ network: net, startMs: b.day.startMs, stops: b.stops, routes: b.routes, headsigns: b.headsigns }, j, from, to, walk, {
      cityId,
      rideTimes: (l) => ({
        live: tripTimes(net, overlay, l.trip, l.boardPos).live,
        scheduledDeparture: tripTimes(net, null, l.trip, l.boardPos).dep,
        scheduledArrival: tripTimes(net, null, l.trip, l.alightPos).arr,
      }),
    });
  }
}
