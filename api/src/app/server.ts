import type { FastifyInstance } from 'fastify';
import { heldLock, serverUrl } from '../platform/data-folder-lock';
import { openDb, type Db } from '../platform/db';
import { migrate } from '../platform/migrate';
import { clockStartingAt, systemClock, type Clock } from '../platform/clock';
import { createPlatformServer, registerHealth } from '../platform/server';
import { staticPlugin } from '../platform/static';
import { importFeedsOnStart, seedDemoData, type StartupFeed } from '../seed';
import { moveDiskFilesIntoDatabase } from '../modules/files';
import { backupRoutes } from './backup-routes';
import type { ServerDeps } from './deps';
import type { Config } from './config';
import { registerModules } from './modules';

export { SECURITY_HEADERS, API_SECURITY_HEADERS } from '../platform/server';
export type { ServerDeps } from './deps';

/** Opens the configured database, applies migrations and seeds the demo data when missing. `now` dates the startup
 *  feeds a re-dated import moves to "today" (the server's clock). */
export async function prepareDatabase(
  config: Config,
  log?: { info(obj: object, msg: string): void },
  importFeeds: StartupFeed[] = [],
  now: Clock = systemClock,
): Promise<Db> {
  const db = await openDb(config);
  try {
    const applied = await migrate(db);
    if (applied.length) log?.info({ applied }, 'migrations applied');
    const seeded = await seedDemoData(db);
    if (seeded) log?.info({ city: seeded.cityId, feedId: seeded.feedId }, 'demo data seeded');
    await importFeedsOnStart(db, importFeeds, log, undefined, now);
    // On PostgreSQL, uploads kept on this instance's disk before move into the database once (files module).
    await moveDiskFilesIntoDatabase(config.dataDir, db, log);
    return db;
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
}

/** The whole server: the platform's Fastify instance, every module (./modules.ts), then the web apps' files. */
export async function buildServer(config: Config, givenDeps: ServerDeps = {}): Promise<FastifyInstance> {
  const gatewayOrigin = config.razorpay?.checkoutUrl ? new URL(config.razorpay.checkoutUrl).origin : null;
  const app = createPlatformServer(gatewayOrigin ? { ...config, formActionOrigins: [...(config.formActionOrigins ?? []), gatewayOrigin] } : config);
  const deps = withClock(app, config, givenDeps);
  const db = deps.db ?? (await prepareDatabase(config, app.log, deps.importFeeds, deps.now));
  if (!deps.db) app.addHook('onClose', async () => db.close());
  // A server on a PGlite folder writes its URL into the folder's lock once it listens: a command started beside it
  // (npm run ops, terminal) finds it there and acts through its API instead of opening the folder (data-folder-lock.ts).
  const lock = !deps.db && !config.databaseUrl && config.dataDir !== 'memory://' ? heldLock(config.dataDir) : undefined;
  if (lock)
    app.addHook('onListen', async () => {
      const address = app.server.address();
      if (typeof address === 'object' && address) lock.setUrl(serverUrl(address.address, address.port));
    });
  try {
    registerHealth(app, db);
    const { renderPage } = await registerModules(app, { config, db, deps });
    // A consistent copy of a PGlite folder for `npm run backup` while this server runs (docs/operations.md).
    await app.register(backupRoutes, { db, opsKeys: config.opsKeys });
    if (config.webRoot) await app.register(staticPlugin, { webRoot: config.webRoot, renderPage });
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
  return app;
}

/**
 * The server's clock: the caller's (tests), else SAWARI_CLOCK_START's (a development or test server whose business time
 * starts at a chosen instant and ticks in real time; refused in production by the config), else the machine's. With a
 * started clock every response's `Date` header is that clock's, as the web apps learn the server's time from it
 * (@sawari/runtime serverNow): the app's countdowns and validity agree with the server's.
 */
function withClock(app: FastifyInstance, config: Config, deps: ServerDeps): ServerDeps {
  if (deps.now || config.clockStartMs === undefined) return deps;
  const now = clockStartingAt(config.clockStartMs);
  app.log.warn({ clockStart: new Date(config.clockStartMs).toISOString() }, 'SAWARI_CLOCK_START: the server clock starts at this instant, not the real time');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('date', new Date(now()).toUTCString());
  });
  return { ...deps, now };
}
