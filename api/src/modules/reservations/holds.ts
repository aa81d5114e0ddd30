import { randomUUID } from 'node:crypto';
import type { Booking, HoldRequest } from '@sawari/contracts';
import { checkSeatRequest, CITY_TIME_ZONE, DAY_MS, HOLD_MS, indiaSlotMs, localDate, seatCount, seatFare, formatPaise } from '@sawari/domain';
import { ApiError } from '../../platform/errors';
import { businessMetrics } from '../../platform/metrics';
import type { BookingRow } from './store';
import { bad, conflict, bookingNotFound, KeyTaken, Part, type ReservationCore, type PremiumPass } from './core';
import type { Catalogue } from './catalogue';
import type { Views } from './views';
import type { Refunds } from './refunds';

/** Holds and bookings: 10-minute holds (one per idempotency key), pass seats as ₹0 orders, the rider's bookings and their actions. */
export class Holds extends Part {
  constructor(
    c: ReservationCore,
    protected readonly catalogue: Catalogue,
    protected readonly views: Views,
    protected readonly refunding: Refunds,
  ) {
    super(c);
  }

  async hold(userId: string, req: HoldRequest, orderKey?: string): Promise<Booking> {
    if (orderKey) {
      const twin = await this.store.bookingByKey(userId, orderKey);
      if (twin) return this.twinOf(userId, twin, req);
    }
    const { line, trip } = await this.catalogue.tripFor(req.tripId);
    await this.catalogue.enabledCity(line.city);
    const { fares } = this.catalogue.pairOf(line, req.fromStopId, req.toStopId, trip.startTime);
    const err = checkSeatRequest(req.passengers, fares);
    if (err) throw this.catalogue.seatError(err);
    const seats = seatCount(req.passengers);
    const now = this.now();
    const fare = seatFare(fares, req.passengers, trip.capacity - trip.seatsTaken);
    let pass: PremiumPass | null = null;
    if (req.passId) {
      if (line.product !== 'PREMIUM') throw bad('PASS_NOT_ACCEPTED', 'A premium pass books premium buses only.');
      pass = (await this.passes?.premiumPass(userId, req.passId, now)) ?? null;
      if (!pass || pass.city !== line.city) throw new ApiError(404, 'PASS_NOT_FOUND', 'You have no active premium pass with that id.');
      if (trip.startTime >= pass.validUntil) throw conflict('PASS_EXPIRES', 'Your pass ends before this slot. Choose an earlier slot or pay for the seat.');
      if (seats !== 1) throw bad('PASS_ONE_SEAT', 'A pass books one seat for its holder.');
      if (req.farePaise !== 0) throw conflict('FARE_CHANGED', 'With your pass this seat costs ₹0.');
    } else if (fare.payableAmount !== req.farePaise) {
      throw conflict('FARE_CHANGED', `The fare is now ${formatPaise(fare.payableAmount)}.`);
    }
    const id = `RSV-${randomUUID()}`;
    try {
      await this.db.transaction(async (tx) => {
        await this.store.releaseLapsedHolds(tx, now, trip.id);
        if (pass) {
          await this.store.lockKey(tx, `reservations:pass:${pass.passId}`);
          const day = localDate(trip.startTime, CITY_TIME_ZONE);
          const used = await this.store.passBookingsOnDay(tx, pass.passId, indiaSlotMs(day, 0), indiaSlotMs(day, 0) + DAY_MS);
          if (pass.maxTripsPerDay !== -1 && used >= pass.maxTripsPerDay)
            throw conflict(
              'PASS_DAILY_LIMIT',
              `Your pass allows ${pass.maxTripsPerDay} premium ${pass.maxTripsPerDay === 1 ? 'ride' : 'rides'} a day; that day is full.`,
            );
        }
        const taken = await this.store.takeSeats(tx, trip.id, seats, now);
        if (!taken) throw this.catalogue.noSeats(await this.store.trip(trip.id, tx), seats, now);
        const inserted = await this.store.insertBooking(tx, {
          id,
          userId,
          orderKey: orderKey ?? null,
          tripId: trip.id,
          lineId: line.id,
          city: line.city,
          product: line.product,
          fromStopId: req.fromStopId,
          toStopId: req.toStopId,
          passengers: req.passengers,
          seats,
          fare: { ...fare, totalAvailableSeats: taken.capacity - taken.seatsTaken },
          farePaise: pass ? 0 : fare.payableAmount,
          amountPaise: pass ? 0 : fare.payableAmount,
          status: 'BOOKING_UNDER_PROCESS',
          seatsHeld: true,
          holdExpiresAt: now + HOLD_MS,
          firstBookingId: id,
          prevBookingId: null,
          prevBookingStatus: null,
          paidWith: pass ? 'PASS' : 'PAYMENT',
          passId: pass?.passId ?? null,
          createdAt: now,
          issuedAt: null,
        });
        if (!inserted) throw new KeyTaken();
        // a pass holder's seat is a ₹0 order: issued through payments in this transaction
        if (pass) await this.payments().issueFree(id, tx);
      });
    } catch (err) {
      if (!(err instanceof KeyTaken) || !orderKey) throw err;
      const twin = await this.store.bookingByKey(userId, orderKey);
      if (!twin) throw conflict('HOLD_IN_PROGRESS', 'This booking is still being made. Try again in a moment.');
      return this.twinOf(userId, twin, req);
    }
    businessMetrics.orderCreated(pass ? 'reservation-pass' : 'reservation');
    businessMetrics.seats('held', seats);
    return this.booking(userId, id);
  }

  /** The same idempotency key again: the same hold answers its booking; another hold is refused. */

  async twinOf(userId: string, twin: BookingRow, req: HoldRequest): Promise<Booking> {
    const same =
      twin.tripId === req.tripId &&
      twin.fromStopId === req.fromStopId &&
      twin.toStopId === req.toStopId &&
      twin.prevBookingId === null &&
      (['adult', 'child', 'senior'] as const).every((c) => (twin.passengers[c] ?? 0) === (req.passengers[c] ?? 0)) &&
      (twin.passId ?? null) === (req.passId ?? null);
    if (!same)
      throw new ApiError(422, 'IDEMPOTENCY_KEY_REUSED', 'This idempotency-key was already used for a different booking. Use a new key for a new booking.');
    return this.booking(userId, twin.id);
  }

  async releaseHold(userId: string, id: string): Promise<Booking> {
    const b = await this.store.booking(id);
    if (!b || b.userId !== userId) throw bookingNotFound();
    const now = this.now();
    await this.db.transaction(async (tx) => {
      const moved = await this.store.transition(tx, id, ['BOOKING_UNDER_PROCESS'], 'BOOKING_FAILED', { seatsHeld: false }, now);
      if (!moved) throw conflict('NOT_A_HOLD', 'This booking is not an unpaid hold any more.');
      if (b.seatsHeld) await this.store.giveBackSeats(tx, b.tripId, b.seats, now);
    });
    if (b.seatsHeld) businessMetrics.seats('released', b.seats);
    return this.booking(userId, id);
  }

  /** Lapsed holds everywhere (the server's job; also done per trip before seats are taken). */

  async sweepLapsedHolds(): Promise<number> {
    return this.db.transaction((tx) => this.store.releaseLapsedHolds(tx, this.now(), null));
  }

  /** GET …/cities/:city/premium-passes: the rider's active premium passes and their rides left on a day (India). */

  async premiumPasses(userId: string, city: string, date?: string) {
    await this.catalogue.enabledCity(city);
    const now = this.now();
    const day = date ?? localDate(now, CITY_TIME_ZONE);
    const passes = (await this.passes?.premiumPasses(userId, city, now)) ?? [];
    const out = [];
    for (const p of passes) {
      const used = await this.store.passBookingsOnDay(this.db, p.passId, indiaSlotMs(day, 0), indiaSlotMs(day, 0) + DAY_MS);
      out.push({ ...p, date: day, bookedThatDay: used, ridesLeftThatDay: p.maxTripsPerDay === -1 ? null : Math.max(0, p.maxTripsPerDay - used) });
    }
    return { city, passes: out };
  }

  /** GET …/bookings (booking list), newest first. */

  async bookings(userId: string, city: string | null): Promise<{ bookings: Booking[]; serverTime: number }> {
    const rows = await this.store.bookingsOf(userId, city);
    const cancelled = rows.filter((r) => r.status === 'USER_CANCELLED' || r.status === 'SYSTEM_CANCELLED' || r.prevBookingId);
    if (cancelled.length) await this.refunding.retryRefunds(await this.chainIds(cancelled)).catch(() => 0);
    return { bookings: await this.views.toDtos(rows), serverTime: this.now() };
  }

  /** GET …/bookings/:id (booking trip details): someone else's booking is 404. */

  async booking(userId: string, id: string): Promise<Booking> {
    let b = await this.store.booking(id);
    if (!b || b.userId !== userId) throw bookingNotFound();
    if (b.status === 'USER_CANCELLED' || b.status === 'SYSTEM_CANCELLED' || b.prevBookingId) {
      if ((await this.refunding.retryRefunds(await this.chainIds([b])).catch(() => 0)) > 0) b = (await this.store.booking(id))!;
    }
    return (await this.views.toDtos([b]))[0];
  }

  /** Every booking id of the chains of these bookings (a chain's refunds sit on its paid orders). */

  async chainIds(rows: BookingRow[]): Promise<string[]> {
    const firsts = [...new Set(rows.map((r) => r.firstBookingId))];
    return (await Promise.all(firsts.map((f) => this.store.chain(f)))).flat().map((r) => r.id);
  }

  /** GET …/bookings/:id/actions (reserve-ticket getActions). */

  async actions(userId: string, id: string) {
    const b = await this.booking(userId, id);
    return { bookingId: id, actions: b.actions, cancellation: b.cancellation, popUp: b.popUp };
  }

  async popupShown(userId: string, id: string, kind: 'cancellation' | 'reschedule'): Promise<Booking> {
    const b = await this.store.markPopupShown(userId, id, kind, this.now());
    if (!b) throw bookingNotFound();
    return this.booking(userId, id);
  }

  /** The order as payments sees it: amount, owner, status (null: no such booking). */
}
