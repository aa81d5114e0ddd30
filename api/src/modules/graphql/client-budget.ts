import { ApiError } from '../../platform/errors';

/**
 * Per-client rate limit on expensive fields (planTrip): a token bucket per client address, in this process's memory.
 * Each planTrip takes its plannerCost; the bucket refills continuously. A client past it gets 429 RATE_LIMITED with
 * the seconds to wait; other clients are unaffected.
 *
 * In memory, not in the database: what it protects is this process's planner workers, so each API instance keeps its
 * own (with N instances a client gets at most N budgets). Buckets idle long enough to be full again are forgotten.
 */
export interface ClientBudgetOptions {
  /** Units a client may spend at once (default 400: three searches at the planner's bounds, or 200 plain ones). */
  capacity?: number;
  /** Units given back per second (default 400 a minute). */
  refillPerSecond?: number;
  now?: () => number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class ClientBudget {
  private readonly buckets = new Map<string, Bucket>();
  readonly capacity: number;
  private readonly refill: number;
  private readonly now: () => number;
  private lastSweep = 0;

  constructor(opts: ClientBudgetOptions = {}) {
    this.capacity = opts.capacity ?? 400;
    this.refill = opts.refillPerSecond ?? 400 / 60;
    this.now = opts.now ?? Date.now;
  }

  /** Takes `cost` units from the client's bucket, or throws RATE_LIMITED (nothing taken). */
  take(client: string, cost: number): void {
    const now = this.now();
    this.sweep(now);
    const b = this.buckets.get(client) ?? { tokens: this.capacity, at: now };
    b.tokens = Math.min(this.capacity, b.tokens + ((now - b.at) / 1000) * this.refill);
    b.at = now;
    this.buckets.set(client, b);
    if (b.tokens < cost) {
      const wait = Math.max(1, Math.ceil((Math.min(cost, this.capacity) - b.tokens) / this.refill));
      throw new ApiError(429, 'RATE_LIMITED', `Too many trip searches from this device. Try again in ${wait} seconds.`);
    }
    b.tokens -= cost;
  }

  private sweep(now: number): void {
    const fullAfterMs = (this.capacity / this.refill) * 1000;
    if (now - this.lastSweep < fullAfterMs) return;
    this.lastSweep = now;
    for (const [k, b] of this.buckets) if (now - b.at >= fullAfterMs) this.buckets.delete(k);
  }
}
