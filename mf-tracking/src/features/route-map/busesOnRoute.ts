// The list alternative of the route map: a direction's stops in order, each bus placed just before the stop it is
// heading to (so "between" the stop it left and its next one). Pure; tested in busesOnRoute.test.ts.
import { haversineKm } from '@sawari/domain';
import type { RouteDirection, Vehicle } from '../common/transit';

export type RouteListRow<V> = { kind: 'stop'; index: number; stopId: string; name: string } | { kind: 'bus'; vehicle: V };

type Placeable = Pick<Vehicle, 'vNo' | 'lat' | 'lon' | 'nextStopId' | 'headsign'>;

/** Which direction a bus runs in: the one holding its next stop (headsign breaks a tie), else the nearest stop's. */
export function directionOf<V extends Placeable>(vehicle: V, directions: readonly RouteDirection[]): number {
  const holding = directions.filter((d) => vehicle.nextStopId && d.stops.some((s) => s.stop_id === vehicle.nextStopId));
  if (holding.length === 1) return holding[0].directionId;
  const pool = holding.length > 1 ? holding : directions;
  const byHeadsign = pool.find((d) => vehicle.headsign && d.headsign === vehicle.headsign);
  if (byHeadsign) return byHeadsign.directionId;
  let best = pool[0]?.directionId ?? 0;
  let bestKm = Infinity;
  for (const d of pool)
    for (const s of d.stops) {
      const km = haversineKm(vehicle.lat, vehicle.lon, s.stop_lat, s.stop_lon);
      if (km < bestKm) [bestKm, best] = [km, d.directionId];
    }
  return best;
}

/** The index of the stop a bus is heading to: its nextStopId, else the stop after the nearest one (last: nearest). */
export function nextStopIndex<V extends Placeable>(vehicle: V, direction: RouteDirection): number {
  const i = vehicle.nextStopId ? direction.stops.findIndex((s) => s.stop_id === vehicle.nextStopId) : -1;
  if (i >= 0) return i;
  let nearest = 0;
  let bestKm = Infinity;
  direction.stops.forEach((s, idx) => {
    const km = haversineKm(vehicle.lat, vehicle.lon, s.stop_lat, s.stop_lon);
    if (km < bestKm) [bestKm, nearest] = [km, idx];
  });
  return Math.min(nearest + 1, direction.stops.length - 1);
}

/** Rows of one direction: stops in order with the buses of that direction between them. */
export function routeRows<V extends Placeable>(direction: RouteDirection, directions: readonly RouteDirection[], vehicles: readonly V[]): RouteListRow<V>[] {
  const before = new Map<number, V[]>();
  for (const v of vehicles) {
    if (direction.stops.length === 0 || directionOf(v, directions) !== direction.directionId) continue;
    const idx = nextStopIndex(v, direction);
    before.set(idx, [...(before.get(idx) ?? []), v]);
  }
  const rows: RouteListRow<V>[] = [];
  direction.stops.forEach((s, index) => {
    for (const vehicle of before.get(index) ?? []) rows.push({ kind: 'bus', vehicle });
    rows.push({ kind: 'stop', index, stopId: s.stop_id, name: s.stop_name });
  });
  return rows;
}
