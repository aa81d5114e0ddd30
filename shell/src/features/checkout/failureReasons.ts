// What a declined or lapsed payment means to the rider: one message per gateway failureReason code (docs/payments.md),
// each saying what to do next. Unknown codes get the general message.

export const FAILURE_REASONS = [
  'CARD_DECLINED',
  'INSUFFICIENT_FUNDS',
  'EXPIRED_CARD',
  'AUTHENTICATION_FAILED',
  'UPI_DECLINED',
  'UPI_REQUEST_EXPIRED',
  'BANK_DECLINED',
  'BANK_NOT_SUPPORTED',
  'INSUFFICIENT_WALLET_BALANCE',
  'NOT_PAID_AT_COUNTER',
  'GATEWAY_NO_CHARGE',
] as const;
export type KnownFailureReason = (typeof FAILURE_REASONS)[number];

/** Message id (react-intl) for a failureReason; `checkout.failure.other` for null or an unknown code. */
export function failureMessageId(reason: string | null | undefined): string {
  return reason && (FAILURE_REASONS as readonly string[]).includes(reason) ? `checkout.failure.${reason}` : 'checkout.failure.other';
}

/** The form field a retry most likely needs changed, so it gets focus after a decline (null: the Pay button). */
export function fieldToFix(reason: string | null | undefined): string | null {
  switch (reason) {
    case 'EXPIRED_CARD':
      return 'expiry';
    case 'CARD_DECLINED':
    case 'INSUFFICIENT_FUNDS':
      return 'number';
    case 'UPI_DECLINED':
      return 'vpa';
    default:
      return null;
  }
}
