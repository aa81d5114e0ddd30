import { randomUUID } from 'node:crypto';
import type { JourneyOrder, JourneyOrderRequest, LegFare, PassengersInput } from '@sawari/contracts';
import { formatPaise, ticketValidity } from '@sawari/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { ApiError } from '../../platform/errors';
import { businessMetrics } from '../../platform/metrics';
import { mintOrderId, type FreezeResult, type OrderKind, type OrderQuote, type SettledPayment } from '../payments';
import type { TicketService } from './service';
import { TicketStore, type StoredLeg, type TicketOrderRow } from './store';

/**
 * A planned journey bought in one go (docs/money-integrity.md "A journey: one order, a ticket per leg"): the fare of
 * every bus leg in one order (`JNY_…`), paid once through payments (order kind `journey`), issued in payments' issue
 * transaction as one single-journey ticket per leg (each its own ticket order, linked to the journey, valid for its
 * own ride). Before issuing, `usable` checks every leg can still be sold; if one cannot, payments issues nothing and
 * refunds the whole payment.
 */

type Status = TicketOrderRow['status'];
interface JourneyRow {
  orderId: string;
  userId: string;
  city: string;
  status: Status;
  legs: LegFare[];
  passengers: PassengersInput;
  payablePaise: number;
  deviceId: string;
  appVer: string;
  orderKey: string | null;
  frozenAt: number | null;
  paidAt: number | null;
  createdAt: number;
  updatedAt: number;
}

const PAYABLE = new Set<Status>(['PENDING', 'PAYMENT_FAILED']);
const notFound = () => new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such journey order.');
type R = Record<string, unknown>;
const num = (v: unknown): number | null => (v == null ? null : Number(v));
const rowOf = (r: R): JourneyRow => ({
  orderId: r.order_id as string,
  userId: r.user_id as string,
  city: r.city_id as string,
  status: r.status as Status,
  legs: r.legs as LegFare[],
  passengers: r.passengers as PassengersInput,
  payablePaise: Number(r.payable_paise),
  deviceId: r.device_id as string,
  appVer: r.app_ver as string,
  orderKey: (r.order_key as string) ?? null,
  frozenAt: num(r.frozen_at),
  paidAt: num(r.paid_at),
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

/** SQL for journey orders (and the leg tickets' link to them). No HTTP here. */
class JourneyStore {
  constructor(readonly db: Db) {}

  /** Inserts; under a rider key already used, re-quotes that order while nobody pays for it. Null: that order is frozen or paid. */
  async insert(o: JourneyRow): Promise<string | null> {
    const r = await this.db.query<{ order_id: string }>(
      `INSERT INTO journey_orders (order_id, user_id, city_id, status, legs, passengers, payable_paise, device_id, app_ver, order_key, created_at, updated_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)
       ON CONFLICT (user_id, order_key) DO UPDATE SET city_id = EXCLUDED.city_id, legs = EXCLUDED.legs, passengers = EXCLUDED.passengers,
         payable_paise = EXCLUDED.payable_paise, updated_at = EXCLUDED.updated_at
       WHERE journey_orders.frozen_at IS NULL AND journey_orders.paid_at IS NULL AND journey_orders.status IN ('PENDING', 'PAYMENT_FAILED')
       RETURNING order_id`,
      [
        o.orderId,
        o.userId,
        o.city,
        o.status,
        JSON.stringify(o.legs),
        JSON.stringify(o.passengers),
        o.payablePaise,
        o.deviceId,
        o.appVer,
        o.orderKey,
        o.createdAt,
        o.updatedAt,
      ],
    );
    return r.rows[0]?.order_id ?? null;
  }

  async byKey(userId: string, key: string): Promise<JourneyRow | null> {
    const r = await this.db.query<R>('SELECT * FROM journey_orders WHERE user_id = $1 AND order_key = $2', [userId, key]);
    return r.rows[0] ? rowOf(r.rows[0]) : null;
  }

  async get(orderId: string, lock = false): Promise<JourneyRow | null> {
    const r = await this.db.query<R>(`SELECT * FROM journey_orders WHERE order_id = $1${lock ? ' FOR UPDATE' : ''}`, [orderId]);
    return r.rows[0] ? rowOf(r.rows[0]) : null;
  }

  async setFrozen(orderId: string, at: number | null): Promise<void> {
    await this.db.query('UPDATE journey_orders SET frozen_at = $2 WHERE order_id = $1', [orderId, at]);
  }

  async setStatus(orderId: string, status: Status, now: number, paidAt: number | null = null): Promise<void> {
    await this.db.query('UPDATE journey_orders SET status = $2, paid_at = COALESCE(paid_at, $3), updated_at = $4 WHERE order_id = $1', [
      orderId,
      status,
      paidAt,
      now,
    ]);
  }

  /** The legs' ticket orders and tickets of a journey, in ride order. */
  async legTickets(orderId: string): Promise<{ leg: number; transactionId: string; ticketId: string }[]> {
    const r = await this.db.query<{ journey_leg: number; transaction_id: string; ticket_id: string }>(
      `SELECT o.journey_leg, o.transaction_id, t.ticket_id FROM ticket_orders o JOIN tickets t ON t.transaction_id = o.transaction_id
        WHERE o.journey_order_id = $1 ORDER BY o.journey_leg`,
      [orderId],
    );
    return r.rows.map((x) => ({ leg: Number(x.journey_leg) + 1, transactionId: x.transaction_id, ticketId: x.ticket_id }));
  }

  /** A leg's ticket order, paid with the journey (its ticket is inserted by TicketStore.issue). */
  async insertLegOrder(o: TicketOrderRow, journeyOrderId: string, leg: number): Promise<void> {
    await this.db.query(
      `INSERT INTO ticket_orders (transaction_id, user_id, city_id, kind, status, agency, ride, fare, payable_paise, device_id, app_ver, paid_at,
         created_at, updated_at, frozen_at, journey_order_id, journey_leg)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17)`,
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
        o.frozenAt ?? null,
        journeyOrderId,
        leg,
      ],
    );
  }
}

const passengerKey = (p: PassengersInput) => `${p.adult}a${p.child}c${p.senior}s`;
/** What a journey order sells, comparable: the city, every leg's ride and fare, the passengers. */
const productRef = (o: Pick<JourneyRow, 'city' | 'legs' | 'passengers'>) =>
  `journey:${o.city}:${o.legs.map((l) => `${l.routeId}:${l.fromStopId}>${l.toStopId}=${l.payableAmount}`).join('|')}:${passengerKey(o.passengers)}`;
const labelOf = (legs: LegFare[]) => `${legs.map((l) => l.routeName).join(' + ')}: ${legs[0].fromStopName} → ${legs[legs.length - 1].toStopName}`;
const storedLeg = (l: LegFare): StoredLeg => ({
  routeId: l.routeId,
  routeName: l.routeName,
  agency: l.agency,
  fromStopId: l.fromStopId,
  fromStopName: l.fromStopName,
  toStopId: l.toStopId,
  toStopName: l.toStopName,
  distanceMeters: l.distanceMeters,
  stages: l.stages,
});

export class JourneyService {
  private readonly store: JourneyStore;
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
    private readonly tickets: TicketService,
  ) {
    this.store = new JourneyStore(db);
  }

  /**
   * POST /api/tickets/v1/journeys: every leg priced by the tickets module's own fare rules (the same as a single
   * ticket for that ride); the total is their sum. `farePaise` only detects a changed fare (409 FARE_CHANGED). The
   * server mints the id; the idempotency key is scoped to the rider like every other order's.
   */
  async create(userId: string, req: JourneyOrderRequest, opts: { orderKey?: string } = {}): Promise<JourneyOrder> {
    await this.tickets.enabledCity(req.city);
    const legs: LegFare[] = [];
    for (const [i, leg] of req.legs.entries()) legs.push(await this.tickets.legFare(req.city, leg, req.passengers, `Leg ${i + 1}: `));
    const total = legs.reduce((s, l) => s + l.payableAmount, 0);
    if (total !== req.farePaise) throw new ApiError(409, 'FARE_CHANGED', `The fare for this journey is now ${formatPaise(total)}. Check it and try again.`);
    if (total <= 0) throw new ApiError(409, 'ORDER_NOT_PAYABLE', 'This journey has nothing to pay.');
    const now = this.now();
    const row: JourneyRow = {
      orderId: mintOrderId('JNY'),
      userId,
      city: req.city,
      status: 'PENDING',
      legs,
      passengers: req.passengers,
      payablePaise: total,
      deviceId: req.deviceId,
      appVer: req.appVer,
      orderKey: opts.orderKey ?? null,
      frozenAt: null,
      paidAt: null,
      createdAt: now,
      updatedAt: now,
    };
    const id = await this.store.insert(row);
    if (id) {
      businessMetrics.orderCreated('journey');
      return this.view((await this.store.get(id))!);
    }
    const existing = (await this.store.byKey(userId, row.orderKey!))!;
    if (productRef(existing) === productRef(row)) return this.view(existing);
    throw new ApiError(
      409,
      'ORDER_FROZEN',
      'This journey is being paid or is paid, so its rides and price can no longer change. Start a new order for another journey.',
    );
  }

  /** GET /api/tickets/v1/journeys/:orderId: the rider's own order only (another rider's: 404). */
  async get(userId: string, orderId: string): Promise<JourneyOrder> {
    const o = await this.store.get(orderId);
    if (!o || o.userId !== userId) throw notFound();
    return this.view(o);
  }

  private async view(o: JourneyRow, store = this.store): Promise<JourneyOrder> {
    return {
      orderId: o.orderId,
      city: o.city,
      status: o.status,
      passengers: o.passengers,
      payableAmount: o.payablePaise,
      legs: o.legs,
      tickets: o.status === 'SUCCESS' ? await store.legTickets(o.orderId) : [],
      createdAt: o.createdAt,
    };
  }

  // --- payments (order kind `journey`) --------------------------------------------------------------------------

  async quote(db: Db, orderId: string, lock = false): Promise<OrderQuote | null> {
    const o = await new JourneyStore(db).get(orderId, lock);
    if (!o) return null;
    const p = o.passengers;
    return {
      orderId,
      userId: o.userId,
      city: o.city,
      amountPaise: o.payablePaise,
      productRef: productRef(o),
      quantity: Math.max(1, p.adult + p.child + p.senior),
      label: labelOf(o.legs),
      returnData: { orderId },
    };
  }

  async freeze(db: Db, orderId: string): Promise<FreezeResult> {
    const store = new JourneyStore(db);
    const o = await store.get(orderId, true);
    if (!o) throw notFound();
    if (!PAYABLE.has(o.status)) throw new ApiError(409, 'ORDER_NOT_PAYABLE', `This journey cannot be paid now (its status is ${o.status}).`);
    if ((await new TicketStore(db).ticketsEnabled(o.city)) !== true)
      throw new ApiError(409, 'ORDER_NOT_PAYABLE', 'Tickets are no longer sold in this city, so this journey cannot be paid.');
    await store.setFrozen(orderId, this.now());
    return { frozen: (await this.quote(db, orderId))! };
  }

  /**
   * Whether every leg's ticket can still be issued (inside payments' transaction, only with it: PGlite has one
   * connection): the city still sells tickets, and each leg's agency still has a fare table on sale that takes this
   * many passengers. Null when all can; else which leg cannot and why (payments then refunds the whole journey).
   */
  async usable(db: Db, order: OrderQuote): Promise<string | null> {
    const o = await new JourneyStore(db).get(order.orderId);
    if (!o) return 'the journey order is gone';
    const tickets = new TicketStore(db);
    if ((await tickets.ticketsEnabled(o.city)) !== true) return 'tickets are no longer sold in this city';
    const riders = o.passengers.adult + o.passengers.child + o.passengers.senior;
    for (const [i, leg] of o.legs.entries()) {
      const table = await tickets.fareTable(o.city, leg.agency);
      if (!table) return `leg ${i + 1} (bus ${leg.routeName}, ${leg.fromStopName} → ${leg.toStopName}) has no fare on sale any more`;
      if (riders > table.maxPassengers) return `leg ${i + 1} (bus ${leg.routeName}) now takes at most ${table.maxPassengers} passengers on one ticket`;
    }
    return null;
  }

  /**
   * One single-journey ticket per leg, each with its own ticket order (the leg's fare, paid with the journey) so the
   * wallet, validation and receipts treat it as any ticket; all in payments' transaction, so all or none.
   */
  async issue(db: Db, order: OrderQuote, _payment: SettledPayment | null): Promise<{ productId: string }> {
    const store = new JourneyStore(db);
    const tickets = new TicketStore(db);
    const o = await store.get(order.orderId, true);
    if (!o) throw notFound();
    const now = this.now();
    const ids: string[] = [];
    for (const [i, leg] of o.legs.entries()) {
      const transactionId = `TKT-${randomUUID()}`;
      const terms = (await tickets.fareTable(o.city, leg.agency))?.terms?.singleJourney ?? [];
      await store.insertLegOrder(
        {
          transactionId,
          userId: o.userId,
          city: o.city,
          kind: 'singleJourney',
          status: 'SUCCESS',
          agency: leg.agency,
          ride: { legs: [storedLeg(leg)], passengers: o.passengers, instant: null, journeyLegs: o.legs.length },
          fare: {
            roundingLogic: leg.roundingLogic,
            passengerDetails: leg.passengerDetails,
            totalAvailableSeats: leg.totalAvailableSeats,
            payableAmount: leg.payableAmount,
            actualAmount: leg.actualAmount,
          },
          payablePaise: leg.payableAmount,
          deviceId: o.deviceId,
          appVer: o.appVer,
          paidAt: now,
          createdAt: now,
          updatedAt: now,
          frozenAt: o.frozenAt,
        },
        o.orderId,
        i,
      );
      const v = ticketValidity('singleJourney', now);
      const { ticket } = await tickets.issue({
        ticketId: randomUUID(),
        transactionId,
        userId: o.userId,
        city: o.city,
        kind: 'singleJourney',
        status: 'UNUSED',
        startTime: v.startTime,
        expiryTime: v.expiryTime,
        activationExpiryTime: v.activationExpiryTime,
        bookingTime: now,
        usedAt: null,
        record: { activeDuration: v.activeDurationMinutes, numOfTrips: 1, conditions: terms, journeyOrderId: o.orderId, journeyLeg: i + 1 },
        issuedAt: now,
      });
      ids.push(ticket.ticketId);
    }
    await store.setStatus(o.orderId, 'SUCCESS', now, now);
    return { productId: ids.join(',') };
  }

  async release(db: Db, orderId: string): Promise<void> {
    const store = new JourneyStore(db);
    const o = await store.get(orderId, true);
    if (!o || o.paidAt !== null || o.status === 'SUCCESS') return;
    await store.setFrozen(orderId, null);
    await store.setStatus(orderId, 'PAYMENT_FAILED', this.now());
  }
}

/** The payments module's `journey` order kind. */
export function journeyOrderKind(service: JourneyService): OrderKind {
  return {
    quote: (db, orderId, opts) => service.quote(db, orderId, opts?.lock),
    freeze: (db, orderId) => service.freeze(db, orderId),
    usable: (db, order) => service.usable(db, order),
    issue: (db, order, payment) => service.issue(db, order, payment),
    release: (db, orderId) => service.release(db, orderId),
  };
}
