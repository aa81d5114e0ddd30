// Pure rules of the search results screen (tested in results.test.ts): a route's title without its name twice, pages
// merged without repeats, and a distance as a rider reads it.
import { haversineKm } from '@sawari/domain';

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
