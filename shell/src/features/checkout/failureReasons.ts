// What a declined or lapsed payment means to the rider: one message per failureReason code (docs/payments.md and
// docs/payment-gateway.md: the gateway's codes, our own when its page lapsed or it did not answer, and the refunds of
// a payment that came too late or twice), each saying what happened to the money and what to do next. Unknown codes get
// the general message.

export const FAILURE_REASONS = [
  // the gateway's codes (its page: card, 3-D Secure, UPI collect, netbanking, wallets)
  'AUTHENTICATION_FAILED',
  'CARD_DECLINED',
  'INSUFFICIENT_FUNDS',
  'CARD_EXPIRED',
  'PAYMENT_TIMED_OUT',
  'PAYMENT_CANCELLED',
  'PAYMENT_FAILED',
  'PAYMENT_DECLINED',
  // ours: the gateway's page lapsed unpaid, the gateway did not answer, a payment we refunded
  'CHECKOUT_EXPIRED',
  'GATEWAY_UNAVAILABLE',
  'GATEWAY_NO_CHARGE',
  'GATEWAY_NO_ORDER',
  'LATE_PAYMENT_REFUNDED',
  'DUPLICATE_PAYMENT_REFUNDED',
  'ORDER_CHANGED_REFUNDED',
  'AMOUNT_MISMATCH_REFUNDED',
  // cash at the counter
  'NOT_PAID_AT_COUNTER',
  // earlier names still found on old payments
  'EXPIRED_CARD',
  'UPI_DECLINED',
  'UPI_REQUEST_EXPIRED',
  'BANK_DECLINED',
  'BANK_NOT_SUPPORTED',
  'INSUFFICIENT_WALLET_BALANCE',
] as const;
export type KnownFailureReason = (typeof FAILURE_REASONS)[number];

/** Message id (react-intl) for a failureReason; `checkout.failure.other` for null or an unknown code. */
export function failureMessageId(reason: string | null | undefined): string {
  return reason && (FAILURE_REASONS as readonly string[]).includes(reason) ? `checkout.failure.${reason}` : 'checkout.failure.other';
}

/** Reasons where the rider's money came back (or never left) although a payment was made: said so, not "declined". */
const REFUNDED: ReadonlySet<string> = new Set(['LATE_PAYMENT_REFUNDED', 'DUPLICATE_PAYMENT_REFUNDED', 'ORDER_CHANGED_REFUNDED', 'AMOUNT_MISMATCH_REFUNDED']);
export const isRefunded = (reason: string | null | undefined): boolean => !!reason && REFUNDED.has(reason);

/** The form field a retry most likely needs changed, so it gets focus after a decline (null: the Pay button). */
export function fieldToFix(reason: string | null | undefined): string | null {
  switch (reason) {
    case 'UPI_DECLINED':
      return 'vpa';
    default:
      return null;
  }
}
