import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { testConfig } from '../app/config';
import { authGuard, type AuthGuard } from '../modules/auth';
import { AccessTokens } from '../modules/auth/tokens';
import { createPlatformServer } from '../platform/server';

/**
 * One module's routes on a platform server (zod validation and serialisation, `{code, message}` errors) with no
 * database: the test hands the routes a fake service. For tests of the route layer itself, such as "a field the
 * service adds by mistake is not in the answer". `headers` sign a rider in (userId rider-1).
 */
export async function routeHarness(
  register: (app: FastifyInstance, guard: AuthGuard) => PromiseLike<unknown>,
): Promise<{ app: FastifyInstance; headers: Record<string, string> }> {
  const app = createPlatformServer(testConfig());
  const tokens = new AccessTokens(randomBytes(32), Date.now);
  await register(app, authGuard(tokens));
  await app.ready();
  return { app, headers: { accesstoken: await tokens.issue('rider-1', 'device-1') } };
}
