import { randomUUID } from 'node:crypto';
import type {
  Booking,
  HoldRequest,
  ReservationFareRequest,
  ReservationLine,
  ReservationStop,
  SeatPassengersInput,
  StopPair,
  TripSlot,
} from '@sawari/contracts';
import {
  aggregateFares,
  bookingDayLabel,
  bookingLabel,
  canRebook,
  cancellationQuote,
  checkSeatRequest,
  CITY_TIME_ZONE,
  DAY_MS,
  HOLD_MS,
  holdSecondsLeft,
  indiaSlotMs,
  isAc,
  localDate,
  MINUTE_MS,
  popUpFor,
  seatAvailability,
  seatCount,
  seatFare,
  isPeakSlot,
  slotFares,
  slotMinutes,
  ticketActions,
  type BookingStatus,
  type CategoryFares,
  formatPaise,
} from '@sawari/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { ApiError } from '../../platform/errors';
import { ReservationStore, type BookingRow, type LineRow, type RefundRow, type TripRow } from './store';
import { businessMetrics } from '../../platform/metrics';

const bad = (code: string, message: string) => new ApiError(400, code, message);
const conflict = (code: string, message: string) => new ApiError(409, code, message);
const bookingNotFound = () => new ApiError(404, 'BOOKING_NOT_FOUND', 'There is no such booking.');

/** Statuses whose booking owns seats on its trip; after the ride ends they stay as history. */
const LIVE = ['ACTIVE', 'PUNCHED'];
/** A booking's trip is over (for listing: ACTIVE → expired label, PUNCHED → USED) an hour after its arrival. */
const AFTER_ARRIVAL_MS = 60 * MINUTE_MS;

/** How a refund is handed to the payments module (payment-port.ts adapts the payments refund API). */
export interface RefundOutcome {
  status: 'PENDING' | 'SUCCESS' | 'FAILED';
  paymentsRefundId: string | null;
  failureReason: string | null;
}
export interface RefundPort {
  /** Asks for the refund of `amountPaise` of the order's payment, once per `refundId` (a repeat answers the first). */
  refund(req: { orderId: string; amountPaise: number; refundId: string; reason: string }): Promise<RefundOutcome>;
  /** A pending refund's current outcome. */
  status(paymentsRefundId: string): Promise<RefundOutcome>;
  /**
   * Issues a ₹0 booking (a pass holder's seat, a change of slot that costs nothing more, an operator's move) through
   * payments' issueFree, inside the caller's transaction `db`: payments records its order and asks `usable` first.
   */
  issueFree(orderId: string, db: Db): Promise<void>;
}

/** A hold's idempotency key was taken by a twin request meanwhile: the hold's transaction rolls back. */
class KeyTaken extends Error {}

/** A rider's premium pass as the passes module answers it (premiumTicketPurchaseUsingPass). */
export interface PremiumPass {
  passId: string;
  city: string;
  name: string;
  maxTripsPerDay: number;
  validUntil: number;
}
export interface PremiumPassSource {
  /** The rider's active premium pass with this id, else null (someone else's, expired, not PREMIUM). */
  premiumPass(userId: string, passId: string, now: number): Promise<PremiumPass | null>;
  premiumPasses(userId: string, city: string, now: number): Promise<PremiumPass[]>;
}

/** `<lineId>.<YYYYMMDDHHMM>` (India time) ⇄ the line and the departure. */
export function tripIdOf(lineId: string, startTime: number): string {
  const ymd = localDate(startTime, CITY_TIME_ZONE);
  const mins = Math.round((startTime - indiaSlotMs(ymd, 0)) / MINUTE_MS);
  return `${lineId}.${ymd}${String(Math.floor(mins / 60)).padStart(2, '0')}${String(mins % 60).padStart(2, '0')}`;
}
export function parseTripId(tripId: string): { lineId: string; startTime: number } | null {
  const m = /^(.+)\.(\d{8})(\d{2})(\d{2})$/.exec(tripId);
  if (!m) return null;
  const [h, min] = [Number(m[3]), Number(m[4])];
  if (h > 23 || min > 59) return null;
  return { lineId: m[1], startTime: indiaSlotMs(m[2], h * 60 + min) };
}

/**
 * The seat-inventory engine for premium buses, the airport express and event trips (docs/reservations.md): lines,
 * trips made on demand from each line's schedule, 10-minute holds, bookings, cancellation and rescheduling with
 * refunds through payments, system disruptions by operators, and the hooks payments and validation call.
 * Never oversold: seats are taken by one conditional UPDATE on the trip inside the transaction that writes the booking.
 */
export class ReservationService {
  readonly store: ReservationStore;
  private refunds: RefundPort | null = null;
  private passes: PremiumPassSource | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {
    this.store = new ReservationStore(db);
  }

  /** Payments' refund and free-issue API (set by the composition root once both modules exist). */
  useRefunds(port: RefundPort): void {
    this.refunds = port;
  }
  private payments(): RefundPort {
    if (!this.refunds) throw new Error('reservations: payments are not wired (useRefunds)');
    return this.refunds;
  }
  usePasses(source: PremiumPassSource): void {
    this.passes = source;
  }

  // --- catalogue --------------------------------------------------------------------------------------------------

  private async enabledCity(city: string): Promise<void> {
    const on = await this.store.premiumEnabled(city);
    if (on === null) throw new ApiError(404, 'CITY_NOT_FOUND', `There is no city "${city}".`);
    if (!on) throw new ApiError(403, 'RESERVATIONS_NOT_ENABLED', 'Reserved seats are not sold in this city.');
  }

  private lineDto(l: LineRow): ReservationLine {
    const all = l.fares.map((f) => f.fares.adult).filter((v): v is number => typeof v === 'number');
    return {
      id: l.id,
      city: l.city,
      product: l.product,
      code: l.code,
      name: l.name,
      busType: l.busType,
      isAc: isAc(l.busType),
      agency: l.agency,
      capacity: l.capacity,
      description: l.description,
      stops: l.stops,
      fromPaise: all.length ? Math.min(...all) : 0,
      transitRouteId: l.transitRouteId,
    };
  }

  private async activeLine(lineId: string): Promise<LineRow> {
    const line = await this.store.line(lineId);
    if (!line || !line.isActive) throw new ApiError(404, 'LINE_NOT_FOUND', `There is no line "${lineId}".`);
    return line;
  }

  /** The fares of a stop pair on a line, or a 400 naming what is wrong. */
  private pairOf(
    line: LineRow,
    fromStopId: string,
    toStopId: string,
    slotStart?: number,
  ): { from: ReservationStop; to: ReservationStop; fares: CategoryFares } {
    if (fromStopId === toStopId) throw bad('SAME_STOP', 'The boarding stop and the drop stop are the same. Choose where you get off.');
    const fi = line.stops.findIndex((s) => s.stopId === fromStopId);
    const ti = line.stops.findIndex((s) => s.stopId === toStopId);
    if (fi < 0) throw bad('STOP_NOT_ON_LINE', `${line.name} does not stop at "${fromStopId}".`);
    if (ti < 0) throw bad('STOP_NOT_ON_LINE', `${line.name} does not stop at "${toStopId}".`);
    if (ti < fi) throw bad('WRONG_DIRECTION', `${line.name} does not go from ${line.stops[fi].name} to ${line.stops[ti].name} in that order.`);
    const fare = line.fares.find((f) => f.fromStopId === fromStopId && f.toStopId === toStopId);
    if (!fare) throw bad('PAIR_NOT_SOLD', `Seats from ${line.stops[fi].name} to ${line.stops[ti].name} are not sold on ${line.name}.`);
    const peak = line.schedule.kind === 'headway' ? line.schedule.peak : null;
    return { from: line.stops[fi], to: line.stops[ti], fares: slotStart === undefined ? fare.fares : slotFares(fare.fares, peak, slotStart) };
  }

  /** GET …/lines */
  async lines(city: string, product?: string): Promise<{ city: string; lines: ReservationLine[] }> {
    await this.enabledCity(city);
    return { city, lines: (await this.store.lines(city, product)).map((l) => this.lineDto(l)) };
  }

  /** GET …/stop-pairs (stop-pair search): every sold pair of the product, filtered by either stop. */
  async stopPairs(city: string, q: { product: string; fromStopId?: string; toStopId?: string }): Promise<{ city: string; pairs: StopPair[] }> {
    await this.enabledCity(city);
    const pairs: StopPair[] = [];
    for (const line of await this.store.lines(city, q.product)) {
      const dto = this.lineDto(line);
      for (const f of line.fares) {
        if ((q.fromStopId && f.fromStopId !== q.fromStopId) || (q.toStopId && f.toStopId !== q.toStopId)) continue;
        const from = line.stops.find((s) => s.stopId === f.fromStopId);
        const to = line.stops.find((s) => s.stopId === f.toStopId);
        if (from && to) pairs.push({ line: dto, from, to, fares: f.fares });
      }
    }
    return { city, pairs };
  }

  /** The line's departures in [fromMs, toMs), from its schedule, with their trip ids. */
  private departures(line: LineRow, fromMs: number, toMs: number): { id: string; startTime: number }[] {
    const out: { id: string; startTime: number }[] = [];
    const s = line.schedule;
    if (s.kind === 'dates') {
      for (const d of s.departures) {
        const t = indiaSlotMs(d.slice(0, 8), Number(d.slice(8, 10)) * 60 + Number(d.slice(10, 12)));
        if (t >= fromMs && t < toMs) out.push({ id: tripIdOf(line.id, t), startTime: t });
      }
      return out.sort((a, b) => a.startTime - b.startTime);
    }
    for (let day = localDate(fromMs, CITY_TIME_ZONE); indiaSlotMs(day, 0) < toMs; day = localDate(indiaSlotMs(day, 0) + DAY_MS + 60_000, CITY_TIME_ZONE)) {
      const weekday = new Date(indiaSlotMs(day, 0) + 330 * MINUTE_MS).getUTCDay();
      if (!s.weekdays.includes(weekday)) continue;
      for (const m of slotMinutes(s.firstMin, s.lastMin, s.headwayMin)) {
        const t = indiaSlotMs(day, m);
        if (t >= fromMs && t < toMs) out.push({ id: tripIdOf(line.id, t), startTime: t });
      }
    }
    return out;
  }

  /** A trip by id: the schedule must have it (made on first use), within the line's sale horizon. */
  private async tripFor(tripId: string): Promise<{ line: LineRow; trip: TripRow }> {
    const parsed = parseTripId(tripId);
    const unknown = () => new ApiError(404, 'TRIP_NOT_FOUND', `There is no trip "${tripId}".`);
    if (!parsed) throw unknown();
    const line = await this.store.line(parsed.lineId);
    if (!line || !line.isActive) throw unknown();
    let trip = await this.store.trip(tripId);
    if (!trip) {
      const scheduled = this.departures(line, parsed.startTime, parsed.startTime + 1).find((d) => d.id === tripId);
      if (!scheduled) throw unknown();
      await this.store.ensureTrips(line, [scheduled], this.now());
      trip = await this.store.trip(tripId);
      if (!trip) throw unknown();
    }
    return { line, trip };
  }

  private slotOf(line: LineRow, trip: TripRow, from: ReservationStop, to: ReservationStop, now: number): TripSlot {
    const peak = line.schedule.kind === 'headway' ? line.schedule.peak : null;
    const pair = line.fares.find((f) => f.fromStopId === from.stopId && f.toStopId === to.stopId);
    const seatsLeft = trip.capacity - trip.seatsTaken;
    const bookable = trip.status === 'PLANNED' && trip.startTime > now && seatsLeft > 0 && trip.startTime <= now + line.horizonDays * DAY_MS;
    return {
      tripId: trip.id,
      lineId: line.id,
      startTime: trip.startTime,
      boardingTime: trip.startTime + from.offsetMin * MINUTE_MS,
      arrivalTime: trip.startTime + to.offsetMin * MINUTE_MS,
      seatsLeft: Math.max(0, seatsLeft),
      capacity: trip.capacity,
      availability: trip.status === 'PLANNED' ? seatAvailability(seatsLeft) : 'SOLD_OUT',
      status: trip.status,
      dayLabel: bookingDayLabel(trip.startTime, now),
      bookable,
      adultPaise: pair ? (slotFares(pair.fares, peak, trip.startTime).adult ?? null) : null,
      peak: isPeakSlot(peak, trip.startTime),
    };
  }

  /** GET …/slots (trip slots): the line's departures on a date (India; default today) that have not left yet. */
  async slots(
    city: string,
    q: { lineId: string; fromStopId: string; toStopId: string; date?: string },
  ): Promise<{ city: string; date: string; line: ReservationLine; from: ReservationStop; to: ReservationStop; fares: CategoryFares; slots: TripSlot[] }> {
    await this.enabledCity(city);
    const line = await this.activeLine(q.lineId);
    if (line.city !== city) throw new ApiError(404, 'LINE_NOT_FOUND', `There is no line "${q.lineId}" in this city.`);
    const { from, to, fares } = this.pairOf(line, q.fromStopId, q.toStopId);
    const now = this.now();
    const date = q.date ?? localDate(now, CITY_TIME_ZONE);
    const dayStart = indiaSlotMs(date, 0);
    const fromMs = Math.max(dayStart, now + 1);
    const toMs = Math.min(dayStart + DAY_MS, now + line.horizonDays * DAY_MS);
    const deps = fromMs < toMs ? this.departures(line, fromMs, toMs) : [];
    await this.store.ensureTrips(line, deps, now);
    const trips = deps.length ? await this.store.trips(line.id, fromMs, toMs) : [];
    return { city, date, line: this.lineDto(line), from, to, fares, slots: trips.map((t) => this.slotOf(line, t, from, to, now)) };
  }

  /** The next bookable slot days of a line (event trips: their dates), at most 14. */
  async slotDays(city: string, lineId: string): Promise<{ city: string; lineId: string; days: string[] }> {
    await this.enabledCity(city);
    const line = await this.activeLine(lineId);
    const now = this.now();
    const days = [...new Set(this.departures(line, now, now + line.horizonDays * DAY_MS).map((d) => localDate(d.startTime, CITY_TIME_ZONE)))].slice(0, 14);
    return { city, lineId, days };
  }

  /** GET /api/reservations/v1/trips/:tripId/seat-availability?mode=2 */
  async seatAvailability(tripId: string) {
    const { trip } = await this.tripFor(tripId);
    const seatsLeft = Math.max(0, trip.capacity - trip.seatsTaken);
    return {
      tripId,
      mode: 2,
      startTime: trip.startTime,
      capacity: trip.capacity,
      seatsLeft,
      status: trip.status,
      availability: trip.status === 'PLANNED' ? seatAvailability(seatsLeft) : 'SOLD_OUT',
    };
  }

  /** POST /api/reservations/v1/fare: the fare of one option, or several aggregated (spec §4). */
  async fare(req: ReservationFareRequest) {
    const results = [];
    for (const [i, o] of req.options.entries()) {
      const { line, trip } = await this.tripFor(o.tripId);
      const { fares } = this.pairOf(line, o.fromStopId, o.toStopId, trip.startTime);
      const err = checkSeatRequest(req.passengers, fares);
      if (err) throw this.seatError(err, req.options.length > 1 ? `Option ${i + 1}: ` : '');
      results.push(seatFare(fares, req.passengers, trip.capacity - trip.seatsTaken));
    }
    const agg = aggregateFares(results)!;
    const payableAmount = agg.passengerDetails.reduce((s, g) => s + g.payableAmount, 0);
    const actualAmount = agg.passengerDetails.reduce((s, g) => s + g.actualAmount, 0);
    return { ...agg, payableAmount, actualAmount, options: results };
  }

  private seatError(err: string, prefix = ''): ApiError {
    if (err === 'NO_PASSENGERS') return bad('NO_PASSENGERS', `${prefix}Choose at least one passenger.`);
    if (err === 'TOO_MANY_PASSENGERS') return bad('TOO_MANY_PASSENGERS', `${prefix}One booking is for at most 6 seats.`);
    return bad('CATEGORY_NOT_SOLD', `${prefix}This trip does not sell seats for that passenger category.`);
  }

  // --- holds and bookings -------------------------------------------------------------------------------------------

  /**
   * POST /api/reservations/v1/bookings: holds the seats for 10 minutes at the fare the rider saw (409 FARE_CHANGED
   * otherwise). The seats and the booking are written in one transaction; lapsed holds on the trip are released first.
   * A booking paid with a premium pass costs ₹0 and is issued at once (the pass's daily limit holds).
   */
  async hold(userId: string, req: HoldRequest, orderKey?: string): Promise<Booking> {
    if (orderKey) {
      const twin = await this.store.bookingByKey(userId, orderKey);
      if (twin) return this.twinOf(userId, twin, req);
    }
    const { line, trip } = await this.tripFor(req.tripId);
    await this.enabledCity(line.city);
    const { fares } = this.pairOf(line, req.fromStopId, req.toStopId, trip.startTime);
    const err = checkSeatRequest(req.passengers, fares);
    if (err) throw this.seatError(err);
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
        if (!taken) throw this.noSeats(await this.store.trip(trip.id, tx), seats, now);
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
  private async twinOf(userId: string, twin: BookingRow, req: HoldRequest): Promise<Booking> {
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

  private noSeats(trip: TripRow | null, seats: number, now: number): ApiError {
    if (!trip || trip.status === 'CANCELLED') return conflict('TRIP_CANCELLED', 'This trip has been cancelled. Choose another slot.');
    if (trip.status !== 'PLANNED' || trip.startTime <= now) return conflict('TRIP_CLOSED', 'This trip has left or is no longer sold. Choose another slot.');
    const left = trip.capacity - trip.seatsTaken;
    if (left <= 0) return conflict('SOLD_OUT', 'This trip is sold out. Choose another slot.');
    return conflict('NOT_ENOUGH_SEATS', `Only ${left} ${left === 1 ? 'seat is' : 'seats are'} left on this trip; you asked for ${seats}.`);
  }

  /** DELETE …/bookings/:id/hold: the rider backs out of an unpaid hold; its seats go back at once. */
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
    await this.enabledCity(city);
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
    if (cancelled.length) await this.retryRefunds(await this.chainIds(cancelled)).catch(() => 0);
    return { bookings: await this.toDtos(rows), serverTime: this.now() };
  }

  /** GET …/bookings/:id (booking trip details): someone else's booking is 404. */
  async booking(userId: string, id: string): Promise<Booking> {
    let b = await this.store.booking(id);
    if (!b || b.userId !== userId) throw bookingNotFound();
    if (b.status === 'USER_CANCELLED' || b.status === 'SYSTEM_CANCELLED' || b.prevBookingId) {
      if ((await this.retryRefunds(await this.chainIds([b])).catch(() => 0)) > 0) b = (await this.store.booking(id))!;
    }
    return (await this.toDtos([b]))[0];
  }

  /** Every booking id of the chains of these bookings (a chain's refunds sit on its paid orders). */
  private async chainIds(rows: BookingRow[]): Promise<string[]> {
    const firsts = [...new Set(rows.map((r) => r.firstBookingId))];
    return (await Promise.all(firsts.map((f) => this.store.chain(f)))).flat().map((r) => r.id);
  }

  /** GET …/bookings/:id/actions (reserve-ticket getActions). */
  async actions(userId: string, id: string) {
    const b = await this.booking(userId, id);
    return { bookingId: id, actions: b.actions, cancellation: b.cancellation, popUp: b.popUp };
  }

  private displayStatus(b: BookingRow, arrival: number, now: number): BookingStatus {
    if (b.status === 'PUNCHED' && now >= arrival + AFTER_ARRIVAL_MS) return 'USED';
    if (b.status === 'ACTIVE' && now >= arrival + AFTER_ARRIVAL_MS) return 'EXPIRED';
    if (b.status === 'BOOKING_UNDER_PROCESS' && b.holdExpiresAt != null && now >= b.holdExpiresAt) return 'BOOKING_FAILED';
    return b.status as BookingStatus;
  }

  private async toDtos(rows: BookingRow[]): Promise<Booking[]> {
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
      const paidNet = this.chainPaidNet(
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
  private chainPaidNet(chain: BookingRow[], refunds: RefundRow[]): number {
    const paid = chain.filter((r) => r.issuedAt != null).reduce((s, r) => s + r.amountPaise, 0);
    const back = refunds.filter((r) => chain.some((c) => c.id === r.bookingId) && r.status !== 'FAILED').reduce((s, r) => s + r.amountPaise, 0);
    return Math.max(0, paid - back);
  }

  /**
   * Records refunds of `amountPaise` over the paid orders of a chain, newest order first, each up to what it paid and
   * has not had back; one refund per order and reason (UNIQUE), so a retried cancellation refunds nothing twice.
   */
  private async refundChain(tx: Db, chain: BookingRow[], amountPaise: number, reason: string, causeBookingId: string, now: number): Promise<void> {
    let left = amountPaise;
    const refunds = await this.refundsIn(
      tx,
      chain.map((c) => c.id),
    );
    const byId = new Map(chain.map((c) => [c.id, c]));
    const depth = (c: BookingRow, n = 0): number => (c.prevBookingId && byId.has(c.prevBookingId) && n < 100 ? depth(byId.get(c.prevBookingId)!, n + 1) : n);
    // newest order of the chain first: by its place in the chain (creation times may tie)
    for (const order of [...chain].filter((c) => c.issuedAt != null && c.amountPaise > 0).sort((a, b) => depth(b) - depth(a) || b.createdAt - a.createdAt)) {
      if (left <= 0) break;
      const back = refunds.filter((r) => r.bookingId === order.id && r.status !== 'FAILED').reduce((s, r) => s + r.amountPaise, 0);
      const amount = Math.min(left, order.amountPaise - back);
      if (amount <= 0) continue;
      const r = await this.store.insertRefund(tx, { id: `RFD-${randomUUID()}`, bookingId: order.id, reason, causeBookingId, amountPaise: amount }, now);
      if (r) left -= amount;
    }
  }

  private async refundsIn(tx: Db, ids: string[]): Promise<RefundRow[]> {
    if (!ids.length) return [];
    const r = await tx.query<Record<string, unknown>>(
      'SELECT id, booking_id, amount_paise, status FROM reservation_refunds WHERE booking_id = ANY($1::text[])',
      [ids],
    );
    return r.rows.map((x) => ({
      id: x.id as string,
      bookingId: x.booking_id as string,
      reason: '',
      amountPaise: Number(x.amount_paise),
      status: x.status as RefundRow['status'],
      paymentsRefundId: null,
      failureReason: null,
      createdAt: 0,
    }));
  }

  /**
   * Hands recorded refunds to payments (after the transaction that recorded them). A refund the port answers is
   * PENDING, SUCCESS or FAILED; one it cannot reach stays REQUESTED and is retried by `retryRefunds` (the payments
   * side is idempotent on the refund id, so a lost answer retried refunds once).
   */
  async retryRefunds(bookingIds: string[] | null = null): Promise<number> {
    if (!this.refunds) return 0;
    let done = 0;
    for (const r of await this.store.openRefunds(100, bookingIds)) {
      try {
        const out =
          r.status === 'PENDING' && r.paymentsRefundId
            ? await this.refunds.status(r.paymentsRefundId)
            : await this.refunds.refund({ orderId: r.bookingId, amountPaise: r.amountPaise, refundId: r.id, reason: r.reason });
        await this.store.updateRefund(r.id, out.status, { paymentsRefundId: out.paymentsRefundId, failureReason: out.failureReason }, this.now());
        done += 1;
      } catch {
        // unreachable or refused for now: stays REQUESTED, retried on the next run
      }
    }
    return done;
  }

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
      const chain = await this.chainIn(tx, b.firstBookingId);
      const paid = this.chainPaidNet(
        chain,
        await this.refundsIn(
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
      if (quote.refundPaise > 0) await this.refundChain(tx, chain, quote.refundPaise, 'USER_CANCEL', id, now);
    });
    await this.retryRefunds();
    return this.booking(userId, id);
  }

  private async chainIn(tx: Db, firstBookingId: string): Promise<BookingRow[]> {
    const ids = (await tx.query<{ id: string }>('SELECT id FROM reservation_bookings WHERE first_booking_id = $1', [firstBookingId])).rows.map((r) => r.id);
    const out: BookingRow[] = [];
    for (const cid of ids) out.push((await this.store.booking(cid, tx))!);
    return out;
  }

  /**
   * POST …/bookings/:id/reschedule (RESCHEDULE_RIDE): another slot of the same stop pair, within the rebook rule. The
   * fare difference: more → a new order of the difference, paid through the checkout (the old booking stays ACTIVE
   * until it is paid); the same or less → done at once, the difference refunded. The old booking becomes
   * USER_RESCHEDULED; the chain keeps firstBookingId.
   */
  async reschedule(userId: string, id: string, req: { tripId: string; farePaise: number }): Promise<Booking> {
    const old = await this.store.booking(id);
    if (!old || old.userId !== userId) throw bookingNotFound();
    const { line, trip } = await this.tripFor(req.tripId);
    if (line.id !== old.lineId && !line.fares.some((f) => f.fromStopId === old.fromStopId && f.toStopId === old.toStopId))
      throw bad('NOT_SAME_PAIR', 'Choose a slot of the same trip (same boarding and drop stops).');
    const { fares } = this.pairOf(line, old.fromStopId, old.toStopId, trip.startTime);
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
      if (!taken) throw this.noSeats(await this.store.trip(trip.id, tx), old.seats, now);
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
    await this.retryRefunds();
    return this.booking(userId, newId);
  }

  /** POST …/bookings/:id/popups: the rider saw the pop-up; it is not shown again. */
  async popupShown(userId: string, id: string, kind: 'cancellation' | 'reschedule'): Promise<Booking> {
    const b = await this.store.markPopupShown(userId, id, kind, this.now());
    if (!b) throw bookingNotFound();
    return this.booking(userId, id);
  }

  // --- payments' order kind (payment-port.ts) -------------------------------------------------------------------

  /** The order as payments sees it: amount, owner, status (null: no such booking). */
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
      if (!taken) throw this.noSeats(await this.store.trip(b.tripId, db), b.seats, now);
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
      if (back > 0) await this.refundChain(db, await this.chainIn(db, b.firstBookingId), back, 'FARE_DIFFERENCE', id, now);
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

  // --- validation (validation-port.ts) and wallet -----------------------------------------------------------------

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
        fareBreakup: d.fare.passengerDetails.flatMap((g) => g.fareBreakup),
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

  // --- operators ------------------------------------------------------------------------------------------------------

  private async systemCancelOne(tx: Db, b: BookingRow, now: number): Promise<void> {
    const moved = await this.store.transition(tx, b.id, ['ACTIVE', 'PAYMENT_PROCESSING'], 'SYSTEM_CANCELLED', { seatsHeld: false, cancelledAt: now }, now);
    if (!moved) return;
    if (b.seatsHeld) await this.store.giveBackSeats(tx, b.tripId, b.seats, now);
    const chain = await this.chainIn(tx, b.firstBookingId);
    const paid = this.chainPaidNet(
      chain,
      await this.refundsIn(
        tx,
        chain.map((c) => c.id),
      ),
    );
    if (paid > 0) await this.refundChain(tx, chain, paid, 'SYSTEM_CANCEL', b.id, now);
  }

  /** Cancel a trip for a disruption: its bookings SYSTEM_CANCELLED and refunded in full, once each; holds dropped. */
  async opsCancelTrip(actor: string, tripId: string, disruption: string, note: string | null) {
    const now = this.now();
    const { trip } = await this.tripFor(tripId);
    const out = await this.db.transaction(async (tx) => {
      const cancelled = await this.store.setTripStatus(tx, trip.id, 'CANCELLED', { disruption, note }, now);
      if (!cancelled) throw conflict('TRIP_NOT_OPEN', `This trip is ${trip.status} already.`);
      const holds = await this.store.tripBookings(tx, trip.id, ['BOOKING_UNDER_PROCESS']);
      for (const h of holds) {
        await this.store.transition(tx, h.id, ['BOOKING_UNDER_PROCESS'], 'BOOKING_FAILED', { seatsHeld: false }, now);
        if (h.seatsHeld) await this.store.giveBackSeats(tx, h.tripId, h.seats, now);
      }
      const active = await this.store.tripBookings(tx, trip.id, ['ACTIVE']);
      for (const b of active) await this.systemCancelOne(tx, b, now);
      const details = { disruption, note, cancelledBookings: active.map((b) => b.id), droppedHolds: holds.map((h) => h.id) };
      await this.store.logOps(tx, { actor, action: 'CANCEL_TRIP', tripId: trip.id, details }, now);
      return details;
    });
    await this.retryRefunds();
    return { tripId: trip.id, status: 'CANCELLED', ...out };
  }

  /** Move a trip's confirmed bookings to another trip of the same line: SYSTEM_RESCHEDULED, the pop-up once. */
  async opsMoveBookings(actor: string, tripId: string, toTripId: string) {
    const now = this.now();
    const { line, trip } = await this.tripFor(tripId);
    const target = await this.tripFor(toTripId);
    if (target.line.id !== line.id) throw bad('NOT_SAME_LINE', 'Bookings move to another trip of the same line.');
    if (toTripId === tripId) throw bad('SAME_TRIP', 'Choose another trip.');
    const moved = await this.db.transaction(async (tx) => {
      const active = await this.store.tripBookings(tx, trip.id, ['ACTIVE']);
      // bookings still being paid (or a declined payment the rider may retry) follow the trip: same order, new trip
      const paying = await this.store.tripBookings(tx, trip.id, ['BOOKING_UNDER_PROCESS', 'PAYMENT_PROCESSING', 'PAYMENT_FAILED']);
      const held = paying.filter((b) => b.seatsHeld);
      const seats = [...active, ...held].reduce((s, b) => s + b.seats, 0);
      if (seats > 0 && !(await this.store.takeSeats(tx, toTripId, seats, now))) throw this.noSeats(await this.store.trip(toTripId, tx), seats, now);
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
    const { trip } = await this.tripFor(tripId);
    const updated = await this.db.transaction(async (tx) => {
      const t = await this.store.setVehicle(tx, trip.id, vehicleNo, now);
      await this.store.logOps(tx, { actor, action: 'ASSIGN_VEHICLE', tripId: trip.id, details: { vehicleNo, previous: trip.vehicleNo } }, now);
      return t!;
    });
    return { tripId, vehicleNo: updated.vehicleNo, status: updated.status };
  }

  /** Operators' view: a line's trips on a date with seats taken and the decision log. */
  async opsTrips(lineId: string, date?: string) {
    const line = await this.activeLine(lineId);
    const now = this.now();
    const day = date ?? localDate(now, CITY_TIME_ZONE);
    const deps = this.departures(line, indiaSlotMs(day, 0), indiaSlotMs(day, 0) + DAY_MS);
    await this.store.ensureTrips(line, deps, now);
    const trips = await this.store.trips(line.id, indiaSlotMs(day, 0), indiaSlotMs(day, 0) + DAY_MS);
    return {
      lineId,
      date: day,
      trips: await Promise.all(trips.map(async (t) => ({ ...t, seatsLeft: t.capacity - t.seatsTaken, log: await this.store.opsLog(t.id) }))),
    };
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
