import type { ReservationFareRequest, ReservationLine, ReservationStop, StopPair, TripSlot } from '@sawari/contracts';
import {
  aggregateFares,
  bookingDayLabel,
  checkSeatRequest,
  CITY_TIME_ZONE,
  DAY_MS,
  indiaSlotMs,
  isAc,
  localDate,
  MINUTE_MS,
  seatAvailability,
  seatFare,
  isPeakSlot,
  slotFares,
  slotMinutes,
  type CategoryFares,
  cityWallClock,
} from '@sawari/domain';
import { ApiError } from '../../platform/errors';
import type { LineRow, TripRow } from './store';
import { bad, conflict, Part, tripIdOf, parseTripId } from './core';
import { lineTranslations } from './line-i18n';

/** The catalogue and fares: lines, stop pairs, departures from each line's schedule (trips made on first use), slots, seat availability, fares. */
export class Catalogue extends Part {
  async enabledCity(city: string): Promise<void> {
    const on = await this.store.premiumEnabled(city);
    if (on === null) throw new ApiError(404, 'CITY_NOT_FOUND', `There is no city "${city}".`);
    if (!on) throw new ApiError(403, 'RESERVATIONS_NOT_ENABLED', 'Reserved seats are not sold in this city.');
  }

  lineDto(l: LineRow): ReservationLine {
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
      // its description in the rider's language (line-i18n.ts); English where none
      translations: lineTranslations([l.description]),
      stops: l.stops,
      fromPaise: all.length ? Math.min(...all) : 0,
      transitRouteId: l.transitRouteId,
      color: l.color ?? null,
      textColor: l.textColor ?? null,
    };
  }

  async activeLine(lineId: string): Promise<LineRow> {
    const line = await this.store.line(lineId);
    if (!line || !line.isActive) throw new ApiError(404, 'LINE_NOT_FOUND', `There is no line "${lineId}".`);
    return line;
  }

  /** The fares of a stop pair on a line, or a 400 naming what is wrong. */

  pairOf(line: LineRow, fromStopId: string, toStopId: string, slotStart?: number): { from: ReservationStop; to: ReservationStop; fares: CategoryFares } {
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

  departures(line: LineRow, fromMs: number, toMs: number): { id: string; startTime: number }[] {
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
      const weekday = cityWallClock(indiaSlotMs(day, 0)).weekday;
      if (!s.weekdays.includes(weekday)) continue;
      for (const m of slotMinutes(s.firstMin, s.lastMin, s.headwayMin)) {
        const t = indiaSlotMs(day, m);
        if (t >= fromMs && t < toMs) out.push({ id: tripIdOf(line.id, t), startTime: t });
      }
    }
    return out;
  }

  /** A trip by id: the schedule must have it (made on first use), within the line's sale horizon. */

  async tripFor(tripId: string): Promise<{ line: LineRow; trip: TripRow }> {
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

  slotOf(line: LineRow, trip: TripRow, from: ReservationStop, to: ReservationStop, now: number): TripSlot {
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

  seatError(err: string, prefix = ''): ApiError {
    if (err === 'NO_PASSENGERS') return bad('NO_PASSENGERS', `${prefix}Choose at least one passenger.`);
    if (err === 'TOO_MANY_PASSENGERS') return bad('TOO_MANY_PASSENGERS', `${prefix}One booking is for at most 6 seats.`);
    return bad('CATEGORY_NOT_SOLD', `${prefix}This trip does not sell seats for that passenger category.`);
  }

  /**
   * POST /api/reservations/v1/bookings: holds the seats for 10 minutes at the fare the rider saw (409 FARE_CHANGED
   * otherwise). The seats and the booking are written in one transaction; lapsed holds on the trip are released first.
   * A booking paid with a premium pass costs ₹0 and is issued at once (the pass's daily limit holds).
   */

  noSeats(trip: TripRow | null, seats: number, now: number): ApiError {
    if (!trip || trip.status === 'CANCELLED') return conflict('TRIP_CANCELLED', 'This trip has been cancelled. Choose another slot.');
    if (trip.status !== 'PLANNED' || trip.startTime <= now) return conflict('TRIP_CLOSED', 'This trip has left or is no longer sold. Choose another slot.');
    const left = trip.capacity - trip.seatsTaken;
    if (left <= 0) return conflict('SOLD_OUT', 'This trip is sold out. Choose another slot.');
    return conflict('NOT_ENOUGH_SEATS', `Only ${left} ${left === 1 ? 'seat is' : 'seats are'} left on this trip; you asked for ${seats}.`);
  }

  /** DELETE …/bookings/:id/hold: the rider backs out of an unpaid hold; its seats go back at once. */
}
