// Messages between the planner screen and its offline planner worker (planner.worker.ts). Pure types and constants.
import type { OfflinePlace, OfflinePlan } from '@sawari/domain/src/planner';

/** Service days the phone keeps: today and tomorrow. */
export const OFFLINE_DAYS = 2;

export type WorkerRequest =
  | { id: number; type: 'sync'; city: string }
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

export type WorkerResponse = { id: number; ok: true; result: SyncResult | PlanResult } | { id: number; ok: false; error: { code: string; message: string } };
