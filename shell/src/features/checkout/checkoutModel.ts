// Small pure helpers of the checkout screens (tested in checkoutModel.test.ts).
import type { OrderStatus } from '@sawari/contracts';

/** Pass order statuses that wait for verification (the pay call would answer 409 ORDER_NOT_PAYABLE). */
const AWAITING_VERIFICATION = new Set(['UNVERIFIED', 'REJECTED']);

export type Payability =
  { kind: 'payable' } | { kind: 'paid' } | { kind: 'processing'; paymentId: string | null } | { kind: 'nothingToPay' } | { kind: 'awaitingVerification' };

/** Where an order stands when the checkout opens, from the payments order status (and the pass order's own status). */
export function payability(status: Pick<OrderStatus, 'status' | 'amountPaise' | 'paymentId'>, passOrderStatus?: string | null): Payability {
  if (status.status === 'SUCCESS' || passOrderStatus === 'SUCCESS') return { kind: 'paid' };
  if (status.status === 'PAYMENT_PROCESSING') return { kind: 'processing', paymentId: status.paymentId };
  if (passOrderStatus && AWAITING_VERIFICATION.has(passOrderStatus)) return { kind: 'awaitingVerification' };
  if (status.amountPaise <= 0) return { kind: 'nothingToPay' };
  return { kind: 'payable' };
}

/** A city id the methods call takes (`mumbai`), or null. */
export const cityForMethods = (...candidates: (string | null | undefined)[]): string | null =>
  candidates.find((c): c is string => !!c && /^[a-z][a-z-]{1,39}$/.test(c)) ?? null;
