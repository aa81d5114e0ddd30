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
 * Fixed-window counters in the database (table rate_limits), so every API instance on one database shares them. Each
 * call counts one hit; a hit past the limit is refused until the window ends. Old windows are swept now and then.
 */
export class RateLimiter {
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  async hit(rule: RateLimitRule): Promise<RateLimitResult> {
    const now = this.now();
    const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
    const r = await this.db.query<{ hits: number }>(
      `INSERT INTO rate_limits (bucket, window_start, hits) VALUES ($1, $2, 1)
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limits.hits + 1 RETURNING hits`,
      [rule.bucket, windowStart],
    );
    await this.sweep(now);
    if (r.rows[0].hits <= rule.limit) return { allowed: true };
    return { allowed: false, retryAfterSecs: Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000)) };
  }

  /** Deletes windows that ended more than a day ago, at most once every 10 minutes per instance. */
  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < 600_000) return;
    this.lastSweep = now;
    await this.db.query('DELETE FROM rate_limits WHERE window_start < $1', [now - 86_400_000]);
  }
}
