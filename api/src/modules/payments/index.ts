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
export { CounterLedger, GATEWAY_FAILURE_REASONS, noGateway, UPI_HANDLE_BANKS, type GatewayPayment, type PaymentGateway } from './gateway';
export { RazorpayGateway, type RazorpayConfig } from './razorpay-gateway';
export { DEV_RAZORPAY } from './settings';

/** What a seller module may ask of payments: issue a free order, refund a paid one, issue a paid one whose delivery failed. */
export type SellerPayments = Pick<import('./service').PaymentService, 'issueFree' | 'refund' | 'refundStatus' | 'issuedPaymentOf' | 'redeliver'>;
