// A planned journey as map data (pure, tested in journey.test.ts): each ride in its route's colour along its trip's
// path (GET /api/transit/trip-path: the shape between the stops, else straight lines through them), walking legs as
// dashed straight lines, the boarding and alighting stops as marked points with their names, and the bounds to fit.
import type { TripPath } from '@sawari/contracts';
import type { Leg } from '../common/transit';
import type { FeatureCollection } from './mapData';

/** The line colour of a route without a colour of its own (the route badge's default, readable on the map). */
export const DEFAULT_LINE_COLOR = '#334155';
export const WALK_COLOR = '#374151';

/** The feed's route_color as a CSS colour ('1A73E8' or '#1a73e8'), else the default. */
export function lineColor(color: string | null | undefined): string {
  const hex = (color ?? '').trim().replace(/^#/, '');
  return /^[0-9a-fA-F]{6}$/.test(hex) ? `#${hex.toLowerCase()}` : DEFAULT_LINE_COLOR;
}

export type JourneyLeg = Pick<Leg, 'mode' | 'tripId' | 'from' | 'to'> & { route?: Pick<NonNullable<Leg['route']>, 'route_name' | 'color'> | null };

/** Where a marked point is: where the journey starts or ends, where a ride is boarded or left, a stop ridden past. */
export type PointRole = 'start' | 'end' | 'board' | 'alight' | 'change' | 'via';

export type JourneyPoint = { key: string; role: PointRole; name: string; lon: number; lat: number; color: string };

export type JourneyMap = {
  /** Rides (kind ride, colour) and walks (kind walk), in journey order (index). */
  lines: FeatureCollection;
  /** The marked points (role, colour); stops ridden past are small. */
  points: FeatureCollection;
  /** The points shown with their names (every role but via), in journey order. */
  labelled: JourneyPoint[];
  /** Every coordinate drawn, to fit the map to. */
  extent: [number, number][];
};

const isRide = (l: JourneyLeg) => l.mode !== 'WALK';
const at = (p: JourneyLeg['from']): [number, number] => [p.stop_lon, p.stop_lat];
const usable = ([lon, lat]: [number, number]) => Number.isFinite(lon) && Number.isFinite(lat) && !(lon === 0 && lat === 0);
const sameSpot = (a: JourneyLeg['from'], b: JourneyLeg['from']) =>
  (a.stop_id !== '' && a.stop_id === b.stop_id) || (a.stop_lon === b.stop_lon && a.stop_lat === b.stop_lat);

/**
 * The map of an itinerary. `paths[i]` is the path of leg i when it is a ride and its path is known; a ride without one
 * is drawn from its boarding to its alighting stop. Boarding and alighting points take the ride's colour; where one
 * ride is left and the next boarded at the same stop, the point is a change (the next ride's colour).
 */
export function journeyMap(legs: readonly JourneyLeg[], paths: readonly (TripPath | null | undefined)[] = []): JourneyMap {
  const lines: FeatureCollection = { type: 'FeatureCollection', features: [] };
  const points = new Map<string, JourneyPoint>();
  const vias: JourneyPoint[] = [];
  const extent: [number, number][] = [];
  const mark = (p: JourneyLeg['from'], role: PointRole, color: string) => {
    const c = at(p);
    if (!usable(c)) return;
    const key = p.stop_id || `${c[0]},${c[1]}`;
    const before = points.get(key);
    if (!before) {
      points.set(key, { key, role, name: p.stop_name, lon: c[0], lat: c[1], color });
      extent.push(c);
    } else if ((before.role === 'alight' && role === 'board') || (before.role === 'board' && role === 'alight')) {
      // Left one ride and boarded the next at the same stop: a change, in the colour of the ride boarded.
      points.set(key, { ...before, role: 'change', color: role === 'board' ? color : before.color });
    }
  };

  // The journey's own ends: where a first walk starts and a last walk ends (the rider's places).
  const first = legs[0];
  if (first && !isRide(first)) mark(first.from, 'start', WALK_COLOR);
  legs.forEach((leg, index) => {
    if (isRide(leg)) {
      const color = lineColor(leg.route?.color);
      const path = paths[index];
      const coords = (
        path && path.coordinates.length > 1 ? path.coordinates.map(([lon, lat]) => [lon, lat] as [number, number]) : [at(leg.from), at(leg.to)]
      ).filter(usable);
      if (coords.length > 1) {
        lines.features.push({
          type: 'Feature',
          properties: { kind: 'ride', color, index, route: leg.route?.route_name ?? '' },
          geometry: { type: 'LineString', coordinates: coords },
        });
        extent.push(...coords);
      }
      for (const s of path?.stops.slice(1, -1) ?? []) vias.push({ key: `${index}:${s.stop_id}`, role: 'via', name: '', lon: s.lon, lat: s.lat, color });
      mark(leg.from, 'board', color);
      mark(leg.to, 'alight', color);
    } else {
      const coords = [at(leg.from), at(leg.to)].filter(usable);
      if (coords.length > 1 && !sameSpot(leg.from, leg.to)) {
        lines.features.push({ type: 'Feature', properties: { kind: 'walk', color: WALK_COLOR, index }, geometry: { type: 'LineString', coordinates: coords } });
        extent.push(...coords);
      }
    }
  });
  const last = legs[legs.length - 1];
  if (last && !isRide(last)) mark(last.to, 'end', WALK_COLOR);

  const labelled = [...points.values()];
  return {
    lines,
    points: {
      type: 'FeatureCollection',
      features: [...vias, ...labelled].map((p) => ({
        type: 'Feature',
        properties: { role: p.role, color: p.color, name: p.name },
        geometry: { type: 'Point', coordinates: [p.lon, p.lat] },
      })),
    },
    labelled,
    extent,
  };
}
