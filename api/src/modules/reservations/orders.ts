import type { Db } from '../../platform/db';
import { ApiError } from '../../platform/errors';
import { businessMetrics } from '../../platform/metrics';
import type { BookingRow } from './store';
import { conflict, Part, type ReservationCore } from './core';
import type { Catalogue } from './catalogue';
import type { Refunds } from './refunds';

/** The hooks of payments' reservation order kind (payment-port.ts adapts them): freeze, usable, issue, release. */
export class Orders extends Part {
  constructor(
    c: ReservationCore,
    protected readonly catalogue: Catalogue,
    protected readonly refunding: Refunds,
  ) {
    super(c);
  }

  async orderFor(db: Db, id: string, lock = false): Promise<BookingRow | null> {
    return this.store.booking(id, db, lock);
  }

  /**
   * A payment starts: the hold must still be live (or, after a declined payment, the seats taken again while the
   * original 10 minutes last). The booking becomes PAYMENT_PROCESSING; its seats stay held until the outcome.
   */

  async startPayment(db: Db, id: string): Promise<BookingRow> {
    const now = this.now();
    const b = await this.store.booking(id, db, true);
    if (!b) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
    if (b.amountPaise <= 0) throw conflict('ORDER_NOT_PAYABLE', 'Nothing to pay for this booking.');
    if (b.status === 'PAYMENT_PROCESSING') return b;
    if (!['BOOKING_UNDER_PROCESS', 'PAYMENT_FAILED'].includes(b.status))
      throw conflict('ORDER_NOT_PAYABLE', `This booking cannot be paid now (it is ${b.status}).`);
    if (b.holdExpiresAt == null || now >= b.holdExpiresAt) {
      if (b.status === 'BOOKING_UNDER_PROCESS' && b.seatsHeld) {
        await this.store.transition(db, id, ['BOOKING_UNDER_PROCESS'], 'BOOKING_FAILED', { seatsHeld: false }, now);
        await this.store.giveBackSeats(db, b.tripId, b.seats, now);
      }
      throw conflict('HOLD_EXPIRED', 'Your 10 minutes to pay have run out and the seats were released. Choose the slot again.');
    }
    const trip = await this.store.trip(b.tripId, db);
    if (!trip || trip.status === 'CANCELLED') throw conflict('TRIP_CANCELLED', 'This trip has been cancelled. Choose another slot.');
    if (trip.startTime <= now) throw conflict('TRIP_CLOSED', 'This trip has left. Choose another slot.');
    if (b.prevBookingId) {
      // a change of slot: its freeze locks the booking it replaces, which must still be confirmed (cancel and a second
      // change take the same lock and see this booking PAYMENT_PROCESSING)
      const prev = await this.store.booking(b.prevBookingId, db, true);
      if (!prev || prev.status !== 'ACTIVE')
        throw conflict('ORDER_NOT_PAYABLE', `The booking this change of slot replaces is no longer confirmed (it is ${prev?.status ?? 'gone'}).`);
    }
    if (!b.seatsHeld) {
      const taken = await this.store.takeSeats(db, b.tripId, b.seats, now);
      if (!taken) throw this.catalogue.noSeats(await this.store.trip(b.tripId, db), b.seats, now);
    }
    return (await this.store.transition(db, id, ['BOOKING_UNDER_PROCESS', 'PAYMENT_FAILED'], 'PAYMENT_PROCESSING', { seatsHeld: true }, now))!;
  }

  /**
   * OrderKind.usable, asked by payments right before issue (paid or free) with the order locked: null when the seat can
   * still be used, else why not. Payments then issues nothing and refunds a paid order in full.
   */

  async usable(db: Db, id: string): Promise<string | null> {
    const now = this.now();
    const b = await this.store.booking(id, db);
    if (!b) return 'the booking no longer exists';
    if (b.status !== 'BOOKING_UNDER_PROCESS' && b.status !== 'PAYMENT_PROCESSING') return `the booking is ${b.status}`;
    const trip = await this.store.trip(b.tripId, db);
    if (!trip || trip.status === 'CANCELLED') return 'the trip was cancelled';
    if (trip.startTime <= now) return 'the trip has left';
    if (!b.seatsHeld && trip.capacity - trip.seatsTaken < b.seats) return 'the seats went meanwhile';
    if (b.prevBookingId) {
      const prev = await this.store.booking(b.prevBookingId, db, true);
      if (!prev || prev.status !== 'ACTIVE') return `the booking it replaces is ${prev?.status ?? 'gone'}`;
    }
    return null;
  }

  /**
   * Issued (paid, or free through payments' issueFree): the booking is ACTIVE, once (a second call finds it ACTIVE and
   * changes nothing). A change of slot retires the booking it replaces; a cheaper one refunds the difference. Payments
   * asked `usable` first, in this transaction.
   */

  async issue(db: Db, id: string): Promise<{ productId: string }> {
    const now = this.now();
    const b = await this.store.booking(id, db, true);
    if (!b) throw new Error(`reservations: issue of unknown booking ${id}`);
    if (b.status === 'ACTIVE' || b.status === 'PUNCHED') return { productId: id };
    if (!b.seatsHeld && !(await this.store.takeSeats(db, b.tripId, b.seats, now)))
      throw new Error(`reservations: no seats to issue ${id} (usable let it through)`);
    await this.store.transition(db, id, [b.status], 'ACTIVE', { seatsHeld: true, issuedAt: now, holdExpiresAt: null }, now);
    businessMetrics.seats('sold', b.seats);
    if (b.prevBookingId) {
      const prev = await this.store.booking(b.prevBookingId, db, true);
      if (!prev || prev.status !== 'ACTIVE') throw new Error(`reservations: ${id} replaces ${b.prevBookingId}, which is not ACTIVE (usable let it through)`);
      await this.store.transition(db, prev.id, ['ACTIVE'], b.prevBookingStatus ?? 'USER_RESCHEDULED', { seatsHeld: false }, now);
      await this.store.giveBackSeats(db, prev.tripId, prev.seats, now);
      const back = b.prevBookingStatus === 'USER_RESCHEDULED' && b.paidWith !== 'PASS' && b.amountPaise === 0 ? prev.farePaise - b.farePaise : 0;
      if (back > 0) await this.refunding.refundChain(db, await this.refunding.chainIn(db, b.firstBookingId), back, 'FARE_DIFFERENCE', id, now);
      // an operator's move tells the rider itself (ops.ts); a change of slot the rider made is done
      if ((b.prevBookingStatus ?? 'USER_RESCHEDULED') === 'USER_RESCHEDULED')
        await this.tellRider(db, b, `slot-changed:${id}`, (at) => ({ kind: 'slotChanged', ...at }));
    } else {
      await this.tellRider(db, b, `booking-confirmed:${id}`, (at) => ({ kind: 'bookingConfirmed', ...at, seats: b.seats }));
    }
    return { productId: id };
  }

  /**
   * The payment failed or lapsed: the seats go back (the rider may try again while the 10 minutes last). `final`: payments
   * refused to issue (the seat can no longer be used) and refunded: the booking fails for good.
   */

  async paymentFailed(db: Db, id: string, final = false): Promise<void> {
    const now = this.now();
    const b = await this.store.booking(id, db, true);
    if (!b || b.status !== 'PAYMENT_PROCESSING') return;
    await this.store.transition(db, id, ['PAYMENT_PROCESSING'], final ? 'BOOKING_FAILED' : 'PAYMENT_FAILED', { seatsHeld: false }, now);
    if (b.seatsHeld) await this.store.giveBackSeats(db, b.tripId, b.seats, now);
    if (b.seatsHeld) businessMetrics.seats('released', b.seats);
  }
}
