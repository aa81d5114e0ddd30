import type { FastifyInstance } from 'fastify';
import { testConfig } from '../../app/config';
import { buildServer } from '../../app/server';
import { dbLabel, openTestDb, type TestDb } from '../../testing/test-db';
import { GRAPHQL_PATH } from './plugin';

const ask = (app: FastifyInstance, query: string) => app.inject({ method: 'POST', url: GRAPHQL_PATH, payload: { query } });
const SCHEMA = '{ __schema { queryType { name } types { name } } }';
const TYPE = '{ __type(name: "Query") { fields { name } } }';

describe(`GraphQL introspection ${dbLabel()}`, () => {
  let t: TestDb;
  const servers: FastifyInstance[] = [];
  const server = async (env: 'production' | 'development' | 'test') => {
    const config =
      env === 'production'
        ? {
            env,
            authTokenSecret: 'Zk3v9QmN7pX2rT8wLc5yHb1dFg6jKs4A',
            sms: { provider: 'http' as const, url: 'http://127.0.0.1:9/sms', token: '', senderId: 'SAWARI', timeoutMs: 500 },
          }
        : { env };
    const app = await buildServer(testConfig(config), { db: t.db });
    servers.push(app);
    return app;
  };
  beforeAll(async () => {
    t = await openTestDb();
  });
  afterAll(async () => {
    for (const app of servers) await app.close();
    await t?.cleanup();
  });

  it('is refused in production: __schema and __type answer 400 GRAPHQL_VALIDATION_FAILED, nothing of the schema', async () => {
    const app = await server('production');
    for (const query of [SCHEMA, TYPE]) {
      const r = await ask(app, query);
      expect(r.statusCode).toBe(400);
      const body = r.json() as { data: unknown; errors: { message: string; extensions: { code: string } }[] };
      expect(body.data).toBeNull();
      expect(body.errors[0]).toMatchObject({ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' }, message: expect.stringMatching(/introspection/i) });
      expect(r.body).not.toMatch(/"fields"|"types"/);
    }
    // __typename is not introspection of the schema: clients may still ask it.
    const typename = await ask(app, '{ __typename }');
    expect([typename.statusCode, typename.json()]).toEqual([200, { data: { __typename: 'Query' } }]);
  });

  it('is answered in development and test', async () => {
    for (const env of ['development', 'test'] as const) {
      const r = await ask(await server(env), SCHEMA);
      expect(r.statusCode).toBe(200);
      const body = r.json() as { data: { __schema: { queryType: { name: string }; types: { name: string }[] } } };
      expect(body.data.__schema.queryType.name).toBe('Query');
      expect(body.data.__schema.types.length).toBeGreaterThan(10);
    }
  });
});
