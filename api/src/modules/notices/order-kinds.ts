import { formatPaise } from '@sawari/domain';
import type { OrderKind } from '../payments';
import type { RiderNotices } from './service';

/**
 * An OrderKind that also tells the rider by SMS what became of the payment: when the product is
 * issued ("payment received, ready in Your tickets and passes") and when a payment fails. The notice is written in
 * payments' own transaction, so it is sent only if that commits, and once per issue (payments issues exactly once).
 */
export function withPaymentSms(kind: OrderKind, notices: RiderNotices, now: () => number): OrderKind {
  return {
    ...kind,
    issue: async (db, order, payment) => {
      const issued = await kind.issue(db, order, payment);
      const body = payment
        ? `Sawari: payment of ${formatPaise(order.amountPaise)} received for ${order.label}. It is ready in Your tickets and passes.`
        : `Sawari: ${order.label} is ready in Your tickets and passes${order.freeWith ? ` (free with ${order.freeWith.label})` : ''}.`;
      await notices.enqueue(db, { userId: order.userId, eventKey: `issued:${order.orderId}`, body });
      return issued;
    },
    release: async (db, orderId, ctx) => {
      await kind.release(db, orderId, ctx);
      if (!ctx.failureReason) return;
      const order = await kind.quote(db, orderId);
      if (!order) return;
      await notices.enqueue(db, {
        userId: order.userId,
        eventKey: `payment-failed:${orderId}:${now()}`,
        body: `Sawari: your payment for ${order.label} did not go through (${ctx.failureReason}). No ticket or pass was issued; you can pay again in the app.`,
      });
    },
  };
}
