import { localDate, serviceDay } from '@sawari/domain';
import { JobRunner } from '../../platform/jobs';
import { addDays, type PlannerStore } from './store';

/**
 * Builds each city's service-day networks before a rider needs them (a big city): reading a day's network
 * from the database takes about a second for Kochi and some twenty for a city ten times larger, which a rider must not
 * wait for on the first plan of the day.
 *
 * Every `checkEveryMs` (and at start) it asks, for every city with a current feed: is today's network (city time)
 * built? and, once the next service day is less than `leadMs` away, is tomorrow's? Missing ones are built one after
 * the other in the background (the planner's cache keeps them; a plan arriving meanwhile shares the build). A
 * re-import changes the city's feed id: the next check builds the new feed's networks and the planner forgets the old
 * feed's (PlannerService.prepare).
 */

export interface PrebuildOptions {
  /** The wall clock (tests pass a fake one). */
  now?: () => number;
  /** How often the cities are checked (default 60 s). */
  checkEveryMs?: number;
  /** How long before a city's midnight its next day's network is built (default 30 min). */
  leadMs?: number;
  log?: { warn(obj: unknown, msg?: string): void };
  /**
   * The server's one job runner (platform/jobs.ts), which runs the check as its job `planner-prebuild` and stops it
   * with the server. Without one (tests, a command), the prebuilder keeps a runner of its own, stopped by stop().
   */
  jobs?: Pick<JobRunner, 'every'>;
}

/** What the prebuilder needs of the planner: build (or keep) one city's network of a date. */
export interface NetworkPreparer {
  /** False when the city has no current feed. */
  prepare(cityId: string, date: string): Promise<boolean>;
}

export const DEFAULT_PREBUILD_CHECK_MS = 60_000;
export const DEFAULT_PREBUILD_LEAD_MS = 30 * 60_000;

export class NetworkPrebuilder {
  private ownRunner: JobRunner | null = null;
  private started = false;
  private stopped = false;
  private running: Promise<void> | null = null;
  private readonly now: () => number;
  /** A check has listed the cities and built every network they need without an error (readiness). */
  builtOnce = false;

  constructor(
    private readonly planner: NetworkPreparer,
    private readonly store: Pick<PlannerStore, 'currentFeedCities'>,
    private readonly opts: PrebuildOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
  }

  /** Checks now, then every `checkEveryMs`, as a job of the job runner (whose timers do not keep the process alive). */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    const jobs = this.opts.jobs ?? (this.ownRunner = new JobRunner());
    jobs.every('planner-prebuild', this.opts.checkEveryMs ?? DEFAULT_PREBUILD_CHECK_MS, () => this.check());
    void this.check();
  }

  /** Stops the checks (a later tick of the server's runner does nothing); resolves when a check under way is over. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.ownRunner?.stop();
    await this.running;
  }

  /** One check (skipped while the previous one runs, and after stop). Errors are logged, never thrown: the first plan would report them. */
  check(): Promise<void> {
    if (this.stopped) return this.running ?? Promise.resolve();
    this.running ??= this.run().finally(() => (this.running = null));
    return this.running;
  }

  /** The dates whose networks a city needs at `at`: today, and tomorrow once its start is less than `leadMs` away. */
  datesNeeded(timeZone: string, at: number): string[] {
    const today = localDate(at, timeZone);
    const tomorrow = addDays(today, 1);
    return serviceDay(tomorrow, timeZone).startMs - at <= (this.opts.leadMs ?? DEFAULT_PREBUILD_LEAD_MS) ? [today, tomorrow] : [today];
  }

  private async run(): Promise<void> {
    let cities: { id: string; timeZone: string }[];
    try {
      cities = await this.store.currentFeedCities();
    } catch (err) {
      this.opts.log?.warn({ err }, 'planner prebuild: could not list the cities');
      return;
    }
    let failed = false;
    for (const city of cities) {
      for (const date of this.datesNeeded(city.timeZone, this.now())) {
        try {
          await this.planner.prepare(city.id, date);
        } catch (err) {
          failed = true;
          this.opts.log?.warn({ err, city: city.id, date }, 'planner prebuild: the network could not be built');
        }
      }
    }
    if (!failed) this.builtOnce = true;
  }
}
