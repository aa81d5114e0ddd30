import { ApiRequestError } from '@sawari/runtime';
import type { TypedDocument } from '@sawari/runtime/src/gql';
import { transitQuery } from './transit';

const DOC = 'query Stop($city:ID!$stopId:ID!){stop(city:$city stopId:$stopId){stop_id}}' as TypedDocument<
  { stop: { stop_id: string } | null },
  { city: string; stopId: string }
>;
const answer = (status: number, body: unknown) =>
  jest.fn().mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe("Home's transit reads", () => {
  it('POSTs the operation and its variables to /api/graphql and answers its data', async () => {
    const send = answer(200, { data: { stop: { stop_id: 'SION' } } });
    await expect(transitQuery(DOC, { city: 'mumbai', stopId: 'SION' }, send)).resolves.toEqual({ stop: { stop_id: 'SION' } });
    const [url, init] = send.mock.calls[0];
    expect(url).toBe('/api/graphql');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({ query: DOC, variables: { city: 'mumbai', stopId: 'SION' } });
  });
  it('rejects as ApiRequestError: a GraphQL error by its code, a refusal, no answer at all', async () => {
    const bad = transitQuery(
      DOC,
      { city: 'x', stopId: 'y' },
      answer(200, { data: null, errors: [{ message: 'No such city', extensions: { code: 'CITY_NOT_FOUND' } }] }),
    );
    await expect(bad).rejects.toMatchObject({ code: 'CITY_NOT_FOUND', status: 200 });
    await expect(transitQuery(DOC, { city: 'x', stopId: 'y' }, answer(429, { code: 'RATE_LIMITED', message: 'slow down' }))).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
    });
    const offline = transitQuery(DOC, { city: 'x', stopId: 'y' }, jest.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(offline).rejects.toBeInstanceOf(ApiRequestError);
    await expect(offline).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });
});
