import type { FastifyInstance } from 'fastify';
import { heldLock, serverUrl } from '../platform/data-folder-lock';
import { openDb, type Db } from '../platform/db';
import { migrate } from '../platform/migrate';
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

/** Opens the configured database, applies migrations and seeds the demo data when missing. */
export async function prepareDatabase(config: Config, log?: { info(obj: object, msg: string): void }, importFeeds: StartupFeed[] = []): Promise<Db> {
  const db = await openDb(config);
  try {
    const applied = await migrate(db);
    if (applied.length) log?.info({ applied }, 'migrations applied');
    const seeded = await seedDemoData(db);
    if (seeded) log?.info({ city: seeded.cityId, feedId: seeded.feedId }, 'demo data seeded');
    await importFeedsOnStart(db, importFeeds, log);
    // On PostgreSQL, uploads kept on this instance's disk before move into the database once (files module).
    await moveDiskFilesIntoDatabase(config.dataDir, db, log);
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
