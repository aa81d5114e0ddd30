import type { Db } from '../../platform/db';
import type { TicketService } from './service';

/**
 * The validation module's lookup port (its ValidatableLookup, api/src/modules/validation/ports.ts) over tickets:
 * `find` answers an order's ticket as validation sees it; `onPunched`, inside the punch's transaction, marks a
 * single-journey ticket USED. Structural, so the two modules depend only on the shape.
 */
export function ticketValidatables(service: TicketService) {
  return {
    name: 'tickets',
    find: (transactionId: string) => service.validatable(transactionId),
    async onPunched(event: { transactionId: string; punchingTime: number; rideCount: number }, tx: Db): Promise<void> {
      await service.onPunched(event.transactionId, event.punchingTime, { rideCount: event.rideCount, tx });
    },
  };
}
