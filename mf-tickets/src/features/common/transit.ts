// The transit GraphQL reads the ticket purchase needs (route search, a route's stops in order): the operations are in
// ../buy/routes.graphql and every type here is GENERATED from them and the schema (`npm run codegen` writes
// shared/contracts/src/generated/mf-tickets.ts). The client (graphql-request) is its own chunk, fetched with the first
// query (@sawari/runtime/src/gql).
import type { RouteQuery, TicketRouteSummaryFragment } from '@sawari/contracts/src/generated/mf-tickets';

export { CityExampleDocument, RouteDocument, SearchRoutesDocument, StopRoutesDocument } from '@sawari/contracts/src/generated/mf-tickets';

export type RouteSummary = TicketRouteSummaryFragment;
export type Route = NonNullable<RouteQuery['route']>;
export type Stop = Route['directions'][number]['stops'][number];

export { gql, toApiError } from '@sawari/runtime/src/gql';
