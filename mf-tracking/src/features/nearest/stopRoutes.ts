// The routes calling at a stop as its page lists them (tested in stopRoutes.test.ts): a busy stop has about a hundred
// (Kaloor Stadium in Kochi), once drawn as a card each with three links, 27,199 px to scroll. Now grouped by who runs
// them (the feed's agency: city buses, mofussil buses, boats), each group in the order a rider scans (by its badge),
// and folded on a busy stop to its first few, a tap from the rest. Each route one row: its badge and name, a link to
// when it comes here (its ETA page, with its map and timetable).
import { routeBadgeLabel } from '@sawari/domain';

/** Up to this many routes in all, a stop's routes are listed whole; more, and each group shows its first few. */
export const ROUTES_UNFOLDED = 8;
/** How many of a group a folded stop shows before "Show all". */
export const ROUTES_FOLDED_SHOWN = 5;

export type StopRoute = { route_id: string; route_name: string; route_long_name: string | null; agency_name?: string | null };
export type RouteGroup<R extends StopRoute> = { key: string; agency: string | null; routes: R[] };

/** The words beside a route's badge: its long name when the badge does not already say it all. */
export function routeRowName(r: StopRoute): string {
  const long = r.route_long_name?.trim() ?? '';
  if (long && long !== r.route_name.trim()) return long;
  return routeBadgeLabel(r.route_name).abbreviated ? r.route_name : '';
}

const collator = new Intl.Collator('en-IN', { numeric: true, sensitivity: 'base' });

/** The stop's routes by agency (the largest group first, routes without one last), each by its badge label then name. */
export function routeGroups<R extends StopRoute>(routes: readonly R[]): RouteGroup<R>[] {
  const byAgency = new Map<string, RouteGroup<R>>();
  for (const r of routes) {
    const agency = r.agency_name?.trim() || null;
    const key = agency ?? '';
    const g = byAgency.get(key) ?? { key, agency, routes: [] };
    g.routes.push(r);
    byAgency.set(key, g);
  }
  const label = (r: R) => routeBadgeLabel(r.route_name).label;
  for (const g of byAgency.values()) g.routes.sort((a, b) => collator.compare(label(a), label(b)) || collator.compare(routeRowName(a), routeRowName(b)));
  // Routes without an agency last among groups of their size.
  return [...byAgency.values()].sort(
    (a, b) => b.routes.length - a.routes.length || Number(a.agency === null) - Number(b.agency === null) || collator.compare(a.agency ?? '', b.agency ?? ''),
  );
}
