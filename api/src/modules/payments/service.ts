import { createHmac, randomBytes } from 'node:crypto';
import type { OrderPaymentStatus, OrderStatus, ParsedPayRequest, Payment, PaymentMethod, PaymentMethodsResponse, PayResponse } from '@sawari/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { ApiError } from '../../platform/errors';
import { maskInstrument, SANDBOX_BANKS, SANDBOX_WALLETS, type Charge, type PaymentGateway } from './gateway';
import type { PaymentOrderKinds, PaymentOrderPort } from './ports';

type Status = 'CREATED' | 'PENDING' | 'SUCCESS' | 'FAILED';
interface PaymentRow {
  id: string;
  user_id: string;
  order_kind: string;
  order_id: string;
  idempotency_key: string;
  request_hash: string;
  amount_paise: string | number;
  method: PaymentMethod;
  instrument: string;
  status: Status;
  gateway_ref: string | null;
  failure_reason: string | null;
  notified_at: string | number | null;
  created_at: string | number;
  updated_at: string | number;
}

const orderStatusOf = (s: Status): 'PAYMENT_PROCESSING' | 'SUCCESS' | 'PAYMENT_FAILED' => (s === 'SUCCESS' ? 'SUCCESS' : s === 'FAILED' ? 'PAYMENT_FAILED' : 'PAYMENT_PROCESSING');
const LIVE = `status IN ('CREATED', 'PENDING', 'SUCCESS')`;

export interface PaymentServiceOptions {
  /** HMAC key for request fingerprints (card numbers must not be recoverable from them). */
  requestKey: Buffer;
  /** How long a replay of a request still in flight waits for it (default 10 s). */
  replayWaitMs?: number;
  /** A charge with no answer after this long is asked for at the gateway by its key (default 2 min). */
  staleMs?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface ReconcileResult {
  checked: number;
  settled: number;
  notified: number;
}

/**
 * Pay requests, payment and order status, and the reconciliation of pending charges. Idempotency: one payments row
 * per (rider, idempotency key), inserted with ON CONFLICT DO NOTHING so exactly one of any number of concurrent
 * identical requests charges; at most one live payment per order (partial unique index). Outcome delivery to the
 * order kind's port is claimed by a conditional UPDATE, so it happens once.
 */
export class PaymentService {
  private readonly replayWaitMs: number;
  private readonly staleMs: number;
  constructor(
    private readonly db: Db,
    private readonly gateway: PaymentGateway,
    private readonly kinds: PaymentOrderKinds,
    private readonly now: Clock,
    private readonly opts: PaymentServiceOptions,
  ) {
    this.replayWaitMs = opts.replayWaitMs ?? 10_000;
    this.staleMs = opts.staleMs ?? 120_000;
  }

  methods(city: string, agency: string | undefined): PaymentMethodsResponse {
    const opt = (o: Record<string, string>) => Object.entries(o).map(([code, label]) => ({ code, label }));
    return {
      city,
      agency: agency ?? null,
      methods: [
        { method: 'card', label: 'Credit or debit card', options: [], payAtCounter: false },
        { method: 'wallet', label: 'Wallet', options: opt(SANDBOX_WALLETS), payAtCounter: false },
        { method: 'upi', label: 'UPI', options: [], payAtCounter: false },
        { method: 'netbanking', label: 'Netbanking', options: opt(Object.fromEntries(Object.entries(SANDBOX_BANKS).map(([k, v]) => [k, v.label]))), payAtCounter: false },
        { method: 'cash', label: 'Cash at the counter', options: [], payAtCounter: true },
      ],
    };
  }

  private port(kind: string): PaymentOrderPort {
    const p = this.kinds.get(kind);
    if (!p) throw new ApiError(404, 'ORDER_KIND_UNKNOWN', `Payments are not taken for "${kind}" orders.`);
    return p;
  }

  private async amountOf(port: PaymentOrderPort, orderId: string, userId: string): Promise<number> {
    const amount = await port.amountPaise(orderId, userId);
    if (amount === null) throw new ApiError(404, 'ORDER_NOT_FOUND', 'This order was not found.');
    if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`order amount must be integer paise, got ${amount}`);
    return amount;
  }

  private fingerprint(orderKind: string, orderId: string, body: ParsedPayRequest): string {
    return createHmac('sha256', this.opts.requestKey).update(JSON.stringify([orderKind, orderId, body.method, body.details])).digest('base64url');
  }

  private byKey(userId: string, key: string): Promise<PaymentRow | undefined> {
    return this.db.query<PaymentRow>('SELECT * FROM payments WHERE user_id = $1 AND idempotency_key = $2', [userId, key]).then((r) => r.rows[0]);
  }

  private answer(row: PaymentRow): PayResponse {
    return { paymentId: row.id, status: orderStatusOf(row.status), failureReason: row.failure_reason };
  }

  /** The same key again: the same request replays the payment's answer; another request is refused. */
  private async replay(row: PaymentRow, hash: string): Promise<PayResponse> {
    if (row.request_hash !== hash) throw new ApiError(422, 'IDEMPOTENCY_KEY_REUSED', 'This idempotency-key was already used for a different payment request. Use a new key for a new request.');
    const until = Date.now() + this.replayWaitMs;
    while (row.status === 'CREATED' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 15));
      row = (await this.byKey(row.user_id, row.idempotency_key)) ?? row;
    }
    if (row.status === 'CREATED') throw new ApiError(409, 'PAYMENT_IN_PROGRESS', 'This payment is still being processed. Try again in a moment.', { 'retry-after': '1' });
    return this.answer(row);
  }

  /**
   * The order's live payment, if any: under this very key it is a concurrent twin of this request (replay its answer);
   * otherwise the order is paid or being paid (refused). Null when the order has no live payment.
   */
  private async liveConflict(userId: string, key: string, hash: string, orderKind: string, orderId: string): Promise<PayResponse | null> {
    const r = await this.db.query<PaymentRow>(`SELECT * FROM payments WHERE order_kind = $1 AND order_id = $2 AND ${LIVE}`, [orderKind, orderId]);
    const live = r.rows[0];
    if (!live) return null;
    if (live.user_id === userId && live.idempotency_key === key) return this.replay(live, hash);
    if (live.status === 'SUCCESS') throw new ApiError(409, 'ORDER_ALREADY_PAID', 'This order is already paid.');
    throw new ApiError(409, 'PAYMENT_IN_PROGRESS', 'A payment for this order is already being processed. Check its status before paying again.');
  }

  async pay(userId: string, orderKind: string, orderId: string, idempotencyKey: string, body: ParsedPayRequest): Promise<PayResponse> {
    const port = this.port(orderKind);
    const hash = this.fingerprint(orderKind, orderId, body);
    const existing = await this.byKey(userId, idempotencyKey);
    if (existing) return this.replay(existing, hash);

    const amountPaise = await this.amountOf(port, orderId, userId);
    const twin = await this.liveConflict(userId, idempotencyKey, hash, orderKind, orderId);
    if (twin) return twin;
    await port.checkPayable?.(orderId, userId);
    if (amountPaise === 0) throw new ApiError(409, 'ORDER_NOT_PAYABLE', 'This order has nothing to pay.');
    const id = `pay_${randomBytes(12).toString('base64url')}`;
    const t = this.now();
    const inserted = await this.db.query<PaymentRow>(
      `INSERT INTO payments (id, user_id, order_kind, order_id, idempotency_key, request_hash, amount_paise, method, instrument, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'CREATED', $10, $10) ON CONFLICT DO NOTHING RETURNING *`,
      [id, userId, orderKind, orderId, idempotencyKey, hash, amountPaise, body.method, maskInstrument(body.method, body.details), t],
    );
    if (!inserted.rows[0]) {
      // Lost a race: to the same key (replay its answer) or to another key on the same order (refused).
      const winner = await this.byKey(userId, idempotencyKey);
      if (winner) return this.replay(winner, hash);
      const twin = await this.liveConflict(userId, idempotencyKey, hash, orderKind, orderId);
      if (twin) return twin;
      throw new ApiError(409, 'PAYMENT_IN_PROGRESS', 'A payment for this order is already being processed.');
    }

    let charge: Charge;
    try {
      charge = await this.gateway.createCharge({ amountPaise, method: body.method, details: body.details, idempotencyKey: id });
    } catch (err) {
      // No answer from the gateway: the charge may or may not exist; reconciliation asks for it by key.
      this.opts.log?.warn({ err, paymentId: id }, 'payment gateway did not answer; left pending for reconciliation');
      const r = await this.db.query<PaymentRow>(`UPDATE payments SET status = 'PENDING', updated_at = $2 WHERE id = $1 AND status = 'CREATED' RETURNING *`, [id, this.now()]);
      return this.answer(r.rows[0] ?? inserted.rows[0]);
    }
    const row = await this.record(id, charge, ['CREATED']);
    if (row) {
      await this.deliver(id);
      return this.answer(row);
    }
    return this.answer((await this.byKey(userId, idempotencyKey))!);
  }

  /** Moves a payment to the charge's state when it is still in one of `from`; the updated row, or null. */
  private async record(id: string, charge: Charge, from: Status[]): Promise<PaymentRow | null> {
    const r = await this.db.query<PaymentRow>(
      `UPDATE payments SET status = $2, gateway_ref = $3, failure_reason = $4, updated_at = $5 WHERE id = $1 AND status = ANY($6::text[]) RETURNING *`,
      [id, charge.status, charge.gatewayRef, charge.failureReason, this.now(), from],
    );
    return r.rows[0] ?? null;
  }

  /** Delivers a settled payment's outcome to its order kind once: claim (with a lease), call, mark. True if it ran. */
  private async deliver(id: string): Promise<boolean> {
    const t = this.now();
    const claimed = await this.db.query<PaymentRow>(
      `UPDATE payments SET notify_claimed_at = $2 WHERE id = $1 AND status IN ('SUCCESS', 'FAILED') AND notified_at IS NULL
         AND (notify_claimed_at IS NULL OR notify_claimed_at < $3) RETURNING *`,
      [id, t, t - 60_000],
    );
    const row = claimed.rows[0];
    if (!row) return false;
    try {
      const port = this.port(row.order_kind);
      if (row.status === 'SUCCESS') await port.onPaymentSucceeded(row.order_id);
      else await port.onPaymentFailed(row.order_id);
      await this.db.query('UPDATE payments SET notified_at = $2 WHERE id = $1', [id, this.now()]);
      return true;
    } catch (err) {
      this.opts.log?.error({ err, paymentId: id, orderKind: row.order_kind, orderId: row.order_id }, 'payment outcome delivery failed; reconciliation retries it');
      await this.db.query('UPDATE payments SET notify_claimed_at = NULL WHERE id = $1', [id]);
      return false;
    }
  }

  /** Asks the gateway about an unsettled payment and records a final answer. True when it settled now. */
  private async settle(row: PaymentRow): Promise<boolean> {
    if (row.status !== 'CREATED' && row.status !== 'PENDING') return false;
    const charge = row.gateway_ref ? await this.gateway.getCharge(row.gateway_ref) : await this.gateway.findCharge(row.id);
    if (!charge) {
      if (this.now() - Number(row.created_at) < this.staleMs) return false;
      return (await this.record(row.id, { gatewayRef: row.gateway_ref ?? '', status: 'FAILED', failureReason: 'GATEWAY_NO_CHARGE' }, ['CREATED', 'PENDING'])) !== null;
    }
    if (charge.status === 'PENDING') {
      if (row.status === 'CREATED' || !row.gateway_ref) await this.record(row.id, charge, ['CREATED', 'PENDING']);
      return false;
    }
    return (await this.record(row.id, charge, ['CREATED', 'PENDING'])) !== null;
  }

  /** Payment process status. A pending payment is checked with the gateway on the way, so polling sees it settle. */
  async payment(userId: string, paymentId: string): Promise<Payment> {
    const find = async () => (await this.db.query<PaymentRow>('SELECT * FROM payments WHERE id = $1 AND user_id = $2', [paymentId, userId])).rows[0];
    let row = await find();
    if (!row) throw new ApiError(404, 'PAYMENT_NOT_FOUND', 'This payment was not found.');
    if (row.status === 'PENDING' && (await this.settle(row))) {
      await this.deliver(row.id);
      row = (await find())!;
    }
    return {
      paymentId: row.id,
      orderKind: row.order_kind,
      orderId: row.order_id,
      amountPaise: Number(row.amount_paise),
      method: row.method,
      instrument: row.instrument,
      status: row.status === 'SUCCESS' ? 'SUCCESS' : row.status === 'FAILED' ? 'FAILED' : 'PENDING',
      orderStatus: orderStatusOf(row.status),
      failureReason: row.failure_reason,
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    };
  }

  /** An operator at the counter records a cash payment as paid (or not): settles it and delivers the outcome now. */
  async settleAtCounter(paymentId: string, paid: boolean): Promise<Payment> {
    const r = await this.db.query<PaymentRow>('SELECT * FROM payments WHERE id = $1', [paymentId]);
    const row = r.rows[0];
    if (!row) throw new ApiError(404, 'PAYMENT_NOT_FOUND', 'This payment was not found.');
    if (row.method !== 'cash') throw new ApiError(409, 'NOT_A_COUNTER_PAYMENT', 'Only cash (pay at counter) payments are settled at the counter.');
    if (row.status !== 'PENDING' || !row.gateway_ref) throw new ApiError(409, 'PAYMENT_NOT_PENDING', `This payment is not waiting at the counter (it is ${row.status}).`);
    if (!this.gateway.settleAtCounter) throw new ApiError(409, 'COUNTER_NOT_SUPPORTED', 'The payment gateway does not take cash at the counter.');
    await this.gateway.settleAtCounter(row.gateway_ref, paid);
    if (await this.settle(row)) await this.deliver(row.id);
    return this.payment(row.user_id, row.id);
  }

  /** Order status: the successful payment, else the latest one; PENDING when nothing was paid yet. */
  async orderStatus(userId: string, orderKind: string, orderId: string): Promise<OrderStatus> {
    const amountPaise = await this.amountOf(this.port(orderKind), orderId, userId);
    const r = await this.db.query<PaymentRow>(
      `SELECT * FROM payments WHERE order_kind = $1 AND order_id = $2 ORDER BY (status = 'SUCCESS') DESC, created_at DESC, id DESC LIMIT 1`,
      [orderKind, orderId],
    );
    const latest = r.rows[0];
    const status: OrderPaymentStatus = latest ? orderStatusOf(latest.status) : 'PENDING';
    return { orderKind, orderId, amountPaise, status, paymentId: latest?.id ?? null, failureReason: latest?.failure_reason ?? null };
  }

  /**
   * One reconciliation pass: claims up to `limit` unsettled payments (pending, stale in-flight, or settled but not yet
   * delivered) with FOR UPDATE SKIP LOCKED and a lease, so instances running it together never handle one payment
   * twice; settles them with the gateway and delivers outcomes once.
   */
  async reconcile(limit = 100): Promise<ReconcileResult> {
    const t = this.now();
    const claimed = await this.db.query<PaymentRow>(
      `UPDATE payments SET reconcile_lease_until = $1 + 30000 WHERE id IN (
         SELECT id FROM payments
         WHERE (status = 'PENDING' OR (status = 'CREATED' AND created_at < $2) OR (status IN ('SUCCESS', 'FAILED') AND notified_at IS NULL))
           AND (reconcile_lease_until IS NULL OR reconcile_lease_until < $1)
         ORDER BY updated_at LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING *`,
      [t, t - this.staleMs, limit],
    );
    const result: ReconcileResult = { checked: claimed.rows.length, settled: 0, notified: 0 };
    for (const row of claimed.rows) {
      try {
        if (await this.settle(row)) result.settled += 1;
        if (await this.deliver(row.id)) result.notified += 1;
      } catch (err) {
        this.opts.log?.error({ err, paymentId: row.id }, 'payment reconciliation failed for one payment');
      } finally {
        await this.db.query('UPDATE payments SET reconcile_lease_until = NULL WHERE id = $1', [row.id]).catch(() => undefined);
      }
    }
    return result;
  }
}

/** Runs `reconcile` every `everyMs` (one run at a time in this process); stop() waits for a run in progress. */
export function startReconciliation(service: PaymentService, everyMs: number, log?: { error(obj: object, msg: string): void }): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = service
      .reconcile()
      .catch((err) => log?.error({ err }, 'payment reconciliation run failed'))
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
