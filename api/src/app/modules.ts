import type { FastifyInstance } from 'fastify';
import type { Db } from '../platform/db';
import type { PageRenderer } from '../platform/static';
import { systemClock } from '../platform/clock';
import { RateLimiter } from '../platform/rate-limit';
import { jobsOf } from '../platform/jobs';
import { loadServerKeys } from '../platform/secrets';
import { TransitReadStore, TransitStore } from '../modules/transit/store';
import { TimetableCache } from '../modules/transit/timetable-cache';
import { TransitService } from '../modules/transit/service';
import { NetworkMapService, NetworkMapStore, networkMapRoutes } from '../modules/transit/network-map';
import { graphqlPlugin } from '../modules/graphql/plugin';
import { PlannerService } from '../modules/planner/service';
import { snapshotStoreFor } from '../modules/planner/snapshot';
import { TimetableFileService, timetableFileRoutes } from '../modules/planner/timetable-file-route';
import { createRealtime, realtimeResolvers } from '../modules/realtime/graphql';
import { loadRealtimeConfig } from '../modules/realtime/config';
import { reservedVehicleSource } from '../modules/realtime/simulator';
import { AirportStore } from '../modules/airport/store';
import { AirportService } from '../modules/airport/service';
import { airportRoutes } from '../modules/airport/routes';
import { boardPage } from '../modules/airport/board-html';
import { SmsOutboxStore } from '../modules/sms/store';
import { createSmsProvider } from '../modules/sms/provider';
import { smsOutboxRoutes } from '../modules/sms/routes';
import { AccessTokens } from '../modules/auth/tokens';
import { authGuard } from '../modules/auth/guard';
import { AuthStore } from '../modules/auth/store';
import { AuthService } from '../modules/auth/service';
import { authRoutes } from '../modules/auth/routes';
import { CityConfigStore } from '../modules/config/store';
import { ConfigService } from '../modules/config/service';
import { configRoutes } from '../modules/config/routes';
import { createFileStorage } from '../modules/files/storage';
import { FileStore } from '../modules/files/store';
import { FileService, startOrphanSweep, Uploads } from '../modules/files/service';
import { passProofReferences } from '../modules/passes/file-references';
import { fileRoutes } from '../modules/files/routes';
import { RiderNoticeService } from '../modules/notices/service';
import { withPaymentSms } from '../modules/notices/order-kinds';
import { noticeRoutes } from '../modules/notices/routes';
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
import { passOrderKind, passWalletSource, registerPassModules } from '../modules/passes';
import { registerTicketModule, ticketValidatables } from '../modules/tickets';
import { registerReservationModule, reservationValidatables } from '../modules/reservations';
import { paymentsRefundPort, RESERVATION_ORDER_KIND, reservationOrderKind } from '../modules/reservations/payment-port';
import { premiumPassSource } from '../modules/reservations/premium-pass';
import { createPaymentsModule, type WalletSource } from '../modules/payments';
import { passValidatables, registerValidationModule, type ValidatableLookup } from '../modules/validation';
import { registerCardModule } from '../modules/cards';
import type { Config } from './config';
import type { ServerDeps } from './deps';
import { registerOperations } from './operations';

export interface ModuleContext {
  config: Config;
  db: Db;
  deps: ServerDeps;
}

/** What the modules give the platform's static files: the content of a board's first HTML. */
export interface ModuleOutputs {
  renderPage: PageRenderer;
}

/**
 * THE composition root: every API module is built and registered here, one block each, in dependency order. A new
 * module adds one block (and, when it sells something, its order kind to `orderKinds`; when it has tickets or passes
 * a validator punches, its lookup to `validatables`). Nothing under platform/ imports a module.
 */
export async function registerModules(app: FastifyInstance, { config, db, deps }: ModuleContext): Promise<ModuleOutputs> {
  const now = deps.now ?? systemClock;
  const log = app.log;
  /** Sellers whose products are punched add their lookup here before the validation block. */
  const validatables: ValidatableLookup[] = [];

  // ── transit, live data, trip planner (GraphQL) and the airport boards
  const timetables = new TimetableCache(new TransitStore(db), { checkEveryMs: deps.timetableCheckMs, log });
  const airport = new AirportService(new AirportStore(db), timetables);
  await app.register(airportRoutes, { service: airport, kioskKeys: config.kioskKeys });
  // Built data kept across restarts (the data folder, or the database with PostgreSQL): the planner's day networks and
  // the realtime module's compiled feeds.
  const snapshots = snapshotStoreFor(db, config.dataDir);
  const warm = deps.warmAtStart !== false;
  const live = createRealtime({ db, config, now, realtime: deps.realtime, log, snapshots, compileAtStart: warm });
  app.addHook('onClose', async () => live.close());
  // Every city's feed compiled, then the vehicle index refreshed, in the background once every plugin has loaded (the
  // first build holds the thread); readiness waits for the feeds (operations.ts). Without the work at start, nothing.
  app.addHook('onReady', async () => live.startIndex());
  const transit = new TransitService(new TransitReadStore(db), timetables, now);
  // The network map (a faint base layer without tiles) and a ride's line on a planned journey's map.
  await app.register(networkMapRoutes, { service: new NetworkMapService(new NetworkMapStore(db), timetables) });
  // Built day networks are kept as snapshots (the data folder, or the database with PostgreSQL) and loaded at start.
  const planner = new PlannerService(db, {
    prebuild: warm ? { now, log, jobs: jobsOf(app) } : undefined,
    buildInWorker: true,
    snapshots,
    log,
    // Plans near now use the trip updates: predicted times, no cancelled trip (planner/live.ts).
    live: live.realtime,
    now,
  });
  // The offline planner's timetable file (GET /api/planner/timetable), made of the planner's own day networks.
  await app.register(timetableFileRoutes, { service: new TimetableFileService(planner, now) });
  await app.register(graphqlPlugin, {
    transit,
    realtime: realtimeResolvers(live),
    planner,
    now,
    graphiql: config.env === 'development',
    introspection: config.env !== 'production',
  });

  // ── accounts: SMS, auth (OTP, tokens, sessions)
  const keys = await loadServerKeys(db, config.authTokenSecret);
  const outbox = new SmsOutboxStore(db);
  const sms = deps.sms ?? createSmsProvider(config.sms, outbox, now, log);
  const tokens = new AccessTokens(keys.accessToken, now);
  const authStore = new AuthStore(db);
  // The guard refuses access tokens of sessions revoked at logout (server-side, at once).
  const guard = authGuard(tokens, authStore);
  const profiles = new ProfileStore(db);
  const auth = new AuthService(authStore, { keys, tokens, limiter: new RateLimiter(db, now), sms, now, hasProfile: (id) => profiles.hasProfile(id) });
  await app.register(authRoutes, { service: auth, guard });
  if (config.env === 'development') await app.register(smsOutboxRoutes, { outbox });

  // ── city config
  await app.register(configRoutes, { service: new ConfigService(new CityConfigStore(db), now) });

  // ── files and profile
  // One storage for every module's uploads (a pass's proof photo is served by the files module's signed links).
  const fileStorage = deps.files ?? createFileStorage(config.dataDir, db);
  const files = new FileService(new FileStore(db), fileStorage, keys.fileLinks, now);
  await app.register(fileRoutes, { service: files });
  await app.register(profileRoutes, { service: new ProfileService(profiles, files, now), guard });

  // ── SOS and support
  await app.register(sosRoutes, { service: new SosService(new SosStore(db), { sms, now, support: config.support }), guard });

  // ── favourites
  await app.register(favouriteRoutes, { service: new FavouriteService(new FavouriteStore(db), now), guard });

  // ── offers
  const offers = new OfferService(new OfferStore(db), now);
  await app.register(offerRoutes, { service: offers, guard });

  // ── payments: the one checkout. Each seller below registers its OrderKind (payments.kinds.register) and gets
  //    payments' seller side (free orders, refunds); its wallet items go to walletSources (listed by the tickets wallet).
  const reconciliation = { reconcileEveryMs: config.reconcileEveryMs, staleMs: config.staleMs };
  const paymentSettings = {
    razorpay: config.razorpay,
    checkoutTimeoutSeconds: config.checkoutTimeoutSeconds,
    publicOrigin: config.publicOrigin,
  };
  const payments = await createPaymentsModule(app, {
    db,
    keys,
    guard,
    now,
    log,
    deps: { settings: paymentSettings, ...reconciliation, ...deps.payments },
    opsKeys: config.opsKeys,
  });
  const walletSources: WalletSource[] = [];

  // ── passes (seller)
  // Rider SMS about orders: written in the transaction that decides or pays, sent through the SMS port.
  const notices = new RiderNoticeService(db, sms, now, log);
  notices.start(jobsOf(app));
  app.addHook('onClose', async () => notices.stop());
  await app.register(noticeRoutes, { service: notices, guard });
  const passes = await registerPassModules(app, {
    db,
    config,
    guard,
    now,
    files: fileStorage,
    offers,
    payments: payments.service,
    notices,
    opsKeys: config.opsKeys,
  });
  payments.kinds.register('pass', withPaymentSms(passOrderKind(passes), notices, now));
  offers.usePromotionIssuer(passes);
  walletSources.push(passWalletSource(passes.store, { photoUrl: (id) => files.signedUrl(id) }));
  validatables.push(passValidatables(passes));

  // ── tickets (seller)
  const tickets = await registerTicketModule(app, { db, guard, now, routes: transit, walletSources });
  payments.kinds.register('ticket', withPaymentSms(tickets.orderKind, notices, now));
  payments.kinds.register('journey', withPaymentSms(tickets.journeyOrderKind, notices, now));
  validatables.push(ticketValidatables(tickets.service));

  // ── reservations (seller): premium buses, airport express, event trips (docs/reservations.md)
  const reservations = await registerReservationModule(app, {
    db,
    guard,
    now,
    opsKeys: config.opsKeys,
    live: reservedVehicleSource(deps.realtime ?? loadRealtimeConfig()),
  });
  payments.kinds.register(RESERVATION_ORDER_KIND, reservationOrderKind(reservations.service));
  reservations.service.useRefunds(paymentsRefundPort(payments.service));
  reservations.service.usePasses(premiumPassSource(passes.store));
  reservations.service.useNotices(notices);
  walletSources.push(reservations.service);
  validatables.push(reservationValidatables(reservations.service));

  // ── cards (seller): the city card and NCMC, recharges (cardRecharge, ncmcCardRecharge), terminal taps (docs/cards.md)
  const cards = await registerCardModule(app, { db, keys, guard, now, config, opsKeys: config.opsKeys, payments: payments.service });
  for (const [kind, orderKind] of Object.entries(cards.orderKinds)) payments.kinds.register(kind, orderKind);
  cards.service.useNotices(notices);

  // ── uploads: per-rider quota (files module); uploads their owner never used are deleted a day after they arrive
  startOrphanSweep(
    jobsOf(app),
    new Uploads(new FileStore(db), fileStorage, now),
    [{ purpose: 'profile-photo', referenced: (ids) => profiles.photoReferences(ids) }, passProofReferences(db)],
    3_600_000,
    log,
  );

  // ── validation: punches of every validatable above
  const validation = await registerValidationModule(app, { db, config, guard, now, lookups: [...validatables, ...(deps.validation?.lookups ?? [])] });
  tickets.service.usePunches(validation);

  // ── operations: what GET /api/ready waits for, and the gauges of GET /metrics (docs/operations.md)
  registerOperations(app, { db, planner, live, now });

  // ── a board's rows in its first HTML (docs/airport-timings.md "First paint of a board")
  return { renderPage: boardPage(airport, now) };
}
