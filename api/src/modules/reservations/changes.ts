import { randomUUID } from 'node:crypto';
import type { Booking } from '@sawari/contracts';
import { canRebook, cancellationQuote, HOLD_MS, seatFare, formatPaise } from '@sawari/domain';
import { bad, conflict, bookingNotFound, Part, type ReservationCore } from './core';
import type { Catalogue } from './catalogue';
import type { Holds } from './holds';
import type { Refunds } from './refunds';

/** Changes of slot: another slot of the same stop pair as an order of its own (dearer: paid at the checkout, its freeze locks the booking it replaces; the same or cheaper: a ₹0 order issued through payments). */
export class Changes extends Part {
  constructor(
    c: ReservationCore,
    protected readonly catalogue: Catalogue,
    protected readonly holds: Holds,
    protected readonly refunding: Refunds,
  ) {
    super(c);
  }

  async reschedule(userId: string, id: string, req: { tripId: string; farePaise: number }): Promise<Booking> {
    const old = await this.store.booking(id);
    if (!old || old.userId !== userId) throw bookingNotFound();
    const { line, trip } = await this.catalogue.tripFor(req.tripId);
    if (line.id !== old.lineId && !line.fares.some((f) => f.fromStopId === old.fromStopId && f.toStopId === old.toStopId))
      throw bad('NOT_SAME_PAIR', 'Choose a slot of the same trip (same boarding and drop stops).');
    const { fares } = this.catalogue.pairOf(line, old.fromStopId, old.toStopId, trip.startTime);
    if (req.tripId === old.tripId) throw bad('SAME_SLOT', 'That is the slot you already have.');
    const now = this.now();
    const chain = await this.store.chain(old.firstBookingId);
    // the chain's tip: the booking no issued booking replaced (creation times may tie, so not "the newest")
    const replaced = new Set(chain.filter((c) => c.issuedAt != null && c.prevBookingId).map((c) => c.prevBookingId));
    if (replaced.has(old.id)) throw conflict('NOT_LATEST', 'This booking was already rescheduled; change the newest one.');
    const oldTrip = (await this.store.trip(old.tripId))!;
    if (old.status !== 'ACTIVE' || oldTrip.startTime <= now) throw conflict('NOT_RESCHEDULABLE', 'Only an upcoming confirmed booking can be rescheduled.');
    const tip = { bookingId: old.id, firstBookingId: old.firstBookingId, status: old.status, tripSlotStartTime: oldTrip.startTime, bookingTime: old.createdAt };
    if (!canRebook([tip], old.firstBookingId, trip.startTime, now))
      throw conflict('REBOOK_WINDOW', 'Choose a slot at least 5 minutes away from your current one.');
    const newFare = seatFare(fares, old.passengers, trip.capacity - trip.seatsTaken);
    const diff = old.paidWith === 'PASS' ? 0 : newFare.payableAmount - old.farePaise;
    if (diff !== req.farePaise)
      throw conflict(
        'FARE_CHANGED',
        diff > 0
          ? `The new slot costs ${formatPaise(diff)} more.`
          : diff < 0
            ? `You get ${formatPaise(-diff)} back for the new slot.`
            : 'The new slot costs the same.',
      );
    const newId = `RSV-${randomUUID()}`;
    await this.db.transaction(async (tx) => {
      await this.store.releaseLapsedHolds(tx, now, trip.id);
      const again = await this.store.booking(id, tx, true);
      if (!again || again.status !== 'ACTIVE') throw conflict('NOT_RESCHEDULABLE', 'Only an upcoming confirmed booking can be rescheduled.');
      if (await this.store.openChangeOf(tx, id, now)) throw conflict('RESCHEDULE_IN_PROGRESS', 'A change of slot for this booking is waiting for payment.');
      const taken = await this.store.takeSeats(tx, trip.id, old.seats, now);
      if (!taken) throw this.catalogue.noSeats(await this.store.trip(trip.id, tx), old.seats, now);
      const immediate = diff <= 0;
      await this.store.insertBooking(tx, {
        id: newId,
        userId,
        tripId: trip.id,
        lineId: line.id,
        city: line.city,
        product: line.product,
        fromStopId: old.fromStopId,
        toStopId: old.toStopId,
        passengers: old.passengers,
        seats: old.seats,
        fare: newFare,
        farePaise: old.paidWith === 'PASS' ? 0 : newFare.payableAmount,
        amountPaise: Math.max(0, diff),
        status: 'BOOKING_UNDER_PROCESS',
        seatsHeld: true,
        holdExpiresAt: now + HOLD_MS,
        firstBookingId: old.firstBookingId,
        prevBookingId: old.id,
        prevBookingStatus: 'USER_RESCHEDULED',
        paidWith: old.paidWith === 'PASS' ? 'PASS' : immediate ? 'RESCHEDULE' : 'PAYMENT',
        passId: old.passId,
        createdAt: now,
        issuedAt: null,
      });
      // nothing more to pay: a ₹0 order issued through payments now (issue retires the old booking, refunds a difference)
      if (immediate) await this.payments().issueFree(newId, tx);
    });
    await this.refunding.retryRefunds();
    return this.holds.booking(userId, newId);
  }

  /** POST …/bookings/:id/popups: the rider saw the pop-up; it is not shown again. */

  /** POST …/bookings/:id/cancel (cancel-booking, CANCEL_RIDE): the refund the rider saw, per the policy. */

  async cancel(userId: string, id: string, seenRefundPaise: number): Promise<Booking> {
    const now = this.now();
    await this.db.transaction(async (tx) => {
      const b = await this.store.booking(id, tx, true);
      if (!b || b.userId !== userId) throw bookingNotFound();
      if (b.status !== 'ACTIVE') throw conflict('NOT_CANCELLABLE', `This booking cannot be cancelled (it is ${b.status}).`);
      // a change of slot being paid locks the booking it replaces (its freeze checked it ACTIVE under this row's lock)
      if ((await this.store.openChangeOf(tx, id, now))?.status === 'PAYMENT_PROCESSING')
        throw conflict('RESCHEDULE_IN_PROGRESS', 'A change of slot for this booking is being paid. Once it is done, cancel the new booking.');
      const trip = (await this.store.trip(b.tripId, tx))!;
      const chain = await this.refunding.chainIn(tx, b.firstBookingId);
      const paid = this.refunding.chainPaidNet(
        chain,
        await this.refunding.refundsIn(
          tx,
          chain.map((c) => c.id),
        ),
      );
      const quote = cancellationQuote(paid, trip.startTime, now);
      if (!quote.canCancel) throw conflict('NOT_CANCELLABLE', 'This trip has already left; it cannot be cancelled.');
      if (quote.refundPaise !== seenRefundPaise)
        throw conflict('REFUND_CHANGED', `The refund is now ${formatPaise(quote.refundPaise)}. Check it and cancel again.`);
      await this.store.transition(tx, id, ['ACTIVE'], 'USER_CANCELLED', { seatsHeld: false, cancelledAt: now }, now);
      await this.store.giveBackSeats(tx, b.tripId, b.seats, now);
      if (quote.refundPaise > 0) await this.refunding.refundChain(tx, chain, quote.refundPaise, 'USER_CANCEL', id, now);
    });
    await this.refunding.retryRefunds();
    return this.holds.booking(userId, id);
  }
}
