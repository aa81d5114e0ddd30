import type { Db } from '../../platform/db';
import type { ReservationService } from './service';

/**
 * The validation module's lookup port (ValidatableLookup, docs/validation.md) over reserved seats: `find` answers a
 * booking as validation sees it (ISSUED while ACTIVE, valid from 30 minutes before the slot to an hour after arrival,
 * one ride); `onPunched`, inside the punch's transaction, marks it PUNCHED. Structural, like the tickets module's.
 */
export function reservationValidatables(service: ReservationService) {
  return {
    name: 'reservations',
    find: (transactionId: string) => service.validatable(transactionId),
    async onPunched(event: { transactionId: string }, tx: Db): Promise<void> {
      await service.onPunched(event.transactionId, tx);
    },
  };
}
