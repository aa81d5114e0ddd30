// The transit GraphQL reads the ticket purchase needs (route search, a route's stops in order). The client
// (graphql-request) is its own chunk, fetched with the first query, as in mf-tracking.
import { ApiRequestError } from '@sawari/runtime';

export type RouteSummary = { route_id: string; route_name: string; route_long_name: string | null; agency_name: string | null };
export type Stop = { stop_id: string; stop_name: string };
export type RouteDirection = { directionId: number; headsign: string; stops: Stop[] };
export type Route = RouteSummary & { directions: RouteDirection[] };

const SUMMARY = 'route_id route_name route_long_name agency_name';
export const Q = {
  searchRoutes: `query SearchRoutes($city: ID!, $query: String!) { searchRoutes(city: $city, query: $query, limit: 20) { ${SUMMARY} } }`,
  route: `query Route($city: ID!, $routeId: ID!) { route(city: $city, routeId: $routeId) { ${SUMMARY} directions { directionId headsign stops { stop_id stop_name } } } }`,
} as const;

export async function gql<T>(document: string, variables: Record<string, unknown>, signal?: AbortSignal): Promise<T> {
  const { graphqlClient } = await import(/* webpackChunkName: "graphql-client" */ '@sawari/runtime/src/graphql');
  try {
    return await graphqlClient.request<T>({ document, variables, signal });
  } catch (err) {
    throw toApiError(err);
  }
}

export function toApiError(err: unknown): ApiRequestError {
  if (err instanceof ApiRequestError) return err;
  const e = err as { name?: string; response?: { status?: number; errors?: { message?: string; extensions?: { code?: string } }[] } };
  if (e?.name === 'AbortError') return new ApiRequestError(0, 'ABORTED', 'The request was cancelled.');
  if (e?.response) {
    const first = e.response.errors?.[0];
    return new ApiRequestError(e.response.status ?? 200, first?.extensions?.code ?? 'GRAPHQL_ERROR', first?.message ?? 'The transit data could not be read.');
  }
  return new ApiRequestError(0, 'NETWORK_ERROR', 'Network Error');
}
