import type { Db } from '../../platform/db';
import { isNoticeLanguage, type NoticeLanguage } from './texts';

export interface NoticeRow {
  id: number;
  userId: string;
  eventKey: string;
  body: string;
  attempts: number;
}

/** SQL of rider_notices (0014). Every method takes the Db to run on, so an enqueue joins the caller's transaction. */
export const noticeStore = {
  /** Adds a notice unless one for this event exists (answers whether it was added). */
  async add(db: Db, n: { userId: string; eventKey: string; body: string; kind?: string; now: number }): Promise<boolean> {
    const r = await db.query(
      'INSERT INTO rider_notices (user_id, event_key, body, created_at, next_attempt_at, kind) VALUES ($1, $2, $3, $4, $4, $5) ON CONFLICT (event_key) DO NOTHING RETURNING id',
      [n.userId, n.eventKey, n.body, n.now, n.kind ?? null],
    );
    return r.rows.length === 1;
  },

  /**
   * Takes up to `limit` due notices for sending: each is pushed `leaseMs` into the future first, so another instance
   * (or a later tick) does not send it again while this one is sending it.
   */
  async claimDue(db: Db, now: number, leaseMs: number, limit: number): Promise<NoticeRow[]> {
    return db.transaction(async (tx) => {
      const r = await tx.query<{ id: string; user_id: string; event_key: string; body: string; attempts: number }>(
        'SELECT id, user_id, event_key, body, attempts FROM rider_notices WHERE sent_at IS NULL AND next_attempt_at <= $1 ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED',
        [now, limit],
      );
      if (!r.rows.length) return [];
      await tx.query('UPDATE rider_notices SET next_attempt_at = $2 WHERE id = ANY($1::bigint[])', [r.rows.map((x) => x.id), now + leaseMs]);
      return r.rows.map((x) => ({ id: Number(x.id), userId: x.user_id, eventKey: x.event_key, body: x.body, attempts: x.attempts }));
    });
  },

  async markSent(db: Db, id: number, now: number): Promise<void> {
    await db.query('UPDATE rider_notices SET sent_at = $2, attempts = attempts + 1, last_error = NULL WHERE id = $1', [id, now]);
  },

  async markFailed(db: Db, id: number, error: string, retryAt: number | null): Promise<void> {
    // retryAt null: given up (kept, never sent, with its error)
    await db.query('UPDATE rider_notices SET attempts = attempts + 1, last_error = $2, next_attempt_at = $3 WHERE id = $1', [
      id,
      error.slice(0, 500),
      retryAt ?? Number.MAX_SAFE_INTEGER,
    ]);
  },

  /** The rider's phone number (10 digits), or null. */
  async phoneOf(db: Db, userId: string): Promise<string | null> {
    const r = await db.query<{ phone_number: string }>('SELECT phone_number FROM users WHERE id = $1', [userId]);
    return r.rows[0]?.phone_number ?? null;
  },

  /** The language the rider's notices are written in (null: English). */
  async languageOf(db: Db, userId: string): Promise<NoticeLanguage | null> {
    const r = await db.query<{ notice_language: string | null }>('SELECT notice_language FROM users WHERE id = $1', [userId]);
    const v = r.rows[0]?.notice_language;
    return isNoticeLanguage(v) ? v : null;
  },

  async setLanguage(db: Db, userId: string, lang: NoticeLanguage): Promise<void> {
    await db.query('UPDATE users SET notice_language = $2 WHERE id = $1', [userId, lang]);
  },

  /** The rider's notices not yet seen, newest first. */
  async unseen(db: Db, userId: string, limit: number): Promise<{ id: number; kind: string | null; body: string; createdAt: number }[]> {
    const r = await db.query<{ id: string; kind: string | null; body: string; created_at: string }>(
      'SELECT id, kind, body, created_at FROM rider_notices WHERE user_id = $1 AND seen_at IS NULL ORDER BY id DESC LIMIT $2',
      [userId, limit],
    );
    return r.rows.map((x) => ({ id: Number(x.id), kind: x.kind, body: x.body, createdAt: Number(x.created_at) }));
  },

  /** Marks the rider's notice seen (answers false when the rider has no such notice). */
  async markSeen(db: Db, userId: string, id: number, now: number): Promise<boolean> {
    const r = await db.query<{ id: string }>('UPDATE rider_notices SET seen_at = COALESCE(seen_at, $3) WHERE id = $1 AND user_id = $2 RETURNING id', [
      id,
      userId,
      now,
    ]);
    return r.rows.length === 1;
  },
};
