import type { RouteOptions } from 'fastify';
import { registeredRoutes } from '../platform/server';
import { startTestServer, type TestServer } from '../testing/test-server';

// Every REST route declares its answers (response schemas, so answers are serialised by them and a
// field added by mistake never leaks) and a schema for each part of the request it reads (path parameters here).
// Routes that are not REST: the static web app, and GraphQL (its schema is the SDL in @sawari/contracts).
const NOT_REST = (r: RouteOptions) => !r.url.startsWith('/api/') || r.url.startsWith('/api/graphql');

describe('route schemas', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seed: false, config: { env: 'development' } });
  });
  afterAll(async () => s.cleanup());

  it('every REST route has response schemas, and a params schema when its path has parameters', () => {
    const rest = registeredRoutes(s.app).filter(
      (r) => !NOT_REST(r) && r.method !== 'HEAD' && !(Array.isArray(r.method) && r.method.every((m) => m === 'HEAD')),
    );
    expect(rest.length).toBeGreaterThan(60);
    const name = (r: RouteOptions) => `${String(r.method)} ${r.url}`;
    const hasResponse = (r: RouteOptions) => !!r.schema?.response && Object.keys(r.schema.response as object).length > 0;
    const noResponse = rest.filter((r) => !hasResponse(r)).map(name);
    const noParams = rest.filter((r) => r.url.includes('/:') && !r.schema?.params).map(name);
    expect({ noResponse, noParams }).toEqual({ noResponse: [], noParams: [] });
  });
});
