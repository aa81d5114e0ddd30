import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { jobsOf } from '../../platform/jobs';
import type { AuthGuard } from '../auth';
import { reservationOpsRoutes, reservationRoutes } from './routes';
import { ReservationService } from './service';
import type { LiveBusPort } from './tracking';

export { ReservationService, type RefundPort, type PremiumPassSource } from './service';
export { reservationValidatables } from './validation-port';
export { seedReservationLines } from './seed';
export type { LiveBusPort } from './tracking';

/**
 * Registers the rider and operator routes of reserved seats and a job that releases lapsed holds and retries refunds
 * every `sweepEveryMs` (0 = off; tests call the service). `live` tracks the booked bus (none: tracking says NO_DATA). Answers the service: the composition root hands it to
 * payments (payment-port.ts), validation (reservationValidatables) and the wallet.
 */
export async function registerReservationModule(
  app: FastifyInstance,
  o: { db: Db; guard: AuthGuard; now: Clock; opsKeys: Map<string, string>; sweepEveryMs?: number; live?: LiveBusPort | null },
) {
  const service = new ReservationService(o.db, o.now);
  await app.register(reservationRoutes, { service, guard: o.guard, live: o.live ?? null, now: o.now });
  await app.register(reservationOpsRoutes, { service, keys: o.opsKeys });
  // lapsed holds go back and recorded refunds are sent (the refund rows are the outbox: written in the transaction
  // that decided them), on the server's one job runner
  jobsOf(app).every('reservations.sweep', o.sweepEveryMs ?? 30_000, () => Promise.all([service.sweepLapsedHolds(), service.retryRefunds()]));
  return { service };
}
