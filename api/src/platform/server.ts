import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { PlatformConfig } from './config';
import type { Db } from './db';
import { clientErrorHandler, installErrorHandlers, installInputGuards, installZodValidator, errorBody } from './errors';
import { apiErrorSchema, healthResponseSchema } from '@sawari/contracts';
import { installZodSerializer } from './schema';
import { lazyChildLoggerFactory } from './request-logger';
import { mapTileOrigins, registerMapTiles } from './map-tiles';
import { DEFAULT_METRICS_ALLOW, installMetrics } from './metrics';
import { installRequestIds, registerReadiness, requestIdOf } from './readiness';

/** The page policy of every document and static file: it allows exactly what the app loads. */
const DOCUMENT_CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'font-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** Documents and static files: helmet's defaults with our CSP (no defaults added to it), our referrer policy, and
 *  frames refused twice (frame-ancestors 'none' and X-Frame-Options DENY for browsers without CSP 2). */
const DOCUMENT_HELMET: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: DOCUMENT_CSP },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xFrameOptions: { action: 'deny' },
};

/** The document policy with the configured tile templates' origins added to img-src and connect-src (maplibre fetches
 *  tiles); PMTiles files are served from our own origin and add nothing. */
function documentHelmet(tileOrigins: readonly string[], formOrigins: readonly string[] = []): HelmetOptions {
  if (!tileOrigins.length && !formOrigins.length) return DOCUMENT_HELMET;
  const directives = {
    ...DOCUMENT_CSP,
    'img-src': [...DOCUMENT_CSP['img-src'], ...tileOrigins],
    'connect-src': [...DOCUMENT_CSP['connect-src'], ...tileOrigins],
    // the checkout posts its form to the payment gateway's hosted page: that origin, and no other, may take a form
    'form-action': [...DOCUMENT_CSP['form-action'], ...formOrigins],
  };
  return { ...DOCUMENT_HELMET, contentSecurityPolicy: { useDefaults: false, directives } };
}

/**
 * /api answers. JSON is never rendered as a document, so it needs no page policy: the short OWASP API set (a deny-all
 * CSP, nosniff, and no-store added below) instead of 400 bytes of document headers on every board poll.
 */
const API_HELMET: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } },
  xContentTypeOptions: true,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** What helmet has no option for. */
const DOCUMENT_EXTRA = { 'permissions-policy': 'geolocation=(self)' };
const API_EXTRA = { 'cache-control': 'no-store' };

/** The headers every document and static file carries (helmet's serialisation: directives joined by ";"). */
export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;connect-src 'self';worker-src 'self';manifest-src 'self';font-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  ...DOCUMENT_EXTRA,
};

/** The headers every /api answer carries, and no other security header. */
export const API_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  ...API_EXTRA,
};

/**
 * The headers helmet's middleware sets for these options, computed once: the middleware only sets and removes
 * response headers (no option here depends on the request), so running it on every request rebuilt the same strings
 * each time (it parsed the CSP directives per request: about a tenth of a board poll's CPU).
 */
function helmetHeaders(options: HelmetOptions, extra: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return { ...headers, ...extra };
}

/**
 * Security headers by helmet, chosen by path like the answers themselves (/api/* or a document), set by a root hook
 * added before any module, so it runs ahead of every module's guard and reaches error answers too.
 */
function installSecurityHeaders(app: FastifyInstance, tileOrigins: readonly string[], formOrigins: readonly string[]): void {
  const document = helmetHeaders(documentHelmet(tileOrigins, formOrigins), DOCUMENT_EXTRA);
  const api = helmetHeaders(API_HELMET, API_EXTRA);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? api : document);
    done();
  });
}

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
    // Each request's logger is made when it first writes a line (most write none): platform/request-logger.ts.
    childLoggerFactory: lazyChildLoggerFactory,
    // The load balancer's x-request-id when well formed (else a new one): in every log line and answered back.
    requestIdHeader: false,
    genReqId: requestIdOf,
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

  installSecurityHeaders(app, mapTileOrigins(config.mapSources), config.formActionOrigins ?? []);
  installRequestIds(app);
  // GET /metrics (Prometheus) for METRICS_ALLOW, and the request latency histogram: platform/metrics.ts.
  installMetrics(app, config.metricsAllow ?? DEFAULT_METRICS_ALLOW);
  // GET /api/ready: the composition root adds what it waits for (platform/readiness.ts).
  registerReadiness(app);
  // Each city's map tile source, and its PMTiles file when it has one (none: the built-in style).
  registerMapTiles(app, config.mapSources);
  // One line per answer: failures at info/error, successes at debug (so busy boards do not flood the log).
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    // A readiness 503 (starting, draining) is the check doing its job, not a failure: logged at info.
    const level = status >= 500 && request.url !== '/api/ready' ? 'error' : status >= 400 ? 'info' : 'debug';
    if ((request.log as unknown as { isLevelEnabled(l: string): boolean }).isLevelEnabled(level))
      request.log[level]({ method: request.method, url: request.url, status, ms: Math.round(reply.elapsedTime) }, 'request completed');
    done();
  });
  return app;
}

/** GET /api/health: 200 when the database answers, 503 `DB_UNAVAILABLE` when it does not. */
export function registerHealth(app: FastifyInstance, db: Db): void {
  app.get('/api/health', { schema: { response: { 200: healthResponseSchema, 503: apiErrorSchema } } }, async (request, reply) => {
    try {
      // on a connection of its own where there is a pool (PostgreSQL): never queued behind start-up work
      if (db.ping) await db.ping();
      else await db.query('SELECT 1');
      return { status: 'ok', db: db.kind };
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply.code(503).send(errorBody('DB_UNAVAILABLE', 'The database is not reachable.'));
    }
  });
}
