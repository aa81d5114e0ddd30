import { localDate } from '../service-day';
import { haversineKm, plannerWalk, plannerWalkRadius, stopNameKey, type PlannerWalkSettings } from '../transit';
import type { Endpoint, Journey, JourneyLeg } from './raptor';
import type { Network } from './network';
import { raptorRange } from './raptor';
import type { Timetable, TimetableDay, TimetableRoute, TimetableStop } from './timetable-file';

/**
 * The trip planner without the server: the same search on the same day networks (read from the offline timetable
 * file), asked and answered as the server's planTrip asks and answers it (api/src/modules/planner/service.ts `plan`:
 * its endpoints, its query, its itineraries), so the browser's planner worker gives the same journeys for the same
 * request (planner/offline-agreement.test.ts compares them). Timetable only: no live data.
 */

/** Mirror of the API's PlaceInput. */
export interface OfflinePlace {
  stopId?: string | null;
  lat?: number | null;
  lon?: number | null;
  name?: string | null;
}

export interface OfflineLegStop {
  stop_id: string;
  stop_name: string;
  stop_lat: number;
  stop_lon: number;
  result_type: 'STOP' | 'PLACE';
}

export interface OfflineLeg {
  mode: 'WALK' | 'BUS' | 'FERRY';
  from: OfflineLegStop;
  to: OfflineLegStop;
  departure: number;
  arrival: number;
  route: {
    route_id: string;
    route_name: string;
    route_long_name: string | null;
    agency_name: string | null;
    route_type: number;
    color: string | null;
    text_color: string | null;
    ttStatus: 0;
    isFrequencyTrip: boolean;
    frequency_data_array: [];
  } | null;
  headsign: string | null;
  tripId: string | null;
  stopCount: number | null;
  distanceMeters: number | null;
  /** Always false: the timetable's times, no trip update (the server's planner marks predicted legs true). */
  live: false;
  scheduledDeparture: number;
  scheduledArrival: number;
}

export interface OfflineItinerary {
  departure: number;
  arrival: number;
  durationSeconds: number;
  transfers: number;
  walkSeconds: number;
  legs: OfflineLeg[];
}

export interface OfflinePlan {
  itineraries: OfflineItinerary[];
  departAt: number;
  reason: 'NO_SERVICE_ON_DATE' | 'NO_TRIP_WITHIN_TRANSFERS' | 'OUTSIDE_CITY' | 'TOO_FAR_TO_WALK' | null;
  serviceDate: string;
  maxTransfers: number;
  arriveBy: boolean;
  maxWalkMeters: number;
}

/** A request the offline planner cannot answer (the server's 4xx codes, and NOT_IN_FILE for a date the file lacks). */
export class OfflinePlanError extends Error {
  constructor(
    readonly code: 'NOT_IN_FILE' | 'STOP_NOT_FOUND' | 'SAME_PLACE' | 'STOP_REQUIRED' | 'VALIDATION_FAILED',
    message: string,
  ) {
    super(message);
  }
}

/** The server's constants (service.ts). */
const CITY_MARGIN_METERS = 2000;
const ARRIVE_BY_LOOKBACK_MINUTES = 120;
const M_PER_DEG_LAT = (6371_000 * Math.PI) / 180;

/** Stops within `radiusMeters` of a point, nearest first (ties by index): what the API's PointGrid.within answers. */
export function stopsWithin(stops: readonly TimetableStop[], lat: number, lon: number, radiusMeters: number): { index: number; distanceMeters: number }[] {
  const dLat = radiusMeters / M_PER_DEG_LAT;
  const cos = Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
  const dLon = radiusMeters / (M_PER_DEG_LAT * cos);
  const hits: { index: number; distanceMeters: number }[] = [];
  stops.forEach((s, index) => {
    if (s.stop_lat == null || s.stop_lon == null) return;
    if (Math.abs(s.stop_lat - lat) > dLat || Math.abs(s.stop_lon - lon) > dLon) return;
    const distanceMeters = haversineKm(lat, lon, s.stop_lat, s.stop_lon) * 1000;
    if (distanceMeters <= radiusMeters) hits.push({ index, distanceMeters });
  });
  return hits.sort((a, b) => a.distanceMeters - b.distanceMeters || a.index - b.index);
}

/** A stop and the stops of the same name around it (the server's samePlaceStops). */
function samePlaceStops(stops: readonly TimetableStop[], stop: number, walk: PlannerWalkSettings): Endpoint[] {
  const row = stops[stop];
  const out: Endpoint[] = [{ stop, walkSecs: 0 }];
  const key = stopNameKey(row.stop_name);
  if (!key || row.stop_lat == null || row.stop_lon == null || walk.samePlaceMeters <= 0) return out;
  const seen = new Set([stop]);
  const reach = plannerWalkRadius(walk);
  for (let i = 0; i < out.length; i++) {
    const s = stops[out[i].stop];
    for (const h of stopsWithin(stops, s.stop_lat as number, s.stop_lon as number, walk.samePlaceMeters)) {
      const other = h.index;
      if (seen.has(other) || stopNameKey(stops[other].stop_name) !== key) continue;
      seen.add(other);
      const straight = haversineKm(row.stop_lat, row.stop_lon, stops[other].stop_lat as number, stops[other].stop_lon as number) * 1000;
      if (straight <= reach) out.push({ stop: other, walkSecs: plannerWalk(straight, walk).seconds });
    }
  }
  return out;
}

function bounds(stops: readonly TimetableStop[]): [number, number, number, number] | null {
  let b: [number, number, number, number] | null = null;
  for (const s of stops) {
    if (s.stop_lat == null || s.stop_lon == null) continue;
    b = b
      ? [Math.min(b[0], s.stop_lat), Math.min(b[1], s.stop_lon), Math.max(b[2], s.stop_lat), Math.max(b[3], s.stop_lon)]
      : [s.stop_lat, s.stop_lon, s.stop_lat, s.stop_lon];
  }
  return b;
}

/** The file's day for a departure time (its service date in city time), or NOT_IN_FILE. */
export function timetableDayFor(tt: Timetable, atMs: number): TimetableDay {
  const date = localDate(atMs, tt.timeZone);
  const day = tt.days.find((d) => d.date === date);
  if (!day) throw new OfflinePlanError('NOT_IN_FILE', `The timetable on this phone has no service on ${date}.`);
  return day;
}

/**
 * Itineraries from a place to a place on the file's timetable, as the server's planTrip answers them (leave at or after
 * `atMs`, or with arriveBy arrive at or before it; windowMinutes as the server's).
 */
export function planOffline(
  tt: Timetable,
  fromInput: OfflinePlace,
  toInput: OfflinePlace,
  atMs: number,
  windowMinutes = 0,
  maxTransfers = 3,
  arriveBy = false,
): OfflinePlan {
  const place = (p: OfflinePlace, name: string): OfflinePlace => {
    const hasStop = p.stopId !== null && p.stopId !== undefined && p.stopId !== '';
    const label = typeof p.name === 'string' && p.name.trim() ? p.name.trim().slice(0, 100) : null;
    if (hasStop) return { stopId: String(p.stopId), name: label };
    if (!Number.isFinite(p.lat) || !Number.isFinite(p.lon)) throw new OfflinePlanError('VALIDATION_FAILED', `"${name}" needs a stopId, or both lat and lon.`);
    return { lat: p.lat, lon: p.lon, name: label };
  };
  const from = place(fromInput, 'from');
  const to = place(toInput, 'to');
  if (from.stopId !== undefined && from.stopId === to.stopId) throw new OfflinePlanError('SAME_PLACE', 'The origin and the destination are the same stop.');
  if (tt.stopBased && (from.stopId === undefined || to.stopId === undefined))
    throw new OfflinePlanError('STOP_REQUIRED', `Trips in ${tt.cityId} are planned from stop to stop.`);
  const day = timetableDayFor(tt, atMs);
  const net = day.network;
  const walk = tt.walk;
  const endpoints = (p: OfflinePlace, name: string): Endpoint[] => {
    if (p.stopId !== undefined) {
      const stop = net.stopIndex.get(p.stopId as string);
      if (stop === undefined) throw new OfflinePlanError('STOP_NOT_FOUND', `There is no stop "${p.stopId}" in ${tt.cityId} (${name}).`);
      return samePlaceStops(tt.stops, stop, walk);
    }
    return stopsWithin(tt.stops, p.lat as number, p.lon as number, plannerWalkRadius(walk)).map((h) => ({
      stop: h.index,
      walkSecs: plannerWalk(h.distanceMeters, walk).seconds,
    }));
  };
  const origins = endpoints(from, 'from');
  const destinations = endpoints(to, 'to');
  if (from.stopId !== undefined && to.stopId !== undefined && destinations.some((d) => origins.some((o) => o.stop === d.stop)))
    throw new OfflinePlanError('SAME_PLACE', 'The origin and the destination are stops of the same place.');
  const atSecs = Math.floor((atMs - day.startMs) / 1000);
  const lookback = (windowMinutes || ARRIVE_BY_LOOKBACK_MINUTES) * 60;
  const query = arriveBy
    ? { origins, destinations, departAt: atSecs - lookback, maxTransfers, windowSecs: windowMinutes * 60, arriveBy: atSecs }
    : { origins, destinations, departAt: atSecs, maxTransfers, windowSecs: windowMinutes * 60 };
  const journeys = raptorRange(net, query);
  const itineraries = journeys.filter((j) => j.legs.length > 0).map((j) => itinerary(tt, day, j, from, to, walk));
  itineraries.sort((a, b) => a.departure - b.departure || a.arrival - b.arrival || a.transfers - b.transfers || a.walkSeconds - b.walkSeconds);
  let reason: OfflinePlan['reason'] = null;
  if (!itineraries.length) {
    if (day.tripsOnDate === 0) reason = 'NO_SERVICE_ON_DATE';
    else if (origins.length === 0 || destinations.length === 0) {
      const box = bounds(tt.stops);
      const outside = (p: OfflinePlace) => {
        if (p.stopId !== undefined || !box) return false;
        const lat = Math.min(box[2], Math.max(box[0], p.lat as number));
        const lon = Math.min(box[3], Math.max(box[1], p.lon as number));
        return haversineKm(p.lat as number, p.lon as number, lat, lon) * 1000 > CITY_MARGIN_METERS;
      };
      reason = outside(from) || outside(to) ? 'OUTSIDE_CITY' : 'TOO_FAR_TO_WALK';
    } else reason = 'NO_TRIP_WITHIN_TRANSFERS';
  }
  return { itineraries, departAt: atMs, reason, serviceDate: day.date, maxTransfers, arriveBy, maxWalkMeters: walk.maxMeters };
}

function itinerary(tt: Timetable, day: TimetableDay, j: Journey, from: OfflinePlace, to: OfflinePlace, walk: PlannerWalkSettings): OfflineItinerary {
  const source: ItinerarySource = { ...day, stops: tt.stops, routes: new Map(tt.routes.map((r) => [r.route_id, r])) };
  // No ride times given: every leg is the timetable's (live false).
  return journeyItinerary(source, j, from, to, walk) as OfflineItinerary;
}

/** What an itinerary is assembled from: a service day's network and the rows beside it (the server's and this planner's). */
export interface ItinerarySource {
  network: Network;
  /** The service day's start (epoch ms): times are seconds from it. */
  startMs: number;
  stops: readonly TimetableStop[];
  routes: ReadonlyMap<string, TimetableRoute>;
  /** Per source trip. */
  headsigns: readonly (string | null)[];
}

/** A ride as the server has it with trip updates: predicted or not, and its timetable times (seconds of the service day). */
export interface RideTimes {
  live: boolean;
  scheduledDeparture: number;
  scheduledArrival: number;
}

/** A leg end as the server answers it: `cityId` on a stop (not in the schema: GraphQL resolves the stop's routes with it). */
export type ItineraryLegStop = OfflineLegStop & { cityId?: string };
export type ItineraryLeg = Omit<OfflineLeg, 'from' | 'to' | 'live'> & { from: ItineraryLegStop; to: ItineraryLegStop; live: boolean };
export type AssembledItinerary = Omit<OfflineItinerary, 'legs'> & { legs: ItineraryLeg[] };

/**
 * A journey of the search as the planTrip answer's itinerary: its legs with their stops (the rider's chosen stop, or the
 * coordinate under the rider's name for it, at the ends), times in epoch ms, routes, headsigns, walked and ridden
 * metres. One function for the server's planner (service.ts, with `cityId` on stops and the ride times of its live
 * overlay) and the offline one, so that the two answer alike (offline-agreement.test.ts).
 */
export function journeyItinerary(
  day: ItinerarySource,
  j: Journey,
  from: OfflinePlace,
  to: OfflinePlace,
  walk: PlannerWalkSettings,
  opts: { cityId?: string; rideTimes?: (leg: Extract<JourneyLeg, { kind: 'ride' }>) => RideTimes } = {},
): AssembledItinerary {
  const net = day.network;
  const at = (secs: number) => day.startMs + secs * 1000;
  const city = opts.cityId === undefined ? {} : { cityId: opts.cityId };
  const stopView = (s: number): ItineraryLegStop => {
    const row = day.stops[s];
    return {
      stop_id: row.stop_id,
      stop_name: row.stop_name ?? row.stop_id,
      stop_lat: row.stop_lat ?? 0,
      stop_lon: row.stop_lon ?? 0,
      result_type: 'STOP',
      ...city,
    };
  };
  const placeView = (p: OfflinePlace, name: string): ItineraryLegStop => {
    const stop = p.stopId !== undefined ? net.stopIndex.get(p.stopId as string) : undefined;
    if (stop !== undefined) return stopView(stop);
    return { stop_id: '', stop_name: p.name ?? name, stop_lat: p.lat as number, stop_lon: p.lon as number, result_type: 'PLACE' };
  };
  const origin = placeView(from, 'Start point');
  const destination = placeView(to, 'End point');
  const end = (s: number, side: 'from' | 'to') => (s >= 0 ? stopView(s) : side === 'from' ? origin : destination);
  const metres = (a: OfflineLegStop, c: OfflineLegStop) => Math.round(haversineKm(a.stop_lat, a.stop_lon, c.stop_lat, c.stop_lon) * 1000);
  let walkSeconds = 0;
  const legs: ItineraryLeg[] = j.legs.map((l) => {
    if (l.kind === 'walk') {
      const a = end(l.from, 'from');
      const c = end(l.to, 'to');
      walkSeconds += l.arrival - l.departure;
      // Walked metres: the straight line × the city's detour factor.
      return {
        mode: 'WALK',
        from: a,
        to: c,
        departure: at(l.departure),
        arrival: at(l.arrival),
        route: null,
        headsign: null,
        tripId: null,
        stopCount: null,
        distanceMeters: plannerWalk(metres(a, c), walk).meters,
        live: false,
        scheduledDeparture: at(l.departure),
        scheduledArrival: at(l.arrival),
      };
    }
    const source = net.tripSource[l.trip];
    const routeId = net.routeIds[net.patternRoute[l.pattern]];
    const r = day.routes.get(routeId);
    let distanceMeters = 0;
    const s0 = net.patternStopStart[l.pattern];
    for (let i = l.boardPos; i < l.alightPos; i++) distanceMeters += metres(stopView(net.patternStops[s0 + i]), stopView(net.patternStops[s0 + i + 1]));
    const times = opts.rideTimes?.(l) ?? { live: false, scheduledDeparture: l.departure, scheduledArrival: l.arrival };
    return {
      mode: r?.route_type === 4 ? 'FERRY' : 'BUS',
      from: stopView(l.from),
      to: stopView(l.to),
      departure: at(l.departure),
      arrival: at(l.arrival),
      route: {
        route_id: routeId,
        route_name: r?.route_short_name || r?.route_long_name || routeId,
        route_long_name: r?.route_long_name ?? null,
        agency_name: r?.agency_name ?? null,
        route_type: r?.route_type ?? 3,
        color: r?.route_color ?? null,
        text_color: r?.route_text_color ?? null,
        ttStatus: 0,
        isFrequencyTrip: net.sourceTripIsFrequency[source] === 1,
        frequency_data_array: [],
      },
      headsign: day.headsigns[source] ?? null,
      tripId: net.sourceTripIds[source],
      stopCount: l.alightPos - l.boardPos,
      distanceMeters,
      live: times.live,
      scheduledDeparture: at(times.scheduledDeparture),
      scheduledArrival: at(times.scheduledArrival),
    };
  });
  return { departure: at(j.departure), arrival: at(j.arrival), durationSeconds: j.arrival - j.departure, transfers: j.transfers, walkSeconds, legs };
}
