import { randomBytes } from 'node:crypto';
import type { PaymentMethod, PaymentStatus, PayPrefill } from '@sawari/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { InstrumentInfo } from './order-kind';

/**
 * The payment gateway port (docs/payment-gateway.md): a gateway with a hosted checkout. The rider pays on the
 * gateway's page; we create the gateway's order, send the rider there, and believe an outcome only when the gateway
 * proves it (a verified payment signature on the return, a signed webhook, or our own authenticated question to its
 * API). Adapters: RazorpayGateway (razorpay-gateway.ts). Another gateway is another adapter of this interface.
 */
export interface PaymentGateway {
  /** The adapter's name in URLs and logs ("razorpay"). */
  readonly name: string;
  /** The origin of the gateway's hosted page (the page CSP's form-action allows it). */
  readonly checkoutOrigin: string;
  /** Creates the gateway's order for this amount; `receipt` is our payment id (findOrder finds it again). */
  createOrder(req: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>;
  /** The order made for our payment id, if any (a crash between creating it and recording it). */
  findOrder(receipt: string): Promise<GatewayOrder | null>;
  /** A gateway order by its id (its receipt names our payment); null when the gateway has none. */
  getOrder(gatewayOrderId: string): Promise<GatewayOrder | null>;
  /** Every payment attempt on a gateway order (one succeeds at most, unless the gateway slipped). */
  orderPayments(gatewayOrderId: string): Promise<GatewayPayment[]>;
  getPayment(gatewayPaymentId: string): Promise<GatewayPayment | null>;
  /** The form the rider's browser posts to the gateway's hosted page. */
  checkout(order: GatewayOrder, opts: CheckoutOptions): { action: string; fields: Record<string, string> };
  /** The gateway's return (callback) fields, verified: the ids its signature proves, or null (unsigned, forged). */
  verifyReturn(fields: Record<string, string>): { gatewayOrderId: string; gatewayPaymentId: string } | null;
  /** A webhook, verified against its signature: the event, or null (forged, unsigned, not an event). */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): GatewayEvent | null;
  /** Refunds part or all of a captured payment; `receipt` is our refund id (findRefund finds it again). */
  createRefund(req: { gatewayPaymentId: string; amountPaise: number; receipt: string }): Promise<GatewayRefund>;
  getRefund(gatewayRefundId: string): Promise<GatewayRefund | null>;
  findRefund(gatewayPaymentId: string, receipt: string): Promise<GatewayRefund | null>;
}

export interface CheckoutOptions {
  callbackUrl: string;
  cancelUrl: string;
  method: Exclude<PaymentMethod, 'cash'>;
  prefill: PayPrefill;
  description: string;
  /** Seconds the gateway's page keeps taking the payment. */
  timeoutSeconds: number;
}

export interface GatewayOrder {
  gatewayOrderId: string;
  amountPaise: number;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  createdAt: number;
}

export type GatewayPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
export interface GatewayPayment {
  gatewayPaymentId: string;
  gatewayOrderId: string;
  amountPaise: number;
  /** refunded: captured, then refunded (in full or in part) */
  status: GatewayPaymentStatus;
  method: Exclude<PaymentMethod, 'cash'> | null;
  /** What we may keep of the instrument: "VISA •••• 1111", a UPI id, a bank or wallet code. */
  instrument: string;
  /** The paying bank as the gateway reports it (card issuer, netbanking bank, UPI handle's bank); null when unknown. */
  bank: string | null;
  /** The gateway's reason code of a failed attempt ("authentication_failed"), upper-cased; null otherwise. */
  failureReason: string | null;
  createdAt: number;
}

/**
 * The failure reasons a gateway payment attempt reports, as payments keeps them (Razorpay's `error_reason`,
 * upper-cased): each has words in the rider's notices and the checkout. An unknown one gets the general words.
 */
export const GATEWAY_FAILURE_REASONS = [
  'CARD_DECLINED',
  'INSUFFICIENT_FUNDS',
  'CARD_EXPIRED',
  'AUTHENTICATION_FAILED',
  'PAYMENT_CANCELLED',
  'PAYMENT_TIMED_OUT',
  'PAYMENT_FAILED',
] as const;

export interface GatewayRefund {
  gatewayRef: string;
  gatewayPaymentId: string;
  receipt: string | null;
  amountPaise: number;
  status: PaymentStatus;
  failureReason: string | null;
}

export type GatewayEvent = {
  eventId: string;
  type: string;
  payment: GatewayPayment | null;
  refund: GatewayRefund | null;
  /** The order entity (order.paid): its receipt names our payment. */
  order: GatewayOrder | null;
};

/** UPI handles (the part after @) and the bank behind each, as a gateway reports the payer's bank. */
export const UPI_HANDLE_BANKS: Record<string, string> = {
  okhdfcbank: 'HDFC',
  hdfcbank: 'HDFC',
  oksbi: 'SBI',
  sbi: 'SBI',
  okicici: 'ICICI',
  icici: 'ICICI',
  okaxis: 'AXIS',
  axisbank: 'AXIS',
  kotak: 'KOTAK',
};

/** Netbanking banks offered on our page (the gateway's page offers the same). */
export const NETBANKING_BANKS: Record<string, string> = {
  SBI: 'State Bank of India',
  HDFC: 'HDFC Bank',
  ICICI: 'ICICI Bank',
  AXIS: 'Axis Bank',
  KOTAK: 'Kotak Mahindra Bank',
};
export const WALLETS: Record<string, string> = { PAYTM: 'Paytm', PHONEPE: 'PhonePe', AMAZONPAY: 'Amazon Pay', MOBIKWIK: 'MobiKwik' };

/**
 * The instrument the rider declared on our page (bank offers are priced for it): the bank of netbanking, of the card
 * (the bank the rider chose), or of the UPI id's handle. The gateway's report of the payment is checked against it.
 */
export function declaredInstrument(method: PaymentMethod, prefill: PayPrefill): InstrumentInfo {
  if (method === 'upi' && prefill.vpa) return { method, bank: UPI_HANDLE_BANKS[prefill.vpa.split('@')[1]] ?? null, bin: null };
  if (method === 'card' || method === 'netbanking') return { method, bank: prefill.bank ?? null, bin: null };
  return { method, bank: null, bin: null };
}

/** What is kept of the declared instrument before the gateway reports the payment. */
export function declaredLabel(method: PaymentMethod, prefill: PayPrefill): string {
  switch (method) {
    case 'card':
      return prefill.bank ? `Card (${prefill.bank})` : 'Card';
    case 'upi':
      return prefill.vpa ?? 'UPI';
    case 'netbanking':
      return prefill.bank ?? 'Netbanking';
    case 'wallet':
      return prefill.wallet ?? 'Wallet';
    case 'cash':
      return 'Pay at counter';
  }
}

/** The cash counter's outcome of a charge (cash is not a gateway's: our own counter takes it). */
export interface CounterCharge {
  gatewayRef: string;
  status: PaymentStatus;
  failureReason: string | null;
}

export interface CounterOptions {
  /** How long a cash (pay-at-counter) charge waits for the counter before it fails (default 24 h). */
  cashExpiresMs?: number;
  /** How long a cash refund waits to be paid back at the counter before it counts as settled (default 30 s). */
  refundMs?: number;
}

type RefundRow = {
  gateway_ref: string;
  charge_ref: string;
  status: PaymentStatus;
  failure_reason: string | null;
  amount_paise: string | number;
  idempotency_key: string;
};
const toRefund = (r: RefundRow): GatewayRefund => ({
  gatewayRef: r.gateway_ref,
  gatewayPaymentId: r.charge_ref,
  receipt: r.idempotency_key,
  amountPaise: Number(r.amount_paise),
  status: r.status,
  failureReason: r.failure_reason,
});
type ChargeRow = { gateway_ref: string; status: PaymentStatus; failure_reason: string | null };
const toCharge = (r: ChargeRow): CounterCharge => ({ gatewayRef: r.gateway_ref, status: r.status, failureReason: r.failure_reason });

/**
 * The cash counter's ledger: a pay-at-counter charge waits (24 h) for an operator to record the cash taken or not; a
 * refund of a cash payment is paid back at the counter. Its rows live in sandbox_charges / sandbox_refunds (the names
 * predate the hosted gateway), so they survive restarts and every instance sees them. A due one settles when read.
 */
export class CounterLedger {
  private readonly cashExpiresMs: number;
  private readonly refundMs: number;
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
    opts: CounterOptions = {},
  ) {
    this.cashExpiresMs = opts.cashExpiresMs ?? 24 * 3600_000;
    this.refundMs = opts.refundMs ?? 30_000;
  }

  /** A cash charge waiting for the counter (once per key: a repeated call answers the first). */
  async createCharge(req: { amountPaise: number; idempotencyKey: string }): Promise<CounterCharge> {
    if (!Number.isSafeInteger(req.amountPaise) || req.amountPaise <= 0)
      throw new Error(`counter: amount must be positive integer paise, got ${req.amountPaise}`);
    const t = this.now();
    const r = await this.db.query<ChargeRow>(
      `INSERT INTO sandbox_charges (gateway_ref, idempotency_key, amount_paise, method, instrument, status, failure_reason, resolves_at, resolves_to, resolves_reason, created_at, updated_at)
       VALUES ($1, $2, $3, 'cash', 'Pay at counter', 'PENDING', NULL, $4, 'FAILED', 'NOT_PAID_AT_COUNTER', $5, $5)
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING *`,
      [`cash_${randomBytes(9).toString('base64url')}`, req.idempotencyKey, req.amountPaise, t + this.cashExpiresMs, t],
    );
    if (r.rows[0]) return toCharge(r.rows[0]);
    const existing = await this.findCharge(req.idempotencyKey);
    if (!existing) throw new Error('counter: charge vanished');
    return existing;
  }

  getCharge(gatewayRef: string): Promise<CounterCharge | null> {
    return this.read('gateway_ref', gatewayRef);
  }

  findCharge(idempotencyKey: string): Promise<CounterCharge | null> {
    return this.read('idempotency_key', idempotencyKey);
  }

  private async read(column: 'gateway_ref' | 'idempotency_key', value: string): Promise<CounterCharge | null> {
    const row = await this.readSettling<ChargeRow>('sandbox_charges', column, value);
    return row ? toCharge(row) : null;
  }

  /** A charge or refund by its ref or key, settling a due pending one on the way (one statement: two readers settle it once). */
  private async readSettling<T>(table: 'sandbox_charges' | 'sandbox_refunds', column: 'gateway_ref' | 'idempotency_key', value: string): Promise<T | null> {
    const settled = await this.db.query<T>(
      `UPDATE ${table} SET status = resolves_to, failure_reason = resolves_reason, updated_at = $2
       WHERE ${column} = $1 AND status = 'PENDING' AND resolves_at IS NOT NULL AND resolves_at <= $2 RETURNING *`,
      [value, this.now()],
    );
    if (settled.rows[0]) return settled.rows[0];
    return (await this.db.query<T>(`SELECT * FROM ${table} WHERE ${column} = $1`, [value])).rows[0] ?? null;
  }

  /** The counter took the cash (or refused it): settles a pending cash charge once. */
  async settleAtCounter(gatewayRef: string, paid: boolean): Promise<CounterCharge | null> {
    const r = await this.db.query<ChargeRow>(
      `UPDATE sandbox_charges SET status = $2, failure_reason = $3, updated_at = $4 WHERE gateway_ref = $1 AND method = 'cash' AND status = 'PENDING' RETURNING *`,
      [gatewayRef, paid ? 'SUCCESS' : 'FAILED', paid ? null : 'NOT_PAID_AT_COUNTER', this.now()],
    );
    return r.rows[0] ? toCharge(r.rows[0]) : this.getCharge(gatewayRef);
  }

  /** A cash payment's refund, paid back at the counter: pending, settled after `refundMs`; once per key. */
  async createRefund(req: { gatewayPaymentId: string; amountPaise: number; receipt: string }): Promise<GatewayRefund> {
    if (!Number.isSafeInteger(req.amountPaise) || req.amountPaise <= 0)
      throw new Error(`counter: refund must be positive integer paise, got ${req.amountPaise}`);
    const existing = await this.findRefund(req.gatewayPaymentId, req.receipt);
    if (existing) return existing;
    const charge = (await this.db.query<{ status: PaymentStatus }>('SELECT status FROM sandbox_charges WHERE gateway_ref = $1', [req.gatewayPaymentId]))
      .rows[0];
    if (!charge) throw new Error(`counter: no charge ${req.gatewayPaymentId} to refund`);
    const t = this.now();
    const ok = charge.status === 'SUCCESS';
    const r = await this.db.query<RefundRow>(
      `INSERT INTO sandbox_refunds (gateway_ref, charge_ref, idempotency_key, amount_paise, status, failure_reason, resolves_at, resolves_to, resolves_reason, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL, $9, $9) ON CONFLICT (idempotency_key) DO NOTHING RETURNING *`,
      [
        `rfd_${randomBytes(9).toString('base64url')}`,
        req.gatewayPaymentId,
        req.receipt,
        req.amountPaise,
        ok ? 'PENDING' : 'FAILED',
        ok ? null : 'REFUND_REJECTED',
        ok ? t + this.refundMs : null,
        ok ? 'SUCCESS' : null,
        t,
      ],
    );
    if (r.rows[0]) return toRefund(r.rows[0]);
    return (await this.findRefund(req.gatewayPaymentId, req.receipt))!;
  }

  async getRefund(gatewayRef: string): Promise<GatewayRefund | null> {
    const row = await this.readSettling<RefundRow>('sandbox_refunds', 'gateway_ref', gatewayRef);
    return row ? toRefund(row) : null;
  }

  async findRefund(_gatewayPaymentId: string, receipt: string): Promise<GatewayRefund | null> {
    const row = await this.readSettling<RefundRow>('sandbox_refunds', 'idempotency_key', receipt);
    return row ? toRefund(row) : null;
  }
}

/** A gateway for a process that must never reach one (the ops command issues ₹0 orders only): every call throws. */
export function noGateway(why: string): PaymentGateway {
  const refuse = (): never => {
    throw new Error(`no payment gateway here: ${why}`);
  };
  return {
    name: 'none',
    checkoutOrigin: 'null',
    createOrder: async () => refuse(),
    findOrder: async () => refuse(),
    getOrder: async () => refuse(),
    orderPayments: async () => refuse(),
    getPayment: async () => refuse(),
    checkout: () => refuse(),
    verifyReturn: () => null,
    verifyWebhook: () => null,
    createRefund: async () => refuse(),
    getRefund: async () => refuse(),
    findRefund: async () => refuse(),
  };
}
