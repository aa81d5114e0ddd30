// The transit GraphQL reads the ticket purchase needs (route search, a route's stops in order). The client
// (graphql-request) is its own chunk, fetched with the first query (@sawari/runtime/src/gql).
export type RouteSummary = { route_id: string; route_name: string; route_long_name: string | null; agency_name: string | null };
export type Stop = { stop_id: string; stop_name: string };
export type RouteDirection = { directionId: number; headsign: string; stops: Stop[] };
export type Route = RouteSummary & { directions: RouteDirection[] };

const SUMMARY = 'route_id route_name route_long_name agency_name';
export const Q = {
  searchRoutes: `query SearchRoutes($city: ID!, $query: String!) { searchRoutes(city: $city, query: $query, limit: 20) { ${SUMMARY} } }`,
  route: `query Route($city: ID!, $routeId: ID!) { route(city: $city, routeId: $routeId) { ${SUMMARY} directions { directionId headsign stops { stop_id stop_name } } } }`,
} as const;

export { gql, toApiError } from '@sawari/runtime/src/gql';
