import type { ReservationFareResult, ReservationProductName, ReservationStop, SeatPassengersInput } from '@sawari/contracts';
import type { Db } from '../../platform/db';
import type { PeakPricing } from '@sawari/domain';

/** SQL of the reserved-seat engine (migration 0016_reservations.sql). No HTTP, no rules beyond the conditions that keep
 *  seats counted right under concurrency. */

export type LineSchedule =
  | { kind: 'headway'; weekdays: number[]; firstMin: number; lastMin: number; headwayMin: number; peak?: PeakPricing | null }
  | { kind: 'dates'; departures: string[] };
export interface LineFare {
  fromStopId: string;
  toStopId: string;
  fares: Partial<Record<'adult' | 'child' | 'senior', number>>;
}
export interface LineRow {
  id: string;
  city: string;
  product: ReservationProductName;
  code: string;
  name: string;
  busType: string;
  agency: string;
  capacity: number;
  description: string;
  transitRouteId: string | null;
  /** The colours of its transit route in the city's current feed ('#RRGGBB'), null where it has none (read only). */
  color?: string | null;
  textColor?: string | null;
  stops: ReservationStop[];
  fares: LineFare[];
  schedule: LineSchedule;
  horizonDays: number;
  isActive: boolean;
}
export interface TripRow {
  id: string;
  lineId: string;
  startTime: number;
  capacity: number;
  seatsTaken: number;
  status: string;
  vehicleNo: string | null;
  disruption: string | null;
  disruptionNote: string | null;
}
export interface BookingRow {
  id: string;
  userId: string;
  tripId: string;
  lineId: string;
  city: string;
  product: ReservationProductName;
  fromStopId: string;
  toStopId: string;
  passengers: SeatPassengersInput;
  seats: number;
  fare: ReservationFareResult;
  farePaise: number;
  amountPaise: number;
  status: string;
  seatsHeld: boolean;
  holdExpiresAt: number | null;
  firstBookingId: string;
  prevBookingId: string | null;
  prevBookingStatus: string | null;
  paidWith: 'PAYMENT' | 'PASS' | 'RESCHEDULE';
  passId: string | null;
  createdAt: number;
  issuedAt: number | null;
  cancelledAt: number | null;
  cancellationPopupShown: boolean;
  reschedulePopupShown: boolean;
  updatedAt: number;
}
export interface RefundRow {
  id: string;
  bookingId: string;
  reason: string;
  amountPaise: number;
  status: 'REQUESTED' | 'PENDING' | 'SUCCESS' | 'FAILED';
  paymentsRefundId: string | null;
  failureReason: string | null;
  createdAt: number;
}

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v == null ? null : Number(v));

const LINE_COLS = `id, city_id, product, code, name, bus_type, agency, capacity, description, transit_route_id, stops, fares, schedule, horizon_days, is_active`;
// The line's transit route colours, from the city's current feed (read with the line, never written).
const LINE_COLOURS = ['route_color', 'route_text_color']
  .map(
    (c) =>
      `(SELECT r.${c} FROM routes r JOIN feeds f ON f.id = r.feed_id AND f.is_current WHERE f.city_id = reservation_lines.city_id AND r.route_id = reservation_lines.transit_route_id LIMIT 1) AS ${c}`,
  )
  .join(', ');
const hexColour = (c: unknown): string | null => (typeof c === 'string' && /^[0-9a-fA-F]{6}$/.test(c) ? `#${c.toUpperCase()}` : null);
const lineOf = (r: Record<string, unknown>): LineRow => ({
  id: r.id as string,
  city: r.city_id as string,
  product: r.product as ReservationProductName,
  code: r.code as string,
  name: r.name as string,
  busType: r.bus_type as string,
  agency: r.agency as string,
  capacity: num(r.capacity),
  description: r.description as string,
  transitRouteId: (r.transit_route_id as string | null) ?? null,
  color: hexColour(r.route_color),
  textColor: hexColour(r.route_text_color),
  stops: r.stops as ReservationStop[],
  fares: r.fares as LineFare[],
  schedule: r.schedule as LineSchedule,
  horizonDays: num(r.horizon_days),
  isActive: r.is_active as boolean,
});
const TRIP_COLS = `id, line_id, start_time, capacity, seats_taken, status, vehicle_no, disruption, disruption_note`;
const tripOf = (r: Record<string, unknown>): TripRow => ({
  id: r.id as string,
  lineId: r.line_id as string,
  startTime: num(r.start_time),
  capacity: num(r.capacity),
  seatsTaken: num(r.seats_taken),
  status: r.status as string,
  vehicleNo: (r.vehicle_no as string | null) ?? null,
  disruption: (r.disruption as string | null) ?? null,
  disruptionNote: (r.disruption_note as string | null) ?? null,
});
const BOOKING_COLS = `id, user_id, trip_id, line_id, city_id, product, from_stop_id, to_stop_id, passengers, seats, fare, fare_paise, amount_paise, status, seats_held,
  hold_expires_at, first_booking_id, prev_booking_id, prev_booking_status, paid_with, pass_id, created_at, issued_at, cancelled_at, cancellation_popup_shown,
  reschedule_popup_shown, updated_at`;
const bookingOf = (r: Record<string, unknown>): BookingRow => ({
  id: r.id as string,
  userId: r.user_id as string,
  tripId: r.trip_id as string,
  lineId: r.line_id as string,
  city: r.city_id as string,
  product: r.product as ReservationProductName,
  fromStopId: r.from_stop_id as string,
  toStopId: r.to_stop_id as string,
  passengers: r.passengers as SeatPassengersInput,
  seats: num(r.seats),
  fare: r.fare as ReservationFareResult,
  farePaise: num(r.fare_paise),
  amountPaise: num(r.amount_paise),
  status: r.status as string,
  seatsHeld: r.seats_held as boolean,
  holdExpiresAt: numOrNull(r.hold_expires_at),
  firstBookingId: r.first_booking_id as string,
  prevBookingId: (r.prev_booking_id as string | null) ?? null,
  prevBookingStatus: (r.prev_booking_status as string | null) ?? null,
  paidWith: r.paid_with as BookingRow['paidWith'],
  passId: (r.pass_id as string | null) ?? null,
  createdAt: num(r.created_at),
  issuedAt: numOrNull(r.issued_at),
  cancelledAt: numOrNull(r.cancelled_at),
  cancellationPopupShown: r.cancellation_popup_shown as boolean,
  reschedulePopupShown: r.reschedule_popup_shown as boolean,
  updatedAt: num(r.updated_at),
});
const refundOf = (r: Record<string, unknown>): RefundRow => ({
  id: r.id as string,
  bookingId: r.booking_id as string,
  reason: r.reason as string,
  amountPaise: num(r.amount_paise),
  status: r.status as RefundRow['status'],
  paymentsRefundId: (r.payments_refund_id as string | null) ?? null,
  failureReason: (r.failure_reason as string | null) ?? null,
  createdAt: num(r.created_at),
});

export class ReservationStore {
  constructor(private readonly db: Db) {}

  // --- lines and trips ------------------------------------------------------------------------------------------

  /** Seed: a line is added once; an operator's later change to it survives restarts. */
  async addLine(l: Omit<LineRow, 'isActive'>): Promise<void> {
    await this.db.query(
      `INSERT INTO reservation_lines (${LINE_COLS}) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11::jsonb,$12::jsonb,$13::jsonb,$14,true) ON CONFLICT (id) DO NOTHING`,
      [
        l.id,
        l.city,
        l.product,
        l.code,
        l.name,
        l.busType,
        l.agency,
        l.capacity,
        l.description,
        l.transitRouteId,
        JSON.stringify(l.stops),
        JSON.stringify(l.fares),
        JSON.stringify(l.schedule),
        l.horizonDays,
      ],
    );
  }

  async premiumEnabled(city: string): Promise<boolean | null> {
    const r = await this.db.query<{ features: { premium?: boolean } | null }>('SELECT features FROM cities WHERE id = $1', [city]);
    if (!r.rows[0]) return null;
    return r.rows[0].features?.premium === true;
  }

  async lines(city: string, product?: string): Promise<LineRow[]> {
    const r = await this.db.query(
      `SELECT ${LINE_COLS}, ${LINE_COLOURS} FROM reservation_lines WHERE city_id = $1 AND is_active AND ($2::text IS NULL OR product = $2) ORDER BY product, code`,
      [city, product ?? null],
    );
    return r.rows.map(lineOf);
  }

  async line(id: string): Promise<LineRow | null> {
    const r = await this.db.query(`SELECT ${LINE_COLS}, ${LINE_COLOURS} FROM reservation_lines WHERE id = $1`, [id]);
    return r.rows[0] ? lineOf(r.rows[0]) : null;
  }

  /** Makes the trips of these departures when they do not exist yet (concurrent callers make each once). */
  async ensureTrips(line: { id: string; capacity: number }, departures: { id: string; startTime: number }[], now: number): Promise<void> {
    if (!departures.length) return;
    await this.db.query(
      `INSERT INTO reservation_trips (id, line_id, start_time, capacity, updated_at)
       SELECT d.id, $1, d.start_time, $2, $3 FROM unnest($4::text[], $5::bigint[]) AS d(id, start_time)
       ON CONFLICT DO NOTHING`,
      [line.id, line.capacity, now, departures.map((d) => d.id), departures.map((d) => d.startTime)],
    );
  }

  async trips(lineId: string, fromMs: number, toMs: number): Promise<TripRow[]> {
    const r = await this.db.query(
      `SELECT ${TRIP_COLS} FROM reservation_trips WHERE line_id = $1 AND start_time >= $2 AND start_time < $3 ORDER BY start_time`,
      [lineId, fromMs, toMs],
    );
    return r.rows.map(tripOf);
  }

  async trip(id: string, db: Db = this.db): Promise<TripRow | null> {
    const r = await db.query(`SELECT ${TRIP_COLS} FROM reservation_trips WHERE id = $1`, [id]);
    return r.rows[0] ? tripOf(r.rows[0]) : null;
  }

  async tripsByIds(ids: string[]): Promise<Map<string, TripRow>> {
    if (!ids.length) return new Map();
    const r = await this.db.query(`SELECT ${TRIP_COLS} FROM reservation_trips WHERE id = ANY($1::text[])`, [ids]);
    return new Map(r.rows.map((x) => [x.id as string, tripOf(x)]));
  }

  /**
   * Takes `seats` on a trip that is still on sale: one conditional UPDATE, so of any number of concurrent callers only
   * those that fit get a row back (the row lock serialises them; each re-checks the count after the previous commit).
   */
  async takeSeats(tx: Db, tripId: string, seats: number, now: number): Promise<TripRow | null> {
    const r = await tx.query(
      `UPDATE reservation_trips SET seats_taken = seats_taken + $2, updated_at = $3
       WHERE id = $1 AND status = 'PLANNED' AND start_time > $3 AND seats_taken + $2 <= capacity RETURNING ${TRIP_COLS}`,
      [tripId, seats, now],
    );
    return r.rows[0] ? tripOf(r.rows[0]) : null;
  }

  async giveBackSeats(tx: Db, tripId: string, seats: number, now: number): Promise<void> {
    await tx.query('UPDATE reservation_trips SET seats_taken = GREATEST(0, seats_taken - $2), updated_at = $3 WHERE id = $1', [tripId, seats, now]);
  }

  /**
   * Lapsed holds (unpaid after 10 min) stop counting, each exactly once: the booking's conditional update decides who
   * releases it. `tripId` limits it to one trip (before taking seats there); null sweeps them all.
   */
  async releaseLapsedHolds(tx: Db, now: number, tripId: string | null): Promise<number> {
    const r = await tx.query<{ trip_id: string; seats: number }>(
      `UPDATE reservation_bookings SET status = 'BOOKING_FAILED', seats_held = false, updated_at = $1
       WHERE seats_held AND status = 'BOOKING_UNDER_PROCESS' AND hold_expires_at <= $1 AND ($2::text IS NULL OR trip_id = $2)
       RETURNING trip_id, seats`,
      [now, tripId],
    );
    const perTrip = new Map<string, number>();
    for (const row of r.rows) perTrip.set(row.trip_id, (perTrip.get(row.trip_id) ?? 0) + num(row.seats));
    for (const [trip, seats] of [...perTrip].sort()) await this.giveBackSeats(tx, trip, seats, now);
    return r.rows.length;
  }

  async setTripStatus(tx: Db, tripId: string, status: string, fields: { disruption?: string; note?: string | null }, now: number): Promise<TripRow | null> {
    const r = await tx.query(
      `UPDATE reservation_trips SET status = $2, disruption = COALESCE($3, disruption), disruption_note = COALESCE($4, disruption_note), updated_at = $5
       WHERE id = $1 AND status IN ('PLANNED', 'ACTIVE') RETURNING ${TRIP_COLS}`,
      [tripId, status, fields.disruption ?? null, fields.note ?? null, now],
    );
    return r.rows[0] ? tripOf(r.rows[0]) : null;
  }

  async setVehicle(tx: Db, tripId: string, vehicleNo: string, now: number): Promise<TripRow | null> {
    const r = await tx.query(`UPDATE reservation_trips SET vehicle_no = $2, updated_at = $3 WHERE id = $1 RETURNING ${TRIP_COLS}`, [tripId, vehicleNo, now]);
    return r.rows[0] ? tripOf(r.rows[0]) : null;
  }

  // --- bookings -------------------------------------------------------------------------------------------------

  /**
   * Writes a booking; false when the rider's idempotency key is taken already (a twin of this request: the caller rolls
   * back the seats it took and answers the twin's booking). Concurrent twins wait on the unique index for each other.
   */
  async insertBooking(
    tx: Db,
    b: Omit<BookingRow, 'cancelledAt' | 'cancellationPopupShown' | 'reschedulePopupShown' | 'updatedAt'> & { orderKey?: string | null },
  ): Promise<boolean> {
    const r = await tx.query(
      `INSERT INTO reservation_bookings (id, user_id, trip_id, line_id, city_id, product, from_stop_id, to_stop_id, passengers, seats, fare, fare_paise, amount_paise,
         status, seats_held, hold_expires_at, first_booking_id, prev_booking_id, prev_booking_status, paid_with, pass_id, created_at, issued_at, updated_at, order_key)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9::jsonb,$10,$11::jsonb,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$22,$24)
       ON CONFLICT (user_id, order_key) DO NOTHING RETURNING id`,
      [
        b.id,
        b.userId,
        b.tripId,
        b.lineId,
        b.city,
        b.product,
        b.fromStopId,
        b.toStopId,
        JSON.stringify(b.passengers),
        b.seats,
        JSON.stringify(b.fare),
        b.farePaise,
        b.amountPaise,
        b.status,
        b.seatsHeld,
        b.holdExpiresAt,
        b.firstBookingId,
        b.prevBookingId,
        b.prevBookingStatus,
        b.paidWith,
        b.passId,
        b.createdAt,
        b.issuedAt,
        b.orderKey ?? null,
      ],
    );
    return r.rows.length === 1;
  }

  /** The rider's booking made with this idempotency key, else null. */
  async bookingByKey(userId: string, orderKey: string, db: Db = this.db): Promise<BookingRow | null> {
    const r = await db.query(`SELECT ${BOOKING_COLS} FROM reservation_bookings WHERE user_id = $1 AND order_key = $2`, [userId, orderKey]);
    return r.rows[0] ? bookingOf(r.rows[0]) : null;
  }

  /**
   * The change of slot of a booking that is still open: being paid (PAYMENT_PROCESSING), or an unpaid hold whose
   * 10 minutes last. The caller holds the replaced booking's lock, so the answer stands until it commits.
   */
  async openChangeOf(tx: Db, bookingId: string, now: number): Promise<BookingRow | null> {
    const r = await tx.query(
      `SELECT ${BOOKING_COLS} FROM reservation_bookings WHERE prev_booking_id = $1
         AND (status = 'PAYMENT_PROCESSING' OR (status = 'BOOKING_UNDER_PROCESS' AND seats_held AND hold_expires_at > $2))
       ORDER BY created_at DESC LIMIT 1`,
      [bookingId, now],
    );
    return r.rows[0] ? bookingOf(r.rows[0]) : null;
  }

  async booking(id: string, db: Db = this.db, forUpdate = false): Promise<BookingRow | null> {
    const r = await db.query(`SELECT ${BOOKING_COLS} FROM reservation_bookings WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
    return r.rows[0] ? bookingOf(r.rows[0]) : null;
  }

  async bookingsOf(userId: string, city: string | null): Promise<BookingRow[]> {
    const r = await this.db.query(
      `SELECT ${BOOKING_COLS} FROM reservation_bookings WHERE user_id = $1 AND ($2::text IS NULL OR city_id = $2) ORDER BY created_at DESC LIMIT 200`,
      [userId, city],
    );
    return r.rows.map(bookingOf);
  }

  async bookingsByIds(ids: string[]): Promise<BookingRow[]> {
    if (!ids.length) return [];
    const r = await this.db.query(`SELECT ${BOOKING_COLS} FROM reservation_bookings WHERE id = ANY($1::text[])`, [ids]);
    return r.rows.map(bookingOf);
  }

  async chain(firstBookingId: string): Promise<BookingRow[]> {
    const r = await this.db.query(`SELECT ${BOOKING_COLS} FROM reservation_bookings WHERE first_booking_id = $1 ORDER BY created_at`, [firstBookingId]);
    return r.rows.map(bookingOf);
  }

  /** Bookings of a trip in the given statuses, locked (operators' decisions). */
  async tripBookings(tx: Db, tripId: string, statuses: string[]): Promise<BookingRow[]> {
    const r = await tx.query(
      `SELECT ${BOOKING_COLS} FROM reservation_bookings WHERE trip_id = $1 AND status = ANY($2::text[]) ORDER BY created_at FOR UPDATE`,
      [tripId, statuses],
    );
    return r.rows.map(bookingOf);
  }

  /**
   * Moves a booking from one of `from` statuses to `to` (with the given column changes): null when it was not in one
   * of them (someone else moved it first). The one place bookings change status.
   */
  async transition(
    tx: Db,
    id: string,
    from: string[],
    to: string,
    set: Partial<{ seatsHeld: boolean; holdExpiresAt: number | null; issuedAt: number; cancelledAt: number; tripId: string }>,
    now: number,
  ): Promise<BookingRow | null> {
    const r = await tx.query(
      `UPDATE reservation_bookings SET status = $3, updated_at = $4,
         seats_held = COALESCE($5, seats_held),
         hold_expires_at = CASE WHEN $6::boolean THEN $7::bigint ELSE hold_expires_at END,
         issued_at = COALESCE($8, issued_at), cancelled_at = COALESCE($9, cancelled_at), trip_id = COALESCE($10, trip_id)
       WHERE id = $1 AND status = ANY($2::text[]) RETURNING ${BOOKING_COLS}`,
      [
        id,
        from,
        to,
        now,
        set.seatsHeld ?? null,
        'holdExpiresAt' in set,
        set.holdExpiresAt ?? null,
        set.issuedAt ?? null,
        set.cancelledAt ?? null,
        set.tripId ?? null,
      ],
    );
    return r.rows[0] ? bookingOf(r.rows[0]) : null;
  }

  async markPopupShown(userId: string, id: string, kind: 'cancellation' | 'reschedule', now: number): Promise<BookingRow | null> {
    const col = kind === 'cancellation' ? 'cancellation_popup_shown' : 'reschedule_popup_shown';
    const r = await this.db.query(`UPDATE reservation_bookings SET ${col} = true, updated_at = $3 WHERE id = $1 AND user_id = $2 RETURNING ${BOOKING_COLS}`, [
      id,
      userId,
      now,
    ]);
    return r.rows[0] ? bookingOf(r.rows[0]) : null;
  }

  /** Seats booked with this pass on a slot day (bookings that hold seats), for the daily limit. */
  async passBookingsOnDay(tx: Db, passId: string, dayStart: number, dayEnd: number): Promise<number> {
    const r = await tx.query<{ n: string }>(
      `SELECT count(*) AS n FROM reservation_bookings b JOIN reservation_trips t ON t.id = b.trip_id
       WHERE b.pass_id = $1 AND b.seats_held AND t.start_time >= $2 AND t.start_time < $3`,
      [passId, dayStart, dayEnd],
    );
    return num(r.rows[0].n);
  }

  async lockKey(tx: Db, key: string): Promise<void> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
  }

  // --- refunds and the operators' log ---------------------------------------------------------------------------

  /** One refund per paid order, reason and cause: null when it exists already (a retry). */
  async insertRefund(
    tx: Db,
    r: { id: string; bookingId: string; reason: string; causeBookingId: string; amountPaise: number },
    now: number,
  ): Promise<RefundRow | null> {
    const q = await tx.query(
      `INSERT INTO reservation_refunds (id, booking_id, reason, cause_booking_id, amount_paise, status, created_at, updated_at) VALUES ($1,$2,$3,$4,$5,'REQUESTED',$6,$6)
       ON CONFLICT (booking_id, reason, cause_booking_id) DO NOTHING RETURNING *`,
      [r.id, r.bookingId, r.reason, r.causeBookingId, r.amountPaise, now],
    );
    return q.rows[0] ? refundOf(q.rows[0]) : null;
  }

  async updateRefund(
    id: string,
    status: RefundRow['status'],
    fields: { paymentsRefundId?: string | null; failureReason?: string | null },
    now: number,
    db: Db = this.db,
  ): Promise<void> {
    await db.query(
      `UPDATE reservation_refunds SET status = $2, payments_refund_id = COALESCE($3, payments_refund_id), failure_reason = $4, updated_at = $5 WHERE id = $1`,
      [id, status, fields.paymentsRefundId ?? null, fields.failureReason ?? null, now],
    );
  }

  async refundsFor(bookingIds: string[]): Promise<RefundRow[]> {
    if (!bookingIds.length) return [];
    const r = await this.db.query(`SELECT * FROM reservation_refunds WHERE booking_id = ANY($1::text[]) ORDER BY created_at`, [bookingIds]);
    return r.rows.map(refundOf);
  }

  /** Refunds not yet answered by payments (REQUESTED or PENDING), oldest first, for the retry job. */
  async openRefunds(limit = 100, bookingIds: string[] | null = null): Promise<RefundRow[]> {
    const r = await this.db.query(
      `SELECT * FROM reservation_refunds WHERE status IN ('REQUESTED', 'PENDING') AND ($2::text[] IS NULL OR booking_id = ANY($2::text[])) ORDER BY created_at LIMIT $1`,
      [limit, bookingIds],
    );
    return r.rows.map(refundOf);
  }

  async logOps(tx: Db, e: { actor: string; action: string; tripId: string; details: unknown }, now: number): Promise<void> {
    await tx.query('INSERT INTO reservation_ops_log (actor, action, trip_id, details, at) VALUES ($1,$2,$3,$4::jsonb,$5)', [
      e.actor,
      e.action,
      e.tripId,
      JSON.stringify(e.details),
      now,
    ]);
  }

  async opsLog(tripId: string): Promise<{ actor: string; action: string; details: unknown; at: number }[]> {
    const r = await this.db.query<{ actor: string; action: string; details: unknown; at: string }>(
      'SELECT actor, action, details, at FROM reservation_ops_log WHERE trip_id = $1 ORDER BY id',
      [tripId],
    );
    return r.rows.map((x) => ({ ...x, at: num(x.at) }));
  }
}
