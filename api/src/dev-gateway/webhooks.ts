// Webhook events and their delivery: every event is stored with its raw body (each delivery sends the same bytes, the
// same signature and the same X-Razorpay-Event-Id); a queue delivers them one at a time in order, retries a delivery
// not answered 2xx after webhookRetrySeconds (on the gateway's clock), and the chaos switches deliver an event twice or
// the captured event before the authorized one. Modes (POST /__dev/webhooks): deliver, hold (queued until a flush or
// until delivering again), drop (lost: the lost-webhook case).
import { createHmac } from 'node:crypto';
import type { DeliveryLogEntry, Ledger, QueuedDelivery, WebhookEvent } from './ledger';
import { newId } from './ledger';

export const ACCOUNT_ID = 'acc_SawariDevGw001';
const LOG_LIMIT = 5000;

export interface WebhookConfig {
  secret: string;
  retrySeconds: readonly number[];
  chaos: { duplicateRate: number; reorder: boolean };
  /** ms on the gateway's clock. */
  clock: () => number;
  random?: () => number;
}

export interface NewEvent {
  event: string;
  contains: string[];
  payload: Record<string, { entity: unknown }>;
}

export function signWebhook(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

export class WebhookQueue {
  private chain: Promise<unknown> = Promise.resolve();
  private pumpPending = false;
  private closed = false;
  private readonly inflight = new Set<AbortController>();

  constructor(
    private readonly ledger: Ledger,
    private readonly cfg: WebhookConfig,
  ) {}

  private get data() {
    return this.ledger.data;
  }

  /** Stores the events (in this order, unless reordered by chaos) and queues them; returns their ids. The caller saves. */
  emit(events: NewEvent[]): string[] {
    const now = this.cfg.clock();
    const batch = [...events];
    if (this.cfg.chaos.reorder) {
      const a = batch.findIndex((e) => e.event === 'payment.authorized');
      const c = batch.findIndex((e) => e.event === 'payment.captured');
      if (a >= 0 && c > a) [batch[a], batch[c]] = [batch[c], batch[a]];
    }
    const ids: string[] = [];
    for (const e of batch) {
      const id = newId('evt');
      const body = JSON.stringify({
        entity: 'event',
        account_id: ACCOUNT_ID,
        event: e.event,
        contains: e.contains,
        payload: e.payload,
        created_at: Math.floor(now / 1000),
      });
      const stored: WebhookEvent = { id, event: e.event, body, createdAt: now };
      this.data.events[id] = stored;
      ids.push(id);
      if (this.data.webhookMode === 'drop') {
        this.data.log.push({ eventId: id, event: e.event, attempt: 0, status: null, outcome: 'dropped', kind: 'first', at: now });
      } else if (this.data.webhookUrl) {
        this.data.queue.push({ seq: ++this.data.seq, eventId: id, nextAt: now, failures: 0 });
      }
    }
    return ids;
  }

  /** Delivers what is due (mode deliver), soon: one pump at a time, queued behind any delivery under way. */
  kick(): void {
    if (this.closed || this.pumpPending || this.data.webhookMode !== 'deliver' || this.data.queue.length === 0) return;
    const now = this.cfg.clock();
    if (!this.data.queue.some((q) => q.nextAt <= now)) return;
    this.pumpPending = true;
    this.serial(async () => {
      this.pumpPending = false;
      await this.drain((q) => this.data.webhookMode === 'deliver' && q.nextAt <= this.cfg.clock());
    });
  }

  /**
   * Delivers these events' first deliveries now (the early-webhook chaos: before the rider's callback page). A delivery
   * already waiting for its retry keeps its time.
   */
  deliverNow(eventIds: string[]): Promise<void> {
    const wanted = new Set(eventIds);
    return this.serial(() => this.drain((q) => this.data.webhookMode === 'deliver' && q.failures === 0 && wanted.has(q.eventId)));
  }

  /** Delivers everything due now and answers when done (after the clock moved). */
  deliverDue(): Promise<void> {
    return this.serial(() => this.drain((q) => this.data.webhookMode === 'deliver' && q.nextAt <= this.cfg.clock()));
  }

  /** Every queued delivery now, whatever the mode and the retry times; answers what was delivered. */
  flush(): Promise<DeliveryLogEntry[]> {
    return this.serial(async () => {
      const out: DeliveryLogEntry[] = [];
      const entries = [...this.data.queue].sort((a, b) => a.seq - b.seq);
      for (const q of entries) {
        if (this.closed) break;
        out.push(...(await this.runEntry(q, q.failures > 0 ? 'retry' : 'flush')));
      }
      return out;
    });
  }

  /** One more delivery of a stored event (a replay); not retried. */
  redeliver(eventId: string): Promise<DeliveryLogEntry> {
    return this.serial(async () => {
      const entry = await this.attempt(eventId, 'redeliver');
      this.ledger.save();
      return entry;
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const c of this.inflight) c.abort();
    await this.chain.catch(() => undefined);
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.chain.then(fn, fn);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async drain(take: (q: QueuedDelivery) => boolean): Promise<void> {
    for (;;) {
      if (this.closed) return;
      const next = this.data.queue.filter(take).sort((a, b) => a.nextAt - b.nextAt || a.seq - b.seq)[0];
      if (!next) return;
      await this.runEntry(next, next.failures > 0 ? 'retry' : 'first');
    }
  }

  private async runEntry(q: QueuedDelivery, kind: DeliveryLogEntry['kind']): Promise<DeliveryLogEntry[]> {
    const out = [await this.attempt(q.eventId, kind)];
    const remove = () => (this.data.queue = this.data.queue.filter((x) => x !== q));
    if (out[0].outcome === 'delivered') {
      remove();
      const rate = this.cfg.chaos.duplicateRate;
      if (rate > 0 && (this.cfg.random ?? Math.random)() < rate && !this.closed) out.push(await this.attempt(q.eventId, 'duplicate'));
    } else if (!this.closed) {
      q.failures++;
      if (q.failures > this.cfg.retrySeconds.length) {
        remove();
        const ev = this.data.events[q.eventId];
        this.data.log.push({
          eventId: q.eventId,
          event: ev.event,
          attempt: out[0].attempt,
          status: out[0].status,
          outcome: 'gave_up',
          kind,
          at: this.cfg.clock(),
        });
      } else {
        q.nextAt = this.cfg.clock() + this.cfg.retrySeconds[q.failures - 1] * 1000;
      }
    }
    this.ledger.save();
    return out;
  }

  private async attempt(eventId: string, kind: DeliveryLogEntry['kind']): Promise<DeliveryLogEntry> {
    const ev = this.data.events[eventId];
    const attempt = this.data.log.filter((l) => l.eventId === eventId && l.outcome !== 'dropped' && l.outcome !== 'gave_up').length + 1;
    const url = this.data.webhookUrl;
    let status: number | null = null;
    let error: string | undefined;
    if (!url) error = 'no webhook URL configured';
    else {
      const ctrl = new AbortController();
      this.inflight.add(ctrl);
      const timer = setTimeout(() => ctrl.abort(), 10_000);
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-razorpay-signature': signWebhook(ev.body, this.cfg.secret),
            'x-razorpay-event-id': ev.id,
            'user-agent': 'Razorpay-Webhook/v1 (Sawari Dev Gateway)',
          },
          body: ev.body,
          signal: ctrl.signal,
        });
        status = res.status;
        await res.arrayBuffer().catch(() => undefined);
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
      } finally {
        clearTimeout(timer);
        this.inflight.delete(ctrl);
      }
    }
    const delivered = status !== null && status >= 200 && status < 300;
    const entry: DeliveryLogEntry = {
      eventId,
      event: ev.event,
      attempt,
      status,
      outcome: delivered ? 'delivered' : 'failed',
      kind,
      ...(error ? { error } : {}),
      at: this.cfg.clock(),
    };
    this.data.log.push(entry);
    // The log is for looking at, not an archive: the last LOG_LIMIT deliveries are kept.
    if (this.data.log.length > LOG_LIMIT) this.data.log.splice(0, this.data.log.length - LOG_LIMIT);
    return entry;
  }
}
