// Pure rules of the search results screen (tested in results.test.ts): a route's title without its name twice, pages
// merged without repeats, and a distance as a rider reads it.
import { haversineKm, routeBadgeLabel } from '@sawari/domain';

/** Results asked per page; one more is asked to know whether a "Load more" is worth showing. */
export const PAGE_SIZE = 20;

/**
 * A route card's badge and title. route_name is the short name, else the long name (spec §3): a feed without short
 * names (Kochi) would show the long name twice, and some feeds repeat the number at the start of the long name
 * ("12", "12 Vyttila - Aluva"). The badge is the number when there is one; the title never repeats it.
 */
export function routeTitle(routeName: string, longName: string | null): { badge: string | null; title: string } {
  const name = routeName.trim();
  const long = (longName ?? '').trim();
  if (!long || long.toLowerCase() === name.toLowerCase()) return name.length <= 8 ? { badge: name, title: '' } : { badge: null, title: name };
  const rest =
    long.toLowerCase().startsWith(`${name.toLowerCase()} `) || long.toLowerCase().startsWith(`${name.toLowerCase()}:`)
      ? long.slice(name.length).replace(/^[\s:–-]+/, '')
      : long;
  return { badge: name, title: rest || long };
}

/** `page` appended to `list`, leaving out what `list` already holds (by key): paging never shows a result twice. */
export function mergePage<T>(list: readonly T[], page: readonly T[], key: (x: T) => string): T[] {
  const seen = new Set(list.map(key));
  const out = [...list];
  for (const x of page) {
    const k = key(x);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(x);
    }
  }
  return out;
}

/** A page asked with PAGE_SIZE + 1: the first PAGE_SIZE results and whether there are more. */
export function splitPage<T>(rows: readonly T[]): { items: T[]; more: boolean } {
  return { items: rows.slice(0, PAGE_SIZE), more: rows.length > PAGE_SIZE };
}

/** Straight-line distance from the rider, as shown: metres rounded to 10 under 1 km, else km to one decimal. */
export function distanceFrom(rider: { lat: number; lon: number }, lat: number, lon: number): { unit: 'meter' | 'kilometer'; value: number } {
  const m = haversineKm(rider.lat, rider.lon, lat, lon) * 1000;
  if (m < 995) return { unit: 'meter', value: Math.max(10, Math.round(m / 10) * 10) };
  return { unit: 'kilometer', value: Math.round(m / 100) / 10 };
}

/** A station names this many places its buses go to, and this many of its routes. */
export const STATION_TOWARDS = 3;
export const STATION_ROUTES = 6;

/** Stops of one name within this distance of each other are one station (Kochi's five "Kaloor" platforms, 500 m apart). */
export const STATION_RADIUS_M = 700;

type StopHit = {
  result_type: string;
  stop_id: string | null;
  name: string;
  lat: number | null;
  lon: number | null;
  towards?: string[] | null;
  routeNames?: string[] | null;
};

/**
 * A search result as the rider reads it: a stop, a place, or a station (several stops of one name at one place: the
 * platforms of a junction, each direction's stop of a road) with where its buses go and its routes, all its stops'.
 */
export type Hit<T extends StopHit> =
  | { kind: 'stop'; stop: T }
  | { kind: 'place'; place: T }
  | { kind: 'station'; name: string; lat: number; lon: number; stops: T[]; towards: string[]; routeNames: string[] };

const norm = (s: string) => s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
const union = (lists: (readonly string[] | null | undefined)[]) => [...new Set(lists.flatMap((l) => l ?? []))];

/**
 * One result per station: stops of the same name within STATION_RADIUS_M of one of them are grouped (the feed's
 * parent stations are not always there: Kochi has none), in the order of the first of them; a same-named stop far
 * away (the 24 "Palli" of Kochi, 30 km apart) stays its own result. Places stay as they are.
 */
export function oneResultPerStation<T extends StopHit>(hits: readonly T[]): Hit<T>[] {
  const out: (Hit<T> & { key?: string })[] = [];
  const stations: { key: string; at: number; stops: T[] }[] = [];
  for (const h of hits) {
    if (h.result_type !== 'STOP' || !h.stop_id || h.lat == null || h.lon == null) {
      out.push(h.result_type === 'STOP' ? { kind: 'stop', stop: h } : { kind: 'place', place: h });
      continue;
    }
    const key = norm(h.name);
    const near = stations.find((s) => s.key === key && s.stops.some((o) => haversineKm(o.lat!, o.lon!, h.lat!, h.lon!) * 1000 <= STATION_RADIUS_M));
    if (near) near.stops.push(h);
    else {
      stations.push({ key, at: out.length, stops: [h] });
      out.push({ kind: 'stop', stop: h });
    }
  }
  for (const s of stations) {
    if (s.stops.length < 2) continue;
    const lat = s.stops.reduce((a, x) => a + x.lat!, 0) / s.stops.length;
    const lon = s.stops.reduce((a, x) => a + x.lon!, 0) / s.stops.length;
    out[s.at] = {
      kind: 'station',
      name: s.stops[0].name,
      lat,
      lon,
      stops: s.stops,
      // A junction's stops go everywhere: the first few places and routes (as their badges say them), not a page of names.
      towards: union(s.stops.map((x) => x.towards)).slice(0, STATION_TOWARDS),
      routeNames: union(s.stops.map((x) => x.routeNames?.map((n) => routeBadgeLabel(n).label))).slice(0, STATION_ROUTES),
    };
  }
  return out;
}
