import type { OrderKind } from '../payments';
import type { TicketService } from './service';

/** The tickets module's OrderKind (docs/adding-a-seller-and-a-remote.md): orderId is the order's transactionId. */
export function ticketOrderKind(service: TicketService): OrderKind {
  return {
    quote: (db, orderId, opts) => service.quoteOf(db, orderId, opts?.lock),
    freeze: (db, orderId) => service.freeze(db, orderId),
    issue: (db, order, payment) => service.issueOrder(db, order, payment),
    release: (db, orderId) => service.release(db, orderId),
  };
}
