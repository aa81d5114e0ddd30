// Messages between the planner screen and its offline planner worker (planner.worker.ts). Pure types and constants.
import type { OfflinePlace, OfflinePlan } from '@sawari/domain/src/planner';
import type { KeptStopMatch } from './stop-search';
import type { KeptDeparture } from './stop-departures';

/** Service days the phone keeps: today and tomorrow. */
export const OFFLINE_DAYS = 2;

export type WorkerRequest =
  | { id: number; type: 'sync'; city: string }
  | { id: number; type: 'search'; city: string; query: string; limit: number }
  | { id: number; type: 'departures'; city: string; stopId: string; fromMs: number; limit: number }
  | {
      id: number;
      type: 'plan';
      city: string;
      from: OfflinePlace;
      to: OfflinePlace;
      departAt: number;
      windowMinutes: number;
      arriveBy: boolean;
      maxTransfers: number;
    };

/** What the phone holds for a city: the file's feed version, dates and when it was saved. */
export interface KeptTimetable {
  feedVersion: string;
  dates: string[];
  savedAt: number;
  bytes: number;
}

export type SyncResult = { status: 'saved' | 'unchanged'; kept: KeptTimetable } | { status: 'failed'; message: string; kept: KeptTimetable | null };

export type PlanResult = { plan: OfflinePlan; kept: KeptTimetable; ms: number };

/** A stop's next departures in the kept timetable (a stop page with no network). */
export type DeparturesResult = { departures: KeptDeparture[]; kept: KeptTimetable };

/** Stops by name in the kept timetable (the from/to fields with no network). */
export type StopSearchResult = { stops: KeptStopMatch[]; kept: KeptTimetable };

export type WorkerResponse =
  | { id: number; ok: true; result: SyncResult | PlanResult | StopSearchResult | DeparturesResult }
  | { id: number; ok: false; error: { code: string; message: string } };
