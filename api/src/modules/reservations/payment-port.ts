// The payments module's `reservation` order kind over the reserved-seat engine (the seller seam,
// docs/adding-a-seller-and-a-remote.md; docs/reservations.md): ₹0 bookings through issueFree, refunds through payments.
import { formatPaise } from '@sawari/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { ISSUE_REFUSED, OrderKinds, PaymentService, noGateway, type OrderKind, type OrderQuote, type SellerPayments } from '../payments';
import type { RefundPort, ReservationService } from './service';
import type { BookingRow } from './store';

export const RESERVATION_ORDER_KIND = 'reservation';

const quoteOf = (b: BookingRow): OrderQuote => ({
  orderId: b.id,
  userId: b.userId,
  city: b.city,
  amountPaise: b.amountPaise,
  // the line, not the trip: an operator's move takes a booking being paid to another trip of its line, same order
  productRef: `reservation:${b.lineId}:${b.fromStopId}:${b.toStopId}:${b.prevBookingId ?? 'new'}`,
  quantity: b.seats,
  label: `${b.seats} reserved ${b.seats === 1 ? 'seat' : 'seats'}${b.prevBookingId ? ' (change of slot)' : ''}, ${formatPaise(b.amountPaise)}`,
  // the checkout's return path: /premium-buses/ticket-successful-booking/:transactionId (great-escape and airport alike)
  returnData: { transactionId: b.id, product: b.product.toLowerCase() },
});

/**
 * A booking is its own order (orderId = bookingId = transactionId), and so is each change of slot (its freeze locks the
 * booking it replaces). freeze = the hold becomes PAYMENT_PROCESSING (seats kept until the outcome; a lapsed hold, a
 * departed or cancelled trip, a replaced booking no longer confirmed are refused 409); usable = the trip has not left
 * nor been cancelled and the replaced booking is still confirmed (else payments refunds in full); issue = ACTIVE
 * (once); release = the seats go back (for good when payments refused to issue).
 */
export function reservationOrderKind(service: ReservationService): OrderKind {
  return {
    quote: async (db, orderId, opts) => {
      const b = await service.orderFor(db, orderId, opts?.lock);
      return b ? quoteOf(b) : null;
    },
    freeze: async (db, orderId) => ({ frozen: quoteOf(await service.startPayment(db, orderId)) }),
    usable: (db, order) => service.usable(db, order.orderId),
    issue: (db, order) => service.issue(db, order.orderId),
    release: (db, orderId, ctx) => service.paymentFailed(db, orderId, ctx.failureReason === ISSUE_REFUSED),
  };
}

/** Refunds through payments, keyed by our refund id (payments refunds once per key, whatever is retried or lost). */
export function paymentsRefundPort(payments: Pick<SellerPayments, 'refund' | 'refundStatus' | 'issuedPaymentOf' | 'issueFree'>): RefundPort {
  const outcome = (v: { refundId: string; status: 'SUCCESS' | 'PENDING' | 'FAILED'; failureReason: string | null }) => ({
    status: v.status,
    paymentsRefundId: v.refundId,
    failureReason: v.failureReason,
  });
  return {
    refund: async ({ orderId, amountPaise, refundId, reason }) => {
      const paymentId = await payments.issuedPaymentOf(RESERVATION_ORDER_KIND, orderId);
      if (!paymentId) throw new Error(`reservations: no issued payment for ${orderId} yet`);
      return outcome(await payments.refund(paymentId, amountPaise, `reserved seat: ${reason}`, refundId));
    },
    status: async (paymentsRefundId) => outcome(await payments.refundStatus(paymentsRefundId)),
    issueFree: async (orderId, db) => {
      await payments.issueFree(RESERVATION_ORDER_KIND, orderId, { db });
    },
  };
}

/**
 * Payments for the ops command run without a server (its own process on the data folder): ₹0 orders (an operator's
 * move) are issued through payments' issueFree on this database; refunds are not sent from here: they stay REQUESTED
 * in reservation_refunds and the server's job sends them through its gateway.
 */
export function localOpsPayments(db: Db, now: Clock, service: ReservationService): RefundPort {
  const kinds = new OrderKinds().register(RESERVATION_ORDER_KIND, reservationOrderKind(service));
  // issueFree never reaches the gateway; the key only signs pay requests, which this process does not take
  const payments = new PaymentService(db, noGateway('the ops command issues ₹0 orders only'), kinds, now, { requestKey: Buffer.alloc(32) });
  const later = async (): Promise<never> => {
    throw new Error('refunds are sent by the server');
  };
  return { refund: later, status: later, issueFree: (orderId, tx) => paymentsRefundPort(payments).issueFree(orderId, tx) };
}
