import { formatWalkingDistance, localDate } from '@sawari/domain';
import { ApiError } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import { FeedIndex, normalise, type IndexedRoute, type IndexedStop } from './feed-index';
import type { TransitReadStore } from './store';
import type { TimetableCache } from './timetable-cache';
import type { HeadwayWindow, Timetable } from './timetable';

/**
 * The transit read rules behind the GraphQL API (shapes follow shared/contracts/src/transit-schema.ts). Everything is
 * answered from the compiled timetable and the feed index in memory, except a city's name and credit line, shapes and
 * places (SQL). Feed text (names, headsigns) is returned as data, never as markup.
 */

export interface StopView {
  stop_id: string;
  stop_name: string;
  stop_lat: number;
  stop_lon: number;
  result_type: 'STOP';
  station_type: string;
  transport_type: string | null;
  stop_code: string | null;
  /** Not in the schema: lets Stop.routes find the stop's city. */
  cityId: string;
}

export interface RouteSummaryView {
  route_id: string;
  route_name: string;
  route_long_name: string | null;
  agency_name: string | null;
  route_type: number;
  color: string | null;
  text_color: string | null;
  arrival_time: number | null;
  ttStatus: 0 | 1;
  isFrequencyTrip: boolean;
  frequency_data_array: HeadwayWindow[];
}

export interface RouteView extends Omit<RouteSummaryView, 'arrival_time' | 'ttStatus' | 'isFrequencyTrip' | 'frequency_data_array'> {
  directions: { directionId: number; headsign: string; stops: StopView[]; shape: [number, number][] }[];
  cityId: string;
}

export interface TimetableView {
  route_id: string;
  stop_id: string;
  date: string;
  ttStatus: 0 | 1;
  isFrequencyTrip: boolean;
  departures: number[];
  frequencies: HeadwayWindow[];
}

export interface SearchResultView {
  result_type: 'STOP' | 'PLACE';
  stop_id: string | null;
  name: string;
  lat: number;
  lon: number;
  route: RouteSummaryView | null;
  /** What tells same-named stops apart (STOP results): its code, where its buses go, the routes calling there. */
  stop_code: string | null;
  towards: string[];
  routeNames: string[];
}

export interface TransitCityView {
  id: string;
  name: string;
  attribution: string | null;
  bounds: number[] | null;
  stopBasedPlanner: boolean;
}

interface CityData {
  cityId: string;
  timetable: Timetable;
  index: FeedIndex;
}

/** GTFS route_type (basic and extended) to the transport_type shown with a stop. */
export function transportType(routeType: number): string {
  if (routeType === 0 || (routeType >= 900 && routeType < 1000)) return 'TRAM';
  if (routeType === 1 || (routeType >= 400 && routeType < 500)) return 'METRO';
  if (routeType === 2 || (routeType >= 100 && routeType < 200)) return 'RAIL';
  if (routeType === 4 || (routeType >= 1000 && routeType < 1100) || (routeType >= 1200 && routeType < 1300)) return 'FERRY';
  if (routeType === 6 || routeType === 5 || routeType === 7 || (routeType >= 1300 && routeType < 1500)) return 'CABLE';
  if (routeType === 12) return 'MONORAIL';
  return 'BUS';
}

/** GTFS colours are 6 hex digits without '#'; anything else from a feed is dropped. */
const cssColour = (c: string | null): string | null => (c && /^[0-9a-fA-F]{6}$/.test(c) ? `#${c.toUpperCase()}` : null);

export const notFound = (message: string) => new ApiError(404, 'NOT_FOUND', message);

export class TransitService {
  /** Feed index per city, for the feed id the city's timetable has. */
  private readonly indexes = new Map<string, { feedId: number; index: Promise<FeedIndex> }>();

  constructor(
    private readonly store: TransitReadStore,
    private readonly timetables: TimetableCache,
    private readonly now: Clock,
  ) {}

  /** The city's current data, null when it has no feed; NOT_FOUND when the city does not exist. */
  private async data(cityId: string): Promise<CityData | null> {
    const { cityKnown, timetable } = await this.timetables.get(cityId);
    if (!cityKnown) throw notFound(`There is no city "${cityId}".`);
    if (!timetable) return null;
    let entry = this.indexes.get(cityId);
    if (!entry || entry.feedId !== timetable.feedId) {
      const feedId = timetable.feedId;
      const index = this.store.feedIndexRows(feedId).then((rows) => new FeedIndex(feedId, rows));
      entry = { feedId, index };
      this.indexes.set(cityId, entry);
      index.catch(() => {
        if (this.indexes.get(cityId) === entry) this.indexes.delete(cityId);
      });
    }
    return { cityId, timetable, index: await entry.index };
  }

  /** Today's date in the city (YYYYMMDD). */
  private today(d: CityData): string {
    return localDate(this.now(), d.timetable.timeZone);
  }

  private stopView(d: CityData, stop: IndexedStop, lang?: string): StopView {
    const types = new Map<string, number>();
    for (const id of stop.routeIds) {
      const t = transportType(d.index.route(id)!.route_type);
      types.set(t, (types.get(t) ?? 0) + 1);
    }
    const transport = [...types].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
    return {
      stop_id: stop.stop_id,
      stop_name: d.index.stopName(stop, lang),
      stop_lat: stop.lat,
      stop_lon: stop.lon,
      result_type: 'STOP',
      station_type: stop.location_type === 1 ? 'STATION' : 'STOP',
      transport_type: transport,
      stop_code: stop.stop_code,
      cityId: d.cityId,
    };
  }

  private routeBase(route: IndexedRoute, d: CityData, lang?: string) {
    return {
      route_id: route.route_id,
      ...d.index.routeNames(route, lang),
      agency_name: route.agency_name,
      route_type: route.route_type,
      color: cssColour(route.route_color),
      text_color: cssColour(route.route_text_color),
    };
  }

  /**
   * Spec §3 Trip or route summary. At a stop: the next scheduled arrival there within 24 h (seconds after today's
   * service-day start; ttStatus 1 when there is none) and the headway windows at that stop today. Without a stop: the
   * route's windows today at its first stops, ttStatus 1 when it runs no trip today.
   */
  private summary(d: CityData, route: IndexedRoute, atStopId?: string, lang?: string): RouteSummaryView {
    const today = this.today(d);
    if (atStopId === undefined) {
      const day = d.timetable.routeDay(route.route_id, today);
      return {
        ...this.routeBase(route, d, lang),
        arrival_time: null,
        ttStatus: day.runs ? 0 : 1,
        isFrequencyTrip: day.hasHeadwayTrips,
        frequency_data_array: day.frequencies,
      };
    }
    const now = this.now();
    const next = d.timetable.departures(route.route_id, atStopId, now, now + 24 * 3600_000)[0];
    const dayStart = d.timetable.day(today).startMs;
    return {
      ...this.routeBase(route, d, lang),
      arrival_time: next === undefined ? null : Math.round((next - dayStart) / 1000),
      ttStatus: next === undefined ? 1 : 0,
      isFrequencyTrip: d.timetable.hasHeadwayTrips(route.route_id, atStopId),
      frequency_data_array: d.timetable.dayTimetable(route.route_id, atStopId, today).frequencies,
    };
  }

  async city(cityId: string): Promise<TransitCityView | null> {
    const info = await this.store.cityInfo(cityId);
    if (!info) return null;
    const d = info.feedId === null ? null : await this.data(cityId);
    return { id: info.id, name: info.name, attribution: info.attribution, bounds: d?.index.bounds ?? null, stopBasedPlanner: info.stopBasedPlanner };
  }

  /** Routes by name, typo-tolerant and ranked (store.searchRouteIds), `offset` results skipped (paging). */
  async searchRoutes(cityId: string, query: string, limit: number, lang?: string, offset = 0): Promise<RouteSummaryView[]> {
    const d = await this.data(cityId);
    const text = normalise(query);
    if (!d || !text) return [];
    const ids = await this.store.searchRouteIds(d.index.feedId, text, limit, offset);
    return ids.flatMap((id) => {
      const r = d.index.route(id);
      return r ? [this.summary(d, r, undefined, lang)] : [];
    });
  }

  async routesBetween(cityId: string, fromStopId: string, toStopId: string, lang?: string): Promise<RouteSummaryView[]> {
    const d = await this.data(cityId);
    if (!d) return [];
    for (const id of [fromStopId, toStopId]) if (!d.index.stop(id)) throw notFound(`There is no stop "${id}" in ${cityId}.`);
    return d.index.routesBetween(fromStopId, toStopId).map((r) => this.summary(d, r, fromStopId, lang));
  }

  async route(cityId: string, routeId: string, lang?: string): Promise<RouteView | null> {
    const d = await this.data(cityId);
    const route = d?.index.route(routeId);
    if (!d || !route) return null;
    const directions = await Promise.all(
      d.index.directions(route).map(async (p) => {
        const stops = p.stopIds.map((id) => d.index.stop(id)).filter((s): s is IndexedStop => !!s);
        let shape = p.shapeId ? await this.store.shape(d.index.feedId, p.shapeId) : [];
        if (shape.length < 2) shape = stops.map((s) => [s.lon, s.lat]);
        const last = stops[stops.length - 1];
        return {
          directionId: p.directionId,
          headsign: p.headsign ?? (last ? d.index.stopName(last, lang) : ''),
          stops: stops.map((s) => this.stopView(d, s, lang)),
          shape,
        };
      }),
    );
    return { ...this.routeBase(route, d, lang), directions, cityId };
  }

  /**
   * A route's name, agency and every distinct stop pattern of its trips with the stops' names and positions (for ticket
   * fares by distance); null when the city has no feed or no such route.
   */
  async routePatterns(
    cityId: string,
    routeId: string,
  ): Promise<{
    route_id: string;
    route_name: string;
    agency_name: string | null;
    patterns: { stop_id: string; stop_name: string; lat: number; lon: number }[][];
  } | null> {
    const d = await this.data(cityId);
    const route = d?.index.route(routeId);
    if (!d || !route) return null;
    const patterns = route.patterns.map((p) =>
      p.stopIds
        .map((id) => d.index.stop(id))
        .filter((s): s is IndexedStop => !!s)
        .map((s) => ({ stop_id: s.stop_id, stop_name: d.index.stopName(s), lat: s.lat, lon: s.lon })),
    );
    return { route_id: route.route_id, route_name: d.index.routeNames(route).route_name, agency_name: route.agency_name, patterns };
  }

  async timetable(cityId: string, routeId: string, stopId: string, date: string | undefined): Promise<TimetableView> {
    const d = await this.data(cityId);
    if (!d || !d.index.route(routeId)) throw notFound(`There is no route "${routeId}" in ${cityId}.`);
    if (!d.index.stop(stopId)) throw notFound(`There is no stop "${stopId}" in ${cityId}.`);
    const day = date ?? this.today(d);
    const tt = d.timetable.dayTimetable(routeId, stopId, day);
    return {
      route_id: routeId,
      stop_id: stopId,
      date: day,
      ttStatus: tt.departures.length ? 0 : 1,
      isFrequencyTrip: d.timetable.hasHeadwayTrips(routeId, stopId),
      departures: tt.departures,
      frequencies: tt.frequencies,
    };
  }

  async stop(cityId: string, stopId: string, lang?: string): Promise<StopView | null> {
    const d = await this.data(cityId);
    const stop = d?.index.stop(stopId);
    return d && stop ? this.stopView(d, stop, lang) : null;
  }

  /** The routes serving a stop, each with its next arrival there. */
  async stopRoutes(cityId: string, stopId: string, lang?: string): Promise<RouteSummaryView[]> {
    const d = await this.data(cityId);
    const stop = d?.index.stop(stopId);
    if (!d || !stop) return [];
    return stop.routeIds.map((id) => this.summary(d, d.index.route(id)!, stopId, lang));
  }

  /** Where buses from a stop go (FeedIndex.towards): what tells it apart from same-named stops. */
  async stopTowards(cityId: string, stopId: string, lang?: string): Promise<string[]> {
    const d = await this.data(cityId);
    return d ? d.index.towards(stopId, lang) : [];
  }

  async nearbyStops(cityId: string, lat: number, lon: number, radiusMeters: number, limit: number, lang?: string) {
    const d = await this.data(cityId);
    if (!d) return [];
    return d.index.nearby(lat, lon, radiusMeters, limit).map((h) => ({
      stop: this.stopView(d, h.stop, lang),
      distanceMeters: Math.round(h.distanceMeters * 10) / 10,
      walking: formatWalkingDistance(h.distanceMeters / 1000),
    }));
  }

  /**
   * Stops and places by name, typo-tolerant, ranked and paged (store.searchStopsAndPlaces: equal, prefix, word start,
   * contains, then only similar; places first within a rank), `offset` results skipped. A stop also says what tells it
   * apart from same-named ones (its code, where its buses go, the routes calling there).
   */
  async search(cityId: string, query: string, limit: number, lang?: string, offset = 0): Promise<SearchResultView[]> {
    const d = await this.data(cityId);
    const text = normalise(query);
    if (!text) return [];
    const hits = await this.store.searchStopsAndPlaces(d?.index.feedId ?? null, cityId, text, limit, offset);
    return hits.flatMap((h): SearchResultView[] => {
      if (h.kind === 'PLACE')
        return [{ result_type: 'PLACE', stop_id: null, name: h.name, lat: h.lat, lon: h.lon, route: null, stop_code: null, towards: [], routeNames: [] }];
      const stop = d?.index.stop(h.id);
      if (!d || !stop) return [];
      return [
        {
          result_type: 'STOP',
          stop_id: stop.stop_id,
          name: d.index.stopName(stop, lang),
          lat: stop.lat,
          lon: stop.lon,
          route: null,
          stop_code: stop.stop_code,
          towards: d.index.towards(stop.stop_id, lang),
          routeNames: stop.routeIds.flatMap((id) => {
            const r = d.index.route(id);
            return r ? [d.index.routeNames(r, lang).route_name] : [];
          }),
        },
      ];
    });
  }
}
