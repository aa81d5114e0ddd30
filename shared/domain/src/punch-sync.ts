import { CITY_TIME_ZONE } from './constants';
import { localDate } from './service-day';
import { UNLIMITED_TRIPS } from './tickets';

/** A punch synced from a phone may be at most this far ahead of the server's clock (phone clocks drift). */
export const MAX_PUNCH_AHEAD_MS = 5 * 60_000;

export type SyncedPunchRefusal = 'PUNCH_IN_FUTURE' | 'BEFORE_PURCHASE' | 'NOT_YET_VALID' | 'EXPIRED' | 'TRIPS_EXHAUSTED';

/**
 * Whether a punch made offline (and synced later, in any order) may count as a ride of a pass or ticket. Its device
 * time is bounded by the server's clock (at most MAX_PUNCH_AHEAD_MS ahead), by the purchase (a phone cannot punch
 * before the product was bought, give or take the same drift) and by the validity. The daily trip limit counts every
 * ride recorded for that city day, earlier or later than this one: punches arriving out of order cannot add a ride
 * to a day that is already full.
 */
export function syncedPunchRefusal(p: {
  punchingTime: number;
  now: number;
  boughtAt: number | null;
  validFrom: number;
  validUntil: number;
  /** Trips a day; null or UNLIMITED_TRIPS for no limit. */
  maxTripsPerDay: number | null;
  /** Times of the rides already recorded for this product. */
  recorded: readonly number[];
  timeZone?: string;
}): SyncedPunchRefusal | null {
  if (p.punchingTime > p.now + MAX_PUNCH_AHEAD_MS) return 'PUNCH_IN_FUTURE';
  if (p.punchingTime < p.validFrom) return 'NOT_YET_VALID';
  if (p.punchingTime >= p.validUntil) return 'EXPIRED';
  if (p.boughtAt !== null && p.punchingTime < p.boughtAt - MAX_PUNCH_AHEAD_MS) return 'BEFORE_PURCHASE';
  if (p.maxTripsPerDay == null || p.maxTripsPerDay === UNLIMITED_TRIPS) return null;
  const zone = p.timeZone ?? CITY_TIME_ZONE;
  const day = localDate(p.punchingTime, zone);
  return p.recorded.filter((t) => localDate(t, zone) === day).length >= p.maxTripsPerDay ? 'TRIPS_EXHAUSTED' : null;
}
