// Pure formatting helpers of the tracking screens (tested in format.test.ts).
import { formatWalking } from '@sawari/ui/src/duration';
import { CITY_TIME_ZONE, occupancyLevel, secondsOfCityDay as citySecondsOfDay, type Occupancy } from '@sawari/domain';
import type { OccupancyCode, TimelinessCode } from './transit';

/** Seconds after the service day's start (may exceed 86400) → "HH:mm" on a 24-hour clock, e.g. 90000 → "01:00". */
export function serviceTime(seconds: number): string {
  const s = ((Math.floor(seconds) % 86400) + 86400) % 86400;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

const clock = new Intl.DateTimeFormat('en-GB', { timeZone: CITY_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** Epoch ms → "HH:mm" in city time. */
export const cityClock = (ms: number): string => clock.format(new Date(ms));

/** Seconds since the city's midnight at `ms` (shared/domain city-time). */
export const secondsOfCityDay = (ms: number): number => citySecondsOfDay(ms);

/** Whole minutes, at least 1 (durations and waits). */
export const minutes = (seconds: number): number => Math.max(1, Math.round(seconds / 60));

/** The rider-facing occupancy: the server's level name, else spec §4 from the raw level. */
const OCCUPANCY: Record<OccupancyCode, Occupancy> = { OVERCROWDED: 'overcrowded', STANDING: 'standing', SEATS: 'seats' };
export function occupancyOf(code: OccupancyCode | null | undefined, level: number | null | undefined): Occupancy | null {
  if (code) return OCCUPANCY[code];
  return typeof level === 'number' ? occupancyLevel(level) : null;
}

/** Message ids of the labels (catalog keys). */
/**
 * The rider-facing timeliness is the schema's code as the server sends it (spec §4 applied there, whenever it sends a
 * delay), labelled from the catalog: the code is not mapped back to the domain's words.
 */
const TIMELINESS_KEY: Record<TimelinessCode, string> = { ARRIVING_EARLY: 'early', ON_TIME: 'onTime', RUNNING_BEHIND: 'behind', DELAYED: 'delayed' };
export const timelinessKey = (code: TimelinessCode): string => `timeliness.${TIMELINESS_KEY[code]}`;
export const occupancyKey = (o: Occupancy): string => `occupancy.${o}`;

/** Walking distance of spec §9 from metres, in the rider's language (`locale`: react-intl's; shared/ui duration.ts). */
export const walkingFromMeters = (meters: number, locale = 'en'): string => formatWalking(meters, locale);

/** Age of a live position in whole seconds or minutes, for "updated {n} s/min ago". */
export function ageParts(ageSeconds: number): { unit: 's' | 'min'; value: number } {
  const s = Math.max(0, Math.round(ageSeconds));
  return s < 60 ? { unit: 's', value: s } : { unit: 'min', value: Math.floor(s / 60) };
}
