import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { Catalogue } from './catalogue';
import { Changes } from './changes';
import { ReservationCore, type PremiumPassSource, type RefundPort } from './core';
import { Holds } from './holds';
import { Ops } from './ops';
import { Orders } from './orders';
import { Refunds } from './refunds';
import type { ReservationStore } from './store';
import { Views } from './views';

export { parseTripId, tripIdOf, type PremiumPass, type PremiumPassSource, type RefundOutcome, type RefundPort } from './core';

/**
 * The seat-inventory engine for premium buses, the airport express and event trips (docs/reservations.md): lines,
 * trips made on demand from each line's schedule, 10-minute holds, bookings, cancellation and rescheduling with
 * refunds through payments, system disruptions by operators, and the hooks payments and validation call.
 * Never oversold: seats are taken by one conditional UPDATE on the trip inside the transaction that writes the booking.
 *
 * This class is the module's one face (routes, the payment port, validation, the wallet, the ops command use it); the
 * work is done by one part per job: catalogue.ts (lines, slots, fares), holds.ts (holds and bookings), changes.ts
 * (changes of slot), refunds.ts (cancellation and refunds), orders.ts (payments' hooks), ops.ts (operators), views.ts
 * (booking, wallet and validation views).
 */
export class ReservationService {
  private readonly c: ReservationCore;
  readonly store: ReservationStore;

  constructor(db: Db, now: Clock) {
    const c = new ReservationCore(db, now);
    c.catalogue = new Catalogue(c);
    c.holds = new Holds(c);
    c.views = new Views(c);
    c.refunding = new Refunds(c);
    c.changes = new Changes(c);
    c.orders = new Orders(c);
    c.ops = new Ops(c);
    this.c = c;
    this.store = c.store;
  }

  /** Payments' refund and free-issue API (set by the composition root once both modules exist). */
  useRefunds(port: RefundPort): void {
    this.c.refundPort = port;
  }
  usePasses(source: PremiumPassSource): void {
    this.c.passes = source;
  }

  // catalogue and fares
  readonly lines = (...a: Parameters<Catalogue['lines']>) => this.c.catalogue.lines(...a);
  readonly stopPairs = (...a: Parameters<Catalogue['stopPairs']>) => this.c.catalogue.stopPairs(...a);
  readonly slots = (...a: Parameters<Catalogue['slots']>) => this.c.catalogue.slots(...a);
  readonly slotDays = (...a: Parameters<Catalogue['slotDays']>) => this.c.catalogue.slotDays(...a);
  readonly seatAvailability = (...a: Parameters<Catalogue['seatAvailability']>) => this.c.catalogue.seatAvailability(...a);
  readonly fare = (...a: Parameters<Catalogue['fare']>) => this.c.catalogue.fare(...a);
  // holds and bookings
  readonly hold = (...a: Parameters<Holds['hold']>) => this.c.holds.hold(...a);
  readonly releaseHold = (...a: Parameters<Holds['releaseHold']>) => this.c.holds.releaseHold(...a);
  readonly sweepLapsedHolds = () => this.c.holds.sweepLapsedHolds();
  readonly premiumPasses = (...a: Parameters<Holds['premiumPasses']>) => this.c.holds.premiumPasses(...a);
  readonly bookings = (...a: Parameters<Holds['bookings']>) => this.c.holds.bookings(...a);
  readonly booking = (...a: Parameters<Holds['booking']>) => this.c.holds.booking(...a);
  readonly actions = (...a: Parameters<Holds['actions']>) => this.c.holds.actions(...a);
  readonly popupShown = (...a: Parameters<Holds['popupShown']>) => this.c.holds.popupShown(...a);
  // changes of slot, cancellation and refunds
  readonly reschedule = (...a: Parameters<Changes['reschedule']>) => this.c.changes.reschedule(...a);
  readonly cancel = (...a: Parameters<Refunds['cancel']>) => this.c.refunding.cancel(...a);
  readonly retryRefunds = (...a: Parameters<Refunds['retryRefunds']>) => this.c.refunding.retryRefunds(...a);
  // payments' order kind (payment-port.ts)
  readonly orderFor = (...a: Parameters<Orders['orderFor']>) => this.c.orders.orderFor(...a);
  readonly startPayment = (...a: Parameters<Orders['startPayment']>) => this.c.orders.startPayment(...a);
  readonly usable = (...a: Parameters<Orders['usable']>) => this.c.orders.usable(...a);
  readonly issue = (...a: Parameters<Orders['issue']>) => this.c.orders.issue(...a);
  readonly paymentFailed = (...a: Parameters<Orders['paymentFailed']>) => this.c.orders.paymentFailed(...a);
  // validation (validation-port.ts) and the wallet
  readonly validatable = (...a: Parameters<Views['validatable']>) => this.c.views.validatable(...a);
  readonly onPunched = (...a: Parameters<Views['onPunched']>) => this.c.views.onPunched(...a);
  readonly walletItems = (...a: Parameters<Views['walletItems']>) => this.c.views.walletItems(...a);
  // operators
  readonly opsCancelTrip = (...a: Parameters<Ops['opsCancelTrip']>) => this.c.ops.opsCancelTrip(...a);
  readonly opsMoveBookings = (...a: Parameters<Ops['opsMoveBookings']>) => this.c.ops.opsMoveBookings(...a);
  readonly opsAssignVehicle = (...a: Parameters<Ops['opsAssignVehicle']>) => this.c.ops.opsAssignVehicle(...a);
  readonly opsTrips = (...a: Parameters<Ops['opsTrips']>) => this.c.ops.opsTrips(...a);
}
