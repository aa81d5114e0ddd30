import type { Clock } from './clock';
import type { Db } from './db';

export interface RateLimitRule {
  /** Counter name, e.g. `otp:phone:9876543210`. */
  bucket: string;
  limit: number;
  windowMs: number;
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSecs: number };

/**
 * Rolling-window limits in the database (table rate_limit_hits), so every API instance on one database shares them: a
 * hit is allowed when fewer than `limit` hits were allowed in the `windowMs` before it (never "5 in this clock hour",
 * which lets 10 through across the hour's end). Refused hits are not recorded, so hammering while limited does not push
 * the window on. One upsert counts and records, holding the bucket's row lock, so parallel hits cannot overshoot.
 * Buckets idle for a day are swept now and then (windows are at most a day).
 */
export class RateLimiter {
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  async hit(rule: RateLimitRule): Promise<RateLimitResult> {
    const now = this.now();
    const since = now - rule.windowMs;
    // $2 now, $3 the window's start (exclusive), $4 the limit. `recent`: the hits still inside the window.
    const recent = `ARRAY(SELECT h FROM unnest(r.hits) h WHERE h > $3::bigint ORDER BY h)`;
    const r = await this.db.query<{ hits: (string | number)[]; refused: boolean }>(
      `INSERT INTO rate_limit_hits AS r (bucket, hits, refused, updated_at)
         VALUES ($1, CASE WHEN $4::int > 0 THEN ARRAY[$2::bigint] ELSE '{}'::bigint[] END, $4::int <= 0, $2)
       ON CONFLICT (bucket) DO UPDATE SET
         hits = CASE WHEN cardinality(${recent}) < $4::int THEN ${recent} || $2::bigint ELSE ${recent} END,
         refused = cardinality(${recent}) >= $4::int,
         updated_at = $2
       RETURNING hits, refused`,
      [rule.bucket, now, since, rule.limit],
    );
    await this.sweep(now);
    const row = r.rows[0];
    if (!row.refused) return { allowed: true };
    // Refused: the window is full; a slot frees when its oldest hit leaves it.
    const oldest = row.hits.length ? Number(row.hits[0]) : now;
    return { allowed: false, retryAfterSecs: Math.max(1, Math.ceil((oldest + rule.windowMs - now) / 1000)) };
  }

  /** Deletes buckets untouched for a day, at most once every 10 minutes per instance. */
  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < 600_000) return;
    this.lastSweep = now;
    await this.db.query('DELETE FROM rate_limit_hits WHERE updated_at < $1', [now - 86_400_000]);
  }
}
