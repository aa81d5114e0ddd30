import Razorpay from 'razorpay';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils';
import type { PaymentStatus } from '@sawari/contracts';
import {
  UPI_HANDLE_BANKS,
  type CheckoutOptions,
  type GatewayEvent,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type PaymentGateway,
} from './gateway';

/** What a city configures to take payments through Razorpay (docs/payments.md "Going live"). */
export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** The API's base URL: https://api.razorpay.com live; the development gateway's URL here. */
  apiUrl: string;
  /** The hosted checkout's base URL (https://api.razorpay.com live): the form posts to <checkoutUrl>/v1/checkout/embedded. */
  checkoutUrl: string;
  /** Merchant name on the gateway's page. */
  merchantName?: string;
  /** Milliseconds an API call may take before it counts as unanswered (default 10 s). */
  timeoutMs?: number;
}

type Entity = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const int = (v: unknown): number => (typeof v === 'number' && Number.isSafeInteger(v) ? v : Number.NaN);
const METHODS = new Set(['card', 'upi', 'netbanking', 'wallet']);

/** A Razorpay payment entity in the port's terms (never more of the card than network and last four digits). */
export function paymentOf(e: Entity): GatewayPayment | null {
  const id = str(e.id);
  const orderId = str(e.order_id);
  const status = str(e.status);
  if (!id || !orderId || !status || !['created', 'authorized', 'captured', 'refunded', 'failed'].includes(status)) return null;
  const method = str(e.method);
  const card = (e.card ?? null) as Entity | null;
  const vpa = str(e.vpa);
  const bank = str(e.bank);
  const wallet = str(e.wallet);
  let instrument = method ?? 'unknown';
  let payingBank: string | null = null;
  if (method === 'card' && card) {
    instrument = `${String(card.network ?? 'CARD').toUpperCase()} •••• ${String(card.last4 ?? '')
      .replace(/\D/g, '')
      .slice(-4)}`;
    payingBank = str(card.issuer)?.toUpperCase() ?? null;
  } else if (method === 'upi' && vpa) {
    instrument = vpa;
    payingBank = UPI_HANDLE_BANKS[vpa.split('@')[1] ?? ''] ?? null;
  } else if (method === 'netbanking' && bank) {
    instrument = bank.toUpperCase();
    payingBank = bank.toUpperCase();
  } else if (method === 'wallet' && wallet) instrument = wallet.toUpperCase();
  const reason = str(e.error_reason) ?? str(e.error_code);
  return {
    gatewayPaymentId: id,
    gatewayOrderId: orderId,
    amountPaise: int(e.amount),
    status: status as GatewayPayment['status'],
    method: method && METHODS.has(method) ? (method as GatewayPayment['method']) : null,
    instrument: instrument.slice(0, 80),
    bank: payingBank,
    failureReason: status === 'failed' ? (reason ?? 'payment_failed').toUpperCase().slice(0, 80) : null,
    createdAt: int(e.created_at) * 1000,
  };
}

export function orderOf(e: Entity): GatewayOrder | null {
  const id = str(e.id);
  const status = str(e.status);
  if (!id || !status) return null;
  return {
    gatewayOrderId: id,
    amountPaise: int(e.amount),
    receipt: str(e.receipt) ?? '',
    status: status as GatewayOrder['status'],
    createdAt: int(e.created_at) * 1000,
  };
}

export function refundOf(e: Entity): GatewayRefund | null {
  const id = str(e.id);
  const paymentId = str(e.payment_id);
  const status = str(e.status);
  if (!id || !paymentId || !status) return null;
  const s: PaymentStatus = status === 'processed' ? 'SUCCESS' : status === 'failed' ? 'FAILED' : 'PENDING';
  return {
    gatewayRef: id,
    gatewayPaymentId: paymentId,
    receipt: str(e.receipt),
    amountPaise: int(e.amount),
    status: s,
    failureReason: s === 'FAILED' ? 'REFUND_REJECTED' : null,
  };
}

/**
 * The API's "no such thing" (Razorpay answers an unknown id 400 BAD_REQUEST_ERROR "The id provided does not exist";
 * 404 is for a path that does not exist), as opposed to no answer or another refusal.
 */
const notFound = (err: unknown): boolean => {
  const e = err as { statusCode?: number; error?: { description?: string } } | null;
  return e?.statusCode === 404 || (e?.statusCode === 400 && /does not exist/i.test(e.error?.description ?? ''));
};

/**
 * Razorpay, through its official Node SDK (`razorpay`): orders, payments, refunds, the hosted checkout
 * (`/v1/checkout/embedded`), payment signatures and webhooks checked with the SDK's own utilities. The same adapter
 * talks to the development gateway (api/src/dev-gateway), which speaks the same wire API on another origin.
 */
export class RazorpayGateway implements PaymentGateway {
  readonly name = 'razorpay';
  readonly checkoutOrigin: string;
  private readonly rzp: Razorpay;
  constructor(private readonly config: RazorpayConfig) {
    this.rzp = new Razorpay({ key_id: config.keyId, key_secret: config.keySecret });
    // The SDK's base URL is fixed to api.razorpay.com; its axios instance takes another (the development gateway).
    const rq = (this.rzp as unknown as { api: { rq: { defaults: { baseURL?: string; timeout?: number } } } }).api.rq;
    rq.defaults.baseURL = config.apiUrl.replace(/\/$/, '');
    rq.defaults.timeout = config.timeoutMs ?? 10_000;
    this.checkoutOrigin = new URL(config.checkoutUrl).origin;
  }

  async createOrder(req: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder> {
    if (!Number.isSafeInteger(req.amountPaise) || req.amountPaise <= 0)
      throw new Error(`razorpay: amount must be positive integer paise, got ${req.amountPaise}`);
    const o = await this.rzp.orders.create({ amount: req.amountPaise, currency: 'INR', receipt: req.receipt, notes: req.notes });
    const order = orderOf(o as unknown as Entity);
    if (!order || order.amountPaise !== req.amountPaise || order.receipt !== req.receipt)
      throw new Error('razorpay: the order answered is not the one asked for');
    return order;
  }

  async findOrder(receipt: string): Promise<GatewayOrder | null> {
    const list = (await this.rzp.orders.all({ receipt } as never)) as unknown as { items?: Entity[] };
    const found = (list.items ?? []).map(orderOf).find((o) => o && o.receipt === receipt);
    return found ?? null;
  }

  async getOrder(gatewayOrderId: string): Promise<GatewayOrder | null> {
    try {
      return orderOf((await this.rzp.orders.fetch(gatewayOrderId)) as unknown as Entity);
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async orderPayments(gatewayOrderId: string): Promise<GatewayPayment[]> {
    try {
      const list = (await this.rzp.orders.fetchPayments(gatewayOrderId)) as unknown as { items?: Entity[] };
      return (list.items ?? []).map(paymentOf).filter((p): p is GatewayPayment => p !== null && p.gatewayOrderId === gatewayOrderId);
    } catch (err) {
      if (notFound(err)) return [];
      throw err;
    }
  }

  async getPayment(gatewayPaymentId: string): Promise<GatewayPayment | null> {
    try {
      return paymentOf((await this.rzp.payments.fetch(gatewayPaymentId)) as unknown as Entity);
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  checkout(order: GatewayOrder, o: CheckoutOptions): { action: string; fields: Record<string, string> } {
    const fields: Record<string, string> = {
      key_id: this.config.keyId,
      order_id: order.gatewayOrderId,
      name: this.config.merchantName ?? 'Sawari',
      description: o.description.slice(0, 120),
      callback_url: o.callbackUrl,
      cancel_url: o.cancelUrl,
      timeout: String(o.timeoutSeconds),
      'prefill[method]': o.method,
    };
    if (o.prefill.bank && o.method === 'netbanking') fields['prefill[bank]'] = o.prefill.bank;
    if (o.prefill.wallet && o.method === 'wallet') fields['prefill[wallet]'] = o.prefill.wallet.toLowerCase();
    if (o.prefill.vpa && o.method === 'upi') fields['prefill[vpa]'] = o.prefill.vpa;
    return { action: `${this.config.checkoutUrl.replace(/\/$/, '')}/v1/checkout/embedded`, fields };
  }

  verifyReturn(fields: Record<string, string>): { gatewayOrderId: string; gatewayPaymentId: string } | null {
    const orderId = fields.razorpay_order_id;
    const paymentId = fields.razorpay_payment_id;
    const signature = fields.razorpay_signature;
    if (![orderId, paymentId, signature].every((v) => typeof v === 'string' && /^[A-Za-z0-9_]{1,64}$/.test(v))) return null;
    const ok = validatePaymentVerification({ order_id: orderId, payment_id: paymentId }, signature, this.config.keySecret);
    return ok ? { gatewayOrderId: orderId, gatewayPaymentId: paymentId } : null;
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): GatewayEvent | null {
    if (!signature || !/^[0-9a-f]{64}$/.test(signature) || rawBody.length === 0) return null;
    if (!validateWebhookSignature(rawBody.toString('utf8'), signature, this.config.webhookSecret)) return null;
    let body: Entity;
    try {
      body = JSON.parse(rawBody.toString('utf8')) as Entity;
    } catch {
      return null;
    }
    const type = str(body.event);
    const payload = (body.payload ?? {}) as Record<string, { entity?: Entity } | undefined>;
    if (!type || body.entity !== 'event') return null;
    return {
      eventId: '',
      type,
      payment: payload.payment?.entity ? paymentOf(payload.payment.entity) : null,
      refund: payload.refund?.entity ? refundOf(payload.refund.entity) : null,
      order: payload.order?.entity ? orderOf(payload.order.entity) : null,
    };
  }

  async createRefund(req: { gatewayPaymentId: string; amountPaise: number; receipt: string }): Promise<GatewayRefund> {
    const existing = await this.findRefund(req.gatewayPaymentId, req.receipt);
    if (existing) return existing;
    const r = await this.rzp.payments.refund(req.gatewayPaymentId, { amount: req.amountPaise, speed: 'normal', receipt: req.receipt } as never);
    const refund = refundOf(r as unknown as Entity);
    if (!refund) throw new Error('razorpay: the refund answer is not a refund');
    return refund;
  }

  async getRefund(gatewayRefundId: string): Promise<GatewayRefund | null> {
    try {
      return refundOf((await this.rzp.refunds.fetch(gatewayRefundId)) as unknown as Entity);
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async findRefund(gatewayPaymentId: string, receipt: string): Promise<GatewayRefund | null> {
    try {
      const list = (await this.rzp.payments.fetchMultipleRefund(gatewayPaymentId, { count: 100 } as never)) as unknown as { items?: Entity[] };
      return (list.items ?? []).map(refundOf).find((r) => r && r.receipt === receipt) ?? null;
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }
}
