// The development payment gateway: a separate server (its own process, port and origin) that behaves like Razorpay in
// test mode for the subset in docs/payment-gateway.md: the /v1 API (orders, payments, refunds; Basic auth; Razorpay's
// error shape), the hosted checkout (POST /v1/checkout/embedded and the pages behind it: card + 3-D Secure, UPI
// collect and intent with a test "UPI app", netbanking, wallets), signed webhooks with a retrying delivery queue, and
// test controls under /__dev/ (outage, webhook hold/drop/flush/replay, the clock, UPI approval). It imports nothing of
// the API: it is another company's server that the API reaches only over HTTP.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { DEV_GATEWAY_DEFAULTS, NETBANKING_BANKS, TEST_OTP, WALLET_BALANCE_PAISE, WALLETS } from './defaults';
import { bankPage, callbackPage, checkoutPage, type FieldErrors, messagePage, threeDsPage, upiAppPage, upiWaitingPage, walletPage } from './html';
import {
  cardIssuer,
  cardNetwork,
  cardOutcome,
  cardType,
  checkCardForm,
  failure,
  type FailureReason,
  isExpireVpa,
  isFailureVpa,
  isNoRefundVpa,
  upiBank,
  vpaValid,
} from './instruments';
import { type CheckoutSession, Ledger, type Method, newId, type Notes, type Order, type Payment, type Refund } from './ledger';
import { type NewEvent, WebhookQueue } from './webhooks';

export interface DevGatewayOptions {
  /** 0: a free port. */
  port?: number;
  host?: string;
  /** The ledger's folder (one JSON file); in memory when absent. */
  dataDir?: string;
  keyId: string;
  keySecret: string;
  webhookUrl?: string;
  webhookSecret?: string;
  upiExpirySeconds?: number;
  refundSettleSeconds?: number;
  webhookRetrySeconds?: number[];
  chaos?: { duplicateRate?: number; reorder?: boolean; earlyWebhook?: boolean };
  /** The base clock in ms (Date.now by default); POST /__dev/clock moves the gateway's clock ahead of it. */
  now?: () => number;
}

export interface DevGateway {
  url: string;
  close(): Promise<void>;
}

type Body = Record<string, unknown>;

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly field?: string,
    readonly code = 'BAD_REQUEST_ERROR',
  ) {
    super(description);
  }
}

const ID = { order: /^order_[0-9A-Za-z]{14}$/, pay: /^pay_[0-9A-Za-z]{14}$/, rfnd: /^rfnd_[0-9A-Za-z]{14}$/ };

function rzpErrorBody(status: number, description: string, field?: string, code = 'BAD_REQUEST_ERROR') {
  // Razorpay's 400s (a bad field, an id that does not exist) all carry business / payment_initiation / input_validation_failed.
  const validation = status === 400;
  return {
    error: {
      code,
      description,
      source: validation ? 'business' : 'NA',
      step: validation ? 'payment_initiation' : 'NA',
      reason: validation ? 'input_validation_failed' : 'NA',
      metadata: {},
      ...(field !== undefined ? { field } : {}),
    },
  };
}

function asInt(v: unknown): number | null {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim())) return Number(v.trim());
  return null;
}

function parseNotes(body: Body): Notes {
  const notes: Notes = {};
  const raw = body.notes;
  if (raw !== undefined && raw !== null && raw !== '') {
    if (Array.isArray(raw) && raw.length === 0) return notes;
    if (typeof raw !== 'object' || Array.isArray(raw)) throw new ApiError(400, 'The notes must be an object of key-value pairs.', 'notes');
    for (const [k, v] of Object.entries(raw as Body)) notes[k] = noteValue(k, v);
  }
  // Form-encoded notes arrive as notes[key]=value.
  for (const [k, v] of Object.entries(body)) {
    const m = /^notes\[(.+)\]$/.exec(k);
    if (m) notes[m[1]] = noteValue(m[1], v);
  }
  if (Object.keys(notes).length > 15) throw new ApiError(400, 'Number of fields in notes should be less than or equal to 15', 'notes');
  return notes;
}

function noteValue(key: string, v: unknown): string {
  if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') throw new ApiError(400, `The notes.${key} must be a string.`, 'notes');
  const s = String(v);
  if (s.length > 256) throw new ApiError(400, `The notes.${key} may not be greater than 256 characters.`, 'notes');
  if (key.length > 256) throw new ApiError(400, 'A notes key may not be greater than 256 characters.', 'notes');
  return s;
}

function optionalReceipt(body: Body): string | null {
  const r = body.receipt;
  if (r === undefined || r === null) return null;
  if (typeof r !== 'string' && typeof r !== 'number') throw new ApiError(400, 'The receipt must be a string.', 'receipt');
  const s = String(r);
  if (s.length > 40) throw new ApiError(400, 'The receipt may not be greater than 40 characters.', 'receipt');
  return s;
}

function bodyOf(req: FastifyRequest): Body {
  const b = req.body;
  if (b === undefined || b === null || b === '') return {};
  if (typeof b !== 'object' || Array.isArray(b)) throw new ApiError(400, 'The request body must be a JSON object.');
  return b as Body;
}

function queryInt(q: Record<string, string | undefined>, name: string, dflt: number, min: number, max: number): number {
  const v = q[name];
  if (v === undefined || v === '') return dflt;
  const n = asInt(v);
  if (n === null || n < min || n > max) throw new ApiError(400, `The ${name} must be an integer between ${min} and ${max}.`, name);
  return n;
}

function httpUrl(v: unknown): string | null {
  if (typeof v !== 'string' || v.length > 2048) return null;
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
/** Razorpay's own bank codes (IFSC prefixes) are taken for the short names too. */
const BANK_ALIASES: Record<string, string> = { SBIN: 'SBI', ICIC: 'ICICI', UTIB: 'AXIS', KKBK: 'KOTAK' };
const bankCode = (v: unknown) => {
  const b = str(v).trim().toUpperCase();
  return BANK_ALIASES[b] ?? b;
};

export async function startDevGateway(opts: DevGatewayOptions): Promise<DevGateway> {
  const cfg = {
    host: opts.host ?? DEV_GATEWAY_DEFAULTS.host,
    port: opts.port ?? DEV_GATEWAY_DEFAULTS.port,
    keyId: opts.keyId,
    keySecret: opts.keySecret,
    webhookSecret: opts.webhookSecret ?? DEV_GATEWAY_DEFAULTS.webhookSecret,
    upiExpiryMs: (opts.upiExpirySeconds ?? DEV_GATEWAY_DEFAULTS.upiExpirySeconds) * 1000,
    refundSettleMs: (opts.refundSettleSeconds ?? DEV_GATEWAY_DEFAULTS.refundSettleSeconds) * 1000,
    retrySeconds: opts.webhookRetrySeconds ?? [...DEV_GATEWAY_DEFAULTS.webhookRetrySeconds],
    chaos: { duplicateRate: opts.chaos?.duplicateRate ?? 0, reorder: opts.chaos?.reorder ?? false, earlyWebhook: opts.chaos?.earlyWebhook ?? false },
    production: process.env.NODE_ENV === 'production',
  };
  if (!cfg.keyId || !cfg.keySecret) throw new Error('startDevGateway: keyId and keySecret are required');
  const baseNow = opts.now ?? Date.now;
  const ledger = new Ledger(opts.dataDir, opts.webhookUrl ?? null);
  const data = ledger.data;
  const clock = () => baseNow() + ledger.data.clockOffsetMs;
  const nowSec = () => Math.floor(clock() / 1000);
  const queue = new WebhookQueue(ledger, { secret: cfg.webhookSecret, retrySeconds: cfg.retrySeconds, chaos: cfg.chaos, clock });
  const commit = () => {
    ledger.save();
    queue.kick();
  };

  // ---- the ledger's rules ----------------------------------------------------------------------------------------

  const paymentOf = (p: Payment) => ({ entity: structuredClone(p) });
  const orderOf = (o: Order) => ({ entity: structuredClone(o) });
  const refundOf = (r: Refund) => ({ entity: structuredClone(r) });

  function createPayment(order: Order, session: CheckoutSession, method: Method, extra: Partial<Payment>): Payment {
    const p: Payment = {
      id: newId('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: 'INR',
      status: 'created',
      order_id: order.id,
      invoice_id: null,
      international: false,
      method,
      amount_refunded: 0,
      refund_status: null,
      captured: false,
      description: session.description || null,
      card_id: null,
      card: null,
      bank: null,
      wallet: null,
      vpa: null,
      email: session.prefill.email || 'void@razorpay.com',
      contact: session.prefill.contact,
      notes: {},
      fee: null,
      tax: null,
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      acquirer_data: {},
      created_at: nowSec(),
      ...extra,
    };
    // A rider who starts another attempt has left the earlier card/netbanking/wallet page.
    abandonOpen(session.id, 'another attempt');
    data.payments[p.id] = p;
    data.paymentState[p.id] = { sessionId: session.id };
    order.attempts++;
    if (order.status === 'created') order.status = 'attempted';
    return p;
  }

  function abandonOpen(sessionId: string, _why: string): void {
    for (const p of Object.values(data.payments)) {
      const st = data.paymentState[p.id];
      if (p.status === 'created' && p.method !== 'upi' && st?.sessionId === sessionId) failPayment(p, 'payment_cancelled');
    }
  }

  function failPayment(p: Payment, reason: FailureReason, detail?: string): string[] {
    const e = failure(reason, detail);
    p.status = 'failed';
    p.error_code = e.code;
    p.error_description = e.description;
    p.error_source = e.source;
    p.error_step = e.step;
    p.error_reason = e.reason;
    return queue.emit([{ event: 'payment.failed', contains: ['payment'], payload: { payment: paymentOf(p) } }]);
  }

  /** Authorized, then captured at once (auto-capture); the order is paid. An order already paid takes no second payment. */
  function succeedPayment(p: Payment): string[] {
    const order = data.orders[p.order_id];
    if (order.status === 'paid') return failPayment(p, 'payment_failed', 'This order has already been paid.');
    p.status = 'authorized';
    p.acquirer_data = acquirerData(p);
    p.fee = Math.round(p.amount * 0.02);
    p.tax = Math.round(p.fee * 0.18);
    const authorized: NewEvent = { event: 'payment.authorized', contains: ['payment'], payload: { payment: paymentOf(p) } };
    p.status = 'captured';
    p.captured = true;
    order.amount_paid = order.amount;
    order.amount_due = 0;
    order.status = 'paid';
    return (data.paymentState[p.id].successEvents = queue.emit([
      authorized,
      { event: 'payment.captured', contains: ['payment'], payload: { payment: paymentOf(p) } },
      { event: 'order.paid', contains: ['payment', 'order'], payload: { payment: paymentOf(p), order: orderOf(order) } },
    ]));
  }

  function acquirerData(p: Payment): Record<string, string | null> {
    const digits = () => String(Math.floor(Math.random() * 1e12)).padStart(12, '0');
    if (p.method === 'upi') return { rrn: digits(), upi_transaction_id: randomBytes(8).toString('hex').toUpperCase() };
    if (p.method === 'netbanking') return { bank_transaction_id: digits() };
    if (p.method === 'card') return { auth_code: String(Math.floor(Math.random() * 1e6)).padStart(6, '0') };
    return { transaction_id: digits() };
  }

  function refreshRefundStatus(p: Payment): void {
    p.refund_status = p.amount_refunded === 0 ? null : p.amount_refunded >= p.amount ? 'full' : 'partial';
    p.status = p.amount_refunded >= p.amount ? 'refunded' : 'captured';
  }

  /** Time-driven changes on the gateway's clock: UPI expiry, abandoned authentication pages, refund settlement. */
  function settle(): void {
    const now = clock();
    let changed = false;
    for (const p of Object.values(data.payments)) {
      if (p.status !== 'created') continue;
      const st = data.paymentState[p.id];
      if (st?.expiresAt !== undefined && st.expiresAt <= now) {
        failPayment(p, 'payment_timed_out');
        changed = true;
      } else if (st?.abandonAt !== undefined && st.abandonAt <= now) {
        failPayment(p, 'payment_cancelled');
        changed = true;
      }
    }
    for (const r of Object.values(data.refunds)) {
      if (r.status !== 'pending' || data.refundSettleAt[r.id] > now) continue;
      const p = data.payments[r.payment_id];
      if (isNoRefundVpa(p.vpa)) {
        r.status = 'failed';
        p.amount_refunded -= r.amount;
        refreshRefundStatus(p);
        queue.emit([{ event: 'refund.failed', contains: ['refund', 'payment'], payload: { refund: refundOf(r), payment: paymentOf(p) } }]);
      } else {
        r.status = 'processed';
        r.acquirer_data = { arn: String(Math.floor(Math.random() * 1e12)).padStart(12, '0') };
        queue.emit([{ event: 'refund.processed', contains: ['refund', 'payment'], payload: { refund: refundOf(r), payment: paymentOf(p) } }]);
      }
      changed = true;
    }
    if (changed) ledger.save();
  }

  // ---- the server --------------------------------------------------------------------------------------------------

  const app = Fastify({ logger: false, bodyLimit: 256 * 1024 });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    const out: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(body as string)) out[k] = v;
    done(null, out);
  });

  const isApi = (url: string) => url === '/v1' || url.startsWith('/v1/');
  const isCheckoutPost = (url: string) => url.split('?')[0] === '/v1/checkout/embedded';
  const isDev = (url: string) => url.startsWith('/__dev');

  function html(reply: FastifyReply, status: number, nonce: string, body: string, formTargets: string[] = []) {
    const origins = [...new Set(formTargets.map((u) => new URL(u).origin))].join(' ');
    return reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header(
        'content-security-policy',
        `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; img-src 'self' data:; form-action 'self'${origins ? ` ${origins}` : ''}; base-uri 'none'; frame-ancestors 'none'`,
      )
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store')
      .send(body);
  }
  const nonce = () => randomBytes(16).toString('base64');
  const pageError = (reply: FastifyReply, status: number, title: string, message: string) => {
    const n = nonce();
    return html(reply, status, n, messagePage(n, title, message));
  };

  function authorized(req: FastifyRequest): boolean {
    const h = req.headers.authorization ?? '';
    const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(h);
    if (!m) return false;
    const decoded = Buffer.from(m[1], 'base64').toString('utf8');
    const i = decoded.indexOf(':');
    if (i < 0) return false;
    const given = Buffer.from(decoded);
    const expected = Buffer.from(`${cfg.keyId}:${cfg.keySecret}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  app.addHook('onRequest', async (req, reply) => {
    if (isDev(req.url) && cfg.production) return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found' });
    settle();
    if (isApi(req.url)) {
      if (data.outage.api) {
        const body = rzpErrorBody(503, 'The server is temporarily unavailable. Please try again later.', undefined, 'SERVER_ERROR');
        if (isCheckoutPost(req.url)) return pageError(reply, 503, 'Unavailable', body.error.description);
        return reply.code(503).send(body);
      }
      if (!isCheckoutPost(req.url) && !authorized(req)) return reply.code(401).send(rzpErrorBody(401, 'Authentication failed'));
    }
  });

  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
    const api = err instanceof ApiError;
    const status = api ? err.status : err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? 400 : 500;
    const description = api ? err.description : status === 400 ? err.message : 'The server encountered an error. The incident has been reported to admins.';
    if (isApi(req.url) && !isCheckoutPost(req.url)) {
      return reply
        .code(status)
        .send(rzpErrorBody(status, description, api ? err.field : undefined, status >= 500 ? 'SERVER_ERROR' : api ? err.code : 'BAD_REQUEST_ERROR'));
    }
    if (isDev(req.url)) return reply.code(status).send({ code: status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST', message: description });
    return pageError(reply, status, status >= 500 ? 'Something went wrong' : 'This request is not valid', description);
  });

  app.setNotFoundHandler((req, reply) => {
    if (isApi(req.url)) return reply.code(404).send(rzpErrorBody(404, 'The requested URL was not found on the server.'));
    if (isDev(req.url)) return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found' });
    return pageError(reply, 404, 'Not found', 'There is no page here.');
  });

  // ---- /v1: orders -------------------------------------------------------------------------------------------------

  function findOrder(id: string): Order {
    if (!ID.order.test(id)) throw new ApiError(400, `${id} is not a valid id`);
    const o = data.orders[id];
    if (!o) throw new ApiError(400, 'The id provided does not exist');
    return o;
  }
  function findPayment(id: string): Payment {
    if (!ID.pay.test(id)) throw new ApiError(400, `${id} is not a valid id`);
    const p = data.payments[id];
    if (!p) throw new ApiError(400, 'The id provided does not exist');
    return p;
  }
  function findRefund(id: string): Refund {
    if (!ID.rfnd.test(id)) throw new ApiError(400, `${id} is not a valid id`);
    const r = data.refunds[id];
    if (!r) throw new ApiError(400, 'The id provided does not exist');
    return r;
  }
  const collection = <T>(items: T[]) => ({ entity: 'collection', count: items.length, items });
  function page<T extends { created_at: number }>(all: T[], q: Record<string, string | undefined>): T[] {
    const count = queryInt(q, 'count', 10, 1, 100);
    const skip = queryInt(q, 'skip', 0, 0, 1_000_000);
    const from = queryInt(q, 'from', 0, 0, 99_999_999_999);
    const to = queryInt(q, 'to', 99_999_999_999, 0, 99_999_999_999);
    return all
      .filter((x) => x.created_at >= from && x.created_at <= to)
      .sort((a, b) => b.created_at - a.created_at)
      .slice(skip, skip + count);
  }
  type Q = { Querystring: Record<string, string | undefined> };
  type P<T extends string> = { Params: Record<T, string> };

  app.post('/v1/orders', async (req) => {
    const body = bodyOf(req);
    const amount = asInt(body.amount);
    if (body.amount === undefined || body.amount === null || body.amount === '') throw new ApiError(400, 'The amount field is required.', 'amount');
    if (amount === null) throw new ApiError(400, 'The amount must be an integer.', 'amount');
    if (amount < 100) throw new ApiError(400, 'The amount must be atleast INR 1.00', 'amount');
    if (amount > 50_000_000_00) throw new ApiError(400, 'The amount exceeds the maximum amount allowed.', 'amount');
    if (body.currency === undefined || body.currency === null || body.currency === '') throw new ApiError(400, 'The currency field is required.', 'currency');
    if (body.currency !== 'INR') throw new ApiError(400, 'Currency is not supported', 'currency');
    const receipt = optionalReceipt(body);
    const notes = parseNotes(body);
    const order: Order = {
      id: newId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: 'INR',
      receipt,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes,
      created_at: nowSec(),
    };
    data.orders[order.id] = order;
    commit();
    return order;
  });

  app.get<Q>('/v1/orders', async (req) => {
    const receipt = req.query.receipt;
    const all = Object.values(data.orders).filter((o) => receipt === undefined || o.receipt === receipt);
    if (req.query.authorized !== undefined && !['0', '1', 'true', 'false'].includes(req.query.authorized))
      throw new ApiError(400, 'The authorized field must be 0 or 1.', 'authorized');
    return collection(page(all, req.query));
  });
  app.get<P<'id'>>('/v1/orders/:id', async (req) => findOrder(req.params.id));
  app.get<P<'id'> & Q>('/v1/orders/:id/payments', async (req) => {
    const o = findOrder(req.params.id);
    return collection(
      Object.values(data.payments)
        .filter((p) => p.order_id === o.id)
        .sort((a, b) => b.created_at - a.created_at),
    );
  });

  // ---- /v1: payments and refunds -----------------------------------------------------------------------------------

  app.get<Q>('/v1/payments', async (req) => collection(page(Object.values(data.payments), req.query)));
  app.get<P<'id'>>('/v1/payments/:id', async (req) => findPayment(req.params.id));
  app.post<P<'id'>>('/v1/payments/:id/capture', async (req) => {
    const p = findPayment(req.params.id);
    if (p.captured) throw new ApiError(400, 'This payment has already been captured');
    throw new ApiError(400, 'Only an authorized payment can be captured');
  });

  app.post<P<'id'>>('/v1/payments/:id/refund', async (req) => {
    const p = findPayment(req.params.id);
    const body = bodyOf(req);
    if (!p.captured || p.status === 'failed') throw new ApiError(400, 'The payment has not been captured: it cannot be refunded.', 'payment_id');
    const refundable = p.amount - p.amount_refunded;
    if (refundable <= 0) throw new ApiError(400, 'The payment has been fully refunded already');
    let amount = refundable;
    if (body.amount !== undefined && body.amount !== null && body.amount !== '') {
      const a = asInt(body.amount);
      if (a === null) throw new ApiError(400, 'The amount must be an integer.', 'amount');
      if (a < 100) throw new ApiError(400, 'The amount must be atleast INR 1.00', 'amount');
      if (a > refundable) throw new ApiError(400, 'The refund amount provided is greater than amount captured', 'amount');
      amount = a;
    }
    const speed = body.speed ?? 'normal';
    if (speed !== 'normal' && speed !== 'optimum') throw new ApiError(400, 'The selected speed is invalid.', 'speed');
    const receipt = optionalReceipt(body);
    const notes = parseNotes(body);
    const r: Refund = {
      id: newId('rfnd'),
      entity: 'refund',
      amount,
      currency: 'INR',
      payment_id: p.id,
      notes,
      receipt,
      acquirer_data: { arn: null },
      created_at: nowSec(),
      batch_id: null,
      status: 'pending',
      speed_processed: 'normal',
      speed_requested: speed,
    };
    data.refunds[r.id] = r;
    data.refundSettleAt[r.id] = clock() + cfg.refundSettleMs;
    p.amount_refunded += amount;
    refreshRefundStatus(p);
    queue.emit([{ event: 'refund.created', contains: ['refund', 'payment'], payload: { refund: refundOf(r), payment: paymentOf(p) } }]);
    commit();
    return r;
  });

  app.get<P<'id'> & Q>('/v1/payments/:id/refunds', async (req) => {
    const p = findPayment(req.params.id);
    return collection(
      page(
        Object.values(data.refunds).filter((r) => r.payment_id === p.id),
        req.query,
      ),
    );
  });
  app.get<P<'id' | 'rid'>>('/v1/payments/:id/refunds/:rid', async (req) => {
    const p = findPayment(req.params.id);
    const r = findRefund(req.params.rid);
    if (r.payment_id !== p.id) throw new ApiError(400, 'The id provided does not exist');
    return r;
  });
  app.get<Q>('/v1/refunds', async (req) => collection(page(Object.values(data.refunds), req.query)));
  app.get<P<'id'>>('/v1/refunds/:id', async (req) => findRefund(req.params.id));

  // ---- the hosted checkout -----------------------------------------------------------------------------------------

  app.post('/v1/checkout/embedded', async (req, reply) => {
    const f = bodyOf(req);
    if (str(f.key_id) !== cfg.keyId) return pageError(reply, 400, 'This payment cannot start', 'The key_id is not valid for this gateway.');
    const order = data.orders[str(f.order_id)];
    if (!order) return pageError(reply, 400, 'This payment cannot start', 'The order_id is not valid.');
    const callbackUrl = httpUrl(f.callback_url);
    if (!callbackUrl) return pageError(reply, 400, 'This payment cannot start', 'The callback_url must be an http(s) URL.');
    const cancelUrl = f.cancel_url === undefined || f.cancel_url === '' ? null : httpUrl(f.cancel_url);
    if (f.cancel_url && !cancelUrl) return pageError(reply, 400, 'This payment cannot start', 'The cancel_url must be an http(s) URL.');
    const timeout = asInt(f.timeout);
    const timeoutSeconds = timeout !== null && timeout > 0 && timeout <= 86_400 ? timeout : DEV_GATEWAY_DEFAULTS.checkoutTimeoutSeconds;
    const session: CheckoutSession = {
      id: newId('chk', 20),
      orderId: order.id,
      name: str(f.name).slice(0, 100),
      description: str(f.description).slice(0, 255),
      callbackUrl,
      cancelUrl,
      prefill: {
        contact: str(f['prefill[contact]']).slice(0, 20),
        email: str(f['prefill[email]']).slice(0, 100),
        method: str(f['prefill[method]']),
        bank: bankCode(f['prefill[bank]']),
        wallet: str(f['prefill[wallet]']).toUpperCase(),
        vpa: str(f['prefill[vpa]']).slice(0, 100),
      },
      deadline: (order.created_at + timeoutSeconds) * 1000,
    };
    data.sessions[session.id] = session;
    commit();
    return reply.redirect(`/checkout/${session.id}`, 303);
  });

  const METHODS = ['card', 'upi', 'netbanking', 'wallet'];
  function checkoutView(
    session: CheckoutSession,
    status: number,
    reply: FastifyReply,
    extra: { open?: string; errors?: FieldErrors; values?: Record<string, string>; alert?: string } = {},
  ) {
    const order = data.orders[session.orderId];
    const n = nonce();
    let alert = extra.alert;
    let closed = false;
    if (order.status === 'paid') {
      alert = 'This order has already been paid.';
      closed = true;
    } else if (clock() > session.deadline) {
      alert = 'The time to pay ran out. Go back to the merchant to start again.';
      closed = true;
    } else if (!alert) {
      // Payments are stored in the order they were made: the last of this order's is its latest attempt.
      const last = Object.values(data.payments)
        .filter((p) => p.order_id === order.id)
        .at(-1);
      if (last?.status === 'failed') alert = `Your last attempt failed: ${last.error_description} You can try again.`;
    }
    const prefer = extra.open ?? (METHODS.includes(session.prefill.method) ? session.prefill.method : 'card');
    const page = checkoutPage({
      session,
      order,
      nonce: n,
      banks: NETBANKING_BANKS,
      wallets: WALLETS,
      alert,
      closed,
      open: prefer,
      errors: extra.errors,
      values: extra.values,
    });
    return html(reply, closed && status === 200 ? 200 : status, n, page);
  }

  function sessionOr404(id: string): CheckoutSession | null {
    return data.sessions[id] ?? null;
  }

  app.get<P<'sid'> & Q>('/checkout/:sid', async (req, reply) => {
    const session = sessionOr404(req.params.sid);
    if (!session) return pageError(reply, 404, 'Not found', 'This checkout does not exist.');
    // Back on the checkout page: any card/netbanking/wallet page left open was abandoned.
    const before = Object.values(data.payments).filter((p) => p.status === 'created').length;
    abandonOpen(session.id, 'back on the checkout page');
    if (Object.values(data.payments).filter((p) => p.status === 'created').length !== before) commit();
    const m = req.query.method;
    return checkoutView(session, 200, reply, { open: m && METHODS.includes(m) ? m : undefined });
  });

  /** Starting an attempt: refused on a paid order or after the page's time ran out (the page says which). */
  function startGuard(session: CheckoutSession, reply: FastifyReply): boolean {
    const order = data.orders[session.orderId];
    if (order.status === 'paid' || clock() > session.deadline) {
      checkoutView(session, order.status === 'paid' ? 409 : 410, reply);
      return false;
    }
    return true;
  }
  const payPage = (session: CheckoutSession, p: Payment) => `/checkout/${session.id}/pay/${p.id}`;

  app.post<P<'sid'>>('/checkout/:sid/card', async (req, reply) => {
    const session = sessionOr404(req.params.sid);
    if (!session) return pageError(reply, 404, 'Not found', 'This checkout does not exist.');
    if (!startGuard(session, reply)) return reply;
    const f = bodyOf(req);
    const input = { number: str(f.number), expiry: str(f.expiry), cvv: str(f.cvv), name: str(f.name) };
    const { errors, card } = checkCardForm(input);
    if (!card) return checkoutView(session, 400, reply, { open: 'card', errors, values: { number: input.number, expiry: input.expiry, name: input.name } });
    const order = data.orders[session.orderId];
    const p = createPayment(order, session, 'card', {
      card_id: newId('card'),
      card: null,
      international: false,
    });
    p.card = {
      id: p.card_id!,
      entity: 'card',
      name: card.name,
      last4: card.number.slice(-4),
      network: cardNetwork(card.number),
      type: cardType(card.number),
      issuer: cardIssuer(card.number),
      international: false,
      emi: false,
      sub_type: 'consumer',
    };
    Object.assign(data.paymentState[p.id], { cardFailure: cardOutcome(card, clock()), otpTries: 0, abandonAt: session.deadline });
    commit();
    return reply.redirect(payPage(session, p), 303);
  });

  app.post<P<'sid'>>('/checkout/:sid/upi', async (req, reply) => {
    const session = sessionOr404(req.params.sid);
    if (!session) return pageError(reply, 404, 'Not found', 'This checkout does not exist.');
    if (!startGuard(session, reply)) return reply;
    const vpa = str(bodyOf(req).vpa).trim();
    if (!vpaValid(vpa)) return checkoutView(session, 400, reply, { open: 'upi', errors: { vpa: 'Enter a UPI ID like name@okhdfcbank.' }, values: { vpa } });
    const p = createPayment(data.orders[session.orderId], session, 'upi', { vpa, bank: upiBank(vpa), upi: { vpa, payer_account_type: 'bank_account' } });
    Object.assign(data.paymentState[p.id], { upiFlow: 'collect', expiresAt: clock() + cfg.upiExpiryMs });
    if (isFailureVpa(vpa)) failPayment(p, 'payment_failed', 'The payment was declined in the UPI app.');
    commit();
    return reply.redirect(payPage(session, p), 303);
  });

  app.post<P<'sid'>>('/checkout/:sid/upi-intent', async (req, reply) => {
    const session = sessionOr404(req.params.sid);
    if (!session) return pageError(reply, 404, 'Not found', 'This checkout does not exist.');
    if (!startGuard(session, reply)) return reply;
    const p = createPayment(data.orders[session.orderId], session, 'upi', { upi: { vpa: null, payer_account_type: 'bank_account' } });
    Object.assign(data.paymentState[p.id], { upiFlow: 'intent', expiresAt: clock() + cfg.upiExpiryMs });
    commit();
    return reply.redirect(payPage(session, p), 303);
  });

  app.post<P<'sid'>>('/checkout/:sid/netbanking', async (req, reply) => {
    const session = sessionOr404(req.params.sid);
    if (!session) return pageError(reply, 404, 'Not found', 'This checkout does not exist.');
    if (!startGuard(session, reply)) return reply;
    const bank = bankCode(bodyOf(req).bank);
    if (!(NETBANKING_BANKS as readonly string[]).includes(bank))
      return checkoutView(session, 400, reply, { open: 'netbanking', errors: { bank: 'Choose one of the banks in the list.' } });
    const p = createPayment(data.orders[session.orderId], session, 'netbanking', { bank });
    data.paymentState[p.id].abandonAt = session.deadline;
    commit();
    return reply.redirect(payPage(session, p), 303);
  });

  app.post<P<'sid'>>('/checkout/:sid/wallet', async (req, reply) => {
    const session = sessionOr404(req.params.sid);
    if (!session) return pageError(reply, 404, 'Not found', 'This checkout does not exist.');
    if (!startGuard(session, reply)) return reply;
    const wallet = str(bodyOf(req).wallet).toUpperCase();
    if (!(WALLETS as readonly string[]).includes(wallet))
      return checkoutView(session, 400, reply, { open: 'wallet', errors: { wallet: 'Choose one of the wallets in the list.' } });
    const p = createPayment(data.orders[session.orderId], session, 'wallet', { wallet });
    data.paymentState[p.id].abandonAt = session.deadline;
    commit();
    return reply.redirect(payPage(session, p), 303);
  });

  function sessionPayment(sid: string, pid: string): { session: CheckoutSession; payment: Payment } | null {
    const session = data.sessions[sid];
    const payment = data.payments[pid];
    if (!session || !payment || data.paymentState[pid]?.sessionId !== sid) return null;
    return { session, payment };
  }

  /** The payment's page: its authentication step while it is open, else the form back to the merchant. */
  app.get<P<'sid' | 'pid'>>('/checkout/:sid/pay/:pid', async (req, reply) => {
    const sp = sessionPayment(req.params.sid, req.params.pid);
    if (!sp) return pageError(reply, 404, 'Not found', 'This payment does not exist.');
    const { session, payment: p } = sp;
    const order = data.orders[p.order_id];
    const st = data.paymentState[p.id];
    const n = nonce();
    if (p.status === 'created') {
      const common = { session, order, payment: p, nonce: n };
      if (p.method === 'card') return html(reply, 200, n, threeDsPage({ ...common, triesLeft: 3 - (st.otpTries ?? 0), wrong: false }));
      if (p.method === 'netbanking') return html(reply, 200, n, bankPage(common));
      if (p.method === 'wallet') return html(reply, 200, n, walletPage(common));
      const secondsLeft = Math.max(0, Math.ceil(((st.expiresAt ?? 0) - clock()) / 1000));
      const intentLink =
        st.upiFlow === 'intent'
          ? `upi://pay?${new URLSearchParams({ pa: 'sawari.dev@razorpay', pn: session.name || 'Merchant', am: (p.amount / 100).toFixed(2), tr: p.id, cu: 'INR' }).toString()}`
          : null;
      return html(reply, 200, n, upiWaitingPage({ ...common, secondsLeft, intentLink }), session.cancelUrl ? [session.cancelUrl] : []);
    }
    if (p.status === 'failed' && st.riderClosed) return reply.redirect(`/checkout/${session.id}`, 303);
    const success = p.status !== 'failed';
    // Chaos: the merchant hears of the capture before the rider is back (a UPI approval reaches the waiting page late).
    if (success && cfg.chaos.earlyWebhook && st.successEvents) await queue.deliverNow(st.successEvents);
    const fields: Record<string, string> = success
      ? {
          razorpay_payment_id: p.id,
          razorpay_order_id: p.order_id,
          razorpay_signature: createHmac('sha256', cfg.keySecret).update(`${p.order_id}|${p.id}`).digest('hex'),
        }
      : {
          'error[code]': p.error_code ?? 'BAD_REQUEST_ERROR',
          'error[description]': p.error_description ?? '',
          'error[source]': p.error_source ?? '',
          'error[step]': p.error_step ?? '',
          'error[reason]': p.error_reason ?? '',
          'error[metadata]': JSON.stringify({ payment_id: p.id, order_id: p.order_id }),
        };
    const retry = !success && order.status !== 'paid' && clock() <= session.deadline ? `/checkout/${session.id}` : null;
    const message = success ? `Payment successful: ${p.id}. Taking you back to ${session.name || 'the merchant'}…` : `Payment failed: ${p.error_description}`;
    return html(reply, 200, n, callbackPage({ session, order, nonce: n, fields, success, message, retryHref: retry }), [session.callbackUrl]);
  });

  app.post<P<'sid' | 'pid'>>('/checkout/:sid/pay/:pid', async (req, reply) => {
    const sp = sessionPayment(req.params.sid, req.params.pid);
    if (!sp) return pageError(reply, 404, 'Not found', 'This payment does not exist.');
    const { session, payment: p } = sp;
    const st = data.paymentState[p.id];
    const f = bodyOf(req);
    const step = str(f.step);
    const back = payPage(session, p);
    // Already decided (a second tab, a double click): show where it ended.
    if (p.status !== 'created') return reply.redirect(back, 303);
    const allowed: Record<Method, string[]> = {
      card: ['otp', 'cancel'],
      netbanking: ['bank-success', 'bank-failure', 'bank-close'],
      wallet: ['wallet-approve', 'wallet-cancel'],
      upi: [],
    };
    if (!allowed[p.method].includes(step)) return pageError(reply, 400, 'This request is not valid', `This payment takes no "${step}" step.`);
    let events: string[] = [];
    const closedByRider = () => {
      st.riderClosed = true;
      failPayment(p, 'payment_cancelled');
      commit();
      return reply.redirect(`/checkout/${session.id}`, 303);
    };
    switch (step) {
      case 'otp': {
        const otp = str(f.otp).trim();
        if (otp === TEST_OTP) events = st.cardFailure ? failPayment(p, st.cardFailure) : succeedPayment(p);
        else {
          st.otpTries = (st.otpTries ?? 0) + 1;
          if (st.otpTries >= 3) failPayment(p, 'authentication_failed');
          else {
            commit();
            const n = nonce();
            return html(reply, 400, n, threeDsPage({ session, order: data.orders[p.order_id], payment: p, nonce: n, triesLeft: 3 - st.otpTries, wrong: true }));
          }
        }
        break;
      }
      case 'cancel':
      case 'bank-close':
      case 'wallet-cancel':
        return closedByRider();
      case 'bank-success':
        events = succeedPayment(p);
        break;
      case 'bank-failure':
        failPayment(p, 'payment_failed', 'The bank declined the payment.');
        break;
      case 'wallet-approve':
        if (p.amount > WALLET_BALANCE_PAISE) failPayment(p, 'insufficient_funds');
        else events = succeedPayment(p);
        break;
    }
    ledger.save();
    if (cfg.chaos.earlyWebhook && events.length > 0) await queue.deliverNow(events);
    queue.kick();
    return reply.redirect(back, 303);
  });

  // ---- the test UPI app ------------------------------------------------------------------------------------------

  function pendingUpi(p: Payment | undefined): boolean {
    return !!p && p.method === 'upi' && p.status === 'created';
  }

  app.get<Q>('/upi-app', async (req, reply) => {
    const vpa = (req.query.vpa ?? '').trim();
    const intent = req.query.intent;
    const notices: Record<string, string> = { approved: 'Payment approved.', declined: 'Payment declined.', gone: 'That request is no longer pending.' };
    const requests = Object.values(data.payments)
      .filter((p) => pendingUpi(p))
      .filter((p) => {
        const st = data.paymentState[p.id];
        if (intent) return p.id === intent && st.upiFlow === 'intent';
        return st.upiFlow === 'collect' && !!vpa && p.vpa?.toLowerCase() === vpa.toLowerCase() && !isExpireVpa(p.vpa);
      })
      .map((p) => ({
        payment: p,
        merchant: data.sessions[data.paymentState[p.id].sessionId]?.name || 'Merchant',
        intent: data.paymentState[p.id].upiFlow === 'intent',
      }));
    const n = nonce();
    return html(reply, 200, n, upiAppPage({ nonce: n, vpa, requests, notice: notices[req.query.notice ?? ''], intentId: intent }));
  });

  function decideUpi(p: Payment, action: string, vpaInput: string | undefined): { events: string[]; error?: string } {
    if (!pendingUpi(p)) return { events: [], error: 'That request is no longer pending.' };
    const st = data.paymentState[p.id];
    if (action === 'decline') {
      failPayment(p, 'payment_failed', 'The payment was declined in the UPI app.');
      return { events: [] };
    }
    if (action !== 'approve') return { events: [], error: 'The action must be approve or decline.' };
    if (st.upiFlow === 'collect' && isExpireVpa(p.vpa ?? '')) return { events: [], error: 'expire@upi never answers: its request fails at expiry.' };
    if (st.upiFlow === 'intent') {
      const vpa = (vpaInput ?? '').trim() || 'success@upi';
      if (!vpaValid(vpa)) return { events: [], error: 'Enter a UPI ID like name@okhdfcbank.' };
      p.vpa = vpa;
      p.bank = upiBank(vpa);
      p.upi = { vpa, payer_account_type: 'bank_account' };
    }
    return { events: succeedPayment(p) };
  }

  app.post<P<'pid'>>('/upi-app/requests/:pid', async (req, reply) => {
    const f = bodyOf(req);
    const p = data.payments[req.params.pid];
    const back = new URLSearchParams(str(f.back));
    const target = (notice: string) => {
      back.set('notice', notice);
      return `/upi-app?${back.toString()}`;
    };
    if (!p) return reply.redirect(target('gone'), 303);
    const { events, error } = decideUpi(p, str(f.action), str(f.vpa));
    if (error) return reply.redirect(target('gone'), 303);
    ledger.save();
    if (cfg.chaos.earlyWebhook && events.length > 0) await queue.deliverNow(events);
    queue.kick();
    return reply.redirect(target(str(f.action) === 'approve' ? 'approved' : 'declined'), 303);
  });

  // ---- /__dev: test controls (404 under NODE_ENV=production, by the onRequest hook) ------------------------------------

  const devError = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).send({ code: status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', message });

  app.post('/__dev/outage', async (req, reply) => {
    const f = bodyOf(req);
    if (typeof f.api !== 'boolean') return devError(reply, 400, 'Send {"api": true | false}.');
    data.outage.api = f.api;
    commit();
    return { api: data.outage.api };
  });

  app.post('/__dev/webhooks', async (req, reply) => {
    const f = bodyOf(req);
    if (f.mode !== undefined && f.mode !== 'deliver' && f.mode !== 'hold' && f.mode !== 'drop')
      return devError(reply, 400, 'mode must be deliver, hold or drop.');
    if (f.url !== undefined && f.url !== null && !httpUrl(f.url)) return devError(reply, 400, 'url must be an http(s) URL or null.');
    if (f.mode === undefined && f.url === undefined) return devError(reply, 400, 'Send {"mode": "deliver" | "hold" | "drop"} and/or {"url": …}.');
    if (f.mode) data.webhookMode = f.mode as 'deliver' | 'hold' | 'drop';
    if (f.url !== undefined) data.webhookUrl = f.url === null ? null : httpUrl(f.url);
    commit();
    return { mode: data.webhookMode, url: data.webhookUrl, queued: data.queue.length };
  });
  app.post('/__dev/webhooks/flush', async () => ({ delivered: await queue.flush() }));
  app.get('/__dev/webhooks/log', async () => ({
    items: data.log,
    queued: data.queue.map((q) => ({ eventId: q.eventId, event: data.events[q.eventId]?.event, failures: q.failures, nextAt: q.nextAt })),
  }));
  app.get<P<'id'>>('/__dev/webhooks/events/:id', async (req, reply) => {
    const ev = data.events[req.params.id];
    if (!ev) return devError(reply, 404, 'No such event.');
    return { id: ev.id, event: ev.event, body: JSON.parse(ev.body) as unknown };
  });
  app.post('/__dev/webhooks/redeliver', async (req, reply) => {
    const id = str(bodyOf(req).eventId);
    if (!data.events[id]) return devError(reply, 404, 'No such event.');
    return queue.redeliver(id);
  });

  app.post('/__dev/clock', async (req, reply) => {
    const s = bodyOf(req).advanceSeconds;
    if (typeof s !== 'number' || !Number.isFinite(s) || s < 0 || s > 10 * 365 * 86_400)
      return devError(reply, 400, 'advanceSeconds must be a number of seconds ≥ 0.');
    data.clockOffsetMs += Math.round(s * 1000);
    settle();
    commit();
    // What became due on the new clock (retries, refund and UPI events) goes out before the answer.
    await queue.deliverDue();
    return { now: nowSec(), offsetSeconds: data.clockOffsetMs / 1000 };
  });

  app.post<P<'pid'>>('/__dev/upi/:pid', async (req, reply) => {
    const p = data.payments[req.params.pid];
    if (!p) return devError(reply, 404, 'No such payment.');
    const f = bodyOf(req);
    const { events, error } = decideUpi(p, str(f.action), typeof f.vpa === 'string' ? f.vpa : undefined);
    if (error) return devError(reply, 400, error);
    ledger.save();
    if (cfg.chaos.earlyWebhook && events.length > 0) await queue.deliverNow(events);
    queue.kick();
    return p;
  });

  app.get('/__dev/state', async () => ({ now: nowSec(), config: { ...cfg, keySecret: undefined, webhookSecret: undefined }, ledger: data }));

  app.get('/', async (_req, reply) => {
    const n = nonce();
    return html(
      reply,
      200,
      n,
      messagePage(n, 'Sawari Dev Gateway', 'A Razorpay-compatible test gateway: the API under /v1, the hosted checkout, the test UPI app at /upi-app.'),
    );
  });

  const ticker = setInterval(() => {
    try {
      settle();
      queue.kick();
    } catch {
      // a failed save is retried on the next tick
    }
  }, 100);
  ticker.unref();

  await app.listen({ port: cfg.port, host: cfg.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : cfg.port;
  const host = cfg.host.includes(':') ? `[${cfg.host}]` : cfg.host;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    close() {
      closing ??= (async () => {
        clearInterval(ticker);
        await queue.close();
        await app.close();
        ledger.save();
      })();
      return closing;
    },
  };
}
