/**
 * The payments module's way into pass orders (the passes module owns pass orders and passes; payments owns payment
 * tables). Payments calls these once it knows the outcome of a payment for a pass order; both are idempotent, so a
 * retried webhook, a poll and a reconciliation run may all report the same outcome.
 *
 * orderId is the pass order's transactionId (as returned by POST /api/passes/v3/orders).
 */
export interface PassPaymentHooks {
  /**
   * The order was paid. Issues the pass exactly once (a second call for the same order returns the same pass).
   * Throws ApiError 404 ORDER_NOT_FOUND for an unknown order and 409 ORDER_NOT_PAYABLE when the order is not awaiting
   * payment (still UNVERIFIED, REJECTED, ...).
   */
  onPaymentSucceeded(orderId: string): Promise<{ passId: string; alreadyIssued: boolean }>;
  /** The payment failed: the order becomes PAYMENT_FAILED (no effect on an order whose pass is already issued). */
  onPaymentFailed(orderId: string): Promise<void>;
  /** What payments should charge, in paise (integer), and for whom; null for an unknown order. */
  payableFor(orderId: string): Promise<{ userId: string; city: string; amountPaise: number; status: string } | null>;
}
