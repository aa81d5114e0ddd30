import { randomBytes } from 'node:crypto';
import type { ParsedPayRequest, PaymentMethod, PaymentStatus } from '@sawari/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { InstrumentInfo } from './order-kind';

export interface ChargeRequest {
  amountPaise: number;
  method: PaymentMethod;
  details: ParsedPayRequest['details'];
  /** The gateway charges once per key: a repeated createCharge with the same key returns the first charge. */
  idempotencyKey: string;
}

export interface Charge {
  gatewayRef: string;
  status: PaymentStatus;
  failureReason: string | null;
}

/** What payments needs from a payment gateway (a real one's adapter, or the sandbox below). */
export interface PaymentGateway {
  createCharge(req: ChargeRequest): Promise<Charge>;
  /** The charge's current state (a pending one may have settled since); null when unknown. */
  getCharge(gatewayRef: string): Promise<Charge | null>;
  /** The charge made under an idempotency key, if any (a crash between the charge and our bookkeeping). */
  findCharge(idempotencyKey: string): Promise<Charge | null>;
  /** Cash at the counter: the operator took the money (or the rider never came). Gateways without cash leave it out. */
  settleAtCounter?(gatewayRef: string, paid: boolean): Promise<Charge | null>;
  /** The instrument's issuing bank and BIN as the gateway knows them (bank offers are bound to them). */
  describeInstrument(method: PaymentMethod, details: ParsedPayRequest['details']): InstrumentInfo;
  /** Refunds part or all of a settled charge, once per key (a repeated call answers the first refund). */
  createRefund(req: RefundRequest): Promise<GatewayRefund>;
  getRefund(gatewayRef: string): Promise<GatewayRefund | null>;
  findRefund(idempotencyKey: string): Promise<GatewayRefund | null>;
}

export interface RefundRequest {
  chargeRef: string;
  amountPaise: number;
  idempotencyKey: string;
}

export interface GatewayRefund {
  gatewayRef: string;
  status: PaymentStatus;
  failureReason: string | null;
}

/** Card network from the number's prefix. */
export function cardNetwork(number: string): string {
  if (/^4/.test(number)) return 'VISA';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'MASTERCARD';
  if (/^3[47]/.test(number)) return 'AMEX';
  if (/^(60|65|81|82|508|353|356)/.test(number)) return 'RUPAY';
  return 'CARD';
}

/** What is kept of the instrument: card network and last four digits only, never the number. */
export function maskInstrument(method: PaymentMethod, details: ParsedPayRequest['details']): string {
  const d = details as Record<string, string>;
  switch (method) {
    case 'card':
      return `${cardNetwork(d.number)} •••• ${d.number.slice(-4)}`;
    case 'upi':
      return d.vpa;
    case 'netbanking':
      return d.bank;
    case 'wallet':
      return d.wallet;
    case 'cash':
      return 'Pay at counter';
  }
}

export interface SandboxOptions {
  /** How long a "pending" test instrument stays pending before it settles (default 30 s). */
  pendingMs?: number;
  /** How long a cash (pay-at-counter) charge waits for the counter before it fails (default 24 h). */
  cashExpiresMs?: number;
}

type Outcome = { status: PaymentStatus; reason: string | null; later?: { status: 'SUCCESS' | 'FAILED'; reason: string | null; afterMs: number } };

/** Test card numbers (docs/payments.md). Any other valid number succeeds. */
export const SANDBOX_CARDS = {
  success: '4111111111111111',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  pendingThenSuccess: '4000002500003155',
  pendingThenFailure: '4000000000000119',
} as const;
/** Test UPI ids; any other id succeeds. */
export const SANDBOX_UPI = { success: 'success@upi', failure: 'failure@upi', pending: 'pending@upi', expires: 'expire@upi' } as const;
/** Netbanking banks the sandbox knows and how they answer. */
export const SANDBOX_BANKS: Record<string, { label: string; outcome: 'SUCCESS' | 'FAILED' | 'PENDING' }> = {
  SBI: { label: 'State Bank of India', outcome: 'SUCCESS' },
  HDFC: { label: 'HDFC Bank', outcome: 'FAILED' },
  ICICI: { label: 'ICICI Bank', outcome: 'PENDING' },
  AXIS: { label: 'Axis Bank', outcome: 'SUCCESS' },
  KOTAK: { label: 'Kotak Mahindra Bank', outcome: 'SUCCESS' },
};
/** Card BIN ranges of the sandbox's issuing banks (first six digits; "a-b" is a range). Other cards: issuer unknown. */
export const SANDBOX_CARD_BINS: Record<string, string[]> = {
  HDFC: ['489377', '552260-552269'],
  SBI: ['460133', '607094'],
  ICICI: ['402656', '524193'],
  AXIS: ['438628'],
  KOTAK: ['416643'],
};
/** Test cards by issuer (Luhn-valid, succeed like any card). */
export const SANDBOX_BANK_CARDS = { hdfc: '4893770000000000', sbi: '4601330000000006' } as const;
/** UPI handles (the part after @) and the bank behind each, as a real gateway reports the payer's bank. */
export const SANDBOX_UPI_HANDLES: Record<string, string> = {
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
/** A UPI id whose charges succeed but whose refunds the sandbox refuses (REFUND_REJECTED). */
export const SANDBOX_UPI_NO_REFUND = 'norefund@upi';

/** The bank whose BIN ranges hold this card number's first six digits, or null. */
export function sandboxCardBank(number: string): string | null {
  const bin = Number(number.slice(0, 6));
  for (const [bank, ranges] of Object.entries(SANDBOX_CARD_BINS))
    if (
      ranges.some((r) => {
        const [lo, hi = lo] = r.split('-').map(Number);
        return bin >= lo && bin <= hi;
      })
    )
      return bank;
  return null;
}

export const SANDBOX_WALLETS: Record<string, string> = { PAYTM: 'Paytm', PHONEPE: 'PhonePe', AMAZONPAY: 'Amazon Pay', MOBIKWIK: 'MobiKwik' };
/** Wallets in the sandbox hold ₹2,000: a larger charge fails for the balance. */
export const SANDBOX_WALLET_BALANCE_PAISE = 200_000;

type RefundRow = { gateway_ref: string; status: PaymentStatus; failure_reason: string | null };
const toRefund = (r: RefundRow): GatewayRefund => ({ gatewayRef: r.gateway_ref, status: r.status, failureReason: r.failure_reason });

type ChargeRow = {
  gateway_ref: string;
  status: PaymentStatus;
  failure_reason: string | null;
  resolves_at: string | number | null;
  resolves_to: 'SUCCESS' | 'FAILED' | null;
  resolves_reason: string | null;
};
const toCharge = (r: ChargeRow): Charge => ({ gatewayRef: r.gateway_ref, status: r.status, failureReason: r.failure_reason });

/**
 * A gateway that behaves like a real one's test mode: fixed test instruments succeed, fail or stay pending and settle
 * later by the clock; cash waits for the counter. Its charges live in sandbox_charges (its own ledger), so they
 * survive restarts and every instance sees them. A pending charge is settled lazily when it is read.
 */
export class SandboxGateway implements PaymentGateway {
  private readonly pendingMs: number;
  private readonly cashExpiresMs: number;
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
    opts: SandboxOptions = {},
  ) {
    this.pendingMs = opts.pendingMs ?? 30_000;
    this.cashExpiresMs = opts.cashExpiresMs ?? 24 * 3600_000;
  }

  /** Number of charges the sandbox has taken (tests). */
  async chargeCount(): Promise<number> {
    const r = await this.db.query<{ n: string }>('SELECT count(*) AS n FROM sandbox_charges');
    return Number(r.rows[0].n);
  }

  private outcome(req: ChargeRequest): Outcome {
    const d = req.details as Record<string, unknown>;
    const later = (status: 'SUCCESS' | 'FAILED', reason: string | null, afterMs = this.pendingMs): Outcome => ({
      status: 'PENDING',
      reason: null,
      later: { status, reason, afterMs },
    });
    switch (req.method) {
      case 'card': {
        const number = d.number as string;
        const t = new Date(this.now());
        const expYear = d.expiryYear as number;
        const expMonth = d.expiryMonth as number;
        if (expYear < t.getUTCFullYear() || (expYear === t.getUTCFullYear() && expMonth < t.getUTCMonth() + 1))
          return { status: 'FAILED', reason: 'EXPIRED_CARD' };
        if (number === SANDBOX_CARDS.declined) return { status: 'FAILED', reason: 'CARD_DECLINED' };
        if (number === SANDBOX_CARDS.insufficientFunds) return { status: 'FAILED', reason: 'INSUFFICIENT_FUNDS' };
        if (number === SANDBOX_CARDS.pendingThenSuccess) return later('SUCCESS', null);
        if (number === SANDBOX_CARDS.pendingThenFailure) return later('FAILED', 'AUTHENTICATION_FAILED');
        return { status: 'SUCCESS', reason: null };
      }
      case 'upi': {
        const vpa = d.vpa as string;
        if (vpa === SANDBOX_UPI.failure) return { status: 'FAILED', reason: 'UPI_DECLINED' };
        if (vpa === SANDBOX_UPI.pending) return later('SUCCESS', null);
        if (vpa === SANDBOX_UPI.expires) return later('FAILED', 'UPI_REQUEST_EXPIRED');
        return { status: 'SUCCESS', reason: null };
      }
      case 'netbanking': {
        const bank = SANDBOX_BANKS[d.bank as string];
        if (!bank) return { status: 'FAILED', reason: 'BANK_NOT_SUPPORTED' };
        if (bank.outcome === 'FAILED') return { status: 'FAILED', reason: 'BANK_DECLINED' };
        if (bank.outcome === 'PENDING') return later('SUCCESS', null);
        return { status: 'SUCCESS', reason: null };
      }
      case 'wallet':
        return req.amountPaise > SANDBOX_WALLET_BALANCE_PAISE
          ? { status: 'FAILED', reason: 'INSUFFICIENT_WALLET_BALANCE' }
          : { status: 'SUCCESS', reason: null };
      case 'cash':
        return later('FAILED', 'NOT_PAID_AT_COUNTER', this.cashExpiresMs);
    }
  }

  async createCharge(req: ChargeRequest): Promise<Charge> {
    if (!Number.isSafeInteger(req.amountPaise) || req.amountPaise <= 0)
      throw new Error(`sandbox: amount must be positive integer paise, got ${req.amountPaise}`);
    const o = this.outcome(req);
    const t = this.now();
    const ref = `sbx_${randomBytes(9).toString('base64url')}`;
    const r = await this.db.query<ChargeRow>(
      `INSERT INTO sandbox_charges (gateway_ref, idempotency_key, amount_paise, method, instrument, status, failure_reason, resolves_at, resolves_to, resolves_reason, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING *`,
      [
        ref,
        req.idempotencyKey,
        req.amountPaise,
        req.method,
        maskInstrument(req.method, req.details),
        o.status,
        o.reason,
        o.later ? t + o.later.afterMs : null,
        o.later?.status ?? null,
        o.later?.reason ?? null,
        t,
      ],
    );
    if (r.rows[0]) return toCharge(r.rows[0]);
    const existing = await this.findCharge(req.idempotencyKey);
    if (!existing) throw new Error('sandbox: charge vanished');
    return existing;
  }

  async getCharge(gatewayRef: string): Promise<Charge | null> {
    return this.read('gateway_ref', gatewayRef);
  }

  async findCharge(idempotencyKey: string): Promise<Charge | null> {
    return this.read('idempotency_key', idempotencyKey);
  }

  private async read(column: 'gateway_ref' | 'idempotency_key', value: string): Promise<Charge | null> {
    const row = await this.readSettling<ChargeRow>('sandbox_charges', column, value);
    return row ? toCharge(row) : null;
  }

  /**
   * A charge or refund by its ref or key, settling a due pending one on the way (one statement: two readers settle it
   * once). Both ledgers settle the same way: to resolves_to at resolves_at.
   */
  private async readSettling<T>(table: 'sandbox_charges' | 'sandbox_refunds', column: 'gateway_ref' | 'idempotency_key', value: string): Promise<T | null> {
    const settled = await this.db.query<T>(
      `UPDATE ${table} SET status = resolves_to, failure_reason = resolves_reason, updated_at = $2
       WHERE ${column} = $1 AND status = 'PENDING' AND resolves_at IS NOT NULL AND resolves_at <= $2 RETURNING *`,
      [value, this.now()],
    );
    if (settled.rows[0]) return settled.rows[0];
    return (await this.db.query<T>(`SELECT * FROM ${table} WHERE ${column} = $1`, [value])).rows[0] ?? null;
  }

  /** The counter took the cash (or refused it): settles a pending cash charge. */
  async settleAtCounter(gatewayRef: string, paid: boolean): Promise<Charge | null> {
    const r = await this.db.query<ChargeRow>(
      `UPDATE sandbox_charges SET status = $2, failure_reason = $3, updated_at = $4 WHERE gateway_ref = $1 AND method = 'cash' AND status = 'PENDING' RETURNING *`,
      [gatewayRef, paid ? 'SUCCESS' : 'FAILED', paid ? null : 'NOT_PAID_AT_COUNTER', this.now()],
    );
    return r.rows[0] ? toCharge(r.rows[0]) : this.getCharge(gatewayRef);
  }

  describeInstrument(method: PaymentMethod, details: ParsedPayRequest['details']): InstrumentInfo {
    const d = details as Record<string, string>;
    switch (method) {
      case 'card':
        return { method, bank: sandboxCardBank(d.number), bin: d.number.slice(0, 6) };
      case 'netbanking':
        return { method, bank: d.bank, bin: null };
      case 'upi':
        return { method, bank: SANDBOX_UPI_HANDLES[d.vpa.split('@')[1]] ?? null, bin: null };
      default:
        return { method, bank: null, bin: null };
    }
  }

  /**
   * Refund outcomes: to UPI and wallets at once; to cards, netbanking and cash PENDING, settled after `pendingMs`;
   * refused (REFUND_REJECTED) for a charge from norefund@upi or one that did not succeed.
   */
  async createRefund(req: RefundRequest): Promise<GatewayRefund> {
    if (!Number.isSafeInteger(req.amountPaise) || req.amountPaise <= 0)
      throw new Error(`sandbox: refund must be positive integer paise, got ${req.amountPaise}`);
    const existing = await this.findRefund(req.idempotencyKey);
    if (existing) return existing;
    const charge = (
      await this.db.query<{ method: PaymentMethod; instrument: string; status: PaymentStatus; amount_paise: string }>(
        'SELECT method, instrument, status, amount_paise FROM sandbox_charges WHERE gateway_ref = $1',
        [req.chargeRef],
      )
    ).rows[0];
    if (!charge) throw new Error(`sandbox: no charge ${req.chargeRef} to refund`);
    const t = this.now();
    let o: Outcome;
    if (charge.status !== 'SUCCESS' || charge.instrument === SANDBOX_UPI_NO_REFUND) o = { status: 'FAILED', reason: 'REFUND_REJECTED' };
    else if (charge.method === 'upi' || charge.method === 'wallet') o = { status: 'SUCCESS', reason: null };
    else o = { status: 'PENDING', reason: null, later: { status: 'SUCCESS', reason: null, afterMs: this.pendingMs } };
    const r = await this.db.query<RefundRow>(
      `INSERT INTO sandbox_refunds (gateway_ref, charge_ref, idempotency_key, amount_paise, status, failure_reason, resolves_at, resolves_to, resolves_reason, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) ON CONFLICT (idempotency_key) DO NOTHING RETURNING *`,
      [
        `rfd_${randomBytes(9).toString('base64url')}`,
        req.chargeRef,
        req.idempotencyKey,
        req.amountPaise,
        o.status,
        o.reason,
        o.later ? t + o.later.afterMs : null,
        o.later?.status ?? null,
        o.later?.reason ?? null,
        t,
      ],
    );
    if (r.rows[0]) return toRefund(r.rows[0]);
    return (await this.findRefund(req.idempotencyKey))!;
  }

  getRefund(gatewayRef: string): Promise<GatewayRefund | null> {
    return this.readRefund('gateway_ref', gatewayRef);
  }

  findRefund(idempotencyKey: string): Promise<GatewayRefund | null> {
    return this.readRefund('idempotency_key', idempotencyKey);
  }

  private async readRefund(column: 'gateway_ref' | 'idempotency_key', value: string): Promise<GatewayRefund | null> {
    const row = await this.readSettling<RefundRow>('sandbox_refunds', column, value);
    return row ? toRefund(row) : null;
  }
}
