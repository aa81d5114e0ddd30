import type { OrderKind } from '../payments';
import type { PassOrderService } from './service';

/**
 * The passes module's OrderKind (docs/adding-a-seller-and-a-remote.md): orderId is the pass order's transactionId
 * (server-minted, POST /api/passes/v3/orders). Payments owns the state machine and calls these in its transactions.
 */
export function passOrderKind(service: PassOrderService): OrderKind {
  return {
    quote: (db, orderId, opts) => service.quoteOf(db, orderId, opts?.lock),
    freeze: (db, orderId, ctx) => service.freeze(db, orderId, ctx.instrument),
    issue: (db, order, payment) => service.issueOrder(db, order, payment),
    release: (db, orderId) => service.release(db, orderId),
  };
}
