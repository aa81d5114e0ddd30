// The payments module's `reservation` order kind over the reserved-seat engine (the seller seam,
// docs/adding-a-seller-and-a-remote.md; docs/reservations.md), and refunds through payments. Kept in this one file.
import { formatPaise } from '@sawari/domain';
import type { OrderKind, OrderQuote, SellerPayments } from '../payments';
import type { RefundPort, ReservationService } from './service';
import type { BookingRow } from './store';

export const RESERVATION_ORDER_KIND = 'reservation';

const quoteOf = (b: BookingRow): OrderQuote => ({
  orderId: b.id,
  userId: b.userId,
  city: b.city,
  amountPaise: b.amountPaise,
  productRef: `reservation:${b.tripId}:${b.fromStopId}:${b.toStopId}:${b.prevBookingId ?? 'new'}`,
  quantity: b.seats,
  label: `${b.seats} reserved ${b.seats === 1 ? 'seat' : 'seats'}${b.prevBookingId ? ' (change of slot)' : ''}, ${formatPaise(b.amountPaise)}`,
  // the checkout's return path: /premium-buses/ticket-successful-booking/:transactionId (great-escape and airport alike)
  returnData: { transactionId: b.id, product: b.product.toLowerCase() },
});

/**
 * A booking is its own order (orderId = bookingId = transactionId). freeze = the hold becomes PAYMENT_PROCESSING (seats
 * kept until the outcome; a lapsed hold is refused 409 HOLD_EXPIRED); issue = ACTIVE (once); release = the seats go back.
 */
export function reservationOrderKind(service: ReservationService): OrderKind {
  return {
    quote: async (db, orderId, opts) => {
      const b = await service.orderFor(db, orderId, opts?.lock);
      return b ? quoteOf(b) : null;
    },
    freeze: async (db, orderId) => ({ frozen: quoteOf(await service.startPayment(db, orderId)) }),
    issue: async (db, order) => {
      const r = await service.issue(db, order.orderId);
      // a trip cancelled while the rider paid is refunded; payments' transaction must commit before the refund is asked
      setTimeout(() => void service.retryRefunds().catch(() => undefined), 250).unref();
      return r;
    },
    release: (db, orderId) => service.paymentFailed(db, orderId),
  };
}

/** Refunds through payments, keyed by our refund id (payments refunds once per key, whatever is retried or lost). */
export function paymentsRefundPort(payments: Pick<SellerPayments, 'refund' | 'refundStatus' | 'issuedPaymentOf'>): RefundPort {
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
  };
}
