import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { PlatformConfig } from './config';
import type { Db } from './db';
import { clientErrorHandler, installErrorHandlers, installInputGuards, installZodValidator, errorBody } from './errors';
import { installZodSerializer } from './schema';

/** Headers of every document and static file: the CSP allows exactly what the app loads. */
export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'geolocation=(self)',
};

/**
 * Headers of every /api answer. JSON is never rendered as a document, so it needs no page policy: the short OWASP API
 * set (a deny-all CSP, nosniff, no-store) instead of 400 bytes of document headers on every board poll.
 */
export const API_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};

const routeTables = new WeakMap<FastifyInstance, RouteOptions[]>();

/** Every route registered on a platform server, with its schema (the schema fuzz test walks them). */
export function registeredRoutes(app: FastifyInstance): readonly RouteOptions[] {
  return routeTables.get(app) ?? [];
}

/**
 * The Fastify instance every module is registered on: logging, the proxies it trusts, zod validation, the
 * `{code, message}` error answers, and security headers. Knows no module; the composition root
 * (api/src/app) registers them.
 */
export function createPlatformServer(config: PlatformConfig): FastifyInstance {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    disableRequestLogging: true,
    bodyLimit: 1024 * 1024,
    // Only the configured proxies' x-forwarded-for is believed; without TRUST_PROXY the peer address is the client.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    // Headers too large, a malformed request line: answered with {code, message} like every other error.
    clientErrorHandler,
  });

  const routes: RouteOptions[] = [];
  routeTables.set(app, routes);
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  installZodValidator(app);
  installZodSerializer(app);
  installInputGuards(app);
  installErrorHandlers(app);

  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? API_SECURITY_HEADERS : SECURITY_HEADERS);
    done();
  });
  // One line per answer: failures at info/error, successes at debug (so busy boards do not flood the log).
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : status >= 400 ? 'info' : 'debug';
    if ((request.log as unknown as { isLevelEnabled(l: string): boolean }).isLevelEnabled(level)) request.log[level]({ method: request.method, url: request.url, status, ms: Math.round(reply.elapsedTime) }, 'request completed');
    done();
  });
  return app;
}

/** GET /api/health: 200 when the database answers, 503 `DB_UNAVAILABLE` when it does not. */
export function registerHealth(app: FastifyInstance, db: Db): void {
  app.get('/api/health', async (request, reply) => {
    try {
      await db.query('SELECT 1');
      return { status: 'ok', db: db.kind };
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply.code(503).send(errorBody('DB_UNAVAILABLE', 'The database is not reachable.'));
    }
  });
}
