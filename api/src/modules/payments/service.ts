import { createHmac, randomBytes } from 'node:crypto';
import type { HostedCheckout, OrderPaymentStatus, OrderStatus, ParsedPayRequest, Payment, PaymentMethodsResponse, PayResponse } from '@sawari/contracts';
import { formatPaise } from '@sawari/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { ApiError } from '../../platform/errors';
import {
  CounterLedger,
  declaredInstrument,
  declaredLabel,
  NETBANKING_BANKS,
  WALLETS,
  type GatewayEvent,
  type GatewayPayment,
  type GatewayRefund,
  type PaymentGateway,
} from './gateway';
import { newCounterReference, parseCounterReference } from './counter-reference';
import type { FreezeResult, OrderKind, OrderKinds, OrderQuote } from './order-kind';
import { PaymentStore, type FrozenOrderRow, type PaymentRow, type PaymentState, type RefundRow } from './store';

const orderStatusOf = (s: PaymentState): 'PAYMENT_PROCESSING' | 'SUCCESS' | 'PAYMENT_FAILED' =>
  s === 'SUCCESS' ? 'SUCCESS' : s === 'FAILED' ? 'PAYMENT_FAILED' : 'PAYMENT_PROCESSING';
const notFound = () => new ApiError(404, 'ORDER_NOT_FOUND', 'This order was not found.');
/** failureReason of a successful payment payments refused to issue for (and refunded). */
export const ISSUE_REFUSED = 'ORDER_CHANGED_REFUNDED';

export interface PaymentServiceOptions {
  /** HMAC key for request fingerprints (card numbers must not be recoverable from them). */
  requestKey: Buffer;
  /** How long a replay of a request still in flight waits for it (default 10 s). */
  replayWaitMs?: number;
  /** A charge with no answer after this long is asked for at the gateway by its key (default 2 min). */
  staleMs?: number;
  /**
   * A payment still CREATED this long after it was stored (its instance was killed or stalled between storing it and
   * the gateway's answer) is taken over by a retry of the same request (default 15 s: past the gateway call's 10 s
   * timeout, so the first instance's own call has ended).
   */
  orphanAfterMs?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Draws a cash counter reference (default newCounterReference; tests force clashes). */
  newCounterReference?: () => string;
  /** The cash counter's ledger (default: on this database). */
  counter?: CounterLedger;
  /** Seconds the gateway's page keeps taking a payment (default 900: 15 minutes). */
  checkoutTimeoutSeconds?: number;
  /** After the page stopped taking it, how long an unpaid payment waits for a late answer before it fails (default 2 min). */
  checkoutGraceMs?: number;
  /** Our public origin for the gateway's return and cancel URLs (default: the request's). */
  publicOrigin?: string;
}

/** Where the request came from: the origin the gateway sends the rider back to. */
export interface PayContext {
  origin: string;
}

export interface ReconcileResult {
  checked: number;
  settled: number;
  notified: number;
  refundsSettled: number;
}

export interface RefundView {
  refundId: string;
  paymentId: string;
  amountPaise: number;
  reason: string;
  status: 'SUCCESS' | 'PENDING' | 'FAILED';
  failureReason: string | null;
  createdAt: number;
  updatedAt: number;
}

type PayStart =
  { row: PaymentRow } | { replay: PaymentRow } | { resume: PaymentRow } | { repriced: Extract<FreezeResult, { repriced: OrderQuote }> } | { lost: true };

/**
 * The order → payment → issue state machine, once for every order kind (docs/money-integrity.md):
 * - pay: in one transaction the seller's order is locked and frozen (OrderKind.freeze) and payments records the frozen
 *   quote (payment_orders) with the CREATED payment; one payments row per (rider, idempotency key) and one live payment
 *   per order (unique indexes). The gateway is called after the commit, never inside a transaction.
 * - deliver: a settled payment's outcome goes to the kind once (claimed with a lease). Success issues the product in a
 *   transaction, exactly once per order, only when the payment's amount and order id equal the frozen order's and the
 *   seller's order still quotes the frozen product; otherwise the payment is refunded and the order released.
 * - refunds: once per refund key, never more than the payment, settled with the gateway by reconciliation.
 */
export class PaymentService {
  private readonly replayWaitMs: number;
  private readonly staleMs: number;
  private readonly orphanAfterMs: number;
  private readonly timeoutSeconds: number;
  private readonly graceMs: number;
  readonly store: PaymentStore;
  readonly counter: CounterLedger;
  constructor(
    private readonly db: Db,
    private readonly gateway: PaymentGateway,
    private readonly kinds: OrderKinds,
    private readonly now: Clock,
    private readonly opts: PaymentServiceOptions,
  ) {
    this.replayWaitMs = opts.replayWaitMs ?? 10_000;
    this.staleMs = opts.staleMs ?? 120_000;
    this.orphanAfterMs = opts.orphanAfterMs ?? 15_000;
    this.timeoutSeconds = opts.checkoutTimeoutSeconds ?? 900;
    this.graceMs = opts.checkoutGraceMs ?? 120_000;
    this.store = new PaymentStore(db);
    this.counter = opts.counter ?? new CounterLedger(db, now);
  }

  /** The gateway's origin (the page CSP's form-action names it). */
  get checkoutOrigin(): string {
    return this.gateway.checkoutOrigin;
  }

  methods(city: string, agency: string | undefined): PaymentMethodsResponse {
    const opt = (o: Record<string, string>) => Object.entries(o).map(([code, label]) => ({ code, label }));
    return {
      city,
      agency: agency ?? null,
      methods: [
        { method: 'card', label: 'Credit or debit card', options: [], payAtCounter: false },
        { method: 'wallet', label: 'Wallet', options: opt(WALLETS), payAtCounter: false },
        { method: 'upi', label: 'UPI', options: [], payAtCounter: false },
        {
          method: 'netbanking',
          label: 'Netbanking',
          options: opt(NETBANKING_BANKS),
          payAtCounter: false,
        },
        { method: 'cash', label: 'Cash at the counter', options: [], payAtCounter: true },
      ],
    };
  }

  private port(kind: string): OrderKind {
    const p = this.kinds.get(kind);
    if (!p) throw new ApiError(404, 'ORDER_KIND_UNKNOWN', `Payments are not taken for "${kind}" orders.`);
    return p;
  }

  private fingerprint(orderKind: string, orderId: string, body: ParsedPayRequest): string {
    return createHmac('sha256', this.opts.requestKey)
      .update(JSON.stringify([orderKind, orderId, body.method, body.prefill, body.returnPath ?? null]))
      .digest('base64url');
  }

  private async answer(row: PaymentRow, ctx: PayContext | null): Promise<PayResponse> {
    const checkout = ctx ? await this.checkoutOf(row, ctx) : null;
    return {
      paymentId: row.id,
      status: orderStatusOf(row.status),
      failureReason: row.failureReason,
      ...(row.counterReference ? { counterReference: row.counterReference } : {}),
      ...(checkout ? { checkout } : {}),
    };
  }

  /** The gateway's page for a pending online payment whose page still takes it; null otherwise. */
  private async checkoutOf(row: PaymentRow, ctx: PayContext): Promise<HostedCheckout | null> {
    if (row.method === 'cash' || row.status !== 'PENDING' || !row.gatewayRef || !row.checkoutExpiresAt) return null;
    const left = Math.floor((row.checkoutExpiresAt - this.now()) / 1000);
    if (left < 30) return null;
    const origin = (this.opts.publicOrigin ?? ctx.origin).replace(/\/$/, '');
    const label = (await this.store.order(row.orderKind, row.orderId))?.label ?? `Sawari ${row.orderKind}`;
    const base = `${origin}/api/payments/gateway/${this.gateway.name}`;
    const form = this.gateway.checkout(
      { gatewayOrderId: row.gatewayRef, amountPaise: row.amountPaise, receipt: row.id, status: 'created', createdAt: row.createdAt },
      {
        callbackUrl: `${base}/return/${row.id}`,
        cancelUrl: `${base}/cancel/${row.id}`,
        method: row.method,
        prefill: row.prefill,
        description: label,
        timeoutSeconds: left,
      },
    );
    return { gateway: this.gateway.name, action: form.action, method: 'POST', fields: form.fields, expiresAt: row.checkoutExpiresAt };
  }

  /** The same key again: the same request replays the payment's answer; another request is refused. */
  private async replay(row: PaymentRow, hash: string, ctx: PayContext | null): Promise<PayResponse> {
    if (row.requestHash !== hash)
      throw new ApiError(
        422,
        'IDEMPOTENCY_KEY_REUSED',
        'This idempotency-key was already used for a different payment request. Use a new key for a new request.',
      );
    const until = Date.now() + this.replayWaitMs;
    while (row.status === 'CREATED' && Date.now() < until) {
      if (this.now() - row.createdAt >= this.orphanAfterMs) {
        row = (await this.takeOver(row)) ?? row;
        if (row.status !== 'CREATED') break;
      }
      await new Promise((r) => setTimeout(r, 15));
      row = (await this.store.byKey(row.userId, row.idempotencyKey)) ?? row;
    }
    if (row.status === 'CREATED')
      throw new ApiError(409, 'PAYMENT_IN_PROGRESS', 'This payment is still being processed. Try again in a moment.', { 'retry-after': '1' });
    return this.answer(row, ctx);
  }

  /**
   * A payment its instance left CREATED (killed or stalled after storing it, before the gateway's order was recorded),
   * taken over by a retry of the same request or the rider's poll of the payment, so the rider gets the gateway's page instead of "in progress" until
   * reconciliation fails it: one taker at a time (the reconciliation lease); the gateway's order the first instance may
   * have created is found by its receipt (our payment id) and reused, else one is created. A first instance that wakes
   * up later cannot record another order (recordGatewayOrder keeps the first) and answers this one; an order of its
   * that was never recorded is never shown, so it cannot be paid. The row after, or null when another taker holds it.
   */
  private async takeOver(row: PaymentRow): Promise<PaymentRow | null> {
    const claimed = await this.store.claimOrphan(row.id, this.now());
    if (!claimed) return null;
    try {
      const after = await this.startCharge(claimed, { reuseGatewayOrder: true });
      this.opts.log?.warn({ paymentId: claimed.id, status: after.status }, 'a retry took over a payment its instance left unstarted');
      return after;
    } catch (err) {
      // the gateway's look-up did not answer: still in progress for the rider; reconciliation settles it after staleMs
      this.opts.log?.warn({ err, paymentId: claimed.id }, 'a retry could not take over a stalled payment; left for reconciliation');
    } finally {
      await this.store.releaseLease(claimed.id).catch(() => undefined);
    }
    return this.store.byId(claimed.id);
  }

  async pay(userId: string, orderKind: string, orderId: string, idempotencyKey: string, body: ParsedPayRequest, ctx: PayContext): Promise<PayResponse> {
    const port = this.port(orderKind);
    const hash = this.fingerprint(orderKind, orderId, body);
    const existing = await this.store.byKey(userId, idempotencyKey);
    if (existing) return this.replay(existing, hash, ctx);
    const instrument = declaredInstrument(body.method, body.prefill);
    const id = `pay_${randomBytes(12).toString('base64url')}`;

    const start = await this.db.transaction(async (tx): Promise<PayStart> => {
      const store = this.store.with(tx);
      const q = await port.quote(tx, orderId, { lock: true });
      if (!q || q.userId !== userId) throw notFound();
      // A twin of this request (same key) may have been stored, charged and even issued while this one waited for the
      // order's lock, after its look-up by key above found nothing: it is replayed, never refused as "already paid".
      const twin = await store.byKey(userId, idempotencyKey);
      if (twin) return { replay: twin };
      const frozen = await store.order(orderKind, orderId, true);
      if (frozen?.state === 'ISSUED')
        throw new ApiError(409, 'ORDER_ALREADY_PAID', frozen.issuedPaymentId ? 'This order is already paid.' : 'This order was free and is already issued.');
      const live = await store.livePayment(orderKind, orderId);
      if (live) {
        if (live.userId === userId && live.idempotencyKey === idempotencyKey) return { replay: live };
        if (live.status === 'SUCCESS') throw new ApiError(409, 'ORDER_ALREADY_PAID', 'This order is already paid.');
        // the same rider again (another tab, a new key) while the gateway's page still takes the payment: that page
        // again (one gateway order, paid at most once), never a second charge
        if (live.userId === userId && live.method !== 'cash' && body.method !== 'cash' && live.status === 'PENDING' && live.gatewayRef)
          if ((live.checkoutExpiresAt ?? 0) - this.now() >= 30_000) return { resume: live };
        throw new ApiError(409, 'PAYMENT_IN_PROGRESS', 'A payment for this order is already being processed. Check its status before paying again.');
      }
      const f = await port.freeze(tx, orderId, { instrument });
      if ('repriced' in f) return { repriced: f };
      const fq = f.frozen;
      if (fq.orderId !== orderId || fq.userId !== userId) throw new Error(`order kind ${orderKind} froze another order than ${orderId}`);
      if (!Number.isSafeInteger(fq.amountPaise) || fq.amountPaise < 0) throw new Error(`order amount must be integer paise, got ${fq.amountPaise}`);
      if (fq.amountPaise === 0) throw new ApiError(409, 'ORDER_NOT_PAYABLE', 'This order has nothing to pay.');
      const draw = this.opts.newCounterReference ?? newCounterReference;
      let row: PaymentRow | null = null;
      // a cash payment's counter reference is unique: a clash (one in 6.6 × 10^11 per payment) draws another
      for (let tries = 0; tries < 5; tries++) {
        const counterReference = body.method === 'cash' ? draw() : null;
        row = await store.insertPayment(
          {
            id,
            userId,
            orderKind,
            orderId,
            idempotencyKey,
            requestHash: hash,
            amountPaise: fq.amountPaise,
            method: body.method,
            instrument: declaredLabel(body.method, body.prefill),
            counterReference,
            returnPath: body.returnPath ?? null,
            declaredBank: instrument.bank,
            prefill: body.prefill as Record<string, string>,
          },
          this.now(),
        );
        if (row || !counterReference || !(await store.counterReferenceTaken(counterReference))) break;
      }
      if (!row) return { lost: true };
      await store.freeze(orderKind, fq, id, this.now());
      return { row };
    });
    if ('replay' in start) return this.replay(start.replay, hash, ctx);
    if ('resume' in start) return this.answer(start.resume, ctx);
    if ('repriced' in start) {
      const r = start.repriced;
      throw new ApiError(
        409,
        r.code,
        `${r.message} The price is now ${formatPaise(r.repriced.amountPaise)} (it was ${formatPaise(r.previousAmountPaise)}). Nothing was charged: check the price and pay again.`,
      );
    }
    if ('lost' in start) {
      // The key was taken meanwhile (by a twin of this request, or for another order): replay or refuse.
      const winner = await this.store.byKey(userId, idempotencyKey);
      if (winner) return this.replay(winner, hash, ctx);
      throw new ApiError(409, 'PAYMENT_IN_PROGRESS', 'A payment for this order is already being processed.');
    }
    return this.answer(await this.startCharge(start.row), ctx);
  }

  /**
   * Starts a CREATED payment where it is paid: the counter's charge (idempotent by our payment id), or the gateway's
   * order, reused when `reuseGatewayOrder` finds one made for this payment already (a take-over: the first instance may
   * have made it), else created. No answer at the gateway's order creation fails the payment (no page was shown, so
   * nothing can be charged); no answer from the counter leaves it for reconciliation. The row after.
   */
  private async startCharge(row: PaymentRow, { reuseGatewayOrder = false } = {}): Promise<PaymentRow> {
    const id = row.id;
    if (row.method === 'cash') {
      let charge;
      try {
        charge = await this.counter.createCharge({ amountPaise: row.amountPaise, idempotencyKey: id });
      } catch (err) {
        this.opts.log?.warn({ err, paymentId: id }, 'cash counter ledger did not answer; left for reconciliation');
        return row;
      }
      return (await this.store.recordCharge(id, charge, ['CREATED'], this.now())) ?? (await this.store.byId(id))!;
    }
    let order = reuseGatewayOrder ? await this.gateway.findOrder(id) : null;
    if (!order)
      try {
        order = await this.gateway.createOrder({ amountPaise: row.amountPaise, receipt: id, notes: { orderKind: row.orderKind, orderId: row.orderId } });
      } catch (err) {
        this.opts.log?.warn({ err, paymentId: id }, 'payment gateway did not answer at order creation; payment failed, nothing charged');
        const failed = await this.store.recordCharge(id, { status: 'FAILED', gatewayRef: null, failureReason: 'GATEWAY_UNAVAILABLE' }, ['CREATED'], this.now());
        if (failed) await this.deliver(id);
        return (await this.store.byId(id))!;
      }
    return (await this.store.recordGatewayOrder(id, order.gatewayOrderId, this.now() + this.timeoutSeconds * 1000, this.now())) ?? (await this.store.byId(id))!;
  }

  /**
   * Delivers a settled payment's outcome once: claim (with a lease), then in one transaction issue the product (or
   * refuse and plan a refund) or release the order, and mark it delivered. True if it ran.
   */
  private async deliver(id: string): Promise<boolean> {
    return (await this.deliverOnce(id)) === 'done';
  }

  /** deliver: 'busy' when another delivery holds the claim (or none is due), 'failed' when the transaction failed. */
  private async deliverOnce(id: string): Promise<'done' | 'busy' | 'failed'> {
    const row = await this.store.claimDelivery(id, this.now());
    if (!row) return 'busy';
    let refund: RefundRow | null = null;
    try {
      const port = this.port(row.orderKind);
      refund = await this.db.transaction(async (tx) => {
        const store = this.store.with(tx);
        // Locks in the order pay() takes them (the seller's order first, then the frozen order): the other way round,
        // a twin pay request holding the seller's row deadlocks with this delivery on PostgreSQL, and the delivery is
        // left to reconciliation.
        const q = await port.quote(tx, row.orderId, { lock: true });
        const order = await store.order(row.orderKind, row.orderId, true);
        let planned: RefundRow | null = null;
        let unusable: string | null = null;
        if (row.status === 'SUCCESS') {
          if (order?.state === 'ISSUED') {
            if (order.issuedPaymentId !== row.id) planned = await this.planRefund(store, row, row.amountPaise, 'ORDER_ALREADY_ISSUED', 'issue-refused');
          } else {
            const why = this.mismatch(row, order, q);
            if (why) {
              this.opts.log?.error(
                { paymentId: row.id, orderKind: row.orderKind, orderId: row.orderId, why },
                'paid amount or product does not match the frozen order: not issued, refunded',
              );
              planned = await this.planRefund(store, row, row.amountPaise, `ISSUE_REFUSED: ${why}`, 'issue-refused');
              await store.markRefused(row.id, this.now());
              await store.markOpen(row.orderKind, row.orderId, this.now());
              if (q) await port.release(tx, row.orderId, { failureReason: ISSUE_REFUSED });
            } else if (q && port.usable && (unusable = await port.usable(tx, q))) {
              this.opts.log?.warn(
                { paymentId: row.id, orderKind: row.orderKind, orderId: row.orderId, why: unusable },
                'paid order can no longer be used: not issued, refunded in full',
              );
              planned = await this.planRefund(store, row, row.amountPaise, `ISSUE_REFUSED: ${unusable}`.slice(0, 200), 'issue-refused');
              await store.markRefused(row.id, this.now());
              await store.markOpen(row.orderKind, row.orderId, this.now());
              await port.release(tx, row.orderId, { failureReason: ISSUE_REFUSED });
            } else {
              const { productId } = await port.issue(tx, order!, { paymentId: row.id, amountPaise: row.amountPaise, method: row.method });
              await store.markIssued(row.orderKind, row.orderId, row.id, productId, this.now());
            }
          }
        } else if (order?.state === 'FROZEN' && order.frozenPaymentId === row.id) {
          await store.markOpen(row.orderKind, row.orderId, this.now());
          await port.release(tx, row.orderId, { failureReason: row.failureReason });
        }
        await store.markDelivered(id, this.now());
        return planned;
      });
    } catch (err) {
      this.opts.log?.error(
        { err, paymentId: id, orderKind: row.orderKind, orderId: row.orderId },
        'payment outcome delivery failed; reconciliation retries it',
      );
      await this.store.releaseDelivery(id);
      return 'failed';
    }
    if (refund) await this.sendRefund(refund).catch((err) => this.opts.log?.warn({ err, refundId: refund!.id }, 'refund not sent; reconciliation retries it'));
    const after = this.kinds.get(row.orderKind)?.afterCommit;
    if (after)
      await after(row.orderId).catch((err) =>
        this.opts.log?.warn({ err, orderKind: row.orderKind, orderId: row.orderId }, "seller's after-commit work failed; its job retries it"),
      );
    return 'done';
  }

  /**
   * A seller's reclaim (a rider asks for the product of a paid order that has none): finds the order's settled
   * payment whose delivery has not happened (it failed or was interrupted between settling and issuing) and runs the
   * same delivery as pay and reconciliation (claim, locks, amount and product checks, OrderKind.issue, or a refund),
   * so the product is issued exactly once, with its payment order. `within(settledAt)` may refuse (throw) before
   * anything is done. A delivery claimed by another caller is waited for (up to the replay wait).
   */
  async redeliver(
    orderKind: string,
    orderId: string,
    opts: { within?: (settledAt: number) => void } = {},
  ): Promise<{ state: 'issued'; productId: string; alreadyIssued: boolean } | { state: 'unpaid' } | { state: 'refunded' }> {
    this.port(orderKind);
    const order = await this.store.order(orderKind, orderId);
    if (order?.state === 'ISSUED') return { state: 'issued', productId: order.productId ?? '', alreadyIssued: true };
    if (order?.state !== 'FROZEN' || !order.frozenPaymentId) return { state: 'unpaid' };
    const p = await this.store.byId(order.frozenPaymentId);
    if (!p || p.status !== 'SUCCESS') return { state: 'unpaid' };
    // Delivered between the two reads (a twin reclaim, reconciliation or the payment itself issued it or refunded it
    // just now): its outcome, never "unpaid" for an order that was paid (20 identical reclaims saw that on PostgreSQL).
    if (p.notifiedAt !== null) return this.deliveredOutcome(orderKind, orderId, p.id, true);
    opts.within?.(p.updatedAt);
    const until = Date.now() + this.replayWaitMs;
    let outcome = await this.deliverOnce(p.id);
    while (outcome === 'busy' && (await this.store.byId(p.id))?.notifiedAt === null) {
      if (Date.now() >= until)
        throw new ApiError(409, 'ISSUE_IN_PROGRESS', 'This order is being issued right now. Try again in a moment.', { 'retry-after': '1' });
      await new Promise((r) => setTimeout(r, 15));
      outcome = await this.deliverOnce(p.id);
    }
    if (outcome === 'failed')
      throw new ApiError(409, 'ISSUE_IN_PROGRESS', 'This order could not be issued just now; it will be. Try again in a moment.', { 'retry-after': '5' });
    return this.deliveredOutcome(orderKind, orderId, p.id, outcome !== 'done');
  }

  /** What a delivered payment ended as: its order issued with it, or (the delivery refused the order) refunded. */
  private async deliveredOutcome(
    orderKind: string,
    orderId: string,
    paymentId: string,
    alreadyIssued: boolean,
  ): Promise<{ state: 'issued'; productId: string; alreadyIssued: boolean } | { state: 'refunded' }> {
    const after = await this.store.order(orderKind, orderId);
    if (after?.state === 'ISSUED' && after.issuedPaymentId === paymentId) return { state: 'issued', productId: after.productId ?? '', alreadyIssued };
    return { state: 'refunded' };
  }

  /** Why a successful payment must not issue its order (null: it may). */
  private mismatch(p: PaymentRow, order: FrozenOrderRow | null, q: OrderQuote | null): string | null {
    if (!order || order.state !== 'FROZEN') return 'the order was not frozen for this payment';
    if (order.frozenPaymentId !== p.id) return 'the order was frozen for another payment';
    if (order.orderId !== p.orderId || order.userId !== p.userId) return 'the payment is for another order or rider';
    if (order.amountPaise !== p.amountPaise) return `paid ${p.amountPaise} paise, the order is ${order.amountPaise}`;
    // the price was made for the bank the rider chose on our page (a bank offer): the gateway must report that bank
    if (p.declaredBank && p.method !== 'cash' && p.method !== 'wallet' && p.paidBank !== p.declaredBank)
      return `the order was priced for paying with ${p.declaredBank}; the gateway reports ${p.paidBank ?? 'another bank'}`;
    if (!q) return 'the order no longer exists';
    if (q.amountPaise !== order.amountPaise || q.productRef !== order.productRef || q.quantity !== order.quantity || q.userId !== order.userId)
      return `the order changed after payment started (${order.productRef} × ${order.quantity} for ${order.amountPaise} → ${q.productRef} × ${q.quantity} for ${q.amountPaise})`;
    return null;
  }

  /** Asks the gateway (or the counter) about an unsettled payment and records a final answer. True when it settled now. */
  private async settle(row: PaymentRow, opts: { riderBack?: boolean; left?: boolean } = {}): Promise<boolean> {
    if (row.status !== 'CREATED' && row.status !== 'PENDING') return false;
    if (row.method === 'cash') return this.settleCash(row);
    let gatewayRef = row.gatewayRef;
    if (!gatewayRef) {
      // the order's answer was lost (a crash after creating it): find it by our payment id, its receipt
      const order = await this.gateway.findOrder(row.id);
      if (!order) {
        if (this.now() - row.createdAt < this.staleMs) return false;
        return (
          (await this.store.recordCharge(
            row.id,
            { gatewayRef: null, status: 'FAILED', failureReason: 'GATEWAY_NO_ORDER' },
            ['CREATED', 'PENDING'],
            this.now(),
          )) !== null
        );
      }
      // nobody saw its page (the answer never reached the rider): it cannot be paid; a late capture is refunded
      row = (await this.store.recordGatewayOrder(row.id, order.gatewayOrderId, row.createdAt, this.now())) ?? row;
      gatewayRef = order.gatewayOrderId;
    }
    const attempts = await this.gateway.orderPayments(gatewayRef);
    const captured = attempts.filter((p) => p.status === 'captured' || p.status === 'refunded');
    let settled = false;
    for (const p of captured) if ((await this.applyGatewayPayment(row, p)) === 'captured') settled = true;
    if (settled || captured.length > 0) return settled;
    const inFlight = attempts.some((p) => p.status === 'created' || p.status === 'authorized');
    const expired = this.now() >= (row.checkoutExpiresAt ?? row.createdAt) + this.graceMs;
    if (inFlight && !expired) return false;
    const lastFailed = attempts.filter((p) => p.status === 'failed').sort((x, y) => y.createdAt - x.createdAt)[0];
    // the rider came back from the gateway's page after a failed attempt (the gateway's API shows it), or left the
    // page, with nothing paid and nothing in flight; or the page lapsed. An unsigned "success" changes nothing.
    if ((opts.riderBack && !inFlight && (lastFailed || opts.left)) || expired) {
      const reason = lastFailed?.failureReason ?? (expired ? 'CHECKOUT_EXPIRED' : 'PAYMENT_CANCELLED');
      return (await this.store.recordCharge(row.id, { gatewayRef, status: 'FAILED', failureReason: reason }, ['CREATED', 'PENDING'], this.now())) !== null;
    }
    return false;
  }

  private async settleCash(row: PaymentRow): Promise<boolean> {
    const charge = row.gatewayRef ? await this.counter.getCharge(row.gatewayRef) : await this.counter.findCharge(row.id);
    if (!charge) {
      if (this.now() - row.createdAt < this.staleMs) return false;
      return (
        (await this.store.recordCharge(
          row.id,
          { gatewayRef: row.gatewayRef, status: 'FAILED', failureReason: 'GATEWAY_NO_CHARGE' },
          ['CREATED', 'PENDING'],
          this.now(),
        )) !== null
      );
    }
    if (charge.status === 'PENDING') {
      if (row.status === 'CREATED' || !row.gatewayRef) await this.store.recordCharge(row.id, charge, ['CREATED', 'PENDING'], this.now());
      return false;
    }
    return (await this.store.recordCharge(row.id, charge, ['CREATED', 'PENDING'], this.now())) !== null;
  }

  /**
   * Believes a gateway payment the gateway proved (a verified return, a signed webhook, our own question to its API)
   * for this payment: captured for this payment's gateway order and its exact amount, it settles the payment once and
   * delivers it. A capture that buys nothing (a second one on the order, one after the payment failed or lapsed, one
   * of another amount) is refunded in full. Answers what it did.
   */
  private async applyGatewayPayment(row: PaymentRow, gp: GatewayPayment): Promise<string> {
    if (!row.gatewayRef || gp.gatewayOrderId !== row.gatewayRef) return 'other-order';
    if (gp.status !== 'captured' && gp.status !== 'refunded') return `attempt-${gp.status}`;
    if (gp.amountPaise !== row.amountPaise) {
      this.opts.log?.error(
        { paymentId: row.id, gatewayPaymentId: gp.gatewayPaymentId, paid: gp.amountPaise, due: row.amountPaise },
        'captured amount differs from the order',
      );
      await this.refundStray(row, gp, 'AMOUNT_MISMATCH_REFUNDED');
      return 'amount-mismatch-refunded';
    }
    const settled = await this.store.recordCapture(
      row.id,
      { gatewayPaymentId: gp.gatewayPaymentId, method: gp.method ?? row.method, instrument: gp.instrument, paidBank: gp.bank },
      this.now(),
    );
    if (settled) {
      await this.deliver(row.id);
      return 'captured';
    }
    const now = (await this.store.byId(row.id))!;
    if (now.status === 'SUCCESS' && now.gatewayPaymentId === gp.gatewayPaymentId) {
      if (now.notifiedAt === null) await this.deliver(row.id);
      return 'already-captured';
    }
    await this.refundStray(now, gp, now.status === 'SUCCESS' ? 'DUPLICATE_PAYMENT_REFUNDED' : 'LATE_PAYMENT_REFUNDED');
    return 'stray-refunded';
  }

  /** Refunds in full, once, a captured gateway payment that bought nothing. */
  private async refundStray(row: PaymentRow, gp: GatewayPayment, reason: string): Promise<void> {
    const r = await this.store.insertRefund(
      {
        id: `rfd_${randomBytes(12).toString('base64url')}`,
        paymentId: row.id,
        refundKey: `stray:${gp.gatewayPaymentId}`.slice(0, 64),
        amountPaise: gp.amountPaise,
        reason,
        gatewayPaymentId: gp.gatewayPaymentId,
      },
      this.now(),
    );
    const refund = r ?? (await this.store.refundByKey(row.id, `stray:${gp.gatewayPaymentId}`.slice(0, 64)));
    if (refund && refund.status === 'CREATED')
      await this.sendRefund(refund).catch((err) => this.opts.log?.warn({ err, refundId: refund.id }, 'refund not sent; reconciliation retries it'));
  }

  /**
   * The gateway's return (its callback URL, posted by the rider's browser from the gateway's page). A signed success
   * is verified, then the payment is asked for at the gateway (amount, order, captured) before it is believed; an
   * unsigned failure is believed only as far as the gateway's API confirms it. Answers where to send the rider.
   */
  async gatewayReturn(paymentId: string, fields: Record<string, string>): Promise<{ location: string }> {
    const row = await this.store.byId(paymentId);
    if (!row || row.method === 'cash') throw new ApiError(404, 'PAYMENT_NOT_FOUND', 'This payment was not found.');
    if (Object.keys(fields).some((k) => k.startsWith('razorpay_'))) {
      const proved = this.gateway.verifyReturn(fields);
      if (!proved || proved.gatewayOrderId !== row.gatewayRef) {
        this.opts.log?.warn({ paymentId }, 'gateway return with a signature that does not prove this payment: nothing changed');
        throw new ApiError(400, 'RETURN_SIGNATURE_INVALID', 'This payment answer is not signed by the payment gateway for this payment. Nothing was changed.');
      }
      try {
        const gp = await this.gateway.getPayment(proved.gatewayPaymentId);
        if (gp) await this.applyGatewayPayment(row, gp);
      } catch (err) {
        // the gateway's API did not answer: its webhook or reconciliation settles it; the rider sees "confirming"
        this.opts.log?.warn({ err, paymentId }, 'gateway did not answer after a signed return; left for the webhook and reconciliation');
      }
    } else if (row.status === 'PENDING') {
      await this.settleAndDeliver(row, { riderBack: true });
    }
    return { location: this.returnLocation(row, {}) };
  }

  /** The rider left the gateway's page (its cancel URL). Nothing is believed but what the gateway's API says. */
  async gatewayCancel(paymentId: string): Promise<{ location: string }> {
    const row = await this.store.byId(paymentId);
    if (!row || row.method === 'cash') throw new ApiError(404, 'PAYMENT_NOT_FOUND', 'This payment was not found.');
    if (row.status === 'PENDING') await this.settleAndDeliver(row, { riderBack: true, left: true });
    return { location: this.returnLocation(row, { left: '1' }) };
  }

  private async settleAndDeliver(row: PaymentRow, opts: { riderBack?: boolean; left?: boolean }): Promise<void> {
    try {
      if (await this.settle(row, opts)) await this.deliver(row.id);
    } catch (err) {
      this.opts.log?.warn({ err, paymentId: row.id }, 'gateway did not answer; the payment is left for reconciliation');
    }
  }

  private returnLocation(row: PaymentRow, extra: Record<string, string>): string {
    const q = new URLSearchParams({ payment: row.id, ...extra });
    return `${row.returnPath ?? '/app/select-payment'}?${q.toString()}`;
  }

  /**
   * A webhook from the gateway, its signature checked over the raw body. Processed once per event id (a replay or a
   * second delivery answers "duplicate"); every effect is itself idempotent, so two deliveries at once change nothing
   * twice. An event for a gateway order our books do not know yet (its answer not recorded) is matched by the
   * order's receipt; one that is not ours is acknowledged and ignored.
   */
  async gatewayEvent(rawBody: Buffer, signature: string | undefined, eventId: string | undefined): Promise<{ outcome: string }> {
    const ev = this.gateway.verifyWebhook(rawBody, signature);
    if (!ev) throw new ApiError(400, 'WEBHOOK_SIGNATURE_INVALID', 'This webhook is not signed with our webhook secret.');
    if (!eventId || !/^[A-Za-z0-9_.:-]{1,80}$/.test(eventId)) throw new ApiError(400, 'WEBHOOK_EVENT_ID_MISSING', 'A webhook needs its x-razorpay-event-id.');
    const event: GatewayEvent = { ...ev, eventId };
    if (await this.store.eventSeen(this.gateway.name, eventId)) return { outcome: 'duplicate' };
    let outcome = 'ignored';
    let orderRef: string | null = null;
    if (event.refund) {
      outcome = await this.applyGatewayRefund(event.refund);
    } else if (event.payment) {
      orderRef = event.payment.gatewayOrderId;
      let row = await this.store.byGatewayRef(orderRef);
      if (!row) {
        // our books may not hold the gateway order yet (its answer still on its way): linked by its receipt, our
        // payment id; when the gateway cannot tell us now, it retries
        const linked = await this.linkByReceipt(orderRef, event.order?.gatewayOrderId === orderRef ? event.order.receipt : null);
        if (linked === 'unknown')
          throw new ApiError(409, 'GATEWAY_ORDER_UNKNOWN_YET', 'This gateway order is not in our books yet; deliver the event again later.');
        row = linked;
      }
      if (row) outcome = await this.applyGatewayPayment(row, event.payment);
      else outcome = 'not-ours';
    }
    await this.store.recordEvent({ gateway: this.gateway.name, eventId, type: event.type, gatewayOrderId: orderRef, outcome }, this.now());
    return { outcome };
  }

  /**
   * The payment a gateway order was made for, by the order's receipt (our payment id): the event's order entity's, else
   * the gateway's answer for the order. Records the order on a payment still waiting for it. null: not ours;
   * 'unknown': the gateway did not answer.
   */
  private async linkByReceipt(gatewayOrderId: string, receipt: string | null): Promise<PaymentRow | null | 'unknown'> {
    if (receipt === null) {
      try {
        receipt = (await this.gateway.getOrder(gatewayOrderId))?.receipt ?? null;
      } catch {
        return 'unknown';
      }
    }
    const p = receipt ? await this.store.byId(receipt) : null;
    if (!p || p.method === 'cash') return null;
    if (p.gatewayRef) return p.gatewayRef === gatewayOrderId ? p : null;
    return (
      (await this.store.recordGatewayOrder(p.id, gatewayOrderId, p.createdAt + this.timeoutSeconds * 1000, this.now())) ??
      (await this.store.byGatewayRef(gatewayOrderId))
    );
  }

  /** A refund's outcome from the gateway (webhook): settles our refund row once. */
  private async applyGatewayRefund(r: GatewayRefund): Promise<string> {
    const row = await this.store.refundByGateway(r.gatewayRef, r.receipt);
    if (!row) return 'refund-not-ours';
    if (r.status === 'PENDING') {
      if (!row.gatewayRef) await this.store.recordRefund(row.id, r, this.now());
      return 'refund-pending';
    }
    return (await this.store.recordRefund(row.id, r, this.now())) ? `refund-${r.status.toLowerCase()}` : 'refund-already-settled';
  }

  /** Payment process status. A pending payment is checked with the gateway on the way, so polling sees it settle. */
  async payment(userId: string, paymentId: string, ctx: PayContext | null = null): Promise<Payment> {
    let row = await this.store.byId(paymentId, { userId });
    if (!row) throw new ApiError(404, 'PAYMENT_NOT_FOUND', 'This payment was not found.');
    // the app polls here after PAYMENT_IN_PROGRESS: a payment its instance left unstarted is taken over as a retry would
    if (row.status === 'CREATED' && this.now() - row.createdAt >= this.orphanAfterMs) row = (await this.takeOver(row)) ?? row;
    if (row.status === 'PENDING') {
      await this.settleAndDeliver(row, {});
      row = (await this.store.byId(paymentId, { userId }))!;
    }
    const checkout = ctx ? await this.checkoutOf(row, ctx) : null;
    const cashCharge = row.method === 'cash' && row.status === 'PENDING' && row.gatewayRef ? await this.counter.getCharge(row.gatewayRef) : null;
    return {
      paymentId: row.id,
      orderKind: row.orderKind,
      orderId: row.orderId,
      amountPaise: row.amountPaise,
      method: row.method,
      instrument: row.instrument,
      status: row.status === 'SUCCESS' ? 'SUCCESS' : row.status === 'FAILED' ? 'FAILED' : 'PENDING',
      orderStatus: orderStatusOf(row.status),
      failureReason: row.failureReason,
      ...(row.counterReference ? { counterReference: row.counterReference } : {}),
      ...(checkout ? { checkout } : {}),
      expiresAt: row.status !== 'PENDING' ? null : row.method === 'cash' ? (cashCharge ? row.createdAt + 24 * 3600_000 : null) : row.checkoutExpiresAt,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  }

  /** A payment by its id or (cash) by the counter reference the rider reads out, typed in any case, with or without the dash. */
  private async byIdOrReference(idOrReference: string): Promise<PaymentRow | null> {
    const reference = parseCounterReference(idOrReference);
    return reference ? this.store.byCounterReference(reference) : this.store.byId(idOrReference);
  }

  /** The counter looks a cash payment up by what the rider reads out (or its id): amount, order, status. */
  async atCounter(idOrReference: string): Promise<Payment> {
    const row = await this.byIdOrReference(idOrReference);
    if (!row) throw new ApiError(404, 'PAYMENT_NOT_FOUND', 'There is no payment with this reference. Check it with the rider.');
    if (row.method !== 'cash') throw new ApiError(409, 'NOT_A_COUNTER_PAYMENT', 'Only cash (pay at counter) payments are settled at the counter.');
    return this.payment(row.userId, row.id);
  }

  /**
   * An operator at the counter records a cash payment as paid (or not), found by the counter reference the rider reads
   * out (or its payment id): settles it and delivers the outcome now.
   */
  async settleAtCounter(idOrReference: string, paid: boolean): Promise<Payment> {
    const row = await this.byIdOrReference(idOrReference);
    if (!row) throw new ApiError(404, 'PAYMENT_NOT_FOUND', 'There is no payment with this reference. Check it with the rider.');
    if (row.method !== 'cash') throw new ApiError(409, 'NOT_A_COUNTER_PAYMENT', 'Only cash (pay at counter) payments are settled at the counter.');
    if (row.status !== 'PENDING' || !row.gatewayRef)
      throw new ApiError(409, 'PAYMENT_NOT_PENDING', `This payment is not waiting at the counter (it is ${row.status}).`);
    const charge = await this.counter.settleAtCounter(row.gatewayRef, paid);
    if (await this.settle(row)) await this.deliver(row.id);
    // a twin at another counter settled it the other way meanwhile (the gateway settles a charge once): say so
    if (charge && charge.status !== 'PENDING' && charge.status !== (paid ? 'SUCCESS' : 'FAILED'))
      throw new ApiError(
        409,
        'PAYMENT_NOT_PENDING',
        `This payment was settled at the counter meanwhile, as ${charge.status === 'SUCCESS' ? 'paid' : 'not paid'}.`,
      );
    return this.payment(row.userId, row.id);
  }

  /**
   * Order status: amount (frozen once a payment started), the successful payment else the latest one, PENDING when
   * nothing was paid yet; SUCCESS with `freeWith` for a free order; the label and return-path data for the checkout.
   */
  async orderStatus(userId: string, orderKind: string, orderId: string): Promise<OrderStatus> {
    const q = await this.port(orderKind).quote(this.db, orderId);
    if (!q || q.userId !== userId) throw notFound();
    const frozen = await this.store.order(orderKind, orderId);
    const latest = await this.store.latestPayment(orderKind, orderId);
    const amountPaise = frozen && frozen.state !== 'OPEN' ? frozen.amountPaise : q.amountPaise;
    let status: OrderPaymentStatus = latest ? orderStatusOf(latest.status) : 'PENDING';
    let failureReason = latest?.failureReason ?? null;
    const free = frozen?.state === 'ISSUED' && !frozen.issuedPaymentId;
    if (free) status = 'SUCCESS';
    else if (latest?.status === 'SUCCESS' && frozen?.issuedPaymentId !== latest.id && latest.notifiedAt !== null) {
      status = 'PAYMENT_FAILED';
      failureReason = ISSUE_REFUSED;
    }
    return {
      orderKind,
      orderId,
      amountPaise,
      status,
      paymentId: free ? null : (latest?.id ?? null),
      failureReason,
      label: q.label,
      returnData: { ...q.returnData, orderId },
      freeWith: free ? (frozen!.freeWith ?? null) : null,
    };
  }

  /**
   * Issues a free (₹0) order without any payment record (trial and welcome offers): exactly once, in one transaction
   * with the seller's issue. Answers the product id (the existing one when it was issued already).
   */
  async issueFree(orderKind: string, orderId: string, opts: { db?: Db } = {}): Promise<{ productId: string; alreadyIssued: boolean }> {
    const port = this.port(orderKind);
    // a seller that creates the order and issues it in one transaction passes its handle (a nested call joins it)
    return (opts.db ?? this.db).transaction(async (tx) => {
      const store = this.store.with(tx);
      const q = await port.quote(tx, orderId, { lock: true });
      if (!q) throw notFound();
      const existing = await store.order(orderKind, orderId, true);
      if (existing?.state === 'ISSUED') return { productId: existing.productId ?? '', alreadyIssued: true };
      if (q.amountPaise !== 0) throw new ApiError(409, 'ORDER_NOT_FREE', 'This order has something to pay: pay it at the checkout.');
      // an earlier failed payment left the order OPEN (re-quotable): it may become free; a live one may not
      if (existing?.state === 'FROZEN' || (await store.livePayment(orderKind, orderId)))
        throw new ApiError(409, 'PAYMENT_IN_PROGRESS', 'A payment for this order was started.');
      const unusable = port.usable ? await port.usable(tx, q) : null;
      if (unusable) throw new ApiError(409, 'ORDER_NOT_USABLE', `This can no longer be issued: ${unusable}.`);
      const { productId } = await port.issue(tx, q, null);
      await store.issueFree(orderKind, q, productId, this.now());
      return { productId, alreadyIssued: false };
    });
  }

  // --- refunds ----------------------------------------------------------------------------------------------------

  /** Inserts a refund row (the caller holds the payment lock or is in the deliver transaction); the existing one for the key. */
  private async planRefund(store: PaymentStore, p: PaymentRow, amountPaise: number, reason: string, key: string): Promise<RefundRow> {
    const existing = await store.refundByKey(p.id, key);
    if (existing) {
      if (existing.amountPaise !== amountPaise) throw new ApiError(422, 'REFUND_KEY_REUSED', 'This refund key was already used for another amount.');
      return existing;
    }
    const already = await store.refundedPaise(p.id);
    if (already + amountPaise > p.amountPaise)
      throw new ApiError(409, 'REFUND_EXCEEDS_PAYMENT', `Only ${formatPaise(p.amountPaise - already)} of this payment can still be refunded.`);
    const row = await store.insertRefund(
      { id: `rfd_${randomBytes(12).toString('base64url')}`, paymentId: p.id, refundKey: key, amountPaise, reason },
      this.now(),
    );
    return row ?? (await store.refundByKey(p.id, key))!;
  }

  /**
   * Refunds `amountPaise` of a successful payment, exactly once per `refundKey` (the same key answers the same refund;
   * partial refunds add up to at most the payment). Sellers call it (a cancelled seat, a card load that can never be
   * written). The gateway may answer PENDING or FAILED; reconciliation settles pending refunds.
   */
  async refund(paymentId: string, amountPaise: number, reason: string, refundKey: string): Promise<RefundView> {
    if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) throw new ApiError(400, 'VALIDATION_FAILED', 'A refund is a positive whole number of paise.');
    if (!/^[A-Za-z0-9._:-]{1,64}$/.test(refundKey)) throw new ApiError(400, 'VALIDATION_FAILED', 'A refund key is 1 to 64 letters, digits or . _ : -');
    const row = await this.db.transaction(async (tx) => {
      const store = this.store.with(tx);
      const p = await store.byId(paymentId, { lock: true });
      if (!p) throw new ApiError(404, 'PAYMENT_NOT_FOUND', 'This payment was not found.');
      if (p.status !== 'SUCCESS' || !p.gatewayRef || (p.method !== 'cash' && !p.gatewayPaymentId))
        throw new ApiError(409, 'PAYMENT_NOT_SETTLED', 'Only a successful payment can be refunded.');
      return this.planRefund(store, p, amountPaise, reason.slice(0, 200), refundKey);
    });
    if (row.status === 'CREATED')
      await this.sendRefund(row).catch((err) => this.opts.log?.warn({ err, refundId: row.id }, 'refund not sent; reconciliation retries it'));
    return this.refundView((await this.store.refund(row.id))!);
  }

  /** The payment a product was issued for (sellers refund through it); null for a free or unissued order. */
  async issuedPaymentOf(orderKind: string, orderId: string): Promise<string | null> {
    return (await this.store.order(orderKind, orderId))?.issuedPaymentId ?? null;
  }

  /**
   * Sends a planned refund to the gateway (or the counter), or asks about a sent one; records a settled answer. A
   * refund not sent yet is claimed first (a lease on the row), so of any number of callers at once one sends it: a
   * gateway does not deduplicate refunds by receipt. `claimed`: the caller holds the lease (reconciliation).
   */
  private async sendRefund(row: RefundRow, opts: { claimed?: boolean } = {}): Promise<void> {
    if (row.status === 'CREATED' && !row.gatewayRef && !opts.claimed) {
      const mine = await this.store.claimRefundSend(row.id, this.now());
      if (!mine) return;
      row = mine;
    }
    const p = await this.store.byId(row.paymentId);
    if (!p?.gatewayRef) return;
    const ledger = p.method === 'cash' ? this.counter : this.gateway;
    const target = row.gatewayPaymentId ?? (p.method === 'cash' ? p.gatewayRef : p.gatewayPaymentId);
    if (!target) return;
    const r = row.gatewayRef
      ? await ledger.getRefund(row.gatewayRef)
      : await ledger.createRefund({ gatewayPaymentId: target, amountPaise: row.amountPaise, receipt: row.id });
    if (r && (r.status !== 'PENDING' || row.status === 'CREATED')) await this.store.recordRefund(row.id, r, this.now());
  }

  private refundView(r: RefundRow): RefundView {
    return {
      refundId: r.id,
      paymentId: r.paymentId,
      amountPaise: r.amountPaise,
      reason: r.reason,
      status: r.status === 'SUCCESS' ? 'SUCCESS' : r.status === 'FAILED' ? 'FAILED' : 'PENDING',
      failureReason: r.failureReason,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    };
  }

  /** A refund's status (settled with the gateway on the way when it is pending). */
  async refundStatus(refundId: string): Promise<RefundView> {
    let r = await this.store.refund(refundId);
    if (!r) throw new ApiError(404, 'REFUND_NOT_FOUND', 'This refund was not found.');
    if (r.status === 'CREATED' || r.status === 'PENDING') {
      await this.sendRefund(r);
      r = (await this.store.refund(refundId))!;
    }
    return this.refundView(r);
  }

  /** GET /api/payments/:paymentId/refunds: the rider's own payment's refunds. */
  async refundsOf(userId: string, paymentId: string): Promise<{ paymentId: string; refunds: RefundView[] }> {
    if (!(await this.store.byId(paymentId, { userId }))) throw new ApiError(404, 'PAYMENT_NOT_FOUND', 'This payment was not found.');
    const rows = await this.store.refundsOf(paymentId);
    for (const r of rows) if (r.status === 'PENDING' || r.status === 'CREATED') await this.sendRefund(r).catch(() => undefined);
    return { paymentId, refunds: (await this.store.refundsOf(paymentId)).map((r) => this.refundView(r)) };
  }

  /**
   * One reconciliation pass: claims up to `limit` unsettled payments (pending, stale in-flight, or settled but not yet
   * delivered) with FOR UPDATE SKIP LOCKED and a lease, so instances running it together never handle one payment
   * twice; settles them with the gateway and delivers outcomes once. Then the same for unsettled refunds.
   */
  async reconcile(limit = 100): Promise<ReconcileResult> {
    const t = this.now();
    const claimed = await this.store.claimUnsettled(t, t - this.staleMs, limit);
    const result: ReconcileResult = { checked: claimed.length, settled: 0, notified: 0, refundsSettled: 0 };
    for (const row of claimed) {
      try {
        if (await this.settle(row)) result.settled += 1;
        await this.deliver(row.id);
        // counted by the row: a capture settled above was delivered on the way (applyGatewayPayment)
        if (row.notifiedAt === null && (await this.store.byId(row.id))?.notifiedAt != null) result.notified += 1;
      } catch (err) {
        this.opts.log?.error({ err, paymentId: row.id }, 'payment reconciliation failed for one payment');
      } finally {
        await this.store.releaseLease(row.id).catch(() => undefined);
      }
    }
    for (const r of await this.store.claimUnsettledRefunds(this.now(), limit)) {
      try {
        await this.sendRefund(r, { claimed: true });
        const after = await this.store.refund(r.id);
        if (after && (after.status === 'SUCCESS' || after.status === 'FAILED')) result.refundsSettled += 1;
      } catch (err) {
        this.opts.log?.error({ err, refundId: r.id }, 'refund reconciliation failed for one refund');
      } finally {
        await this.store.releaseRefundLease(r.id).catch(() => undefined);
      }
    }
    return result;
  }
}
