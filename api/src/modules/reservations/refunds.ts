import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/db';
import type { BookingRow, RefundRow } from './store';
import { Part } from './core';

/** Cancellation and refunds: what a chain of bookings has paid net of refunds, refunds recorded in the deciding transaction (the outbox: reservation_refunds) and sent to payments after it commits. */
export class Refunds extends Part {
  chainPaidNet(chain: BookingRow[], refunds: RefundRow[]): number {
    const paid = chain.filter((r) => r.issuedAt != null).reduce((s, r) => s + r.amountPaise, 0);
    const back = refunds.filter((r) => chain.some((c) => c.id === r.bookingId) && r.status !== 'FAILED').reduce((s, r) => s + r.amountPaise, 0);
    return Math.max(0, paid - back);
  }

  /**
   * Records refunds of `amountPaise` over the paid orders of a chain, newest order first, each up to what it paid and
   * has not had back; one refund per order and reason (UNIQUE), so a retried cancellation refunds nothing twice.
   */

  async refundChain(tx: Db, chain: BookingRow[], amountPaise: number, reason: string, causeBookingId: string, now: number): Promise<void> {
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
      if (r) {
        left -= amount;
        await this.tellRider(tx, order, `refund-sent:${r.id}`, () => ({ kind: 'refundSent', amountPaise: amount }));
      }
    }
  }

  async refundsIn(tx: Db, ids: string[]): Promise<RefundRow[]> {
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
    if (!this.c.refundPort) return 0;
    let done = 0;
    for (const r of await this.store.openRefunds(100, bookingIds)) {
      try {
        const out =
          r.status === 'PENDING' && r.paymentsRefundId
            ? await this.c.refundPort.status(r.paymentsRefundId)
            : await this.c.refundPort.refund({ orderId: r.bookingId, amountPaise: r.amountPaise, refundId: r.id, reason: r.reason });
        const fields = { paymentsRefundId: out.paymentsRefundId, failureReason: out.failureReason };
        if (out.status === 'SUCCESS' && r.status !== 'SUCCESS' && this.c.notices) {
          // settled: the status and the rider's notice in one transaction (a second run finds it SUCCESS)
          const booking = await this.store.booking(r.bookingId);
          await this.db.transaction(async (tx) => {
            await this.store.updateRefund(r.id, out.status, fields, this.now(), tx);
            if (booking) await this.tellRider(tx, booking, `refund-settled:${r.id}`, () => ({ kind: 'refundSettled', amountPaise: r.amountPaise }));
          });
        } else await this.store.updateRefund(r.id, out.status, fields, this.now());
        done += 1;
      } catch {
        // unreachable or refused for now: stays REQUESTED, retried on the next run
      }
    }
    return done;
  }

  async chainIn(tx: Db, firstBookingId: string): Promise<BookingRow[]> {
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
}
