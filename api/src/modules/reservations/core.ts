// The reserved-seat engine's shared parts (docs/reservations.md "Code map"): errors, ports, trip ids, the core.
import { CITY_TIME_ZONE, indiaSlotMs, localDate, MINUTE_MS } from '@sawari/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { ApiError } from '../../platform/errors';
import type { Notice, RiderNotices } from '../notices';
import { ReservationStore } from './store';

export const bad = (code: string, message: string) => new ApiError(400, code, message);
export const conflict = (code: string, message: string) => new ApiError(409, code, message);
export const bookingNotFound = () => new ApiError(404, 'BOOKING_NOT_FOUND', 'There is no such booking.');

/** A booking's trip is over (for listing: ACTIVE → expired label, PUNCHED → USED) an hour after its arrival. */
export const AFTER_ARRIVAL_MS = 60 * MINUTE_MS;

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
export class KeyTaken extends Error {}

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

/** What every part of the engine shares: the database, the clock, the store, the ports set by the composition root. */
export class ReservationCore {
  readonly store: ReservationStore;
  refundPort: RefundPort | null = null;
  passes: PremiumPassSource | null = null;
  notices: RiderNotices | null = null;
  constructor(
    readonly db: Db,
    readonly now: Clock,
  ) {
    this.store = new ReservationStore(db);
  }
}

/**
 * A part of the engine by job (catalogue.ts, refunds.ts, views.ts, holds.ts, changes.ts, orders.ts, ops.ts): each gets
 * the parts it uses in its constructor, in that order, so no two parts import each other.
 */
export abstract class Part {
  constructor(protected readonly c: ReservationCore) {}
  protected get db(): Db {
    return this.c.db;
  }
  protected get store(): ReservationStore {
    return this.c.store;
  }
  protected now(): number {
    return this.c.now();
  }
  protected get passes(): PremiumPassSource | null {
    return this.c.passes;
  }
  /**
   * Tells the booking's rider about an outcome, in the deciding transaction `tx` (once per event key), with the
   * booking's line name and its trip's departure; nothing when the notices port is not wired.
   */
  protected async tellRider(
    tx: Db,
    b: { userId: string; lineId: string; tripId: string },
    eventKey: string,
    make: (at: { line: string; departure: number }) => Notice,
  ): Promise<void> {
    if (!this.c.notices) return;
    const line = (await tx.query<{ name: string }>('SELECT name FROM reservation_lines WHERE id = $1', [b.lineId])).rows[0]?.name ?? b.lineId;
    const departure = (await this.store.trip(b.tripId, tx))?.startTime ?? 0;
    await this.c.notices.tell(tx, { userId: b.userId, eventKey, notice: make({ line, departure }) });
  }
  /** Payments' refund and free-issue API (set by the composition root: ReservationService.useRefunds). */
  protected payments(): RefundPort {
    if (!this.c.refundPort) throw new Error('reservations: payments are not wired (useRefunds)');
    return this.c.refundPort;
  }
}
