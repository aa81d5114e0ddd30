import { z } from 'zod';

/** Realtime settings (docs/realtime.md), read from the environment. */
export type RealtimeConfig = (
  | { source: 'simulator'; seed: string; cacheMs: number }
  | { source: 'off'; cacheMs: number }
  | { source: 'gtfs-rt'; cacheMs: number; cityId: string; locations: string[]; pollMs: number; timeoutMs: number }
) & {
  /** How often every city's live state is built to keep the vehicle-number index current (publicVehicle); 0 or unset: never. */
  indexMs?: number;
};

const int = (name: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

const schema = z.object({
  REALTIME_SOURCE: z.enum(['simulator', 'gtfs-rt', 'off'], { message: 'REALTIME_SOURCE must be simulator, gtfs-rt or off' }).default('simulator'),
  REALTIME_SEED: z.string().default('sawari'),
  REALTIME_CACHE_MS: int('REALTIME_CACHE_MS', 0, 60_000).default(5000),
  REALTIME_INDEX_MS: int('REALTIME_INDEX_MS', 0, 3_600_000).default(30_000),
  GTFS_RT_CITY: z.string().optional(),
  GTFS_RT_VEHICLES_URL: z.string().optional(),
  GTFS_RT_TRIP_UPDATES_URL: z.string().optional(),
  GTFS_RT_ALERTS_URL: z.string().optional(),
  GTFS_RT_POLL_MS: int('GTFS_RT_POLL_MS', 1000, 3_600_000).default(15_000),
  GTFS_RT_TIMEOUT_MS: int('GTFS_RT_TIMEOUT_MS', 100, 60_000).default(5000),
});

export type RealtimeConfigResult = { ok: true; config: RealtimeConfig } | { ok: false; errors: string[] };

/** Never throws. Empty strings count as unset. */
export function parseRealtimeConfig(env: NodeJS.ProcessEnv): RealtimeConfigResult {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const r = schema.safeParse(cleaned);
  if (!r.success) return { ok: false, errors: r.error.issues.map((i) => i.message) };
  const e = r.data;
  const indexMs = e.REALTIME_INDEX_MS;
  if (e.REALTIME_SOURCE === 'simulator') return { ok: true, config: { source: 'simulator', seed: e.REALTIME_SEED, cacheMs: e.REALTIME_CACHE_MS, indexMs } };
  if (e.REALTIME_SOURCE === 'off') return { ok: true, config: { source: 'off', cacheMs: e.REALTIME_CACHE_MS, indexMs } };
  const locations = [e.GTFS_RT_VEHICLES_URL, e.GTFS_RT_TRIP_UPDATES_URL, e.GTFS_RT_ALERTS_URL].filter((x): x is string => !!x);
  const errors: string[] = [];
  if (!e.GTFS_RT_CITY) errors.push('GTFS_RT_CITY is required when REALTIME_SOURCE is gtfs-rt (the city id the feed belongs to)');
  if (locations.length === 0)
    errors.push(
      'REALTIME_SOURCE=gtfs-rt needs at least one of GTFS_RT_VEHICLES_URL, GTFS_RT_TRIP_UPDATES_URL, GTFS_RT_ALERTS_URL (an http(s) URL or a file path)',
    );
  if (errors.length) return { ok: false, errors };
  return {
    ok: true,
    config: {
      source: 'gtfs-rt',
      cacheMs: e.REALTIME_CACHE_MS,
      cityId: e.GTFS_RT_CITY!,
      locations,
      pollMs: e.GTFS_RT_POLL_MS,
      timeoutMs: e.GTFS_RT_TIMEOUT_MS,
      indexMs,
    },
  };
}

/** Reads process.env; a bad value throws one error naming every problem (the server refuses to start). */
export function loadRealtimeConfig(env: NodeJS.ProcessEnv = process.env): RealtimeConfig {
  const r = parseRealtimeConfig(env);
  if (r.ok) return r.config;
  throw new Error(`Invalid realtime configuration:\n${r.errors.map((m) => `  - ${m}`).join('\n')}`);
}
