import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import type { AuthGuard } from '../auth';
import { createFileStorage, type FileStorage } from '../files';
import { opsRoutes, passRoutes } from './routes';
import { PassOrderService, type PassDeps } from './service';

export { PassOrderService, type PassDeps } from './service';
export { passOrderKind } from './payment-port';
export { passWalletSource } from './wallet';

/**
 * Registers the rider pass routes and the operator routes; answers the service (also the offers module's
 * PromotionIssuer). Register `passOrderKind(service)` with payments as the `pass` order kind.
 */
export async function registerPassModules(
  app: FastifyInstance,
  o: { db: Db; config: Config; guard: AuthGuard; now: Clock; files?: FileStorage; opsKeys: Map<string, string> } & PassDeps,
): Promise<PassOrderService> {
  const service = new PassOrderService(o.db, o.now, { offers: o.offers, payments: o.payments, notices: o.notices });
  const storage = o.files ?? createFileStorage(o.config.dataDir, o.db);
  await app.register(passRoutes, { service, guard: o.guard, storage, now: o.now });
  // The operator keys come from the config (OPS_KEYS, read once with every other setting: auth/ops-settings.ts).
  await app.register(opsRoutes, { service, keys: o.opsKeys, storage });
  return service;
}
