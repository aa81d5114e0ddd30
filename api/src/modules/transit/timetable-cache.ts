import type { TransitStore } from './store';
import { Timetable } from './timetable';

interface Entry {
  /** Null: the city is unknown or has no current feed. */
  timetable: Timetable | null;
  cityKnown: boolean;
  checkedAt: number;
  refreshing: Promise<void> | null;
}

export interface CityTimetable {
  /** False when the city does not exist. */
  cityKnown: boolean;
  timetable: Timetable | null;
}

interface Logger {
  error(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

const MAX_UNKNOWN_ENTRIES = 1000;

/**
 * Compiled timetables per city, so the timings endpoint never queries the database on the request path. A city is
 * loaded on its first request (single-flight: concurrent first requests share one load). After that, a request that
 * finds the entry older than `checkEveryMs` starts a background check of the city's current feed id and is answered
 * from the cached timetable; when the id changed, the new feed is compiled and swapped in. So a new import reaches
 * riders within `checkEveryMs` plus the time between two requests (see docs/airport-timings.md).
 */
export class TimetableCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<Entry>>();
  private readonly checkEveryMs: number;
  private readonly now: () => number;
  private readonly log?: Logger;

  constructor(
    private readonly store: TransitStore,
    opts: { checkEveryMs?: number; now?: () => number; log?: Logger } = {},
  ) {
    this.checkEveryMs = opts.checkEveryMs ?? 5000;
    this.now = opts.now ?? Date.now;
    this.log = opts.log;
  }

  async get(cityId: string): Promise<CityTimetable> {
    const entry = this.entries.get(cityId) ?? (await this.firstLoad(cityId));
    if (this.now() - entry.checkedAt >= this.checkEveryMs && !entry.refreshing) {
      entry.refreshing = this.refresh(cityId, entry).finally(() => {
        entry.refreshing = null;
      });
    }
    return entry;
  }

  /** Drops a city's entry (after an import in this process) so the next request reloads it. */
  invalidate(cityId: string): void {
    this.entries.delete(cityId);
  }

  private firstLoad(cityId: string): Promise<Entry> {
    let p = this.loading.get(cityId);
    if (!p) {
      p = this.load(cityId, null)
        .then((entry) => {
          if (!entry.cityKnown && this.entries.size >= MAX_UNKNOWN_ENTRIES) {
            for (const [id, e] of this.entries) if (!e.cityKnown) this.entries.delete(id);
          }
          this.entries.set(cityId, entry);
          return entry;
        })
        .finally(() => this.loading.delete(cityId));
      this.loading.set(cityId, p);
    }
    return p;
  }

  private async load(cityId: string, previous: Entry | null): Promise<Entry> {
    const city = await this.store.cityFeed(cityId);
    const checkedAt = this.now();
    if (!city) return { timetable: null, cityKnown: false, checkedAt, refreshing: null };
    if (city.feedId === null) return { timetable: null, cityKnown: true, checkedAt, refreshing: null };
    if (previous?.timetable && previous.timetable.feedId === city.feedId && previous.timetable.timeZone === city.timeZone) {
      previous.checkedAt = checkedAt;
      return previous;
    }
    const started = this.now();
    const timetable = new Timetable(city.feedId, city.timeZone, await this.store.timetableRows(city.feedId));
    this.log?.info({ city: cityId, feedId: city.feedId, ms: this.now() - started }, 'timetable compiled');
    return { timetable, cityKnown: true, checkedAt, refreshing: null };
  }

  private async refresh(cityId: string, entry: Entry): Promise<void> {
    try {
      const next = await this.load(cityId, entry);
      if (this.entries.get(cityId) === entry) this.entries.set(cityId, next);
    } catch (err) {
      // Keep answering from the timetable we have; try again after the next interval.
      entry.checkedAt = this.now();
      this.log?.error({ err, city: cityId }, 'timetable refresh failed');
    }
  }
}
