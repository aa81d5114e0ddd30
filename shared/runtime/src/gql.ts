// One transit GraphQL query from a remote, failures as ApiRequestError. NOT exported from the runtime's index (kiosk
// boards never query GraphQL): a remote imports this file directly ('@sawari/runtime/src/gql'). The client
// (graphql-request, see graphql.ts) is its own chunk, fetched with the first query.
import { ApiRequestError } from '@sawari/runtime';

/** Runs one query. Failures reject with an ApiRequestError (NETWORK_ERROR when no answer came, as the REST calls do). */
export async function gql<T>(document: string, variables: Record<string, unknown>, signal?: AbortSignal): Promise<T> {
  const { graphqlClient } = await import(/* webpackChunkName: "graphql-client" */ './graphql');
  try {
    return await graphqlClient.request<T>({ document, variables, signal });
  } catch (err) {
    throw toApiError(err);
  }
}

/** A GraphQL failure (or a cancelled or unanswered request) as the ApiRequestError the REST calls reject with. */
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
