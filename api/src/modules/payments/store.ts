import type { PaymentMethod } from '@sawari/contracts';
import type { Db } from '../../platform/db';
import { businessMetrics } from '../../platform/metrics';
import type { OrderQuote } from './order-kind';

export type PaymentState = 'CREATED' | 'PENDING' | 'SUCCESS' | 'FAILED';
export interface PaymentRow {
  id: string;
  userId: string;
  orderKind: string;
  orderId: string;
  idempotencyKey: string;
  requestHash: string;
  amountPaise: number;
  method: PaymentMethod;
  instrument: string;
  status: PaymentState;
  gatewayRef: string | null;
  failureReason: string | null;
  /** Cash: the short reference read out at the counter ("K7QX-M4TP"); null for other methods. */
  counterReference: string | null;
  /** Online: the gateway payment (attempt) captured for this payment's gateway order; refunds go against it. */
  gatewayPaymentId: string | null;
  /** Online: our checkout path the gateway sends the rider back to. */
  returnPath: string | null;
  /** Online: when the gateway's page stops taking this payment. */
  checkoutExpiresAt: number | null;
  /** The bank the rider chose on our page (a bank offer's price is made for it); null when none. */
  declaredBank: string | null;
  /** The paying bank the gateway reported for the captured payment; null when unknown. */
  paidBank: string | null;
  /** What our page passed to the gateway's page (bank, wallet, UPI id). */
  prefill: Record<string, string>;
  notifiedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export type OrderState = 'OPEN' | 'FROZEN' | 'ISSUED';
export interface FrozenOrderRow extends OrderQuote {
  kind: string;
  state: OrderState;
  frozenAt: number | null;
  frozenPaymentId: string | null;
  issuedAt: number | null;
  issuedPaymentId: string | null;
  productId: string | null;
}

export interface RefundRow {
  id: string;
  paymentId: string;
  refundKey: string;
  amountPaise: number;
  reason: string;
  status: PaymentState;
  gatewayRef: string | null;
  /** The captured gateway payment refunded (null: the payment's own). */
  gatewayPaymentId: string | null;
  failureReason: string | null;
  createdAt: number;
  updatedAt: number;
}

type R = Record<string, unknown>;
const num = (v: unknown): number | null => (v == null ? null : Number(v));
const paymentOf = (r: R): PaymentRow => ({
  id: r.id as string,
  userId: r.user_id as string,
  orderKind: r.order_kind as string,
  orderId: r.order_id as string,
  idempotencyKey: r.idempotency_key as string,
  requestHash: r.request_hash as string,
  amountPaise: Number(r.amount_paise),
  method: r.method as PaymentMethod,
  instrument: r.instrument as string,
  status: r.status as PaymentState,
  gatewayRef: (r.gateway_ref as string) ?? null,
  failureReason: (r.failure_reason as string) ?? null,
  counterReference: (r.counter_reference as string) ?? null,
  gatewayPaymentId: (r.gateway_payment_id as string) ?? null,
  returnPath: (r.return_path as string) ?? null,
  checkoutExpiresAt: num(r.checkout_expires_at),
  declaredBank: (r.declared_bank as string) ?? null,
  paidBank: (r.paid_bank as string) ?? null,
  prefill: (r.prefill as Record<string, string>) ?? {},
  notifiedAt: num(r.notified_at),
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});
const orderOf = (r: R): FrozenOrderRow => ({
  kind: r.order_kind as string,
  orderId: r.order_id as string,
  userId: r.user_id as string,
  city: r.city_id as string,
  amountPaise: Number(r.amount_paise),
  productRef: r.product_ref as string,
  quantity: Number(r.quantity),
  label: r.label as string,
  returnData: (r.return_data as Record<string, string>) ?? {},
  freeWith: r.free_offer_id ? { offerId: r.free_offer_id as string, label: (r.free_label as string) ?? '' } : null,
  state: r.state as OrderState,
  frozenAt: num(r.frozen_at),
  frozenPaymentId: (r.frozen_payment_id as string) ?? null,
  issuedAt: num(r.issued_at),
  issuedPaymentId: (r.issued_payment_id as string) ?? null,
  productId: (r.product_id as string) ?? null,
});
const refundOf = (r: R): RefundRow => ({
  id: r.id as string,
  paymentId: r.payment_id as string,
  refundKey: r.refund_key as string,
  amountPaise: Number(r.amount_paise),
  reason: r.reason as string,
  status: r.status as PaymentState,
  gatewayRef: (r.gateway_ref as string) ?? null,
  gatewayPaymentId: (r.gateway_payment_id as string) ?? null,
  failureReason: (r.failure_reason as string) ?? null,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

const LIVE = `status IN ('CREATED', 'PENDING', 'SUCCESS') AND refused_at IS NULL`;

/** SQL for payments, payments' frozen orders and refunds. No HTTP, no gateway here. */
export class PaymentStore {
  constructor(readonly db: Db) {}

  with(db: Db): PaymentStore {
    return new PaymentStore(db);
  }

  // --- payments ---------------------------------------------------------------------------------------------------

  async byKey(userId: string, key: string): Promise<PaymentRow | null> {
    const r = await this.db.query<R>('SELECT * FROM payments WHERE user_id = $1 AND idempotency_key = $2', [userId, key]);
    return r.rows[0] ? paymentOf(r.rows[0]) : null;
  }

  async byId(id: string, opts: { userId?: string; lock?: boolean } = {}): Promise<PaymentRow | null> {
    const r = await this.db.query<R>(
      `SELECT * FROM payments WHERE id = $1${opts.userId !== undefined ? ' AND user_id = $2' : ''}${opts.lock ? ' FOR UPDATE' : ''}`,
      opts.userId !== undefined ? [id, opts.userId] : [id],
    );
    return r.rows[0] ? paymentOf(r.rows[0]) : null;
  }

  /** The order's live (in flight, pending or successful) payment; at most one exists (partial unique index). */
  async livePayment(orderKind: string, orderId: string): Promise<PaymentRow | null> {
    const r = await this.db.query<R>(`SELECT * FROM payments WHERE order_kind = $1 AND order_id = $2 AND ${LIVE}`, [orderKind, orderId]);
    return r.rows[0] ? paymentOf(r.rows[0]) : null;
  }

  /** The successful payment, else the latest one. */
  async latestPayment(orderKind: string, orderId: string): Promise<PaymentRow | null> {
    const r = await this.db.query<R>(
      `SELECT * FROM payments WHERE order_kind = $1 AND order_id = $2 ORDER BY (status = 'SUCCESS' AND refused_at IS NULL) DESC, created_at DESC, id DESC LIMIT 1`,
      [orderKind, orderId],
    );
    return r.rows[0] ? paymentOf(r.rows[0]) : null;
  }

  /**
   * Inserts a CREATED payment; null when the rider's key or the order's live slot is taken, or (cash) the counter
   * reference is (ON CONFLICT DO NOTHING: the transaction goes on; see counterReferenceTaken).
   */
  async insertPayment(
    p: Pick<PaymentRow, 'id' | 'userId' | 'orderKind' | 'orderId' | 'idempotencyKey' | 'requestHash' | 'amountPaise' | 'method' | 'instrument'> & {
      counterReference?: string | null;
      returnPath?: string | null;
      declaredBank?: string | null;
      prefill?: Record<string, string>;
    },
    now: number,
  ): Promise<PaymentRow | null> {
    const r = await this.db.query<R>(
      `INSERT INTO payments (id, user_id, order_kind, order_id, idempotency_key, request_hash, amount_paise, method, instrument, status, created_at, updated_at,
         counter_reference, return_path, declared_bank, prefill)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'CREATED', $10, $10, $11, $12, $13, $14) ON CONFLICT DO NOTHING RETURNING *`,
      [
        p.id,
        p.userId,
        p.orderKind,
        p.orderId,
        p.idempotencyKey,
        p.requestHash,
        p.amountPaise,
        p.method,
        p.instrument,
        now,
        p.counterReference ?? null,
        p.returnPath ?? null,
        p.declaredBank ?? null,
        JSON.stringify(p.prefill ?? {}),
      ],
    );
    return r.rows[0] ? paymentOf(r.rows[0]) : null;
  }

  /** Whether a payment holds this counter reference already. */
  async counterReferenceTaken(reference: string): Promise<boolean> {
    return (await this.db.query('SELECT 1 FROM payments WHERE counter_reference = $1', [reference])).rows.length > 0;
  }

  /** The payment with this counter reference (as stored, "K7QX-M4TP"). */
  async byCounterReference(reference: string): Promise<PaymentRow | null> {
    const r = await this.db.query<R>('SELECT * FROM payments WHERE counter_reference = $1', [reference]);
    return r.rows[0] ? paymentOf(r.rows[0]) : null;
  }

  /** Moves a payment to a gateway answer when it is still in one of `from`; the updated row, or null. */
  async recordCharge(
    id: string,
    c: { status: PaymentState; gatewayRef: string | null; failureReason: string | null },
    from: PaymentState[],
    now: number,
  ): Promise<PaymentRow | null> {
    const r = await this.db.query<R>(
      `UPDATE payments SET status = $2, gateway_ref = COALESCE($3, gateway_ref), failure_reason = $4, updated_at = $5 WHERE id = $1 AND status = ANY($6::text[]) RETURNING *`,
      [id, c.status, c.gatewayRef, c.failureReason, now, from],
    );
    if (r.rows[0]) businessMetrics.paymentSettled(c.status);
    return r.rows[0] ? paymentOf(r.rows[0]) : null;
  }

  /** The payment whose gateway order (or counter charge) this is. */
  async byGatewayRef(gatewayRef: string): Promise<PaymentRow | null> {
    const r = await this.db.query<R>('SELECT * FROM payments WHERE gateway_ref = $1', [gatewayRef]);
    return r.rows[0] ? paymentOf(r.rows[0]) : null;
  }

  /** Records the gateway's order for a payment still CREATED or PENDING (and when its page stops taking it). */
  async recordGatewayOrder(id: string, gatewayRef: string, checkoutExpiresAt: number, now: number): Promise<PaymentRow | null> {
    const r = await this.db.query<R>(
      `UPDATE payments SET status = 'PENDING', gateway_ref = $2, checkout_expires_at = $3, updated_at = $4
       WHERE id = $1 AND status IN ('CREATED', 'PENDING') AND (gateway_ref IS NULL OR gateway_ref = $2) RETURNING *`,
      [id, gatewayRef, checkoutExpiresAt, now],
    );
    return r.rows[0] ? paymentOf(r.rows[0]) : null;
  }

  /** A captured gateway payment settles this payment (once: only from CREATED or PENDING). */
  async recordCapture(
    id: string,
    c: { gatewayPaymentId: string; method: PaymentMethod; instrument: string; paidBank: string | null },
    now: number,
  ): Promise<PaymentRow | null> {
    const r = await this.db.query<R>(
      `UPDATE payments SET status = 'SUCCESS', gateway_payment_id = $2, method = $3, instrument = $4, paid_bank = $5, failure_reason = NULL, updated_at = $6
       WHERE id = $1 AND status IN ('CREATED', 'PENDING') RETURNING *`,
      [id, c.gatewayPaymentId, c.method, c.instrument, c.paidBank, now],
    );
    if (r.rows[0]) businessMetrics.paymentSettled('SUCCESS');
    return r.rows[0] ? paymentOf(r.rows[0]) : null;
  }

  /** A gateway event already processed (by its id)? */
  async eventSeen(gateway: string, eventId: string): Promise<boolean> {
    return (await this.db.query('SELECT 1 FROM payment_gateway_events WHERE gateway = $1 AND event_id = $2', [gateway, eventId])).rows.length > 0;
  }

  /** Records a processed gateway event; false when it was recorded already (a twin delivery processed it too). */
  async recordEvent(e: { gateway: string; eventId: string; type: string; gatewayOrderId: string | null; outcome: string }, now: number): Promise<boolean> {
    const r = await this.db.query(
      `INSERT INTO payment_gateway_events (gateway, event_id, event_type, gateway_order_id, outcome, received_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT DO NOTHING RETURNING event_id`,
      [e.gateway, e.eventId, e.type.slice(0, 60), e.gatewayOrderId, e.outcome.slice(0, 200), now],
    );
    return r.rows.length > 0;
  }

  /** Claims the delivery of a settled payment's outcome (lease of 60 s); the row, or null when not due. */
  async claimDelivery(id: string, now: number): Promise<PaymentRow | null> {
    const r = await this.db.query<R>(
      `UPDATE payments SET notify_claimed_at = $2 WHERE id = $1 AND status IN ('SUCCESS', 'FAILED') AND notified_at IS NULL
         AND (notify_claimed_at IS NULL OR notify_claimed_at < $3) RETURNING *`,
      [id, now, now - 60_000],
    );
    return r.rows[0] ? paymentOf(r.rows[0]) : null;
  }

  /** A successful payment payments refused to issue for (and refunds): no longer the order's live payment. */
  async markRefused(id: string, now: number): Promise<void> {
    await this.db.query('UPDATE payments SET refused_at = $2 WHERE id = $1 AND refused_at IS NULL', [id, now]);
  }

  /** Claims a planned refund for sending (one sender: a lease on a CREATED row); the row, or null when another sends it. */
  async claimRefundSend(id: string, now: number): Promise<RefundRow | null> {
    const r = await this.db.query<R>(
      `UPDATE payment_refunds SET reconcile_lease_until = $2 + 30000 WHERE id = $1 AND status = 'CREATED'
         AND (reconcile_lease_until IS NULL OR reconcile_lease_until < $2) RETURNING *`,
      [id, now],
    );
    return r.rows[0] ? refundOf(r.rows[0]) : null;
  }

  async markDelivered(id: string, now: number): Promise<void> {
    await this.db.query('UPDATE payments SET notified_at = $2 WHERE id = $1', [id, now]);
  }

  async releaseDelivery(id: string): Promise<void> {
    await this.db.query('UPDATE payments SET notify_claimed_at = NULL WHERE id = $1', [id]);
  }

  /** Claims a payment still CREATED for a retry's take-over (the reconciliation lease: one taker); null when taken or moved on. */
  async claimOrphan(id: string, now: number): Promise<PaymentRow | null> {
    const r = await this.db.query<R>(
      `UPDATE payments SET reconcile_lease_until = $2 + 30000 WHERE id = $1 AND status = 'CREATED'
         AND (reconcile_lease_until IS NULL OR reconcile_lease_until < $2) RETURNING *`,
      [id, now],
    );
    return r.rows[0] ? paymentOf(r.rows[0]) : null;
  }

  /** Claims up to `limit` unsettled payments for a reconciliation run (FOR UPDATE SKIP LOCKED, 30 s lease). */
  async claimUnsettled(now: number, staleBefore: number, limit: number): Promise<PaymentRow[]> {
    const r = await this.db.query<R>(
      `UPDATE payments SET reconcile_lease_until = $1 + 30000 WHERE id IN (
         SELECT id FROM payments
         WHERE ((status = 'PENDING' AND (method = 'cash' OR created_at < $2)) OR (status = 'CREATED' AND created_at < $2) OR (status IN ('SUCCESS', 'FAILED') AND notified_at IS NULL))
           AND (reconcile_lease_until IS NULL OR reconcile_lease_until < $1)
         ORDER BY updated_at LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING *`,
      [now, staleBefore, limit],
    );
    return r.rows.map(paymentOf);
  }

  /** Metrics: payments and refunds still waiting for reconciliation (unsettled or undelivered) since before `before`. */
  async reconciliationBacklog(before: number): Promise<number> {
    const r = await this.db.query<{ n: string }>(
      `SELECT (SELECT count(*) FROM payments WHERE (status IN ('CREATED', 'PENDING') OR (status IN ('SUCCESS', 'FAILED') AND notified_at IS NULL)) AND updated_at < $1)
            + (SELECT count(*) FROM payment_refunds WHERE status IN ('CREATED', 'PENDING') AND updated_at < $1) AS n`,
      [before],
    );
    return Number(r.rows[0]?.n ?? 0);
  }

  async releaseLease(id: string): Promise<void> {
    await this.db.query('UPDATE payments SET reconcile_lease_until = NULL WHERE id = $1', [id]);
  }

  // --- frozen orders ----------------------------------------------------------------------------------------------

  async order(kind: string, orderId: string, lock = false): Promise<FrozenOrderRow | null> {
    const r = await this.db.query<R>(`SELECT * FROM payment_orders WHERE order_kind = $1 AND order_id = $2${lock ? ' FOR UPDATE' : ''}`, [kind, orderId]);
    return r.rows[0] ? orderOf(r.rows[0]) : null;
  }

  /** Records the order frozen at this quote for this payment (a released order is frozen again at its new quote). */
  async freeze(kind: string, q: OrderQuote, paymentId: string, now: number): Promise<void> {
    await this.db.query(
      `INSERT INTO payment_orders (order_kind, order_id, user_id, city_id, amount_paise, product_ref, quantity, label, return_data, state, frozen_at, frozen_payment_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'FROZEN', $10, $11, $10, $10)
       ON CONFLICT (order_kind, order_id) DO UPDATE SET user_id = EXCLUDED.user_id, city_id = EXCLUDED.city_id, amount_paise = EXCLUDED.amount_paise,
         product_ref = EXCLUDED.product_ref, quantity = EXCLUDED.quantity, label = EXCLUDED.label, return_data = EXCLUDED.return_data, state = 'FROZEN',
         frozen_at = EXCLUDED.frozen_at, frozen_payment_id = EXCLUDED.frozen_payment_id, updated_at = EXCLUDED.updated_at
       WHERE payment_orders.state = 'OPEN'`,
      [kind, q.orderId, q.userId, q.city, q.amountPaise, q.productRef, q.quantity, q.label, JSON.stringify(q.returnData), now, paymentId],
    );
  }

  /** A free order issued without a payment (its offer recorded). */
  async issueFree(kind: string, q: OrderQuote, productId: string, now: number): Promise<void> {
    await this.db.query(
      `INSERT INTO payment_orders (order_kind, order_id, user_id, city_id, amount_paise, product_ref, quantity, label, return_data, free_offer_id, free_label, state, issued_at, product_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 0, $5, $6, $7, $8, $9, $10, 'ISSUED', $11, $12, $11, $11)
       ON CONFLICT (order_kind, order_id) DO UPDATE SET amount_paise = 0, product_ref = EXCLUDED.product_ref, quantity = EXCLUDED.quantity, label = EXCLUDED.label,
         return_data = EXCLUDED.return_data, free_offer_id = EXCLUDED.free_offer_id, free_label = EXCLUDED.free_label, state = 'ISSUED', issued_at = EXCLUDED.issued_at,
         product_id = EXCLUDED.product_id, updated_at = EXCLUDED.updated_at
       WHERE payment_orders.state = 'OPEN'`,
      [
        kind,
        q.orderId,
        q.userId,
        q.city,
        q.productRef,
        q.quantity,
        q.label,
        JSON.stringify(q.returnData),
        q.freeWith?.offerId ?? null,
        q.freeWith?.label ?? null,
        now,
        productId,
      ],
    );
    businessMetrics.productIssued(kind);
  }

  async markIssued(kind: string, orderId: string, paymentId: string, productId: string, now: number): Promise<void> {
    await this.db.query(
      `UPDATE payment_orders SET state = 'ISSUED', issued_at = $3, issued_payment_id = $4, product_id = $5, updated_at = $3 WHERE order_kind = $1 AND order_id = $2`,
      [kind, orderId, now, paymentId, productId],
    );
    businessMetrics.productIssued(kind);
  }

  /** The order's payment failed: payable again, open to a new quote. */
  async markOpen(kind: string, orderId: string, now: number): Promise<void> {
    await this.db.query(
      `UPDATE payment_orders SET state = 'OPEN', frozen_payment_id = NULL, updated_at = $3 WHERE order_kind = $1 AND order_id = $2 AND state = 'FROZEN'`,
      [kind, orderId, now],
    );
  }

  // --- refunds ----------------------------------------------------------------------------------------------------

  async refundByKey(paymentId: string, key: string): Promise<RefundRow | null> {
    const r = await this.db.query<R>('SELECT * FROM payment_refunds WHERE payment_id = $1 AND refund_key = $2', [paymentId, key]);
    return r.rows[0] ? refundOf(r.rows[0]) : null;
  }

  /** A refund by the gateway's refund id, or (a refund whose answer was lost) by our id, the gateway's receipt. */
  async refundByGateway(gatewayRef: string, receipt: string | null): Promise<RefundRow | null> {
    const r = await this.db.query<R>('SELECT * FROM payment_refunds WHERE gateway_ref = $1 OR id = $2 ORDER BY (gateway_ref = $1) DESC LIMIT 1', [
      gatewayRef,
      receipt ?? '',
    ]);
    return r.rows[0] ? refundOf(r.rows[0]) : null;
  }

  async refund(id: string): Promise<RefundRow | null> {
    const r = await this.db.query<R>('SELECT * FROM payment_refunds WHERE id = $1', [id]);
    return r.rows[0] ? refundOf(r.rows[0]) : null;
  }

  async refundsOf(paymentId: string): Promise<RefundRow[]> {
    const r = await this.db.query<R>('SELECT * FROM payment_refunds WHERE payment_id = $1 ORDER BY created_at, id', [paymentId]);
    return r.rows.map(refundOf);
  }

  /** Paise of the payment's own capture already refunded or being refunded (every refund that did not fail). */
  async refundedPaise(paymentId: string): Promise<number> {
    const r = await this.db.query<{ n: string | null }>(
      `SELECT sum(amount_paise) AS n FROM payment_refunds WHERE payment_id = $1 AND status <> 'FAILED' AND gateway_payment_id IS NULL`,
      [paymentId],
    );
    return Number(r.rows[0]?.n ?? 0);
  }

  async insertRefund(
    f: Pick<RefundRow, 'id' | 'paymentId' | 'refundKey' | 'amountPaise' | 'reason'> & { gatewayPaymentId?: string | null },
    now: number,
  ): Promise<RefundRow | null> {
    const r = await this.db.query<R>(
      `INSERT INTO payment_refunds (id, payment_id, refund_key, amount_paise, reason, status, created_at, updated_at, gateway_payment_id)
       VALUES ($1, $2, $3, $4, $5, 'CREATED', $6, $6, $7)
       ON CONFLICT (payment_id, refund_key) DO NOTHING RETURNING *`,
      [f.id, f.paymentId, f.refundKey, f.amountPaise, f.reason, now, f.gatewayPaymentId ?? null],
    );
    return r.rows[0] ? refundOf(r.rows[0]) : null;
  }

  async recordRefund(id: string, c: { status: PaymentState; gatewayRef: string | null; failureReason: string | null }, now: number): Promise<RefundRow | null> {
    const r = await this.db.query<R>(
      `UPDATE payment_refunds SET status = $2, gateway_ref = COALESCE($3, gateway_ref), failure_reason = $4, updated_at = $5 WHERE id = $1 AND status IN ('CREATED', 'PENDING') RETURNING *`,
      [id, c.status, c.gatewayRef, c.failureReason, now],
    );
    if (r.rows[0]) businessMetrics.refundSettled(c.status);
    return r.rows[0] ? refundOf(r.rows[0]) : null;
  }

  async claimUnsettledRefunds(now: number, limit: number): Promise<RefundRow[]> {
    const r = await this.db.query<R>(
      `UPDATE payment_refunds SET reconcile_lease_until = $1 + 30000 WHERE id IN (
         SELECT id FROM payment_refunds WHERE status IN ('CREATED', 'PENDING') AND (reconcile_lease_until IS NULL OR reconcile_lease_until < $1)
         ORDER BY updated_at LIMIT $2 FOR UPDATE SKIP LOCKED) RETURNING *`,
      [now, limit],
    );
    return r.rows.map(refundOf);
  }

  async releaseRefundLease(id: string): Promise<void> {
    await this.db.query('UPDATE payment_refunds SET reconcile_lease_until = NULL WHERE id = $1', [id]);
  }
}
