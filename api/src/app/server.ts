import type { FastifyInstance } from 'fastify';
import type { Clock } from '../platform/clock';
import { openDb, type Db } from '../platform/db';
import { migrate } from '../platform/migrate';
import { createPlatformServer, registerHealth } from '../platform/server';
import { staticPlugin } from '../platform/static';
import { importFeedsOnStart, seedDemoData, type StartupFeed } from '../seed';
import type { SmsProvider } from '../modules/sms/provider';
import type { FileStorage } from '../modules/files/storage';
import type { RealtimeConfig } from '../modules/realtime/config';
import type { PaymentsDeps } from '../modules/payments/module';
import type { ValidatableLookup } from '../modules/validation';
import type { Config } from './config';
import { registerModules } from './modules';

export { SECURITY_HEADERS, API_SECURITY_HEADERS } from '../platform/server';

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

/** The whole server: the platform's Fastify instance, every module (./modules.ts), then the web apps' files. */
export async function buildServer(config: Config, deps: ServerDeps = {}): Promise<FastifyInstance> {
  const app = createPlatformServer(config);
  const db = deps.db ?? (await prepareDatabase(config, app.log, deps.importFeeds));
  if (!deps.db) app.addHook('onClose', async () => db.close());
  try {
    registerHealth(app, db);
    await registerModules(app, { config, db, deps });
    if (config.webRoot) await app.register(staticPlugin, { webRoot: config.webRoot });
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
  return app;
}
