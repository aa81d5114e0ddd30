import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { openDb, type Db } from './db';
import { migrate } from './migrate';
import { installErrorHandlers, installZodValidator, errorBody } from './errors';
import { staticPlugin } from './static';
import { seedDemoData } from '../seed';
import { TransitStore } from '../modules/transit/store';
import { TimetableCache } from '../modules/transit/timetable-cache';
import { TransitReadStore } from '../modules/transit/store';
import { TransitService } from '../modules/transit/service';
import { graphqlPlugin } from '../modules/graphql/plugin';
import { PlannerService } from '../modules/planner/service';
import { createRealtime, realtimeResolvers } from '../modules/realtime/graphql';
import type { RealtimeConfig } from '../modules/realtime/config';
import { importFeedsOnStart, type StartupFeed } from '../seed';
import { AirportStore } from '../modules/airport/store';
import { AirportService } from '../modules/airport/service';
import { airportRoutes } from '../modules/airport/routes';
import { systemClock, type Clock } from './clock';
import { RateLimiter } from './rate-limit';
import { loadServerKeys } from './secrets';
import { SmsOutboxStore } from '../modules/sms/store';
import { createSmsProvider, type SmsProvider } from '../modules/sms/provider';
import { smsOutboxRoutes } from '../modules/sms/routes';
import { AccessTokens } from '../modules/auth/tokens';
import { authGuard } from '../modules/auth/guard';
import { AuthStore } from '../modules/auth/store';
import { AuthService } from '../modules/auth/service';
import { authRoutes } from '../modules/auth/routes';
import { CityConfigStore } from '../modules/config/store';
import { ConfigService } from '../modules/config/service';
import { configRoutes } from '../modules/config/routes';
import { createFileStorage, type FileStorage } from '../modules/files/storage';
import { FileStore } from '../modules/files/store';
import { FileService } from '../modules/files/service';
import { fileRoutes } from '../modules/files/routes';
import { ProfileStore } from '../modules/profile/store';
import { ProfileService } from '../modules/profile/service';
import { profileRoutes } from '../modules/profile/routes';
import { SosStore } from '../modules/sos/store';
import { SosService } from '../modules/sos/service';
import { sosRoutes } from '../modules/sos/routes';
import { FavouriteStore } from '../modules/favourites/store';
import { FavouriteService } from '../modules/favourites/service';
import { favouriteRoutes } from '../modules/favourites/routes';
import { OfferStore } from '../modules/offers/store';
import { OfferService } from '../modules/offers/service';
import { offerRoutes } from '../modules/offers/routes';
import { registerPassModules } from '../modules/passes';
import { createPaymentsModule, type PaymentsDeps } from '../modules/payments/module';
import { passOrderPort } from '../modules/payments/ports';
import { parseOpsKeys } from '../modules/passes/routes';
import { passValidatables, registerValidationModule, type ValidatableLookup } from '../modules/validation';
import { ticketValidatables } from '../modules/tickets';
import { passWalletSource } from '../modules/passes/wallet';
import { registerTicketModule } from '../modules/tickets';

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

export interface ServerDeps {
  /** An open, migrated database. Without it the server opens one from config, migrates, seeds the demo data and
   *  closes it when the server closes. */
  db?: Db;
  /** How often (ms) a city's current feed id is re-checked; tests shorten it. */
  timetableCheckMs?: number;
  /** The clock of the account services (OTP expiry, tokens, cooldowns); tests move it. */
  now?: Clock;
  /** Replaces the configured SMS provider (tests). */
  sms?: SmsProvider;
  /** Replaces the file storage (default: DATA_DIR/files, or memory for an in-memory database). */
  files?: FileStorage;
  /** Feeds imported at start when their city has no current feed (SAWARI_IMPORT_GTFS; see api/src/seed.ts). */
  importFeeds?: StartupFeed[];
  /** Live data settings (default: REALTIME_SOURCE and friends from the environment, docs/realtime.md). */
  realtime?: RealtimeConfig;
  /** Payment gateway, extra order kinds and the reconciliation interval (default: the sandbox gateway, every 15 s). */
  payments?: PaymentsDeps;
  /** More ticket/pass lookups for validation, after the built-in ones (tests add their own). */
  validation?: { lookups?: ValidatableLookup[] };
}

/** Opens the configured database, applies migrations and seeds the demo data when missing. */
export async function prepareDatabase(config: Config, log?: { info(obj: object, msg: string): void }, importFeeds: StartupFeed[] = []): Promise<Db> {
  const db = await openDb(config);
  try {
    const applied = await migrate(db);
    if (applied.length) log?.info({ applied }, 'migrations applied');
    const seeded = await seedDemoData(db);
    if (seeded) log?.info({ city: seeded.cityId, feedId: seeded.feedId }, 'demo data seeded');
    await importFeedsOnStart(db, importFeeds, log);
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
  const db = deps.db ?? (await prepareDatabase(config, app.log, deps.importFeeds));
  if (ownsDb) app.addHook('onClose', async () => db.close());

  installZodValidator(app);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
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
  const now = deps.now ?? systemClock;
  const live = createRealtime({ db, config, now, realtime: deps.realtime, log: app.log });
  app.addHook('onClose', async () => live.close());
  const transitService = new TransitService(new TransitReadStore(db), timetables, now);
  await app.register(graphqlPlugin, {
    transit: transitService,
    realtime: realtimeResolvers(live),
    planner: new PlannerService(db),
    now,
    graphiql: config.env === 'development',
  });

  await registerAccountModules(app, config, db, deps, transitService);

  if (config.webRoot) await app.register(staticPlugin, { webRoot: config.webRoot });
  return app;
}

/** Rider accounts: auth, config, profile and files, SOS and support, favourites, offers (and the dev SMS outbox). */
async function registerAccountModules(app: FastifyInstance, config: Config, db: Db, deps: ServerDeps, transit: TransitService): Promise<void> {
  const now = deps.now ?? systemClock;
  const keys = await loadServerKeys(db, config.authTokenSecret);
  const outbox = new SmsOutboxStore(db);
  const sms = deps.sms ?? createSmsProvider(config.sms, outbox, now, app.log);
  const tokens = new AccessTokens(keys.accessToken, now);
  const guard = authGuard(tokens);
  const profiles = new ProfileStore(db);
  const files = new FileService(new FileStore(db), deps.files ?? createFileStorage(config.dataDir), keys.fileLinks, now);

  const auth = new AuthService(new AuthStore(db), { keys, tokens, limiter: new RateLimiter(db, now), sms, now, hasProfile: (id) => profiles.hasProfile(id) });
  await app.register(authRoutes, { service: auth, guard });
  await app.register(configRoutes, { service: new ConfigService(new CityConfigStore(db), now) });
  await app.register(fileRoutes, { service: files });
  await app.register(profileRoutes, { service: new ProfileService(profiles, files, now), guard });
  await app.register(sosRoutes, { service: new SosService(new SosStore(db), { sms, now, support: config.support }), guard });
  await app.register(favouriteRoutes, { service: new FavouriteService(new FavouriteStore(db), now), guard });
  await app.register(offerRoutes, { service: new OfferService(new OfferStore(db), now), guard });
  const passes = await registerPassModules(app, { db, config, guard, now, files: deps.files });
  const tickets = await registerTicketModule(app, { db, guard, now, routes: transit, passes: passWalletSource(passes.store) });
  await createPaymentsModule(app, { db, keys, guard, now, log: app.log, deps: { ...(config.sandboxPendingMs ? { sandbox: { pendingMs: config.sandboxPendingMs } } : {}), ...deps.payments }, orderKinds: { pass: passOrderPort(passes), ticket: tickets.paymentPort }, opsKeys: parseOpsKeys(process.env.OPS_KEYS, config.env === 'production') });
  const validation = await registerValidationModule(app, { db, config, guard, now, lookups: [passValidatables(passes), ticketValidatables(tickets.service), ...(deps.validation?.lookups ?? [])] });
  tickets.service.usePunches(validation);
  if (config.env === 'development') await app.register(smsOutboxRoutes, { outbox });
}
