import type { WalletSource } from '../payments';

/** What the tickets module reads from the transit module (TransitService implements it). */
export interface RouteSource {
  routePatterns(
    cityId: string,
    routeId: string,
  ): Promise<{
    route_id: string;
    route_name: string;
    agency_name: string | null;
    patterns: { stop_id: string; stop_name: string; lat: number; lon: number }[][];
  } | null>;
  stop(cityId: string, stopId: string): Promise<{ stop_id: string; stop_name: string } | null>;
}

/** Punches recorded by the validation module, per transactionId (oldest first). */
export interface PunchSource {
  punchesFor(transactionIds: string[]): Promise<Map<string, { punchingTime: number }[]>>;
}

/** Other sellers' wallet items (the payments module's WalletSource port: passes today, cards and seats next). */
export type { WalletSource };
/** @deprecated the passes module's WalletSource; kept for callers written before the port. */
export type PassWalletSource = WalletSource;
