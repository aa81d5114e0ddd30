/** Premium-bus rules: spec §4 "Reschedule and cancel pop-ups", "Premium rebooking"; §9 rebook window. */
import { CITY_TIME_ZONE } from './constants';
import { localDate } from './service-day';

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
  if (b.status === 'ACTIVE' && b.prevBookingStatus === 'SYSTEM_RESCHEDULED' && b.bookingId !== b.firstBookingId && !b.isReschedulePopUpShown) return 'reschedule';
  return null;
}
