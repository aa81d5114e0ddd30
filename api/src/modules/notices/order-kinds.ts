import type { OrderKind } from '../payments';
import type { RiderNotices } from './service';

/**
 * An OrderKind that also tells the rider by SMS what became of the payment: when the product is
 * issued ("payment received, ready in Your tickets and passes") and when a payment fails. The notice is written in
 * payments' own transaction, so it is sent only if that commits, and once per issue (payments issues exactly once).
 * Written in the rider's language (texts.ts), a failure's reason in words, never its code.
 */
export function withPaymentSms(kind: OrderKind, notices: RiderNotices, now: () => number): OrderKind {
  return {
    ...kind,
    issue: async (db, order, payment) => {
      const issued = await kind.issue(db, order, payment);
      const notice = payment
        ? { kind: 'paymentReceived' as const, label: order.label, amountPaise: order.amountPaise }
        : { kind: 'productReady' as const, label: order.label, freeWith: order.freeWith?.label ?? null };
      await notices.tell(db, { userId: order.userId, eventKey: `issued:${order.orderId}`, notice });
      return issued;
    },
    release: async (db, orderId, ctx) => {
      await kind.release(db, orderId, ctx);
      if (!ctx.failureReason) return;
      const order = await kind.quote(db, orderId);
      if (!order) return;
      await notices.tell(db, {
        userId: order.userId,
        eventKey: `payment-failed:${orderId}:${now()}`,
        notice: { kind: 'paymentFailed', label: order.label, reason: ctx.failureReason },
      });
    },
  };
}
