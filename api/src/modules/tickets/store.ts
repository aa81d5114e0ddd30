import type { FareTable } from '@sawari/domain';
import type { Db } from '../../platform/db';

export interface InstantFareRow {
  id: string;
  name: string;
  agency: string;
  farePaise: number;
}

/** One leg of a ride as stored with the order. */
export interface StoredLeg {
  routeId: string;
  routeName: string;
  agency: string;
  fromStopId: string;
  fromStopName: string;
  toStopId: string;
  toStopName: string;
  distanceMeters: number;
  stages: number | null;
}
export interface OrderRide {
  legs: StoredLeg[];
  passengers: { adult: number; child: number; senior: number } | null;
  instant: { fareId: string; name: string; farePaise: number; passengerCount: number } | null;
  /** A journey leg's ride: how many legs its journey has. */
  journeyLegs?: number;
}
export type StoredFare = {
  roundingLogic?: string;
  passengerDetails: {
    id: string;
    name: string;
    isDiscountApplicable: boolean;
    payableAmount: number;
    actualAmount: number;
    fareBreakup: { name: string; value: number }[];
    categorySeatLimit: number;
  }[];
  totalAvailableSeats: number;
  payableAmount: number;
  actualAmount: number;
};
export type TicketKind = 'singleJourney' | 'multiRoute' | 'instant';

export interface TicketOrderRow {
  transactionId: string;
  userId: string;
  city: string;
  kind: TicketKind;
  status: 'PENDING' | 'SUCCESS' | 'PAYMENT_FAILED';
  agency: string;
  ride: OrderRide;
  fare: StoredFare;
  payablePaise: number;
  deviceId: string;
  appVer: string;
  paidAt: number | null;
  createdAt: number;
  updatedAt: number;
  /** The rider-scoped idempotency key it was created under (null: none given); frozenAt: a payment started. */
  orderKey?: string | null;
  frozenAt?: number | null;
  /** A leg's ticket order of a journey order (journey.ts): the journey, the leg (0-based) and how many legs it has. */
  journeyOrderId?: string | null;
  journeyLeg?: number | null;
  journeyLegs?: number | null;
}
export interface TicketRow {
  ticketId: string;
  transactionId: string;
  userId: string;
  city: string;
  kind: TicketKind;
  status: 'UNUSED' | 'USED' | 'EXPIRED';
  startTime: number;
  expiryTime: number;
  activationExpiryTime: number;
  bookingTime: number;
  usedAt: number | null;
  record: Record<string, unknown>;
  issuedAt: number;
}

type R = Record<string, unknown>;
const num = (v: unknown): number | null => (v == null ? null : Number(v));
const orderOf = (r: R): TicketOrderRow => ({
  transactionId: r.transaction_id as string,
  userId: r.user_id as string,
  city: r.city_id as string,
  kind: r.kind as TicketKind,
  status: r.status as TicketOrderRow['status'],
  agency: r.agency as string,
  ride: r.ride as OrderRide,
  fare: r.fare as StoredFare,
  payablePaise: Number(r.payable_paise),
  deviceId: r.device_id as string,
  appVer: r.app_ver as string,
  paidAt: num(r.paid_at),
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
  orderKey: (r.order_key as string) ?? null,
  frozenAt: num(r.frozen_at),
  journeyOrderId: (r.journey_order_id as string) ?? null,
  journeyLeg: num(r.journey_leg),
  journeyLegs: num((r.ride as { journeyLegs?: number } | null)?.journeyLegs),
});
const ticketOf = (r: R): TicketRow => ({
  ticketId: r.ticket_id as string,
  transactionId: r.transaction_id as string,
  userId: r.user_id as string,
  city: r.city_id as string,
  kind: r.kind as TicketKind,
  status: r.status as TicketRow['status'],
  startTime: Number(r.start_time),
  expiryTime: Number(r.expiry_time),
  activationExpiryTime: Number(r.activation_expiry_time),
  bookingTime: Number(r.booking_time),
  usedAt: num(r.used_at),
  record: r.record as R,
  issuedAt: Number(r.issued_at),
});

/** SQL for fare tables, instant fares, ticket orders and tickets. No HTTP here. */
export class TicketStore {
  constructor(readonly db: Db) {}

  /** The city's features.tickets: null for an unknown city. */
  /** Every city's id (the all-city wallet listing). */
  async cityIds(): Promise<string[]> {
    return (await this.db.query<{ id: string }>('SELECT id FROM cities ORDER BY id')).rows.map((r) => r.id);
  }

  async ticketsEnabled(city: string): Promise<boolean | null> {
    const r = await this.db.query<{ features: { tickets?: boolean } | null }>('SELECT features FROM cities WHERE id = $1', [city]);
    if (!r.rows[0]) return null;
    return r.rows[0].features?.tickets === true;
  }

  /** The agency's table, else the city's default ('*'); null when neither exists. */
  async fareTable(city: string, agency: string | null): Promise<FareTable | null> {
    const r = await this.db.query<{ agency: string; body: Omit<FareTable, 'agency'> }>(
      `SELECT agency, body FROM ticket_fare_tables WHERE city_id = $1 AND is_active AND agency IN ($2, '*') ORDER BY agency = '*' LIMIT 1`,
      [city, agency ?? '*'],
    );
    const row = r.rows[0];
    return row ? { ...row.body, agency: row.agency } : null;
  }

  async addFareTable(city: string, t: FareTable): Promise<void> {
    const { agency, ...body } = t;
    await this.db.query('INSERT INTO ticket_fare_tables (city_id, agency, body) VALUES ($1, $2, $3) ON CONFLICT (city_id, agency) DO NOTHING', [
      city,
      agency,
      JSON.stringify(body),
    ]);
  }

  async instantFares(city: string): Promise<InstantFareRow[]> {
    const r = await this.db.query<{ id: string; name: string; agency: string; fare_paise: number }>(
      'SELECT id, name, agency, fare_paise FROM ticket_instant_fares WHERE city_id = $1 AND is_active ORDER BY sort_order, id',
      [city],
    );
    return r.rows.map((x) => ({ id: x.id, name: x.name, agency: x.agency, farePaise: Number(x.fare_paise) }));
  }

  async addInstantFare(city: string, f: InstantFareRow, sortOrder: number): Promise<void> {
    await this.db.query(
      'INSERT INTO ticket_instant_fares (city_id, id, name, agency, fare_paise, sort_order) VALUES ($1,$2,$3,$4,$5,$6) ON CONFLICT (city_id, id) DO NOTHING',
      [city, f.id, f.name, f.agency, f.farePaise, sortOrder],
    );
  }

  /**
   * Inserts the order; under a rider key already used, re-quotes that order while it is not frozen or paid. Answers
   * the order's id, or null when the key's order is frozen or paid (it never changes).
   */
  async insertOrder(o: TicketOrderRow): Promise<string | null> {
    const r = await this.db.query<{ transaction_id: string }>(
      `INSERT INTO ticket_orders (transaction_id, user_id, city_id, kind, status, agency, ride, fare, payable_paise, device_id, app_ver, paid_at, created_at, updated_at, order_key)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15)
       ON CONFLICT (user_id, order_key) DO UPDATE SET city_id = EXCLUDED.city_id, kind = EXCLUDED.kind, agency = EXCLUDED.agency, ride = EXCLUDED.ride, fare = EXCLUDED.fare,
         payable_paise = EXCLUDED.payable_paise, updated_at = EXCLUDED.updated_at
       WHERE ticket_orders.frozen_at IS NULL AND ticket_orders.paid_at IS NULL AND ticket_orders.status IN ('PENDING', 'PAYMENT_FAILED')
       RETURNING transaction_id`,
      [
        o.transactionId,
        o.userId,
        o.city,
        o.kind,
        o.status,
        o.agency,
        JSON.stringify(o.ride),
        JSON.stringify(o.fare),
        o.payablePaise,
        o.deviceId,
        o.appVer,
        o.paidAt,
        o.createdAt,
        o.updatedAt,
        o.orderKey ?? null,
      ],
    );
    return r.rows[0]?.transaction_id ?? null;
  }

  async orderByKey(userId: string, orderKey: string): Promise<TicketOrderRow | null> {
    const r = await this.db.query<R>('SELECT * FROM ticket_orders WHERE user_id = $1 AND order_key = $2', [userId, orderKey]);
    return r.rows[0] ? orderOf(r.rows[0]) : null;
  }

  /** A payment started (frozen: no re-quote) or failed (null). */
  async setFrozen(transactionId: string, at: number | null): Promise<void> {
    await this.db.query('UPDATE ticket_orders SET frozen_at = $2 WHERE transaction_id = $1', [transactionId, at]);
  }

  async order(transactionId: string, lock = false): Promise<TicketOrderRow | null> {
    const r = await this.db.query<R>(`SELECT * FROM ticket_orders WHERE transaction_id = $1${lock ? ' FOR UPDATE' : ''}`, [transactionId]);
    return r.rows[0] ? orderOf(r.rows[0]) : null;
  }

  async ordersByIds(transactionIds: string[]): Promise<TicketOrderRow[]> {
    if (!transactionIds.length) return [];
    const r = await this.db.query<R>('SELECT * FROM ticket_orders WHERE transaction_id = ANY($1::text[])', [transactionIds]);
    return r.rows.map(orderOf);
  }

  async setOrder(transactionId: string, set: { status: TicketOrderRow['status']; paidAt?: number }, now: number): Promise<void> {
    await this.db.query('UPDATE ticket_orders SET status = $2, paid_at = COALESCE(paid_at, $3), updated_at = $4 WHERE transaction_id = $1', [
      transactionId,
      set.status,
      set.paidAt ?? null,
      now,
    ]);
  }

  async ordersOf(userId: string, city: string, limit = 100): Promise<TicketOrderRow[]> {
    const r = await this.db.query<R>('SELECT * FROM ticket_orders WHERE user_id = $1 AND city_id = $2 ORDER BY created_at DESC, transaction_id LIMIT $3', [
      userId,
      city,
      limit,
    ]);
    return r.rows.map(orderOf);
  }

  /** Inserts the ticket unless the order has one; answers the order's ticket either way. */
  async issue(t: TicketRow): Promise<{ ticket: TicketRow; created: boolean }> {
    const r = await this.db.query<R>(
      `INSERT INTO tickets (ticket_id, transaction_id, user_id, city_id, kind, status, start_time, expiry_time, activation_expiry_time, booking_time, used_at, record, issued_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) ON CONFLICT (transaction_id) DO NOTHING RETURNING *`,
      [
        t.ticketId,
        t.transactionId,
        t.userId,
        t.city,
        t.kind,
        t.status,
        t.startTime,
        t.expiryTime,
        t.activationExpiryTime,
        t.bookingTime,
        t.usedAt,
        JSON.stringify(t.record),
        t.issuedAt,
      ],
    );
    if (r.rows[0]) return { ticket: ticketOf(r.rows[0]), created: true };
    return { ticket: (await this.ticketOfOrder(t.transactionId))!, created: false };
  }

  async ticketOfOrder(transactionId: string): Promise<TicketRow | null> {
    const r = await this.db.query<R>('SELECT * FROM tickets WHERE transaction_id = $1', [transactionId]);
    return r.rows[0] ? ticketOf(r.rows[0]) : null;
  }

  async ticketsOf(userId: string, city: string, limit = 200): Promise<TicketRow[]> {
    const r = await this.db.query<R>('SELECT * FROM tickets WHERE user_id = $1 AND city_id = $2 ORDER BY booking_time DESC, ticket_id LIMIT $3', [
      userId,
      city,
      limit,
    ]);
    return r.rows.map(ticketOf);
  }

  /** UNUSED → USED at the first punch; answers whether this call changed it. */
  async markUsed(transactionId: string, at: number): Promise<boolean> {
    const r = await this.db.query(`UPDATE tickets SET status = 'USED', used_at = $2 WHERE transaction_id = $1 AND status = 'UNUSED' RETURNING ticket_id`, [
      transactionId,
      at,
    ]);
    return r.rows.length === 1;
  }
}
