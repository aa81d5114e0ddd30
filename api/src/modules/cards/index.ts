import { hkdfSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Environment } from '../../platform/config';
import type { Db } from '../../platform/db';
import { jobsOf } from '../../platform/jobs';
import type { ServerKeys } from '../../platform/secrets';
import type { AuthGuard } from '../auth';
import type { SellerPayments } from '../payments';
import { validatorKeyMap, type ValidationSettings } from '../validation';
import { cardOrderKinds, paymentsRefunds } from './payment-port';
import { cardOpsRoutes, cardRiderRoutes, cardTerminalRoutes } from './routes';
import { CardService } from './service';

export { CardService, type CardRefunds } from './service';
export { cardOrderKinds, paymentsRefunds, CARD_ORDER_KINDS } from './payment-port';

/**
 * Registers the card routes (rider; terminal behind the validators' VALIDATOR_KEYS; the issuer's hotlist behind
 * OPS_KEYS) and answers the service and the payments order kinds cardRecharge and ncmcCardRecharge. Refunds of loads
 * that can never be written go through `payments`; a job retries refund requests that failed (every
 * `retryRefundsEveryMs`, 0 = off).
 */
export async function registerCardModule(
  app: FastifyInstance,
  o: {
    db: Db;
    keys: ServerKeys;
    guard: AuthGuard;
    now: Clock;
    config: Pick<ValidationSettings, 'validatorKeys'> & { env: Environment };
    opsKeys: Map<string, string>;
    payments: Pick<SellerPayments, 'refund' | 'issuedPaymentOf'>;
    retryRefundsEveryMs?: number;
  },
) {
  // Card numbers are known by an HMAC under a key derived from the server secret (AUTH_TOKEN_SECRET), never stored.
  const numberKey = Buffer.from(hkdfSync('sha256', o.keys.accessToken, 'sawari', 'card-number-hash', 32));
  const service = new CardService(o.db, o.now, numberKey);
  service.useRefunds(paymentsRefunds(o.payments), app.log);
  await app.register(cardRiderRoutes, { service, guard: o.guard });
  await app.register(cardTerminalRoutes, { service, keys: validatorKeyMap(o.config.validatorKeys, o.config.env === 'production') });
  if (o.opsKeys.size) await app.register(cardOpsRoutes, { service, keys: o.opsKeys });
  // refunds marked in a committed transaction and not yet asked of payments (or whose request failed): the job runner
  jobsOf(app).every('cards.refunds', o.retryRefundsEveryMs ?? 60_000, () => service.retryRefunds());
  return { service, orderKinds: cardOrderKinds(service) };
}
