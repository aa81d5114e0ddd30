import { formatClock12h, formatTimeUntil, timeUntilNextBus } from '@sawari/domain';
import type { AirportBoardConfig, TripTimingsResponse } from '@sawari/contracts';

/** nextBus: the spec's countdown text; departsAt: the next bus's departure on the board's clock (null: none). */
export type BoardRow = { key: string; destination: string; nextBus: string; departsAt: string | null };

/** One row per route and stop pair of the terminal, in the configured order (spec §2). */
export function boardRows(config: AirportBoardConfig, timings: TripTimingsResponse | null, now: number): BoardRow[] {
  const data = timings?.data ?? [];
  return config.routeStopPairs.map(({ routeId, stopId, destination }) => {
    const entry = data.find((d) => d.routeId === routeId && d.stopId === stopId) ?? data.find((d) => d.routeId === routeId && !d.stopId);
    const next = timeUntilNextBus(entry?.timings ?? [], now);
    return {
      key: `${routeId}:${stopId}`,
      destination,
      nextBus: formatTimeUntil(next),
      departsAt: next.kind === 'available' ? formatClock12h(next.departure) : null,
    };
  });
}

/** Light shape checks (zod would cost the kiosk bundle more than the board itself). */
export function isBoardConfig(v: unknown): v is AirportBoardConfig {
  const c = v as AirportBoardConfig;
  return !!c && typeof c.city === 'string' && typeof c.place === 'string' && typeof c.counter === 'string' && Array.isArray(c.routeStopPairs);
}

export function isTimings(v: unknown): v is TripTimingsResponse {
  const t = v as TripTimingsResponse;
  return !!t && Array.isArray(t.data) && t.data.every((d) => d && typeof d.routeId === 'string' && Array.isArray(d.timings));
}
