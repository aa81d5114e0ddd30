import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { AuthGuard } from '../auth';
import type { RouteSource, WalletSource } from './ports';
import { ticketOrderKind } from './payment-port';
import { JourneyService, journeyOrderKind } from './journey';
import { journeyRoutes } from './journey-routes';
import { ticketRoutes } from './routes';
import { TicketService } from './service';

export { TicketService, type TicketValidatable } from './service';
export { ticketValidatables } from './validation-port';
export type { PunchSource, RouteSource, PassWalletSource, WalletSource } from './ports';
export { ticketOrderKind } from './payment-port';
export { JourneyService, journeyOrderKind } from './journey';

/**
 * Registers the rider ticket routes; answers the service (TicketLookup and onPunched for the validation module,
 * usePunches for its punch port), the payments module's `ticket` order kind and its `journey` order kind.
 */
export async function registerTicketModule(
  app: FastifyInstance,
  o: { db: Db; guard: AuthGuard; now: Clock; routes: RouteSource; walletSources: WalletSource[] },
) {
  const service = new TicketService(o.db, o.now, o.routes, o.walletSources);
  await app.register(ticketRoutes, { service, guard: o.guard });
  // a planned journey bought in one go: order kind `journey`, a ticket per leg (journey.ts)
  const journeys = new JourneyService(o.db, o.now, service);
  await app.register(journeyRoutes, { service: journeys, guard: o.guard });
  return { service, orderKind: ticketOrderKind(service), journeys, journeyOrderKind: journeyOrderKind(journeys) };
}
