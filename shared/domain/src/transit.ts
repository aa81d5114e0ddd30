import { MINUTE_MS } from './constants';

/** Spec §4 "Bus timeliness" and §9 premium tracking: on-time buffer 300 s, running late from 300 s, delayed from 360 s. */
export const EARLY_THRESHOLD_SECS = 300;
export const RUNNING_BEHIND_SECS = 300;
export const DELAYED_SECS = 360;
export type Timeliness = 'Arriving Early' | 'On Time' | 'Running behind' | 'Delayed';

/** `delaySecs` is actual minus scheduled: negative when early. */
export function timeliness(delaySecs: number): Timeliness {
  if (delaySecs < -EARLY_THRESHOLD_SECS) return 'Arriving Early';
  if (delaySecs >= DELAYED_SECS) return 'Delayed';
  if (delaySecs >= RUNNING_BEHIND_SECS) return 'Running behind';
  return 'On Time';
}

/** Spec §4 "Occupancy level": 2 or less overcrowded, 3 to 9 standing available, above 9 seats available. */
export type Occupancy = 'overcrowded' | 'standing' | 'seats';
export function occupancyLevel(value: number): Occupancy {
  if (value <= 2) return 'overcrowded';
  if (value <= 9) return 'standing';
  return 'seats';
}

/** Spec §3 "Live bus ETA entry". */
export interface EtaEntry {
  vNo: string;
  tS: number;
  eta: number;
}
export const ETA_MAX_AGE_MS = 15 * MINUTE_MS;

/** Spec §9: only entries no older than 15 min count, and an ETA of -1 (unknown) is ignored. Soonest first. */
export function usableEtas(entries: readonly EtaEntry[], now: number): EtaEntry[] {
  return entries.filter((e) => e.eta !== -1 && e.eta >= 0 && now - e.tS <= ETA_MAX_AGE_MS).sort((a, b) => a.eta - b.eta);
}

/** Spec §9: Earth radius 6371 km; walking speed 4 km/h. */
export const EARTH_RADIUS_KM = 6371;
export const WALKING_SPEED_KMH = 4;

export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Spec §9's walking as parts, for every language: under 1 min reads 1 min, under 15 min its minutes, otherwise km to
 * one decimal. Screens word it with their catalog (shared/ui duration.ts); formatWalkingDistance is its English.
 */
export function walkingParts(km: number): { unit: 'min'; minutes: number } | { unit: 'km'; km: number } {
  const minutes = (km / WALKING_SPEED_KMH) * 60;
  if (minutes < 1) return { unit: 'min', minutes: 1 };
  if (minutes < 15) return { unit: 'min', minutes: Math.round(minutes) };
  return { unit: 'km', km: Number(km.toFixed(1)) };
}

/** Spec §9: walking time under 1 min shows '1 min', under 15 min shows minutes, otherwise km to one decimal (English). */
export function formatWalkingDistance(km: number): string {
  const w = walkingParts(km);
  return w.unit === 'min' ? `${w.minutes} min` : `${w.km.toFixed(1)} km`;
}

/**
 * A length of time in hours and minutes (155 → 2 h 35 min), whole minutes rounded: THE split every screen words a
 * duration with (shared/ui duration.ts), so a ride never reads "155 min".
 */
export function durationParts(totalMinutes: number): { hours: number; minutes: number } {
  const m = Math.max(0, Math.round(totalMinutes));
  return { hours: Math.floor(m / 60), minutes: m % 60 };
}

export const DISRUPTION_KINDS = ['WEATHER', 'TRAFFIC', 'BREAKDOWN'] as const;
export type DisruptionKind = (typeof DISRUPTION_KINDS)[number];

/**
 * Trip planner walking (docs/transit.md "Walking"). A walk is the straight-line
 * distance × a detour factor (streets are not straight), at the spec's walking speed; a place walks to every stop whose
 * walk is at most `maxMeters`. Per city in cities.features.plannerWalk ({ speedKmh, detourFactor, maxMeters });
 * values outside the bounds below fall back to the defaults.
 */
export interface PlannerWalkSettings {
  speedKmh: number;
  detourFactor: number;
  /** Longest walk to or from a stop, in walked metres (detour included). */
  maxMeters: number;
  /** Stops of the same name within this straight-line distance of each other are one place (e.g. Vyttila's ten). */
  samePlaceMeters: number;
}

export const DEFAULT_PLANNER_WALK: Readonly<PlannerWalkSettings> = { speedKmh: WALKING_SPEED_KMH, detourFactor: 1.3, maxMeters: 1000, samePlaceMeters: 300 };

const WALK_BOUNDS: Record<keyof PlannerWalkSettings, [number, number]> = {
  speedKmh: [2, 7],
  detourFactor: [1, 2],
  maxMeters: [100, 3000],
  samePlaceMeters: [0, 1000],
};

/** A city's walking settings from its features JSON (anything missing or out of bounds: the default). */
export function plannerWalkSettings(raw: unknown): PlannerWalkSettings {
  const out = { ...DEFAULT_PLANNER_WALK };
  if (!raw || typeof raw !== 'object') return out;
  for (const key of Object.keys(WALK_BOUNDS) as (keyof PlannerWalkSettings)[]) {
    const v = (raw as Record<string, unknown>)[key];
    const [lo, hi] = WALK_BOUNDS[key];
    if (typeof v === 'number' && Number.isFinite(v) && v >= lo && v <= hi) out[key] = v;
  }
  return out;
}

/** The walk for a straight-line distance: walked metres (detour included) and whole seconds (rounded up). */
export function plannerWalk(straightMeters: number, s: PlannerWalkSettings = DEFAULT_PLANNER_WALK): { meters: number; seconds: number } {
  const meters = Math.max(0, straightMeters) * s.detourFactor;
  return { meters: Math.round(meters), seconds: Math.ceil((meters / 1000 / s.speedKmh) * 3600) };
}

/** The straight-line radius to search for stops within walking reach (maxMeters of walking, detour included). */
export const plannerWalkRadius = (s: PlannerWalkSettings = DEFAULT_PLANNER_WALK): number => s.maxMeters / s.detourFactor;

/** A stop name as the planner compares names: case, accents, punctuation and spacing ignored ("Vyttila Hub" ≠ "Vyttila"). */
export function stopNameKey(name: string | null | undefined): string {
  return (name ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
