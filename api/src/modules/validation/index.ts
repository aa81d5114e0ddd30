import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Environment } from '../../platform/config';
import type { Db } from '../../platform/db';
import type { AuthGuard } from '../auth';
import { loadSigningKeys } from './keys';
import type { ValidatableLookup } from './ports';
import { validationKeyRoutes, validationRiderRoutes, validatorKeyMap, validatorRoutes } from './routes';
import { ValidationService } from './service';
import { ValidationStore } from './store';
import type { ValidationSettings } from './settings';

export { passValidatables, type Validatable, type ValidatableLookup, type PunchedEvent } from './ports';
export { ValidationService } from './service';
export { validationSettings, type ValidationSettings } from './settings';
export { validatorKeyMap } from './routes';

/**
 * Registers the validation routes over the given lookups (one per selling module: passes, tickets, ...) and answers
 * the service (its `punchesFor` is the wallet listing's punch source).
 */
export async function registerValidationModule(
  app: FastifyInstance,
  o: { db: Db; config: ValidationSettings & { env: Environment }; guard: AuthGuard; now: Clock; lookups: readonly ValidatableLookup[] },
): Promise<ValidationService> {
  const keys = await loadSigningKeys(new ValidationStore(o.db), o.config.ticketSigningKey, o.config.ticketVerifyKeys);
  const service = new ValidationService(o.db, keys, o.lookups, o.now);
  await app.register(validationKeyRoutes, { service });
  await app.register(validationRiderRoutes, { service, guard: o.guard });
  await app.register(validatorRoutes, { service, keys: validatorKeyMap(o.config.validatorKeys, o.config.env === 'production') });
  return service;
}

/** The wallet listing's punch source (the tickets module's PunchSource): punch times per transactionId, oldest first. */
export function ridePunchSource(db: Db): { punchesFor(transactionIds: string[]): Promise<Map<string, { punchingTime: number }[]>> } {
  const store = new ValidationStore(db);
  return { punchesFor: (ids) => store.punchTimes(ids) };
}
