/** Premium-bus rules: spec §4 "Reschedule and cancel pop-ups", "Premium rebooking"; §9 rebook window. */
import { CITY_TIME_ZONE } from './constants';
import { isTrackingWindowOpen, PREMIUM_TRACKING, trackingPollMs } from './reservations';
import { localDate } from './service-day';
import { ETA_MAX_AGE_MS, timeliness, type Timeliness } from './transit';

export const PREMIUM_REBOOK_WINDOW_MS = 300_000;

export interface PremiumBooking {
  bookingId: string;
  firstBookingId: string;
  status: string;
  prevBookingStatus?: string | null;
  tripSlotStartTime: number;
  expiryTime?: number | null;
  bookingTime: number;
  isCancellationPopUpShown?: boolean;
  isReschedulePopUpShown?: boolean;
}

const isExpiredBooking = (b: PremiumBooking, now: number) => b.status === 'EXPIRED' || (b.expiryTime != null && b.expiryTime <= now);
const isFailedBooking = (b: PremiumBooking) => ['FAILED', 'BOOKING_FAILED', 'PAYMENT_FAILED'].includes(b.status);

/**
 * Spec §4: rebooking is allowed only if the latest booking with the same firstBookingId is active, unexpired, and its
 * slot is outside a 5-minute window around the new slot (exactly 5 min away is outside).
 */
export function canRebook(bookings: readonly PremiumBooking[], firstBookingId: string, newSlotStart: number, now: number): boolean {
  const chain = bookings.filter((b) => b.firstBookingId === firstBookingId);
  if (!chain.length) return false;
  const latest = chain.reduce((a, b) => (b.bookingTime > a.bookingTime ? b : a));
  if (latest.status !== 'ACTIVE' || isExpiredBooking(latest, now)) return false;
  return Math.abs(latest.tripSlotStartTime - newSlotStart) >= PREMIUM_REBOOK_WINDOW_MS;
}

/**
 * Spec §4: a pop-up shows for a system-cancelled booking whose cancellation pop-up has not been shown, or for an active
 * booking that was system-rescheduled from an earlier one and whose reschedule pop-up has not been shown; never when
 * the booking is expired, failed, or past its slot day.
 */
export function popUpFor(b: PremiumBooking, now: number, timeZone: string = CITY_TIME_ZONE): 'cancellation' | 'reschedule' | null {
  if (isExpiredBooking(b, now) || isFailedBooking(b)) return null;
  if (localDate(now, timeZone) > localDate(b.tripSlotStartTime, timeZone)) return null;
  if (b.status === 'SYSTEM_CANCELLED' && !b.isCancellationPopUpShown) return 'cancellation';
  if (b.status === 'ACTIVE' && b.prevBookingStatus === 'SYSTEM_RESCHEDULED' && b.bookingId !== b.firstBookingId && !b.isReschedulePopUpShown)
    return 'reschedule';
  return null;
}

/** What the live screen of a booked bus knows: the bus's last report, if any (docs/reservations.md "Live tracking"). */
export interface BookedBusReport {
  /** When it was measured. */
  tS: number;
  /** Actual minus scheduled, seconds; null when the device sends no prediction. */
  delaySeconds: number | null;
  /** Seconds after the first departure the bus has reached on its schedule. */
  scheduleSecs: number;
}

export type BookedBusState = 'NOT_OPEN' | 'NO_DATA' | 'LIVE' | 'PASSED' | 'OVER';

export interface BookedBusStatus {
  state: BookedBusState;
  /** When tracking opens (30 min before the slot). */
  opensAt: number;
  /** When to ask again: a quarter of the time to the slot, never below 120 s (spec §9); no later than the opening. */
  pollAfterMs: number;
  /** Expected at the boarding stop: scheduled + the bus's delay (or scheduled when the delay is unknown or stale). */
  expectedAt: number;
  etaSeconds: number | null;
  delaySeconds: number | null;
  timeliness: Timeliness | null;
}

/**
 * The booked bus against the rider's boarding stop (spec §9 premium tracking): closed until 30 minutes before the
 * slot; from then until `until` (the ride's arrival) the bus's report gives the ETA to the boarding stop and the
 * timeliness (early/on time/late at 300/300/360 s); a report older than 15 minutes or without a prediction gives the
 * scheduled time only; a bus whose schedule position is past the boarding stop has passed it.
 */
export function bookedBusStatus(f: { slotStart: number; boardingAt: number; until: number; bus: BookedBusReport | null }, now: number): BookedBusStatus {
  const opensAt = f.slotStart - PREMIUM_TRACKING.windowOpensBeforeMs;
  const poll = trackingPollMs(f.slotStart, now);
  const base = { opensAt, expectedAt: f.boardingAt, etaSeconds: null, delaySeconds: null, timeliness: null };
  if (now < opensAt) return { ...base, state: 'NOT_OPEN', pollAfterMs: Math.max(PREMIUM_TRACKING.pollingMinimumMs, Math.min(poll, opensAt - now)) };
  if (!isTrackingWindowOpen(f.slotStart, now, f.until)) return { ...base, state: 'OVER', pollAfterMs: poll };
  const bus = f.bus;
  if (!bus) return { ...base, state: 'NO_DATA', pollAfterMs: poll };
  if (f.slotStart + bus.scheduleSecs * 1000 > f.boardingAt) return { ...base, state: 'PASSED', pollAfterMs: poll };
  const delay = bus.delaySeconds !== null && now - bus.tS <= ETA_MAX_AGE_MS ? bus.delaySeconds : null;
  const expectedAt = f.boardingAt + (delay ?? 0) * 1000;
  return {
    state: 'LIVE',
    opensAt,
    pollAfterMs: poll,
    expectedAt,
    etaSeconds: Math.max(0, Math.round((expectedAt - now) / 1000)),
    delaySeconds: delay,
    timeliness: delay === null ? null : timeliness(delay),
  };
}
