import { loadConfig } from './config';
import { buildServer } from './server';
import { parseStartupFeeds } from '../seed';
import { closeGracefully, REQUEST_GRACE_MS } from './shutdown';

/** `tsx api/src/app/main.ts`: config, database (migrate + demo seed), listen, graceful shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  // Opt-in real data: SAWARI_IMPORT_GTFS=kochi=../shared/data/kochi/gtfs.zip imports it when the city has no feed.
  const importFeeds = parseStartupFeeds(process.env.SAWARI_IMPORT_GTFS);
  // The server opens the database, migrates and seeds it, and closes it after the HTTP server on app.close().
  const app = await buildServer(config, { importFeeds });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(
      () => {
        app.log.error('shutdown took too long; exiting');
        process.exit(1);
      },
      REQUEST_GRACE_MS + 10_000 + (config.drainMs ?? 0),
    );
    force.unref();
    try {
      // Readiness 503 at once, requests served for SHUTDOWN_DRAIN_MS, then the listener closes; requests in flight get
      // REQUEST_GRACE_MS, then the database is closed (shutdown.ts, docs/operations.md "Rolling restarts").
      await closeGracefully(app, { drainMs: config.drainMs });
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = `http://localhost:${port}`;
  const boards = ['T1', 'T2'].flatMap((t) => [`airport-express-bus-time/${t}`, `airport-express-bus-time-horizontal/${t}`]);
  const lines = [
    `Sawari is running (${config.env}, database: ${config.databaseUrl ? 'PostgreSQL' : config.dataDir === 'memory://' ? 'PGlite in memory' : `PGlite at ${config.dataDir}/pglite`})`,
    `  App:    ${base}/app/`,
    `  Live:   ${base}/app/live-tracking (live buses, route maps, trip planner)`,
    ...boards.map((b) => `  Board:  ${base}/app/airport-static-screens/${b}`),
    `  Health: ${base}/api/health`,
    ...(config.clockStartMs === undefined
      ? []
      : [`  Clock:  started at ${new Date(config.clockStartMs).toISOString()} (SAWARI_CLOCK_START), ticking in real time`]),
  ];
  app.log.info({ url: `${base}/app/` }, 'listening');
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

main().catch((err) => {
  console.error('Sawari failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
