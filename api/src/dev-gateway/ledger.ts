// The gateway's whole state (orders, payments, refunds, checkout sessions, webhook events and their delivery queue),
// one JSON document. With a data folder it is written atomically (tmp + rename) after every change and read at start,
// so a restart loses nothing; without one it lives in memory.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FailureReason } from './instruments';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** `order_`/`pay_`/`rfnd_`/`evt_` + 14 base62 characters, like Razorpay's ids. */
export function newId(prefix: string, length = 14): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  // 248 = 4 × 62: bytes at or above it are skipped so every character is equally likely.
  for (let i = 0; i < bytes.length && out.length < length; i++) if (bytes[i] < 248) out += BASE62[bytes[i] % 62];
  while (out.length < length) out += BASE62[randomBytes(1)[0] % 62];
  return `${prefix}_${out}`;
}

export type Notes = Record<string, string>;
export type Method = 'card' | 'upi' | 'netbanking' | 'wallet';

export interface Order {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: 'INR';
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Notes;
  created_at: number;
}

export interface Card {
  id: string;
  entity: 'card';
  name: string;
  last4: string;
  network: string;
  type: 'debit' | 'credit';
  issuer: string | null;
  international: boolean;
  emi: boolean;
  sub_type: 'consumer';
}

export interface Payment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  invoice_id: null;
  international: boolean;
  method: Method;
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  description: string | null;
  card_id: string | null;
  card: Card | null;
  bank: string | null;
  wallet: string | null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: Notes;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string | null>;
  upi?: { vpa: string | null; payer_account_type: string };
  created_at: number;
}

/** What the gateway knows of a payment beyond its entity (never sent on the wire). */
export interface PaymentState {
  sessionId: string;
  /** card: the outcome after a right OTP; upi: collect or intent. */
  cardFailure?: FailureReason | null;
  otpTries?: number;
  upiFlow?: 'collect' | 'intent';
  /** ms on the gateway's clock: a UPI request fails `payment_timed_out` then. */
  expiresAt?: number;
  /** ms: a card/netbanking/wallet payment left on its authentication page fails `payment_cancelled` then. */
  abandonAt?: number;
  /** Failed by the rider closing the authentication page: its page leads back to the checkout page. */
  riderClosed?: boolean;
  /** The webhook events of its success (the early-webhook chaos delivers them before the callback page). */
  successEvents?: string[];
}

export interface Refund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: 'INR';
  payment_id: string;
  notes: Notes;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal';
  speed_requested: 'normal' | 'optimum';
}

export interface CheckoutSession {
  id: string;
  orderId: string;
  name: string;
  description: string;
  callbackUrl: string;
  cancelUrl: string | null;
  prefill: { contact: string; email: string; method: string; bank: string; wallet: string; vpa: string };
  /** ms on the gateway's clock after which the page takes no new attempt. */
  deadline: number;
}

export interface WebhookEvent {
  id: string;
  event: string;
  /** The raw body, fixed at creation: every delivery sends the same bytes and signature. */
  body: string;
  createdAt: number;
}

export interface QueuedDelivery {
  seq: number;
  eventId: string;
  /** ms on the gateway's clock. */
  nextAt: number;
  /** Deliveries of this queue entry that failed so far. */
  failures: number;
}

export interface DeliveryLogEntry {
  eventId: string;
  event: string;
  /** 1 for the first delivery of the event, counting retries, duplicates and replays. */
  attempt: number;
  /** The webhook endpoint's HTTP status; null for a network error or a dropped event. */
  status: number | null;
  outcome: 'delivered' | 'failed' | 'dropped' | 'gave_up';
  kind: 'first' | 'retry' | 'duplicate' | 'redeliver' | 'flush';
  error?: string;
  at: number;
}

export interface LedgerData {
  version: 1;
  clockOffsetMs: number;
  outage: { api: boolean };
  webhookMode: 'deliver' | 'hold' | 'drop';
  webhookUrl: string | null;
  seq: number;
  orders: Record<string, Order>;
  payments: Record<string, Payment>;
  paymentState: Record<string, PaymentState>;
  refunds: Record<string, Refund>;
  refundSettleAt: Record<string, number>;
  sessions: Record<string, CheckoutSession>;
  events: Record<string, WebhookEvent>;
  queue: QueuedDelivery[];
  log: DeliveryLogEntry[];
}

export function emptyLedger(webhookUrl: string | null): LedgerData {
  return {
    version: 1,
    clockOffsetMs: 0,
    outage: { api: false },
    webhookMode: 'deliver',
    webhookUrl,
    seq: 0,
    orders: {},
    payments: {},
    paymentState: {},
    refunds: {},
    refundSettleAt: {},
    sessions: {},
    events: {},
    queue: [],
    log: [],
  };
}

export class Ledger {
  readonly file: string | null;
  data: LedgerData;

  constructor(dataDir: string | undefined, webhookUrl: string | null) {
    this.file = dataDir ? path.join(dataDir, 'ledger.json') : null;
    this.data = emptyLedger(webhookUrl);
    if (this.file && fs.existsSync(this.file)) {
      const loaded = JSON.parse(fs.readFileSync(this.file, 'utf8')) as LedgerData;
      if (loaded.version !== 1) throw new Error(`${this.file}: unknown ledger version ${String(loaded.version)}`);
      this.data = { ...emptyLedger(webhookUrl), ...loaded };
      // The configured webhook URL wins over the stored one (a restart may move the API to another port).
      if (webhookUrl) this.data.webhookUrl = webhookUrl;
    }
  }

  /** Writes the whole ledger (tmp file + rename: a crash leaves the old or the new one, never half of one). */
  save(): void {
    if (!this.file) return;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(this.data));
    fs.renameSync(tmp, this.file);
  }
}
