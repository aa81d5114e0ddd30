import type { FastifyInstance } from 'fastify';

/** What a job is told: how to log. */
export interface JobLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

interface Job {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  timer: ReturnType<typeof setInterval> | null;
  running: Promise<unknown> | null;
}

/**
 * The server's one runner of periodic jobs (docs/money-integrity.md "After-commit work"): the payments reconciliation,
 * reserved seats' hold sweep and refund sends, card refund retries, ... Every job follows the same rules:
 * - one run at a time in this process: a tick that finds the previous run still going is skipped;
 * - work shared between instances is claimed in the database by the job itself (FOR UPDATE SKIP LOCKED and a lease on
 *   the rows: payments' claimUnsettled, conditional status updates), so two servers never do one piece twice;
 * - a run that throws is logged and the next tick tries again;
 * - stop() clears every timer and waits for the runs in progress (the server's onClose), so no job touches the
 *   database after it closes.
 * A job never starts money work of its own accord from a timer: it picks up work that a transaction recorded (a refund
 * row, an unsettled payment, an outbox entry), so what it does is exactly what was committed.
 */
export class JobRunner {
  private readonly jobs = new Map<string, Job>();
  private stopped = false;
  constructor(private readonly log?: JobLog) {}

  /** Runs `run` every `everyMs` (0 or less: never; tests call the work themselves). A name is registered once. */
  every(name: string, everyMs: number, run: () => Promise<unknown>): this {
    if (this.jobs.has(name)) throw new Error(`job ${name} registered twice`);
    const job: Job = { name, everyMs, run, timer: null, running: null };
    this.jobs.set(name, job);
    if (everyMs > 0 && !this.stopped) {
      job.timer = setInterval(() => void this.tick(job), everyMs);
      job.timer.unref();
    }
    return this;
  }

  /** Runs a job now (unless it is running already: then waits for that run). */
  async runNow(name: string): Promise<void> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no job ${name}`);
    await (job.running ?? this.tick(job));
  }

  names(): string[] {
    return [...this.jobs.keys()];
  }

  private tick(job: Job): Promise<unknown> {
    if (job.running || this.stopped) return job.running ?? Promise.resolve();
    job.running = job
      .run()
      .catch((err: unknown) => this.log?.error({ err, job: job.name }, 'job run failed; the next tick retries'))
      .finally(() => {
        job.running = null;
      });
    return job.running;
  }

  /** Stops every timer and waits for the runs in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const job of this.jobs.values()) if (job.timer) clearInterval(job.timer);
    await Promise.all([...this.jobs.values()].map((j) => j.running));
  }
}

const runners = new WeakMap<FastifyInstance, JobRunner>();

/** The server's job runner (made on first use, stopped when the server closes). Modules add their jobs to it. */
export function jobsOf(app: FastifyInstance): JobRunner {
  let r = runners.get(app);
  if (!r) {
    const runner = new JobRunner(app.log);
    runners.set(app, runner);
    app.addHook('onClose', async () => runner.stop());
    r = runner;
  }
  return r;
}
