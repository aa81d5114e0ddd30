import type { PassWalletSource } from '../passes/wallet';

/** What the tickets module reads from the transit module (TransitService implements it). */
export interface RouteSource {
  routePatterns(cityId: string, routeId: string): Promise<{ route_id: string; route_name: string; agency_name: string | null; patterns: { stop_id: string; stop_name: string; lat: number; lon: number }[][] } | null>;
  stop(cityId: string, stopId: string): Promise<{ stop_id: string; stop_name: string } | null>;
}

/** Punches recorded by the validation module, per transactionId (oldest first). */
export interface PunchSource {
  punchesFor(transactionIds: string[]): Promise<Map<string, { punchingTime: number }[]>>;
}

export type { PassWalletSource };
