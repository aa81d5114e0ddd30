// Home's transit reads: the generated operations of mf-tracking (one source for the wire), sent as the plain strings
// they are with fetch. No GraphQL client: graphql-request and graphql's parser (~14 KB gzip) stay out of Home's first
// load. Public reads (POST /api/graphql); failures reject as ApiRequestError, like every other call.
import { API_BASE, ApiRequestError, learnServerTimeFromDateHeader } from '@sawari/runtime';
import type { TypedDocument } from '@sawari/runtime/src/gql';

type Answer<R> = { data?: R | null; errors?: { message?: string; extensions?: { code?: string } }[] };

export async function transitQuery<R, V extends object>(
  document: TypedDocument<R, V>,
  variables: V,
  send: typeof fetch = (...args) => fetch(...args),
): Promise<R> {
  let res: Response;
  try {
    res = await send(`${API_BASE}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: document, variables }),
    });
  } catch {
    throw new ApiRequestError(0, 'NETWORK_ERROR', 'Network Error');
  }
  learnServerTimeFromDateHeader(res.headers.get('date'));
  let body: Answer<R> & { code?: string; message?: string };
  try {
    body = (await res.json()) as typeof body;
  } catch {
    throw new ApiRequestError(res.status, 'BAD_ANSWER', 'The transit data could not be read.');
  }
  const first = body.errors?.[0];
  if (first || !res.ok || body.data == null)
    throw new ApiRequestError(
      res.ok ? 200 : res.status,
      first?.extensions?.code ?? body.code ?? 'GRAPHQL_ERROR',
      first?.message ?? body.message ?? 'The transit data could not be read.',
    );
  return body.data;
}
