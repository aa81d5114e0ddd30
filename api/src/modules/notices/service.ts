import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { JobRunner } from '../../platform/jobs';
import type { SmsProvider } from '../sms';
import { noticeStore } from './store';
import { ApiError } from '../../platform/errors';
import { noticeText, type Notice, type NoticeLanguage } from './texts';

/** How a module tells a rider something by SMS: inside its own transaction (pass `tx`), once per event key. */
export interface RiderNotices {
  enqueue(db: Db, n: { userId: string; eventKey: string; body: string; kind?: string }): Promise<void>;
  /** An outcome, written in the rider's language (texts.ts), by SMS and on Home until seen. */
  tell(db: Db, n: { userId: string; eventKey: string; notice: Notice }): Promise<void>;
}

export const NOTICE_TICK_MS = 1_000;
export const NOTICE_LEASE_MS = 60_000;
/** Waits before attempts 2, 3, …; after the last, the notice is given up (kept with its error). */
export const NOTICE_RETRY_MS = [5_000, 30_000, 120_000, 600_000];

/**
 * The rider SMS outbox: modules enqueue in their transaction; `deliverDue` sends what is due through
 * the SMS port (a failed send is retried with back-off, then given up), `start` runs it every second on the server's job
 * runner and right after an enqueue. A notice for a rider with no phone number is given up at once.
 */
export class RiderNoticeService implements RiderNotices {
  private started = false;
  private nudges = new Set<ReturnType<typeof setTimeout>>();
  private running: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly sms: SmsProvider,
    private readonly now: Clock,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async tell(db: Db, n: { userId: string; eventKey: string; notice: Notice }): Promise<void> {
    const lang = await noticeStore.languageOf(db, n.userId);
    await this.enqueue(db, { userId: n.userId, eventKey: n.eventKey, kind: n.notice.kind, body: noticeText(lang, n.notice) });
  }

  async enqueue(db: Db, n: { userId: string; eventKey: string; body: string; kind?: string }): Promise<void> {
    await noticeStore.add(db, { ...n, now: this.now() });
    // After the caller's transaction commits the next tick finds it; a nudge makes that sooner (an SMS, not money).
    if (this.started) {
      const nudge = setTimeout(() => {
        this.nudges.delete(nudge);
        this.tick();
      }, 50);
      nudge.unref?.();
      this.nudges.add(nudge);
    }
  }

  /** The rider's notices not yet seen (Home), newest first. */
  async unseen(userId: string) {
    return { notices: await noticeStore.unseen(this.db, userId, 20) };
  }

  /** Dismisses a notice on Home (404 NOTICE_NOT_FOUND for an unknown id or someone else's; again: no change). */
  async markSeen(userId: string, id: number): Promise<void> {
    if (!(await noticeStore.markSeen(this.db, userId, id, this.now()))) throw new ApiError(404, 'NOTICE_NOT_FOUND', 'There is no such notice.');
  }

  /** The language the rider's notices are written in from now on. */
  async setLanguage(userId: string, lang: NoticeLanguage): Promise<void> {
    await noticeStore.setLanguage(this.db, userId, lang);
  }

  /** Sends every due notice once (one run at a time in this process); answers how many were sent. */
  deliverDue(): Promise<number> {
    if (!this.running) this.running = this.deliver().finally(() => (this.running = null));
    return this.running;
  }

  private async deliver(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await noticeStore.claimDue(this.db, this.now(), NOTICE_LEASE_MS, 20);
      if (!batch.length) return sent;
      for (const n of batch) {
        const phone = await noticeStore.phoneOf(this.db, n.userId);
        if (!phone) {
          await noticeStore.markFailed(this.db, n.id, 'the rider has no phone number', null);
          continue;
        }
        try {
          await this.sms.send({ to: phone, body: n.body });
          await noticeStore.markSent(this.db, n.id, this.now());
          sent++;
        } catch (err) {
          const wait = NOTICE_RETRY_MS[n.attempts];
          this.log?.warn({ err, notice: n.eventKey }, 'rider SMS not sent');
          await noticeStore.markFailed(this.db, n.id, err instanceof Error ? err.message : String(err), wait === undefined ? null : this.now() + wait);
        }
      }
    }
  }

  private tick(): void {
    if (!this.started) return; // stopped
    this.deliverDue().catch((err: unknown) => this.log?.error({ err }, 'rider SMS delivery failed'));
  }

  /** Delivers due notices every second on the server's job runner (`notices.deliver`). */
  start(jobs: JobRunner): void {
    if (this.started) return;
    this.started = true;
    jobs.every('notices.deliver', NOTICE_TICK_MS, () => this.deliverDue());
  }

  /** Stops the nudges and waits for a delivery in progress (before the database closes; the runner stops the job). */
  async stop(): Promise<void> {
    this.started = false;
    for (const n of this.nudges) clearTimeout(n);
    this.nudges.clear();
    await this.running?.catch(() => undefined);
  }
}
