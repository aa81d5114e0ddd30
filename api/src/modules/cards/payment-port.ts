// The payments module's order kinds cardRecharge and ncmcCardRecharge over the card service (the seller seam,
// docs/adding-a-seller-and-a-remote.md; docs/cards.md). Kept in this one file so the adapter follows that seam.
import { formatPaise, maskedFromLast4 } from '@sawari/domain';
import type { OrderKind, OrderQuote, SellerPayments } from '../payments';
import type { CardRefunds, CardService } from './service';
import type { CardRow, OrderRow } from './store';

export const CARD_ORDER_KINDS = ['cardRecharge', 'ncmcCardRecharge'] as const;
export type CardOrderKind = (typeof CARD_ORDER_KINDS)[number];

const quoteOf = (o: OrderRow, card: CardRow): OrderQuote => ({
  orderId: o.orderId,
  userId: o.userId,
  city: o.city,
  amountPaise: o.amountPaise + o.feePaise,
  productRef: `${o.orderKind}:${o.cardRef}:${o.amountPaise}`,
  quantity: 1,
  label: `${card.kind === 'ncmc' ? 'NCMC card' : 'City card'} ${maskedFromLast4(card.last4)} recharge of ${formatPaise(o.amountPaise)}`,
  // The checkout's return paths: /select-card/card-recharge-successful/:orderId, /ncmc-card-recharge/successful/:cardType?order=:orderId
  returnData: { orderId: o.orderId, cardType: card.kind },
});

/**
 * One OrderKind per kind (a kind answers only its own orders). After an issue that refunds (the card was blocked or
 * expired while paying), the refund is requested once payments' transaction has committed (afterCommit, no timer).
 */
export function cardOrderKinds(service: CardService): Record<CardOrderKind, OrderKind> {
  const kind = (name: CardOrderKind): OrderKind => ({
    quote: async (db, orderId, opts) => {
      const r = await service.orderForPayments(db, orderId, opts?.lock);
      return r && r.order.orderKind === name ? quoteOf(r.order, r.card) : null;
    },
    freeze: async (db, orderId) => {
      await service.freeze(db, orderId);
      const r = (await service.orderForPayments(db, orderId))!;
      return { frozen: quoteOf(r.order, r.card) };
    },
    issue: async (db, order) => ({ productId: (await service.issue(db, order.orderId)).productId }),
    release: (db, orderId) => service.release(db, orderId),
    // a load refused at issue is marked REFUNDED in payments' transaction; the refund needs the issued payment, so it is
    // asked once that transaction has committed (and by the module's job if this does not run)
    afterCommit: async () => {
      await service.retryRefunds();
    },
  });
  return { cardRecharge: kind('cardRecharge'), ncmcCardRecharge: kind('ncmcCardRecharge') };
}

/** Refunds through payments: the whole issued payment, keyed by the order (a repeat refunds nothing more). */
export function paymentsRefunds(payments: Pick<SellerPayments, 'refund' | 'issuedPaymentOf'>): CardRefunds {
  return {
    refund: async (orderKind, orderId, amountPaise, reason) => {
      const paymentId = await payments.issuedPaymentOf(orderKind, orderId);
      if (!paymentId) throw new Error(`cards: no issued payment for ${orderKind} ${orderId} yet`);
      await payments.refund(paymentId, amountPaise, `card load not writable: ${reason}`, `card-load-${orderId}`);
    },
  };
}
