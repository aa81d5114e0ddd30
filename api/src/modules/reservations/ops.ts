import { randomUUID } from 'node:crypto';
import { CITY_TIME_ZONE, DAY_MS, HOLD_MS, indiaSlotMs, localDate } from '@sawari/domain';
import type { Db } from '../../platform/db';
import type { BookingRow } from './store';
import { bad, conflict, Part, type ReservationCore } from './core';
import type { Catalogue } from './catalogue';
import type { Refunds } from './refunds';

/** Operators' decisions: cancel a trip (its bookings refunded in full), move a trip's bookings (those being paid follow), assign a vehicle, the log. */
export class Ops extends Part {
  constructor(
    c: ReservationCore,
    protected readonly catalogue: Catalogue,
    protected readonly refunding: Refunds,
  ) {
    super(c);
  }

  /** `disruption`: the operator's reason (WEATHER, TRAFFIC, BREAKDOWN), said to the rider with the refund and the way on. */
  async systemCancelOne(tx: Db, b: BookingRow, now: number, disruption: string | null = null): Promise<void> {
    const moved = await this.store.transition(tx, b.id, ['ACTIVE', 'PAYMENT_PROCESSING'], 'SYSTEM_CANCELLED', { seatsHeld: false, cancelledAt: now }, now);
    if (!moved) return;
    if (b.seatsHeld) await this.store.giveBackSeats(tx, b.tripId, b.seats, now);
    const chain = await this.refunding.chainIn(tx, b.firstBookingId);
    const paid = this.refunding.chainPaidNet(
      chain,
      await this.refunding.refundsIn(
        tx,
        chain.map((c) => c.id),
      ),
    );
    if (paid > 0) await this.refunding.refundChain(tx, chain, paid, 'SYSTEM_CANCEL', b.id, now);
    await this.tellRider(tx, b, `trip-cancelled:${b.id}`, (at) => ({ kind: 'tripCancelled', ...at, refundPaise: paid, disruption }));
  }

  /** Cancel a trip for a disruption: its bookings SYSTEM_CANCELLED and refunded in full, once each; holds dropped. */

  async opsCancelTrip(actor: string, tripId: string, disruption: string, note: string | null) {
    const now = this.now();
    const { trip } = await this.catalogue.tripFor(tripId);
    const out = await this.db.transaction(async (tx) => {
      const cancelled = await this.store.setTripStatus(tx, trip.id, 'CANCELLED', { disruption, note }, now);
      if (!cancelled) throw conflict('TRIP_NOT_OPEN', `This trip is ${trip.status} already.`);
      const holds = await this.store.tripBookings(tx, trip.id, ['BOOKING_UNDER_PROCESS']);
      for (const h of holds) {
        await this.store.transition(tx, h.id, ['BOOKING_UNDER_PROCESS'], 'BOOKING_FAILED', { seatsHeld: false }, now);
        if (h.seatsHeld) await this.store.giveBackSeats(tx, h.tripId, h.seats, now);
      }
      const active = await this.store.tripBookings(tx, trip.id, ['ACTIVE']);
      for (const b of active) await this.systemCancelOne(tx, b, now, disruption);
      const details = { disruption, note, cancelledBookings: active.map((b) => b.id), droppedHolds: holds.map((h) => h.id) };
      await this.store.logOps(tx, { actor, action: 'CANCEL_TRIP', tripId: trip.id, details }, now);
      return details;
    });
    await this.refunding.retryRefunds();
    return { tripId: trip.id, status: 'CANCELLED', ...out };
  }

  /** Move a trip's confirmed bookings to another trip of the same line: SYSTEM_RESCHEDULED, the pop-up once. */

  async opsMoveBookings(actor: string, tripId: string, toTripId: string) {
    const now = this.now();
    const { line, trip } = await this.catalogue.tripFor(tripId);
    const target = await this.catalogue.tripFor(toTripId);
    if (target.line.id !== line.id) throw bad('NOT_SAME_LINE', 'Bookings move to another trip of the same line.');
    if (toTripId === tripId) throw bad('SAME_TRIP', 'Choose another trip.');
    const moved = await this.db.transaction(async (tx) => {
      const active = await this.store.tripBookings(tx, trip.id, ['ACTIVE']);
      // bookings still being paid (or a declined payment the rider may retry) follow the trip: same order, new trip
      const paying = await this.store.tripBookings(tx, trip.id, ['BOOKING_UNDER_PROCESS', 'PAYMENT_PROCESSING', 'PAYMENT_FAILED']);
      const held = paying.filter((b) => b.seatsHeld);
      const seats = [...active, ...held].reduce((s, b) => s + b.seats, 0);
      if (seats > 0 && !(await this.store.takeSeats(tx, toTripId, seats, now))) throw this.catalogue.noSeats(await this.store.trip(toTripId, tx), seats, now);
      const pairs: { from: string; to: string }[] = [];
      for (const b of paying) {
        await this.store.transition(tx, b.id, [b.status], b.status, { tripId: toTripId }, now);
        if (b.seatsHeld) await this.store.giveBackSeats(tx, b.tripId, b.seats, now);
      }
      for (const b of active) {
        const newId = `RSV-${randomUUID()}`;
        await this.store.insertBooking(tx, {
          id: newId,
          userId: b.userId,
          tripId: toTripId,
          lineId: b.lineId,
          city: b.city,
          product: b.product,
          fromStopId: b.fromStopId,
          toStopId: b.toStopId,
          passengers: b.passengers,
          seats: b.seats,
          fare: b.fare,
          farePaise: b.farePaise,
          amountPaise: 0,
          status: 'BOOKING_UNDER_PROCESS',
          seatsHeld: true,
          holdExpiresAt: now + HOLD_MS,
          firstBookingId: b.firstBookingId,
          prevBookingId: b.id,
          prevBookingStatus: 'SYSTEM_RESCHEDULED',
          paidWith: b.paidWith === 'PASS' ? 'PASS' : 'RESCHEDULE',
          passId: b.passId,
          createdAt: now,
          issuedAt: null,
        });
        // a ₹0 order issued through payments (issue retires the old booking and gives its seats back)
        await this.payments().issueFree(newId, tx);
        pairs.push({ from: b.id, to: newId });
        await this.tellRider(tx, { ...b, tripId: toTripId }, `trip-moved:${b.id}`, (at) => ({ kind: 'tripMoved', ...at }));
      }
      await this.store.logOps(
        tx,
        { actor, action: 'MOVE_BOOKINGS', tripId: trip.id, details: { toTripId, moved: pairs, movedUnpaid: paying.map((b) => b.id) } },
        now,
      );
      return pairs;
    });
    return { tripId, toTripId, moved };
  }

  async opsAssignVehicle(actor: string, tripId: string, vehicleNo: string) {
    const now = this.now();
    const { trip } = await this.catalogue.tripFor(tripId);
    const updated = await this.db.transaction(async (tx) => {
      const t = await this.store.setVehicle(tx, trip.id, vehicleNo, now);
      if (vehicleNo !== trip.vehicleNo)
        for (const b of await this.store.tripBookings(tx, trip.id, ['ACTIVE']))
          await this.tellRider(tx, b, `vehicle:${b.id}:${vehicleNo}`, (at) => ({ kind: 'vehicleChanged', ...at, vehicleNo }));
      await this.store.logOps(tx, { actor, action: 'ASSIGN_VEHICLE', tripId: trip.id, details: { vehicleNo, previous: trip.vehicleNo } }, now);
      return t!;
    });
    return { tripId, vehicleNo: updated.vehicleNo, status: updated.status };
  }

  /** Operators' view: a line's trips on a date with seats taken and the decision log. */

  async opsTrips(lineId: string, date?: string) {
    const line = await this.catalogue.activeLine(lineId);
    const now = this.now();
    const day = date ?? localDate(now, CITY_TIME_ZONE);
    const deps = this.catalogue.departures(line, indiaSlotMs(day, 0), indiaSlotMs(day, 0) + DAY_MS);
    await this.store.ensureTrips(line, deps, now);
    const trips = await this.store.trips(line.id, indiaSlotMs(day, 0), indiaSlotMs(day, 0) + DAY_MS);
    return {
      lineId,
      date: day,
      trips: await Promise.all(trips.map(async (t) => ({ ...t, seatsLeft: t.capacity - t.seatsTaken, log: await this.store.opsLog(t.id) }))),
    };
  }
}
