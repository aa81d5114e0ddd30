// The transit GraphQL contract (shared/contracts/src/transit-schema.ts) as the screens use it. Every type here is
// GENERATED from the schema and this remote's operations (the *.graphql files beside the screens; `npm run codegen`
// writes shared/contracts/src/generated/mf-tracking.ts): the names below are only short names for the fragments the
// screens pass around. A screen sends `gql(XDocument, variables)` and gets the answer typed. The client
// (graphql-request + graphql's parser) is its own chunk, fetched with the first query, so the landing's first paint
// does not wait for it.
import type {
  ArrivalFieldsFragment,
  CityQuery,
  DisruptionFieldsFragment,
  ItineraryFieldsFragment,
  LegFieldsFragment,
  NearbyStopsQuery,
  PlanTripQuery,
  RouteQuery,
  RouteDirectionFieldsFragment,
  RouteSummaryFieldsFragment,
  SearchResultFieldsFragment,
  StopFieldsFragment,
  VehicleFieldsFragment,
} from '@sawari/contracts/src/generated/mf-tracking';

export type { Occupancy as OccupancyCode, PlaceInput, Timeliness as TimelinessCode } from '@sawari/contracts/src/generated/mf-tracking';
export * from '@sawari/contracts/src/generated/mf-tracking';

export type Stop = StopFieldsFragment;
export type RouteSummary = RouteSummaryFieldsFragment;
export type Disruption = DisruptionFieldsFragment;
export type RouteDirection = RouteDirectionFieldsFragment;
export type Arrival = ArrivalFieldsFragment;
export type Vehicle = VehicleFieldsFragment;
export type SearchResult = SearchResultFieldsFragment;
export type Itinerary = ItineraryFieldsFragment;
export type Leg = LegFieldsFragment;
export type TransitCity = NonNullable<CityQuery['transitCity']>;
export type Route = NonNullable<RouteQuery['route']>;
export type NearbyStop = NearbyStopsQuery['nearbyStops'][number];
export type TripPlan = PlanTripQuery['planTrip'];

export { gql, toApiError } from '@sawari/runtime/src/gql';
