// The API client by its file, not the package: the package's index (shared with the shell under federation) brings
// React and jotai, which neither the kiosk page nor a federated board needs for two calls.
import { apiFetch } from '@sawari/runtime/src/api';
import { timingsWindow } from '@sawari/domain';
import type { AirportBoardConfig, TripTimingsResponse } from '@sawari/contracts';

/** Build-time constant (DefinePlugin): the boards' fixed kiosk key. */
const KIOSK_KEY = process.env.SAWARI_KIOSK_KEY || 'sawari-dev-kiosk';
const kioskHeaders = { authorization: `Kiosk ${KIOSK_KEY}` };

export function fetchBoardConfig(product: string, terminalId: string, signal?: AbortSignal): Promise<AirportBoardConfig> {
  return apiFetch<AirportBoardConfig>(`/airport/v1/boards/${encodeURIComponent(product)}/${encodeURIComponent(terminalId)}`, {
    headers: kioskHeaders,
    signal,
  });
}

/** Spec §7 "Airport board timings call": the pairs of the terminal and a window from now to now + 12 h. */
export function fetchTimings(config: AirportBoardConfig, now: number, signal?: AbortSignal): Promise<TripTimingsResponse> {
  return apiFetch<TripTimingsResponse>(`/tub/v1/trips/${encodeURIComponent(config.city)}/by_route_stop_pairs`, {
    method: 'POST',
    headers: kioskHeaders,
    body: { routeStopPairs: config.routeStopPairs.map(({ routeId, stopId }) => ({ routeId, stopId })), timeWindow: timingsWindow(now) },
    signal,
  });
}
