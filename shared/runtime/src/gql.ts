// One transit GraphQL query from a remote, failures as ApiRequestError. NOT exported from the runtime's index (kiosk
// boards never query GraphQL): a remote imports this file directly ('@sawari/runtime/src/gql'). The client
// (graphql-request, see graphql.ts) is its own chunk, fetched with the first query.
import { ApiRequestError } from '@sawari/runtime';

/**
 * A query string typed by the answer it gets and the variables it takes: what `npm run codegen` writes for each
 * operation of a remote (shared/contracts/src/generated/mf-*.ts, `XDocument`). Types only: the plain string at run time.
 */
export type TypedDocument<TResult, TVariables> = string & { readonly __apiType?: (variables: TVariables) => TResult };

/**
 * Runs one generated operation: its variables and answer are the schema's (no hand-written result type). Failures
 * reject with an ApiRequestError (NETWORK_ERROR when no answer came, as the REST calls do).
 */
export async function gql<TResult, TVariables extends object>(
  document: TypedDocument<TResult, TVariables>,
  variables: TVariables,
  signal?: AbortSignal,
): Promise<TResult> {
  const { graphqlClient } = await import(/* webpackChunkName: "graphql-client" */ './graphql');
  try {
    return await graphqlClient.request<TResult>({ document, variables: variables as Record<string, unknown>, signal });
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
