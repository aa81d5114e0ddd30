import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { GRAPHQL_PATH } from './plugin';

/**
 * A client's mistake in a GraphQL request is the client's: it is answered as a request error with a
 * code that names it (4xx, or a GraphQL error whose code is not INTERNAL), never as our failure. Each case is one way a
 * client gets the request wrong.
 */
describe(`GraphQL client mistakes are never INTERNAL ${dbLabel()}`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => s.cleanup());

  const post = (payload: string) => s.app.inject({ method: 'POST', url: GRAPHQL_PATH, headers: { 'content-type': 'application/json' }, payload });
  const cases: [string, () => ReturnType<typeof post>][] = [
    ['syntax error', () => post(JSON.stringify({ query: '{ transitCity(city: "x") { id ' }))],
    ['unknown field', () => post(JSON.stringify({ query: '{ noSuchField }' }))],
    ['variable of the wrong type', () => post(JSON.stringify({ query: 'query ($c: String!) { transitCity(city: $c) { id } }', variables: { c: 5 } }))],
    ['required variable missing', () => post(JSON.stringify({ query: 'query ($c: String!) { transitCity(city: $c) { id } }', variables: {} }))],
    ['variables not an object', () => post(JSON.stringify({ query: 'query ($c: String!) { transitCity(city: $c) { id } }', variables: 'c=mumbai' }))],
    ['unknown operationName', () => post(JSON.stringify({ query: 'query A { __typename } query B { __typename }', operationName: 'C' }))],
    ['several operations, none named', () => post(JSON.stringify({ query: 'query A { __typename } query B { __typename }' }))],
    ['query not a string', () => post(JSON.stringify({ query: 5 }))],
    ['no query', () => post(JSON.stringify({}))],
    ['body not JSON', () => post('{"query": ')],
    ['a mutation (there are none)', () => post(JSON.stringify({ query: 'mutation { x }' }))],
    ['a subscription (there are none)', () => post(JSON.stringify({ query: 'subscription { x }' }))],
    ['GET with a broken query', () => s.app.inject({ method: 'GET', url: `${GRAPHQL_PATH}?query=${encodeURIComponent('{ transitCity(')}` })],
    ['GET with a mutation', () => s.app.inject({ method: 'GET', url: `${GRAPHQL_PATH}?query=${encodeURIComponent('mutation { x }')}` })],
  ];

  it.each(cases)('%s', async (_name, send) => {
    const r = await send();
    expect(r.statusCode).toBeLessThan(500);
    expect(r.statusCode).not.toBe(404);
    const body = r.json() as { code?: string; errors?: { extensions?: { code?: string } }[] };
    const codes = body.errors ? body.errors.map((e) => e.extensions?.code) : [body.code];
    expect(codes.length).toBeGreaterThan(0);
    for (const code of codes) {
      expect(code).toBeTruthy();
      expect(code).not.toBe('INTERNAL');
    }
  });
});
