/** The payments module's public face: the seller seam (OrderKind, WalletSource) and the module factory. */
export {
  mintOrderId,
  orderKeyOf,
  OrderKinds,
  type FreezeResult,
  type InstrumentInfo,
  type OrderKind,
  type OrderQuote,
  type SellerWalletItem,
  type SettledPayment,
  type WalletSource,
} from './order-kind';
export { createPaymentsModule, paymentsOf, type PaymentsDeps } from './module';
export { ISSUE_REFUSED, PaymentService, type RefundView } from './service';
export { SANDBOX_BANK_CARDS, SANDBOX_CARDS, SANDBOX_UPI, SANDBOX_UPI_HANDLES, SANDBOX_UPI_NO_REFUND, SandboxGateway, type PaymentGateway } from './gateway';

/** What a seller module may ask of payments: issue a free order, refund a paid one, issue a paid one whose delivery failed. */
export type SellerPayments = Pick<import('./service').PaymentService, 'issueFree' | 'refund' | 'refundStatus' | 'issuedPaymentOf' | 'redeliver'>;
