// What Home shows of the buses due at a stop: the next few that have not left, each with its route's colours (from the
// stop's routes: the feed's route_color/route_text_color) and whether its time is live or from the timetable. The one
// status rule of shared/domain (arrivalStatus): live only from fresh positions. Pure; tested in departures.test.ts.
import { arrivalOrder, arrivalStatus, type ArrivalStatus } from '@sawari/domain';
import type { ArrivalFieldsFragment, RouteSummaryFieldsFragment } from '@sawari/contracts/src/generated/mf-tracking';

export type Departure = {
  key: string;
  routeId: string;
  routeName: string;
  headsign: string | null;
  color: string | null;
  textColor: string | null;
  status: Extract<ArrivalStatus, { kind: 'live' | 'estimated' | 'scheduled' }>;
};

type Colours = Pick<RouteSummaryFieldsFragment, 'route_id' | 'color' | 'text_color'>;
/** What Home reads of an arrival; its own route colours where the answer carries them, else the stop's routes'. */
export type ArrivalIn = Pick<ArrivalFieldsFragment, 'route_id' | 'route_name' | 'headsign' | 'tripId' | 'scheduledTime' | 'vNo' | 'tS' | 'eta' | 'passedAt'> & {
  route_color?: string | null;
  route_text_color?: string | null;
};

/** The next `limit` buses that have not left yet, soonest first. */
export function nextDepartures(arrivals: readonly ArrivalIn[], routes: readonly Colours[], now: number, limit = 3): Departure[] {
  const colours = new Map(routes.map((r) => [r.route_id, r]));
  return arrivals
    .map((a) => ({ a, status: arrivalStatus(a, now) }))
    .filter((x): x is { a: ArrivalIn; status: Departure['status'] } => x.status.kind !== 'justLeft' && x.status.kind !== 'passed')
    .sort((x, y) => arrivalOrder(x.status, now) - arrivalOrder(y.status, now))
    .slice(0, limit)
    .map(({ a, status }) => ({
      key: `${a.tripId}|${a.scheduledTime}`,
      routeId: a.route_id,
      routeName: a.route_name,
      headsign: a.headsign,
      color: a.route_color ?? colours.get(a.route_id)?.color ?? null,
      textColor: a.route_color ? (a.route_text_color ?? null) : (colours.get(a.route_id)?.text_color ?? null),
      status,
    }));
}

/** How a departure's time is said: "in N min" up to an hour ahead (live, estimated or from the timetable), the clock time beyond. */
export type DepartureWhen = { kind: 'in'; minutes: number } | { kind: 'at'; at: number };
/** Up to this far ahead a departure is said as "in N min"; beyond, as its clock time. */
export const IN_MINUTES_UNTIL_MS = 60 * 60_000;

export function departureWhen(status: Departure['status'], now: number): DepartureWhen {
  if (status.kind !== 'scheduled') return { kind: 'in', minutes: status.minutes };
  const ahead = status.at - now;
  return ahead <= IN_MINUTES_UNTIL_MS ? { kind: 'in', minutes: Math.max(0, Math.round(ahead / 60_000)) } : { kind: 'at', at: status.at };
}

/** One line in one direction at a stop (a route towards a headsign) and its next buses, soonest first. */
export type DepartureGroup = {
  key: string;
  routeId: string;
  routeName: string;
  headsign: string | null;
  color: string | null;
  textColor: string | null;
  next: Departure[];
};

/**
 * Home's next buses at a stop as a rider reads them at a glance (what riders of Transit and Citymapper know): a row per
 * line and direction, soonest line first, with its next `perLine` buses; at most `lines` rows. Buses that have left
 * never come first: they are not listed at all (nextDepartures).
 */
export function departureGroups(
  arrivals: readonly ArrivalIn[],
  routes: readonly Colours[],
  now: number,
  { lines = 4, perLine = 2 }: { lines?: number; perLine?: number } = {},
): DepartureGroup[] {
  const groups = new Map<string, DepartureGroup>();
  for (const d of nextDepartures(arrivals, routes, now, Infinity)) {
    const key = `${d.routeId}\u0000${(d.headsign ?? '').trim().toLowerCase()}`;
    const g = groups.get(key);
    if (g) {
      if (g.next.length < perLine) g.next.push(d);
    } else if (groups.size < lines)
      groups.set(key, { key, routeId: d.routeId, routeName: d.routeName, headsign: d.headsign, color: d.color, textColor: d.textColor, next: [d] });
  }
  return [...groups.values()];
}

/** The mf-tracking screen of every bus at a stop (the same address its own screens link to). */
export const stopPath = (stopId: string, stopName: string, distanceMeters?: number | null): string =>
  `/nearest-bus-stop/all-buses/${encodeURIComponent(stopId)}/${encodeURIComponent(stopName)}/${distanceMeters == null ? '-' : Math.round(distanceMeters)}`;

export const routePath = (routeId: string): string => `/live-tracking/route-map/${encodeURIComponent(routeId)}`;
