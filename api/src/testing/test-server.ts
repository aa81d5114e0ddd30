import type { FastifyInstance } from 'fastify';
import { testConfig, type Config } from '../app/config';
import { buildServer, type ServerDeps } from '../app/server';
import { openTestDb, type TestDb } from './test-db';
import { freePort, startTestGateway, type TestGateway } from './test-gateway';

export const KIOSK = { authorization: 'Kiosk sawari-dev-kiosk' };

export interface TestServer extends TestDb {
  app: FastifyInstance;
  /** The development gateway this server takes payments through (its own port). */
  gateway: TestGateway;
  /** With `webhooks: true`: the server's own address (it listens, so the gateway's webhooks reach it). */
  url: string | null;
}

/** A test database (seeded with the demo data unless told not to) and a server on it, for inject(). */
export async function startTestServer(
  opts: {
    config?: Partial<Config>;
    seed?: boolean;
    timetableCheckMs?: number;
    before?: (t: TestDb) => Promise<void>;
    /** The gateway delivers its webhooks to this server (which then listens on a free port of 127.0.0.1). */
    webhooks?: boolean;
    /** Build planner networks and realtime feeds at start, as `npm start` does (default: on first use; deps.ts). */
    warmAtStart?: boolean;
  } & Pick<ServerDeps, 'now' | 'sms' | 'files'> = {},
): Promise<TestServer> {
  // Seeded with the demo data unless told not to: a copy of the run's seeded template (test-db.ts).
  const t = await openTestDb({ start: opts.seed === false ? 'migrated' : 'seeded' });
  await opts.before?.(t);
  const port = opts.webhooks ? await freePort() : null;
  const gateway = await startTestGateway(port ? { webhookUrl: `http://127.0.0.1:${port}/api/payments/gateway/razorpay/webhook` } : {});
  const app = await buildServer(testConfig({ razorpay: gateway.razorpay, ...opts.config }), {
    db: t.db,
    timetableCheckMs: opts.timetableCheckMs,
    now: opts.now,
    sms: opts.sms,
    files: opts.files,
    warmAtStart: opts.warmAtStart ?? false,
  });
  if (port) await app.listen({ port, host: '127.0.0.1' });
  return {
    ...t,
    app,
    gateway,
    url: port ? `http://127.0.0.1:${port}` : null,
    cleanup: async () => {
      await app.close();
      await gateway.close();
      await t.cleanup();
    },
  };
}
