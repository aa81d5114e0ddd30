import type { RiderNotices } from '../notices';
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
 * (the rider's changes: another slot, cancellation), refunds.ts (what a chain paid, refunds and sending them),
 * orders.ts (payments' hooks), ops.ts (operators), views.ts (booking, wallet and validation views).
 */
export class ReservationService {
  private readonly c: ReservationCore;
  private readonly p: { catalogue: Catalogue; refunding: Refunds; views: Views; holds: Holds; changes: Changes; orders: Orders; ops: Ops };
  readonly store: ReservationStore;

  constructor(db: Db, now: Clock) {
    const c = new ReservationCore(db, now);
    const catalogue = new Catalogue(c);
    const refunding = new Refunds(c);
    const views = new Views(c, refunding);
    const holds = new Holds(c, catalogue, views, refunding);
    this.p = {
      catalogue,
      refunding,
      views,
      holds,
      changes: new Changes(c, catalogue, holds, refunding),
      orders: new Orders(c, catalogue, refunding),
      ops: new Ops(c, catalogue, refunding),
    };
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
  /** The rider SMS and Home notices (set by the composition root). */
  useNotices(notices: RiderNotices): void {
    this.c.notices = notices;
  }

  // catalogue and fares
  readonly lines = (...a: Parameters<Catalogue['lines']>) => this.p.catalogue.lines(...a);
  readonly stopPairs = (...a: Parameters<Catalogue['stopPairs']>) => this.p.catalogue.stopPairs(...a);
  readonly slots = (...a: Parameters<Catalogue['slots']>) => this.p.catalogue.slots(...a);
  readonly slotDays = (...a: Parameters<Catalogue['slotDays']>) => this.p.catalogue.slotDays(...a);
  readonly seatAvailability = (...a: Parameters<Catalogue['seatAvailability']>) => this.p.catalogue.seatAvailability(...a);
  readonly fare = (...a: Parameters<Catalogue['fare']>) => this.p.catalogue.fare(...a);
  // holds and bookings
  readonly hold = (...a: Parameters<Holds['hold']>) => this.p.holds.hold(...a);
  readonly releaseHold = (...a: Parameters<Holds['releaseHold']>) => this.p.holds.releaseHold(...a);
  readonly sweepLapsedHolds = () => this.p.holds.sweepLapsedHolds();
  readonly premiumPasses = (...a: Parameters<Holds['premiumPasses']>) => this.p.holds.premiumPasses(...a);
  readonly bookings = (...a: Parameters<Holds['bookings']>) => this.p.holds.bookings(...a);
  readonly booking = (...a: Parameters<Holds['booking']>) => this.p.holds.booking(...a);
  readonly actions = (...a: Parameters<Holds['actions']>) => this.p.holds.actions(...a);
  readonly popupShown = (...a: Parameters<Holds['popupShown']>) => this.p.holds.popupShown(...a);
  // changes of slot, cancellation and refunds
  readonly reschedule = (...a: Parameters<Changes['reschedule']>) => this.p.changes.reschedule(...a);
  readonly cancel = (...a: Parameters<Changes['cancel']>) => this.p.changes.cancel(...a);
  readonly retryRefunds = (...a: Parameters<Refunds['retryRefunds']>) => this.p.refunding.retryRefunds(...a);
  // payments' order kind (payment-port.ts)
  readonly orderFor = (...a: Parameters<Orders['orderFor']>) => this.p.orders.orderFor(...a);
  readonly startPayment = (...a: Parameters<Orders['startPayment']>) => this.p.orders.startPayment(...a);
  readonly usable = (...a: Parameters<Orders['usable']>) => this.p.orders.usable(...a);
  readonly issue = (...a: Parameters<Orders['issue']>) => this.p.orders.issue(...a);
  readonly paymentFailed = (...a: Parameters<Orders['paymentFailed']>) => this.p.orders.paymentFailed(...a);
  // validation (validation-port.ts) and the wallet
  readonly validatable = (...a: Parameters<Views['validatable']>) => this.p.views.validatable(...a);
  readonly onPunched = (...a: Parameters<Views['onPunched']>) => this.p.views.onPunched(...a);
  readonly walletItems = (...a: Parameters<Views['walletItems']>) => this.p.views.walletItems(...a);
  // operators
  readonly opsCancelTrip = (...a: Parameters<Ops['opsCancelTrip']>) => this.p.ops.opsCancelTrip(...a);
  readonly opsMoveBookings = (...a: Parameters<Ops['opsMoveBookings']>) => this.p.ops.opsMoveBookings(...a);
  readonly opsAssignVehicle = (...a: Parameters<Ops['opsAssignVehicle']>) => this.p.ops.opsAssignVehicle(...a);
  readonly opsTrips = (...a: Parameters<Ops['opsTrips']>) => this.p.ops.opsTrips(...a);
}
