/** Ticket and pass rules: spec §4 statuses, status labels and expiry; §9 ride validity and activation window. */
import { CITY_TIME_ZONE, MINUTE_MS } from './constants';
import { localDate } from './service-day';

export const RIDE_VALIDITY_MS = 86_400_000;
export const ACTIVATION_WINDOW_MS = 900_000;
export const ALLOWED_AFTER_ACTIVATION_MS = 86_400_000;
export const SOUND_REPLAY_MS = 8_000;
export const UNLIMITED_TRIPS = -1;

export interface Punch {
  punchingTime: number;
}
export interface WalletRecord {
  ticketId?: string | null;
  bookingId?: string | null;
  status: string;
  /** When the item becomes valid (epoch ms). */
  startTime?: number | null;
  expiryTime?: number | null;
  punches?: Punch[];
  maxTripsPerDay?: number | null;
  /** How long one ride stays active after a punch, ms. */
  activeDurationMs?: number | null;
}

/** Spec §3: a ticketId or bookingId marks a ticket; anything else is a pass. */
export const isTicket = (r: Pick<WalletRecord, 'ticketId' | 'bookingId'>): boolean => !!(r.ticketId || r.bookingId);

/** Whole minutes to expiry, rounded toward zero. */
export const minutesToExpiry = (expiryTime: number, now: number): number => Math.trunc((expiryTime - now) / MINUTE_MS);

/**
 * Spec §4: a ticket is expired when flagged expired or when its expiry time has passed; a pass is expired when the
 * minutes to expiry are 0 or less (so a pass with 59 s left already reads as expired).
 */
export function isExpired(r: WalletRecord, now: number): boolean {
  if (r.status === 'EXPIRED') return true;
  if (r.expiryTime == null) return false;
  return isTicket(r) ? r.expiryTime <= now : minutesToExpiry(r.expiryTime, now) <= 0;
}

/** Spec §4: punches older than 24 h are dropped from the local ride count (a punch exactly 24 h old still counts). */
export const recentPunches = (punches: readonly Punch[], now: number): Punch[] => punches.filter((p) => now - p.punchingTime <= RIDE_VALIDITY_MS);

const lastPunch = (punches: readonly Punch[] | undefined): number | null =>
  punches && punches.length ? Math.max(...punches.map((p) => p.punchingTime)) : null;

/** Spec §4: a ticket whose last ride fell outside the active duration, and which is expired, is marked expired. */
export function shouldMarkTicketExpired(r: WalletRecord, now: number): boolean {
  if (!isTicket(r) || !isExpired(r, now)) return false;
  const last = lastPunch(r.punches);
  return last === null || r.activeDurationMs == null || now - last > r.activeDurationMs;
}

/**
 * Spec §4: a pass is used up for the day when today's rides (city calendar day) equal the allowed count and the active
 * duration has passed since the last ride. -1 means unlimited.
 */
export function isUsedUpForDay(r: WalletRecord, now: number, timeZone: string = CITY_TIME_ZONE): boolean {
  const allowed = r.maxTripsPerDay;
  if (allowed == null || allowed === UNLIMITED_TRIPS) return false;
  const today = localDate(now, timeZone);
  const ridesToday = (r.punches ?? []).filter((p) => localDate(p.punchingTime, timeZone) === today);
  if (ridesToday.length < allowed) return false;
  const last = lastPunch(ridesToday)!;
  return now - last >= (r.activeDurationMs ?? 0);
}

/** Trips left today for a ride-based pass; null when unlimited. */
export function tripsLeftToday(r: WalletRecord, now: number, timeZone: string = CITY_TIME_ZONE): number | null {
  if (r.maxTripsPerDay == null || r.maxTripsPerDay === UNLIMITED_TRIPS) return null;
  const today = localDate(now, timeZone);
  return Math.max(0, r.maxTripsPerDay - (r.punches ?? []).filter((p) => localDate(p.punchingTime, timeZone) === today).length);
}

/** Spec §9: activation window 15 min; allowed time after activation 24 h. */
export const isWithinActivationWindow = (activatedAt: number, now: number): boolean => now >= activatedAt && now - activatedAt <= ACTIVATION_WINDOW_MS;
export const isWithinAllowedAfterActivation = (activatedAt: number, now: number): boolean =>
  now >= activatedAt && now - activatedAt <= ALLOWED_AFTER_ACTIVATION_MS;

const STATUS_WORD: Record<string, string> = {
  USER_CANCELLED: 'cancelled',
  SYSTEM_CANCELLED: 'cancelled',
  CANCELLED: 'cancelled',
  RESCHEDULED: 'rescheduled',
  USER_RESCHEDULED: 'rescheduled',
  SYSTEM_RESCHEDULED: 'rescheduled',
  FAILED: 'failed',
  PAYMENT_FAILED: 'failed',
  BOOKING_FAILED: 'failed',
  UNVERIFIED: 'verification pending',
  REJECTED: 'verification rejected',
  VERIFIED: 'pending',
  PAYMENT_PROCESSING: 'pending',
  PENDING: 'pending',
  BOOKING_UNDER_PROCESS: 'pending',
};

/**
 * Spec §4 "Status label shown to the rider": the status word where the status has one; otherwise 'starts from {date}'
 * for a future start, 'expired on {date}' when expired, else 'valid till {date}' ('ticket valid till' for a ticket).
 */
export function statusLabel(r: WalletRecord, now: number, formatDate: (ms: number) => string): string {
  const word = STATUS_WORD[r.status];
  if (word) return word;
  if (r.startTime != null && r.startTime > now) return `starts from ${formatDate(r.startTime)}`;
  if (isExpired(r, now)) return r.expiryTime != null ? `expired on ${formatDate(r.expiryTime)}` : 'expired';
  const till = r.expiryTime != null ? formatDate(r.expiryTime) : '';
  return `${isTicket(r) ? 'ticket valid till' : 'valid till'} ${till}`.trim();
}
