// The GraphQL client for the transit read API (POST /api/graphql, public). NOT exported from the runtime's index:
// graphql-request brings graphql's parser and printer along, and the shell (kiosk boards included) must not ship
// them. A remote imports this file directly ('@sawari/runtime/src/graphql'), so it is bundled into that remote, while
// sessionFetch comes from the package name: the federated singleton (one session, one refresh, one cancelAll).
import { GraphQLClient } from 'graphql-request';
import { API_BASE, sessionFetch } from '@sawari/runtime';

/** graphql-request wants an absolute URL; the API lives on the page's own origin. */
export const GRAPHQL_URL = `${typeof location === 'undefined' ? 'http://localhost' : location.origin}${API_BASE}/graphql`;

export const graphqlClient = new GraphQLClient(GRAPHQL_URL, {
  // The transit reads are public: they carry the token headers when signed in (as every call does), never x-type.
  fetch: (input, init) => sessionFetch(input as RequestInfo | URL, { ...(init as RequestInit), skipXType: true }),
});
