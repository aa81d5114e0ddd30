import type { FastifyInstance } from 'fastify';
import { testConfig, type Config } from '../app/config';
import { buildServer, type ServerDeps } from '../app/server';
import { openTestDb, type TestDb } from './test-db';

export const KIOSK = { authorization: 'Kiosk sawari-dev-kiosk' };

export interface TestServer extends TestDb {
  app: FastifyInstance;
}

/** A test database (seeded with the demo data unless told not to) and a server on it, for inject(). */
export async function startTestServer(
  opts: { config?: Partial<Config>; seed?: boolean; timetableCheckMs?: number; before?: (t: TestDb) => Promise<void> } & Pick<
    ServerDeps,
    'now' | 'sms' | 'files'
  > = {},
): Promise<TestServer> {
  // Seeded with the demo data unless told not to: a copy of the run's seeded template (test-db.ts).
  const t = await openTestDb({ start: opts.seed === false ? 'migrated' : 'seeded' });
  await opts.before?.(t);
  const app = await buildServer(testConfig(opts.config), {
    db: t.db,
    timetableCheckMs: opts.timetableCheckMs,
    now: opts.now,
    sms: opts.sms,
    files: opts.files,
  });
  return {
    ...t,
    app,
    cleanup: async () => {
      await app.close();
      await t.cleanup();
    },
  };
}
