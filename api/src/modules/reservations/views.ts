import type { Booking, SeatPassengersInput } from '@sawari/contracts';
import {
  bookingDayLabel,
  bookingLabel,
  cancellationQuote,
  CITY_TIME_ZONE,
  holdSecondsLeft,
  isAc,
  localDate,
  MINUTE_MS,
  popUpFor,
  sumFareLines,
  ticketActions,
  type BookingStatus,
} from '@sawari/domain';
import type { Db } from '../../platform/db';
import type { BookingRow, LineRow } from './store';
import { AFTER_ARRIVAL_MS, Part, type ReservationCore } from './core';
import type { Refunds } from './refunds';

/** The rider-facing views of bookings: booking details, the wallet's items, and what a validator checks. */
export class Views extends Part {
  constructor(
    c: ReservationCore,
    protected readonly refunding: Refunds,
  ) {
    super(c);
  }

  displayStatus(b: BookingRow, arrival: number, now: number): BookingStatus {
    if (b.status === 'PUNCHED' && now >= arrival + AFTER_ARRIVAL_MS) return 'USED';
    if (b.status === 'ACTIVE' && now >= arrival + AFTER_ARRIVAL_MS) return 'EXPIRED';
    if (b.status === 'BOOKING_UNDER_PROCESS' && b.holdExpiresAt != null && now >= b.holdExpiresAt) return 'BOOKING_FAILED';
    return b.status as BookingStatus;
  }

  async toDtos(rows: BookingRow[]): Promise<Booking[]> {
    const now = this.now();
    const trips = await this.store.tripsByIds([...new Set(rows.map((r) => r.tripId))]);
    const lines = new Map<string, LineRow>();
    for (const id of new Set(rows.map((r) => r.lineId))) {
      const l = await this.store.line(id);
      if (l) lines.set(id, l);
    }
    const chainIds = [...new Set(rows.map((r) => r.firstBookingId))];
    const chainById = new Map((await Promise.all(chainIds.map((c) => this.store.chain(c)))).flat().map((r) => [r.id, r]));
    const chainRows = [...chainById.values()];
    const refunds = await this.store.refundsFor([...new Set(chainRows.map((r) => r.id).concat(rows.map((r) => r.id)))]);
    return rows.map((b) => {
      const line = lines.get(b.lineId)!;
      const trip = trips.get(b.tripId);
      const from = line.stops.find((s) => s.stopId === b.fromStopId)!;
      const to = line.stops.find((s) => s.stopId === b.toStopId)!;
      const slot = trip?.startTime ?? 0;
      const boarding = slot + from.offsetMin * MINUTE_MS;
      const arrival = slot + to.offsetMin * MINUTE_MS;
      const status = this.displayStatus(b, arrival, now);
      const first = chainById.get(b.firstBookingId);
      const premium = {
        bookingId: b.id,
        firstBookingId: b.firstBookingId,
        status,
        prevBookingStatus: b.prevBookingStatus,
        tripSlotStartTime: slot,
        expiryTime: arrival + AFTER_ARRIVAL_MS,
        bookingTime: b.createdAt,
        isCancellationPopUpShown: b.cancellationPopupShown,
        isReschedulePopUpShown: b.reschedulePopupShown,
      };
      const chainOrders = chainRows.filter((r) => r.firstBookingId === b.firstBookingId).map((r) => r.id);
      const myRefunds = refunds.filter((r) => chainOrders.includes(r.bookingId) || r.bookingId === b.id);
      const paidNet = this.refunding.chainPaidNet(
        chainRows.filter((r) => r.firstBookingId === b.firstBookingId),
        refunds,
      );
      const quote = cancellationQuote(paidNet, slot, now);
      return {
        bookingId: b.id,
        transactionId: b.id,
        city: b.city,
        product: b.product,
        status,
        label: bookingLabel(status, arrival + AFTER_ARRIVAL_MS, now),
        lineId: line.id,
        lineCode: line.code,
        lineName: line.name,
        busType: line.busType,
        isAc: isAc(line.busType),
        transitRouteId: line.transitRouteId,
        tripId: b.tripId,
        tripStatus: trip?.status ?? 'PLANNED',
        disruption: trip?.disruption ?? null,
        from,
        to,
        passengers: b.passengers,
        seats: b.seats,
        fare: b.fare,
        farePaise: b.farePaise,
        amountPaise: b.amountPaise,
        paidWith: b.paidWith,
        passId: b.passId,
        tripSlotStartTime: slot,
        estimatedStopTime: boarding,
        arrivalTime: arrival,
        vehicleNo: trip?.vehicleNo ?? null,
        holdExpiresAt: b.status === 'BOOKING_UNDER_PROCESS' ? b.holdExpiresAt : null,
        holdSecondsLeft: b.status === 'BOOKING_UNDER_PROCESS' && b.holdExpiresAt != null ? holdSecondsLeft(b.holdExpiresAt, now) : null,
        firstBookingId: b.firstBookingId,
        firstBookingInfo: first && first.id !== b.id ? { bookingId: first.id, tripSlotStartTime: trips.get(first.tripId)?.startTime ?? 0 } : null,
        prevBookingId: b.prevBookingId,
        prevBookingStatus: b.prevBookingStatus,
        isCancellationPopUpShown: b.cancellationPopupShown,
        isReschedulePopUpShown: b.reschedulePopupShown,
        popUp: popUpFor(premium, now),
        actions: ticketActions({ status, slotStart: slot, paidWithPass: b.paidWith === 'PASS' }, now),
        cancellation: { refundPercent: quote.refundPercent, refundPaise: quote.refundPaise, canCancel: quote.canCancel && status === 'ACTIVE' },
        refunds: myRefunds.map((r) => ({
          id: r.id,
          reason: r.reason,
          amountPaise: r.amountPaise,
          status: r.status,
          failureReason: r.failureReason,
          createdAt: r.createdAt,
        })),
        bookingTime: b.createdAt,
        issuedAt: b.issuedAt,
        cancelledAt: b.cancelledAt,
        dayLabel: bookingDayLabel(slot, now),
        serverTime: now,
      };
    });
  }

  /** What the rider has paid for a chain of bookings, net of refunds so far (a pass booking: 0). */

  async validatable(id: string) {
    if (!/^RSV-/.test(id)) return null;
    const b = await this.store.booking(id);
    if (!b) return null;
    const [dto] = await this.toDtos([b]);
    const status = b.status === 'ACTIVE' ? 'ISSUED' : b.status === 'PUNCHED' || b.status === 'USED' ? 'USED' : b.status;
    return {
      transactionId: id,
      kind: 'ticket' as const,
      productType: 'singleJourneyTicket',
      productSubType: 'premiumReserveTicket',
      city: b.city,
      agency: (await this.store.line(b.lineId))?.agency ?? 'MBUS',
      userId: b.userId,
      validFrom: dto.tripSlotStartTime - 30 * MINUTE_MS,
      validUntil: dto.arrivalTime + AFTER_ARRIVAL_MS,
      tripsPerDay: 1,
      activeDurationMin: null,
      status,
      title: `${dto.lineCode}: ${dto.from.name} → ${dto.to.name}`,
      farePaise: b.farePaise,
      bookingTime: b.createdAt,
      details: { seats: b.seats, tripId: b.tripId, slot: dto.tripSlotStartTime, vehicleNo: dto.vehicleNo },
    };
  }

  /** A validator punched the seat (inside the punch's transaction): ACTIVE → PUNCHED (USED once the trip is over). */

  async onPunched(id: string, tx: Db): Promise<void> {
    await this.store.transition(tx, id, ['ACTIVE'], 'PUNCHED', {}, this.now());
  }

  /** The wallet listing's items (spec §3 records): issued seats of the city, newest first. */

  async walletItems(userId: string, city: string) {
    const rows = (await this.store.bookingsOf(userId, city)).filter((b) => b.issuedAt != null);
    return (await this.toDtos(rows)).map((d) => ({
      transactionId: d.bookingId,
      ticketId: d.bookingId,
      configurationId: `reservation-${d.product.toLowerCase()}`,
      productType: 'singleJourneyTicket',
      productSubType: 'premiumReserveTicket',
      city: d.city,
      agency: d.lineCode,
      categoryId: 'seat',
      categoryName: seatsName(d.passengers),
      // who travels as data, so the wallet words it in the rider's language (categoryName is the English fallback)
      passengers: { adult: d.passengers.adult, child: d.passengers.child, senior: d.passengers.senior },
      fmId: d.lineId,
      fare: d.farePaise / 100,
      discountedFare: d.farePaise / 100,
      farePaise: d.farePaise,
      numOfDays: null,
      passStartDate: localDate(d.tripSlotStartTime, CITY_TIME_ZONE),
      startTime: d.tripSlotStartTime - 30 * MINUTE_MS,
      expiryTime: d.arrivalTime + AFTER_ARRIVAL_MS,
      activationExpiryTime: d.arrivalTime + AFTER_ARRIVAL_MS,
      bookingTime: d.bookingTime,
      status: d.status,
      rejectionReason: null,
      maxTripsPerDay: 1,
      numOfTrips: 1,
      activeDuration: null,
      fareInfo: {
        actualFare: d.fare.actualAmount,
        discountedFare: d.fare.payableAmount,
        payableAmount: d.farePaise,
        fareBreakup: sumFareLines(d.fare.passengerDetails.flatMap((g) => g.fareBreakup)),
      },
      isRenewable: false,
      specialFeatures: [d.isAc ? 'AC' : 'non-ac'],
      infoNote: null,
      conditions: CONDITIONS,
      desc: `${d.lineName}, ${d.seats} ${d.seats === 1 ? 'seat' : 'seats'}`,
      routeId: d.lineId,
      routeName: d.lineCode,
      fromStopId: d.from.stopId,
      fromStopName: d.from.name,
      toStopId: d.to.stopId,
      toStopName: d.to.name,
    }));
  }
}

const CONDITIONS = [
  'One reserved seat per passenger on the booked trip only; board at the booked stop.',
  'Cancel up to 60 minutes before the slot for a full refund, up to 15 minutes before for half; no refund after that.',
  'Change the slot (same stops) up to the slot time, at least 5 minutes away from the current one.',
];

const seatsName = (p: SeatPassengersInput): string =>
  (['adult', 'child', 'senior'] as const)
    .filter((c) => p[c] > 0)
    .map((c) => `${{ adult: 'Adult', child: 'Child', senior: 'Senior citizen' }[c]} × ${p[c]}`)
    .join(', ');
