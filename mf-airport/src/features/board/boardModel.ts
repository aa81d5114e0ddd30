import type { AirportBoardConfig, TripTimingsResponse } from '@sawari/contracts';

/** Light shape checks (zod would cost the kiosk bundle more than the board itself). */
export function isBoardConfig(v: unknown): v is AirportBoardConfig {
  const c = v as AirportBoardConfig;
  return !!c && typeof c.city === 'string' && typeof c.place === 'string' && typeof c.counter === 'string' && Array.isArray(c.routeStopPairs);
}

export function isTimings(v: unknown): v is TripTimingsResponse {
  const t = v as TripTimingsResponse;
  return !!t && Array.isArray(t.data) && t.data.every((d) => d && typeof d.routeId === 'string' && Array.isArray(d.timings));
}
