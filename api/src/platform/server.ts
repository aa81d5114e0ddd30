import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { openDb, type Db } from './db';
import { migrate } from './migrate';
import { installErrorHandlers, installZodValidator, errorBody } from './errors';
import { staticPlugin } from './static';
import { seedDemoData } from '../seed';
import { TransitStore } from '../modules/transit/store';
import { TimetableCache } from '../modules/transit/timetable-cache';
import { AirportStore } from '../modules/airport/store';
import { AirportService } from '../modules/airport/service';
import { airportRoutes } from '../modules/airport/routes';

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'geolocation=(self)',
};

export interface ServerDeps {
  /** An open, migrated database. Without it the server opens one from config, migrates, seeds the demo data and
   *  closes it when the server closes. */
  db?: Db;
  /** How often (ms) a city's current feed id is re-checked; tests shorten it. */
  timetableCheckMs?: number;
}

/** Opens the configured database, applies migrations and seeds the demo data when missing. */
export async function prepareDatabase(config: Config, log?: { info(obj: object, msg: string): void }): Promise<Db> {
  const db = await openDb(config);
  try {
    const applied = await migrate(db);
    if (applied.length) log?.info({ applied }, 'migrations applied');
    const seeded = await seedDemoData(db);
    if (seeded) log?.info({ city: seeded.cityId, feedId: seeded.feedId }, 'demo data seeded');
    return db;
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
}

export async function buildServer(config: Config, deps: ServerDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    disableRequestLogging: true,
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  });
  const ownsDb = !deps.db;
  const db = deps.db ?? (await prepareDatabase(config, app.log));
  if (ownsDb) app.addHook('onClose', async () => db.close());

  installZodValidator(app);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  installErrorHandlers(app);

  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
  // One line per answer: failures at info/error, successes at debug (so busy boards do not flood the log).
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : status >= 400 ? 'info' : 'debug';
    if ((request.log as unknown as { isLevelEnabled(l: string): boolean }).isLevelEnabled(level)) request.log[level]({ method: request.method, url: request.url, status, ms: Math.round(reply.elapsedTime) }, 'request completed');
    done();
  });

  app.get('/api/health', async (request, reply) => {
    try {
      await db.query('SELECT 1');
      return { status: 'ok', db: db.kind };
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply.code(503).send(errorBody('DB_UNAVAILABLE', 'The database is not reachable.'));
    }
  });

  const transit = new TransitStore(db);
  const timetables = new TimetableCache(transit, { checkEveryMs: deps.timetableCheckMs, log: app.log });
  const airport = new AirportService(new AirportStore(db), timetables);
  await app.register(airportRoutes, { service: airport, kioskKeys: config.kioskKeys });

  if (config.webRoot) await app.register(staticPlugin, { webRoot: config.webRoot });
  return app;
}
