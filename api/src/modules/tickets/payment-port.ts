import type { PaymentOrderPort } from '../payments/ports';
import type { TicketService } from './service';

/** The payments module's `ticket` order kind (docs/payments.md "Order kinds"): orderId is the order's transactionId. */
export function ticketOrderPort(service: TicketService): PaymentOrderPort {
  return {
    amountPaise: async (orderId, userId) => {
      const o = await service.payableFor(orderId);
      return o && o.userId === userId ? o.amountPaise : null;
    },
    checkPayable: (orderId) => service.checkPayable(orderId),
    onPaymentSucceeded: (orderId) => service.onPaymentSucceeded(orderId),
    onPaymentFailed: (orderId) => service.onPaymentFailed(orderId),
  };
}
