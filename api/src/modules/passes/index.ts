import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import type { AuthGuard } from '../auth/guard';
import { createFileStorage, type FileStorage } from '../files/storage';
import { opsRoutes, parseOpsKeys, passRoutes } from './routes';
import { PassOrderService } from './service';

export { PassOrderService } from './service';
export type { PassPaymentHooks } from './payment-hooks';

/** Registers the rider pass routes and the operator routes; answers the service (the payments module's hooks). */
export async function registerPassModules(app: FastifyInstance, o: { db: Db; config: Config; guard: AuthGuard; now: Clock; files?: FileStorage }): Promise<PassOrderService> {
  const service = new PassOrderService(o.db, o.now);
  const storage = o.files ?? createFileStorage(o.config.dataDir);
  await app.register(passRoutes, { service, guard: o.guard, storage, now: o.now });
  await app.register(opsRoutes, { service, keys: parseOpsKeys(process.env.OPS_KEYS, o.config.env === 'production'), storage });
  return service;
}
