import type { IResolvers } from 'mercurius';
import { ApiError } from '../../platform/errors';
import type { LegCheckInput, PlaceInput, Resolvers, ResolversTypes, RouteResolvers, StopResolvers } from '@sawari/contracts/src/generated/transit-resolvers';
import type { TransitService } from '../transit';
import { cityArg, dateArg, idArg, latArg, limitArg, lonArg, offsetArg, queryArg, radiusArg, badInput } from './inputs';
import { ClientBudget } from './client-budget';
import { plannerCost, PLAN_MAX_TRANSFERS, PLAN_MAX_WINDOW_MINUTES } from './limits';

/** What planTrip needs from the planner module (api/src/modules/planner: PlannerService). */
export interface TripPlanner {
  plan(
    cityId: string,
    from: PlaceInput,
    to: PlaceInput,
    departAtMs: number,
    windowMinutes: number,
    maxTransfers: number,
    arriveBy?: boolean,
  ): Promise<TripPlanAnswer>;
  /** A returned itinerary re-checked against the current trip updates (planner/live.ts). */
  checkItinerary?(cityId: string, legs: LegCheckInput[]): Promise<Awaited<ResolversTypes['ItineraryCheck']>>;
  /** Stops its worker threads (called when the server closes). */
  close?(): Promise<void>;
}

/** planTrip's answer as the schema types it (generated: shared/contracts/src/generated/transit-resolvers.ts). */
export type TripPlanAnswer = Awaited<ResolversTypes['TripPlan']>;
export type { PlaceInput };

/**
 * The transit resolvers, typed from the schema (`npm run codegen`): a field answered with the wrong type fails tsc, and
 * so does a missing resolver for a field the row types leave to one (the `mappers` in codegen.ts).
 */
type TransitResolvers = Resolvers & {
  Stop: Required<Pick<StopResolvers, 'routes' | 'disruptions' | 'towards'>>;
  Route: Required<Pick<RouteResolvers, 'disruptions'>>;
};

export interface GraphqlServices {
  transit: TransitService;
  /** Absent until the planner lands: planTrip answers NOT_AVAILABLE. */
  planner?: TripPlanner;
  /** The wall clock (planTrip's default departAt). */
  now: () => number;
  /** Per-client budget of planner work (default: a ClientBudget with its defaults). */
  plannerBudget?: ClientBudget;
}

/** The client a request comes from, as the rate limit knows it: its address (the server decides which proxies count). */
function clientOf(ctx: unknown): string {
  const request = (ctx as { reply?: { request?: { ip?: string } } } | undefined)?.reply?.request;
  return request?.ip ?? 'unknown';
}

type Args = Record<string, unknown>;
const str = (a: Args, k: string) => a[k] as string;
const num = (a: Args, k: string) => a[k] as number | null | undefined;

function placeArg(p: PlaceInput, name: string): PlaceInput {
  if (p.name != null && (p.name.length > 100 || /\p{Cc}/u.test(p.name)))
    throw badInput(`Argument "${name}.name" must be at most 100 characters, without control characters.`);
  const label = p.name?.trim() || null;
  if (p.stopId !== null && p.stopId !== undefined) {
    if (p.lat != null || p.lon != null) throw badInput(`Argument "${name}" takes a stopId or a lat and lon, not both.`);
    return { stopId: idArg(p.stopId, `${name}.stopId`), name: label };
  }
  if (p.lat == null || p.lon == null) throw badInput(`Argument "${name}" needs a stopId, or both lat and lon.`);
  return { lat: latArg(p.lat, `${name}.lat`), lon: lonArg(p.lon, `${name}.lon`), name: label };
}

/**
 * Resolvers of the transit schema (shared/contracts/src/transit-schema.ts): arguments checked here, rules in
 * TransitService. The realtime-owned fields (stopArrivals, vehicle, routeVehicles, disruptions, Stop.disruptions,
 * Route.disruptions) answer empty until the realtime module's resolvers are merged over these (`realtime`).
 */
export function transitResolvers(s: GraphqlServices, realtime: IResolvers = {}): IResolvers {
  const budget = s.plannerBudget ?? new ClientBudget();
  const base = {
    Query: {
      transitCity: (_: unknown, a: Args) => s.transit.city(cityArg(str(a, 'city'))),
      searchRoutes: (_: unknown, a: Args) =>
        s.transit.searchRoutes(cityArg(str(a, 'city')), queryArg(str(a, 'query')), limitArg(num(a, 'limit'), 20), undefined, offsetArg(num(a, 'offset'))),
      routesBetween: (_: unknown, a: Args) =>
        s.transit.routesBetween(cityArg(str(a, 'city')), idArg(str(a, 'fromStopId'), 'fromStopId'), idArg(str(a, 'toStopId'), 'toStopId')),
      route: (_: unknown, a: Args) => s.transit.route(cityArg(str(a, 'city')), idArg(str(a, 'routeId'), 'routeId')),
      timetable: (_: unknown, a: Args) =>
        s.transit.timetable(
          cityArg(str(a, 'city')),
          idArg(str(a, 'routeId'), 'routeId'),
          idArg(str(a, 'stopId'), 'stopId'),
          dateArg(a.date as string | null | undefined),
        ),
      stop: (_: unknown, a: Args) => s.transit.stop(cityArg(str(a, 'city')), idArg(str(a, 'stopId'), 'stopId')),
      nearbyStops: (_: unknown, a: Args) =>
        s.transit.nearbyStops(
          cityArg(str(a, 'city')),
          latArg(a.lat as number),
          lonArg(a.lon as number),
          radiusArg(num(a, 'radiusMeters')),
          limitArg(num(a, 'limit'), 20),
        ),
      search: (_: unknown, a: Args) =>
        s.transit.search(cityArg(str(a, 'city')), queryArg(str(a, 'query')), limitArg(num(a, 'limit'), 20), undefined, offsetArg(num(a, 'offset'))),
      planTrip: async (_: unknown, a: Args, ctx: unknown) => {
        const city = cityArg(str(a, 'city'));
        const from = placeArg(a.from as PlaceInput, 'from');
        const to = placeArg(a.to as PlaceInput, 'to');
        const windowMinutes = num(a, 'windowMinutes') ?? 0;
        const maxTransfers = num(a, 'maxTransfers') ?? 3;
        if (windowMinutes < 0 || windowMinutes > PLAN_MAX_WINDOW_MINUTES) throw badInput(`Argument "windowMinutes" must be 0 to ${PLAN_MAX_WINDOW_MINUTES}.`);
        if (maxTransfers < 0 || maxTransfers > PLAN_MAX_TRANSFERS) throw badInput(`Argument "maxTransfers" must be 0 to ${PLAN_MAX_TRANSFERS}.`);
        const departAt = num(a, 'departAt') ?? s.now();
        if (!Number.isFinite(departAt) || departAt < 0) throw badInput('Argument "departAt" must be epoch milliseconds.');
        if (!s.planner) throw new ApiError(503, 'NOT_AVAILABLE', 'trip planning is not available yet');
        const arriveBy = a.arriveBy === true;
        // Arrive-by without a window is one backward search (as dear as one departure); with a window, a range search
        // over it, priced like a depart-at window (planner README "Arrive-by").
        budget.take(clientOf(ctx), plannerCost(windowMinutes, maxTransfers));
        return s.planner.plan(city, from, to, departAt, windowMinutes, maxTransfers, arriveBy);
      },
      checkItinerary: async (_: unknown, a: Args) => {
        const city = cityArg(str(a, 'city'));
        const legs = (a.legs as LegCheckInput[]).map((l, i) => ({
          ...l,
          tripId: l.tripId == null ? null : idArg(l.tripId, `legs[${i}].tripId`),
          fromStopId: l.fromStopId == null ? null : idArg(l.fromStopId, `legs[${i}].fromStopId`),
          toStopId: l.toStopId == null ? null : idArg(l.toStopId, `legs[${i}].toStopId`),
        }));
        if (legs.length === 0 || legs.length > 12) throw badInput('Argument "legs" must list 1 to 12 legs.');
        if (!s.planner?.checkItinerary) throw new ApiError(503, 'NOT_AVAILABLE', 'trip planning is not available yet');
        return s.planner.checkItinerary(city, legs);
      },
      // Realtime-owned: answered by the realtime module's resolvers when they are merged (`realtime`).
      stopArrivals: () => [],
      vehicle: () => null,
      publicVehicle: () => null,
      routeVehicles: () => [],
      disruptions: () => [],
    },
    Stop: {
      // Stops made by other modules (planner legs) may not carry their city: no routes then.
      routes: (stop) => (stop.cityId ? s.transit.stopRoutes(stop.cityId, stop.stop_id) : []),
      towards: (stop) => (stop.cityId ? s.transit.stopTowards(stop.cityId, stop.stop_id) : []),
      disruptions: () => [],
    },
    Route: {
      disruptions: () => [],
    },
  } satisfies TransitResolvers;
  const merged = { ...base } as IResolvers;
  for (const [type, fields] of Object.entries(realtime)) {
    const own = Object.fromEntries(Object.entries(fields as Record<string, Resolver>).map(([name, fn]) => [name, type === 'Query' ? checked(fn) : fn]));
    merged[type] = { ...(base[type as keyof typeof base] as object), ...own } as IResolvers[string];
  }
  return merged;
}

type Resolver = (parent: unknown, args: Args, ctx: unknown, info: unknown) => unknown;

/** Another module's root field, behind the same argument checks as ours (city, ids, vehicle number, limit cap). */
function checked(fn: Resolver): Resolver {
  return (parent, a, ctx, info) => {
    const args: Args = { ...a };
    if (typeof a.city === 'string') cityArg(a.city);
    for (const k of ['stopId', 'routeId']) if (typeof a[k] === 'string') idArg(a[k] as string, k);
    if (typeof a.vehicleNumber === 'string' && !/^[A-Za-z0-9 -]{1,20}$/.test(a.vehicleNumber))
      throw badInput('Argument "vehicleNumber" must be 1 to 20 letters, digits, spaces or dashes.');
    if ('limit' in a) args.limit = limitArg(num(a, 'limit'), 10);
    return fn(parent, args, ctx, info);
  };
}
