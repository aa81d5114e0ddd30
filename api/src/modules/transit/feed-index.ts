import { PointGrid } from './geo';
import type { FeedIndexRows, IndexRouteRow, IndexStopRow } from './store';

/**
 * One feed's stops, routes and trip patterns in memory, for the read API: nearby stops (grid index),
 * the routes serving a stop, routes between two stops, a route's directions. Pure data, no I/O; built once per feed
 * (Kochi: 3,250 stops, 473 routes, 46,640 stop times in well under a second).
 */

export interface IndexedStop {
  stop_id: string;
  stop_code: string | null;
  /** Empty when the feed gives no name (some Kochi stops); shown as the id. */
  stop_name: string;
  lat: number;
  lon: number;
  location_type: number;
  parent_station: string | null;
  /** Routes with a trip calling here, by route name. */
  routeIds: string[];
}

export interface TripPattern {
  directionId: number;
  headsign: string | null;
  shapeId: string | null;
  stopIds: string[];
  trips: number;
}

export interface IndexedRoute extends IndexRouteRow {
  /** route_short_name, else route_long_name. */
  route_name: string;
  /** Distinct stop sequences of its trips, most used first. */
  patterns: TripPattern[];
}

/** Names in one language: stop id -> name, route id -> { short, long }. */
interface LanguageNames {
  stops: Map<string, string>;
  routes: Map<string, { short?: string; long?: string }>;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export const normalise = (s: string): string => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

export class FeedIndex {
  readonly stops: IndexedStop[] = [];
  private readonly stopById = new Map<string, IndexedStop>();
  private readonly routeById = new Map<string, IndexedRoute>();
  readonly routes: IndexedRoute[] = [];
  /** Stops riders can walk to and board at (location_type 0 or 1, with coordinates). */
  private readonly grid: PointGrid<IndexedStop>;
  private readonly names = new Map<string, LanguageNames>();
  /** [minLon, minLat, maxLon, maxLat] of the stops, or null without any. */
  readonly bounds: [number, number, number, number] | null;

  constructor(
    readonly feedId: number,
    rows: FeedIndexRows,
  ) {
    for (const s of rows.stops) this.addStop(s);
    for (const r of rows.routes) {
      const route: IndexedRoute = { ...r, route_name: r.route_short_name ?? r.route_long_name ?? r.route_id, patterns: [] };
      this.routes.push(route);
      this.routeById.set(r.route_id, route);
    }
    this.buildPatterns(rows);
    this.routes.sort((a, b) => collator.compare(a.route_name, b.route_name) || collator.compare(a.route_id, b.route_id));
    const rank = new Map(this.routes.map((r, i) => [r.route_id, i]));
    for (const s of this.stops) s.routeIds.sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0));
    this.grid = new PointGrid(this.stops.filter((s) => s.location_type === 0 || s.location_type === 1));
    this.bounds = this.stops.length
      ? [
          Math.min(...this.stops.map((s) => s.lon)),
          Math.min(...this.stops.map((s) => s.lat)),
          Math.max(...this.stops.map((s) => s.lon)),
          Math.max(...this.stops.map((s) => s.lat)),
        ]
      : null;
    this.buildTranslations(rows);
  }

  private addStop(s: IndexStopRow): void {
    if (s.stop_lat === null || s.stop_lon === null) return; // entrances, nodes, boarding areas without a position
    const stop: IndexedStop = {
      stop_id: s.stop_id,
      stop_code: s.stop_code,
      stop_name: s.stop_name ?? '',
      lat: s.stop_lat,
      lon: s.stop_lon,
      location_type: s.location_type,
      parent_station: s.parent_station,
      routeIds: [],
    };
    this.stops.push(stop);
    this.stopById.set(s.stop_id, stop);
  }

  private buildPatterns(rows: FeedIndexRows): void {
    const tripById = new Map(rows.trips.map((t) => [t.trip_id, t]));
    const byRoute = new Map<string, Map<string, TripPattern>>();
    const st = rows.stopTimes;
    for (let start = 0; start < st.length;) {
      let end = start;
      while (end < st.length && st[end].trip_id === st[start].trip_id) end++;
      const trip = tripById.get(st[start].trip_id);
      const route = trip && this.routeById.get(trip.route_id);
      if (trip && route) {
        const stopIds = st.slice(start, end).map((x) => x.stop_id);
        const directionId = trip.direction_id ?? 0;
        const k = `${directionId}|${trip.shape_id ?? ''}|${stopIds.join('\u0000')}`;
        let patterns = byRoute.get(route.route_id);
        if (!patterns) byRoute.set(route.route_id, (patterns = new Map()));
        const p = patterns.get(k);
        if (p) p.trips++;
        else patterns.set(k, { directionId, headsign: trip.trip_headsign, shapeId: trip.shape_id, stopIds, trips: 1 });
        for (const id of stopIds) {
          const stop = this.stopById.get(id);
          if (stop && stop.routeIds[stop.routeIds.length - 1] !== route.route_id && !stop.routeIds.includes(route.route_id)) stop.routeIds.push(route.route_id);
        }
      }
      start = end;
    }
    for (const [routeId, patterns] of byRoute)
      this.routeById.get(routeId)!.patterns = [...patterns.values()].sort((a, b) => b.trips - a.trips || b.stopIds.length - a.stopIds.length);
  }

  private buildTranslations(rows: FeedIndexRows): void {
    const lang = (code: string): LanguageNames => {
      const key = code.toLowerCase();
      let n = this.names.get(key);
      if (!n) this.names.set(key, (n = { stops: new Map(), routes: new Map() }));
      return n;
    };
    // By value first, so a translation of one record (record_id) wins over one of every record with that value.
    const ordered = [...rows.translations].sort((a, b) => Number(a.record_id !== null) - Number(b.record_id !== null));
    for (const t of ordered) {
      const names = lang(t.language);
      if (t.table_name === 'stops' && t.field_name === 'stop_name') {
        const ids = t.record_id !== null ? [t.record_id] : this.stops.filter((s) => s.stop_name === t.field_value).map((s) => s.stop_id);
        for (const id of ids) names.stops.set(id, t.translation);
      } else if (t.table_name === 'routes' && (t.field_name === 'route_short_name' || t.field_name === 'route_long_name')) {
        const field = t.field_name === 'route_short_name' ? 'short' : 'long';
        const ids =
          t.record_id !== null ? [t.record_id] : this.routes.filter((r) => r[t.field_name as 'route_short_name'] === t.field_value).map((r) => r.route_id);
        for (const id of ids) names.routes.set(id, { ...names.routes.get(id), [field]: t.translation });
      }
    }
  }

  stop(stopId: string): IndexedStop | undefined {
    return this.stopById.get(stopId);
  }

  route(routeId: string): IndexedRoute | undefined {
    return this.routeById.get(routeId);
  }

  /** The stop's name in `lang` when the feed translates it, else the feed's name (the id for an unnamed stop). */
  stopName(stop: IndexedStop, lang?: string): string {
    return (lang && this.names.get(lang.toLowerCase())?.stops.get(stop.stop_id)) || stop.stop_name || stop.stop_id;
  }

  /** The route's short and long names in `lang` where the feed translates them. */
  routeNames(route: IndexedRoute, lang?: string): { route_name: string; route_long_name: string | null } {
    const t = lang ? this.names.get(lang.toLowerCase())?.routes.get(route.route_id) : undefined;
    const short = t?.short ?? route.route_short_name;
    const long = t?.long ?? route.route_long_name;
    return { route_name: short ?? long ?? route.route_id, route_long_name: long };
  }

  /** Stops within `radiusMeters`, nearest first. */
  nearby(lat: number, lon: number, radiusMeters: number, limit: number): { stop: IndexedStop; distanceMeters: number }[] {
    return this.grid
      .within(lat, lon, radiusMeters)
      .slice(0, limit)
      .map((h) => ({ stop: this.grid.points[h.index], distanceMeters: h.distanceMeters }));
  }

  /**
   * Where buses from this stop go: each calling pattern's headsign (else its last stop's name), most used first,
   * distinct, at most 3; a pattern ending here is left out. What tells apart stops with the same name.
   */
  towards(stopId: string, lang?: string): string[] {
    const stop = this.stopById.get(stopId);
    if (!stop) return [];
    const seen = new Map<string, number>();
    for (const routeId of stop.routeIds) {
      for (const p of this.routeById.get(routeId)?.patterns ?? []) {
        const at = p.stopIds.indexOf(stopId);
        if (at < 0 || at === p.stopIds.length - 1) continue;
        const last = this.stopById.get(p.stopIds[p.stopIds.length - 1]);
        const name = p.headsign || (last ? this.stopName(last, lang) : '');
        if (name && name !== this.stopName(stop, lang)) seen.set(name, (seen.get(name) ?? 0) + p.trips);
      }
    }
    return [...seen]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([name]) => name);
  }

  /** Routes with a trip that calls at `fromStopId` and later at `toStopId`. */
  routesBetween(fromStopId: string, toStopId: string): IndexedRoute[] {
    const from = this.stopById.get(fromStopId);
    if (!from || fromStopId === toStopId) return [];
    const out: IndexedRoute[] = [];
    for (const routeId of from.routeIds) {
      const route = this.routeById.get(routeId)!;
      const serves = route.patterns.some((p) => {
        const i = p.stopIds.indexOf(fromStopId);
        return i >= 0 && p.stopIds.indexOf(toStopId, i + 1) > i;
      });
      if (serves) out.push(route);
    }
    return out;
  }

  /** One pattern per direction: the one with the most stops (then the most trips), by direction id. */
  directions(route: IndexedRoute): TripPattern[] {
    const best = new Map<number, TripPattern>();
    for (const p of route.patterns) {
      const b = best.get(p.directionId);
      if (!b || p.stopIds.length > b.stopIds.length) best.set(p.directionId, p);
    }
    return [...best.values()].sort((a, b) => a.directionId - b.directionId);
  }
}
