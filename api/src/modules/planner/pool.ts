import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { ApiError } from '../../platform/errors';
import { raptorRange, QueryStoppedError, sharedRoutingArrays, type Journey, type RangeQuery, type RoutingArrays } from '@sawari/domain/src/planner';
import { workerSource } from '../../platform/worker-source';

/**
 * Runs planner queries off the request thread: a pool of worker threads sized to the machine, each holding the
 * routing arrays of the networks in use (SharedArrayBuffers: one copy in memory, whatever the number of workers).
 *
 * Every query has a deadline counted from when it was asked (time waiting in the queue included). A worker stops a
 * range query between two departures once the deadline passed; a worker that does not answer within a grace period
 * after the deadline is terminated and replaced. The queue is bounded: past it a request is refused at once.
 */

/** A query as posted to a worker: the core's RangeQuery without its callback. */
export type WorkerQuery = Omit<RangeQuery, 'shouldStop'>;

export type ToWorker =
  | { type: 'network'; key: string; arrays: RoutingArrays }
  | { type: 'drop'; key: string }
  | { type: 'job'; id: number; key: string; query: WorkerQuery; deadline: number };

export type FromWorker =
  { type: 'ready' } | { type: 'done'; id: number; journeys: Journey[]; ms: number } | { type: 'error'; id: number; stopped: boolean; message: string };

/** What the planner service runs its queries on. */
export interface QueryRunner {
  /**
   * The arrays must be the same object for the same key (they are sent to a worker once). `deadlineMs` overrides the
   * runner's deadline for this query.
   */
  run(key: string, arrays: RoutingArrays, query: WorkerQuery, deadlineMs?: number): Promise<Journey[]>;
  /** Forgets a network (evicted from the service's cache). */
  drop(key: string): void;
  /** Starts the workers now rather than on first use (the server: they boot while the networks load). */
  warm?(): void;
  close(): Promise<void>;
}

export interface PlannerPoolOptions {
  /** Worker threads (default: the machine's cores less one for the request thread, 1 to 4). 0: run in-process. */
  workers?: number;
  /** Per-request deadline, milliseconds from the request (default 3000). */
  deadlineMs?: number;
  /** Queries waiting for a worker before new ones are refused (default 8 per worker). */
  maxQueued?: number;
  /** Extra time a worker gets after the deadline before it is terminated (default 1000 ms). */
  graceMs?: number;
  /** The wall clock (tests). */
  now?: () => number;
  /**
   * Until a first worker has booted (seconds after a start on a busy machine, the TypeScript sources compiled in it),
   * answer on the request thread instead of waiting for it, with the same deadline (the server: a first plan after a
   * restart). Off by default: the request thread is then held for the search.
   */
  inlineUntilBooted?: boolean;
  /** Called when a worker has booted ("query worker booted") and when a query ends in a worker ("query"): the bench's breakdown. */
  timing?: (phase: string, startedAt: number, endedAt: number) => void;
}

export const DEFAULT_DEADLINE_MS = 3000;

export function defaultWorkerCount(): number {
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  return Math.max(1, Math.min(4, cores - 1));
}

export const plannerTimeout = () =>
  new ApiError(503, 'PLANNER_TIMEOUT', 'Planning this trip took too long. Try a shorter time window or fewer changes, or try again in a moment.');
export const plannerBusy = () => new ApiError(503, 'PLANNER_BUSY', 'The trip planner is busy. Try again in a moment.');

/** In-process runner (workers: 0): the same deadline, checked between departures, on the request thread. */
class InlineRunner implements QueryRunner {
  constructor(
    private readonly deadlineMs: number,
    private readonly now: () => number,
  ) {}
  async run(_key: string, arrays: RoutingArrays, query: WorkerQuery, deadlineMs = this.deadlineMs): Promise<Journey[]> {
    const deadline = this.now() + deadlineMs;
    try {
      return raptorRange(arrays, { ...query, shouldStop: () => this.now() > deadline });
    } catch (err) {
      if (err instanceof QueryStoppedError) throw plannerTimeout();
      throw err;
    }
  }
  drop(): void {}
  async close(): Promise<void> {}
}

interface Job {
  id: number;
  key: string;
  arrays: RoutingArrays;
  query: WorkerQuery;
  deadline: number;
  resolve: (j: Journey[]) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  /** performance.now() when it was started (timing). */
  startedAt: number;
  /** performance.now() when its job was posted (timing). */
  postedAt: number;
  /** It said it is ready (its code loaded). */
  booted: boolean;
  /** Network keys this worker has been sent. */
  has: Set<string>;
  job: Job | null;
  killTimer: NodeJS.Timeout | null;
}

export class PlannerPool implements QueryRunner {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  /** The arrays each key was first run with (sent to workers that lack them). */
  private readonly networks = new Map<string, RoutingArrays>();
  private readonly size: number;
  private readonly deadlineMs: number;
  private readonly maxQueued: number;
  private readonly graceMs: number;
  private readonly now: () => number;
  private readonly timing: PlannerPoolOptions['timing'];
  private readonly inline: InlineRunner | null;
  private nextId = 1;
  private closed = false;

  constructor(opts: PlannerPoolOptions = {}) {
    this.size = opts.workers ?? defaultWorkerCount();
    this.deadlineMs = opts.deadlineMs ?? DEFAULT_DEADLINE_MS;
    this.maxQueued = opts.maxQueued ?? 8 * Math.max(1, this.size);
    this.graceMs = opts.graceMs ?? 1000;
    this.now = opts.now ?? Date.now;
    this.timing = opts.timing;
    this.inline = opts.inlineUntilBooted ? new InlineRunner(this.deadlineMs, this.now) : null;
  }

  /** Workers started so far (they start on first use). */
  get workerCount(): number {
    return this.slots.length;
  }

  /** Queries waiting for a worker now, and how many may wait before new ones are refused (metrics). */
  get queueStats(): { queued: number; capacity: number } {
    return { queued: this.queue.length, capacity: this.maxQueued };
  }

  run(key: string, arrays: RoutingArrays, query: WorkerQuery, deadlineMs = this.deadlineMs): Promise<Journey[]> {
    if (this.closed) return Promise.reject(plannerBusy());
    if (this.queue.length >= this.maxQueued) return Promise.reject(plannerBusy());
    if (!this.networks.has(key)) this.networks.set(key, arrays);
    if (this.inline && !this.slots.some((s) => s.booted)) {
      this.warm();
      const started = performance.now();
      return this.inline
        .run(key, arrays, query, deadlineMs)
        .finally(() => this.timing?.('query on the request thread (no worker booted yet)', started, performance.now()));
    }
    return new Promise<Journey[]>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, key, arrays: this.networks.get(key)!, query, deadline: this.now() + deadlineMs, resolve, reject });
      this.pump();
    });
  }

  warm(): void {
    while (!this.closed && this.slots.length < this.size) this.spawn();
  }

  drop(key: string): void {
    this.networks.delete(key);
    for (const s of this.slots) {
      if (s.has.delete(key)) s.worker.postMessage({ type: 'drop', key } satisfies ToWorker);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const j of this.queue.splice(0)) j.reject(plannerBusy());
    const slots = this.slots.splice(0);
    for (const s of slots) {
      if (s.killTimer) clearTimeout(s.killTimer);
      s.job?.reject(plannerBusy());
      s.job = null;
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private spawn(): Slot {
    const worker = new Worker(workerSource(__filename, 'worker-main'), { eval: true });
    const slot: Slot = { worker, startedAt: performance.now(), postedAt: 0, booted: false, has: new Set(), job: null, killTimer: null };
    worker.unref();
    worker.on('message', (m: FromWorker) => this.answered(slot, m));
    worker.on('error', (err) => this.lost(slot, err));
    worker.on('exit', () => this.lost(slot, new Error('planner worker exited')));
    this.slots.push(slot);
    return slot;
  }

  private pump(): void {
    while (this.queue.length && !this.closed) {
      const job = this.queue[0];
      if (this.now() >= job.deadline) {
        this.queue.shift();
        job.reject(plannerTimeout());
        continue;
      }
      let slot = this.slots.find((s) => !s.job);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      this.queue.shift();
      slot.job = job;
      slot.worker.ref();
      if (!slot.has.has(job.key)) {
        slot.worker.postMessage({ type: 'network', key: job.key, arrays: job.arrays } satisfies ToWorker);
        slot.has.add(job.key);
      }
      slot.postedAt = performance.now();
      slot.worker.postMessage({ type: 'job', id: job.id, key: job.key, query: job.query, deadline: job.deadline } satisfies ToWorker);
      slot.killTimer = setTimeout(() => this.kill(slot!), Math.max(0, job.deadline - this.now()) + this.graceMs);
      slot.killTimer.unref();
    }
  }

  private settle(slot: Slot): Job | null {
    const job = slot.job;
    slot.job = null;
    if (slot.killTimer) clearTimeout(slot.killTimer);
    slot.killTimer = null;
    slot.worker.unref();
    return job;
  }

  private answered(slot: Slot, m: FromWorker): void {
    if (m.type === 'ready') {
      slot.booted = true;
      this.timing?.('query worker booted', slot.startedAt, performance.now());
      return;
    }
    if (this.timing && slot.job?.id === m.id)
      this.timing(`query in a worker (${m.type === 'done' ? m.ms : '?'} ms searching)`, slot.postedAt, performance.now());
    if (!slot.job || slot.job.id !== m.id) return;
    const job = this.settle(slot)!;
    if (m.type === 'done') job.resolve(m.journeys);
    else if (m.stopped) job.reject(plannerTimeout());
    else job.reject(new Error(`planner worker: ${m.message}`));
    this.pump();
  }

  /** A worker past its grace period: terminated (its 'exit' replaces it). */
  private kill(slot: Slot): void {
    const job = this.settle(slot);
    job?.reject(plannerTimeout());
    this.remove(slot);
    void slot.worker.terminate();
    this.pump();
  }

  private lost(slot: Slot, err: Error): void {
    if (!this.slots.includes(slot)) return;
    const job = this.settle(slot);
    job?.reject(err);
    this.remove(slot);
    this.pump();
  }

  private remove(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
  }
}

/** The runner for PlannerService: a pool of `workers` threads, or in-process when workers is 0. */
export function createQueryRunner(opts: PlannerPoolOptions = {}): QueryRunner {
  if (opts.workers === 0) return new InlineRunner(opts.deadlineMs ?? DEFAULT_DEADLINE_MS, opts.now ?? Date.now);
  return new PlannerPool(opts);
}

export { sharedRoutingArrays };
