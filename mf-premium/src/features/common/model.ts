// Pure pieces of the premium screens (no DOM): the step URLs and their query parameters, passenger counts, which
// message explains a refused request, and how a booking's status looks. Tested beside (model.test.ts).
import { MAX_SEATS_PER_BOOKING, seatStatus, type ProductStatusView } from '@sawari/domain';
import type { ReservationProductName } from '@sawari/contracts';

export type Passengers = { adult: number; child: number; senior: number };
export const NO_PASSENGERS: Passengers = { adult: 1, child: 0, senior: 0 };

/** Where each product's steps live: premium buses and airport trips under /premium-buses, events under /great-escape. */
export function flowPaths(product: ReservationProductName) {
  const escape = product === 'EVENT';
  const q = (o: Record<string, string | number | undefined>) => {
    const s = new URLSearchParams();
    for (const [k, v] of Object.entries(o)) if (v !== undefined && v !== '') s.set(k, String(v));
    return `?${s.toString()}`;
  };
  return {
    home: escape ? '/great-escape' : '/premium-buses',
    slots: (lineId: string, fromStopId: string, toStopId: string, date?: string, passId?: string) =>
      `${escape ? '/great-escape/select-slots' : '/premium-buses/select-slot'}${q({ lineId, fromStopId, toStopId, date, passId })}`,
    /** The fare page keeps the slot's line and day, so its "← Choose a slot" returns to the same list. */
    fare: (tripId: string, fromStopId: string, toStopId: string, p: Passengers, passId?: string, lineId?: string, date?: string) =>
      `${escape ? '/great-escape/fare-details' : '/premium-buses/fare-details'}${q({ tripId, fromStopId, toStopId, adult: p.adult, child: p.child, senior: p.senior, passId, lineId, date })}`,
    pay: (bookingId: string) => `/premium-buses/pay-for-ticket${q({ bookingId })}`,
    success: (id: string) =>
      escape ? `/great-escape/booking-success${q({ transactionId: id })}` : `/premium-buses/ticket-successful-booking/${encodeURIComponent(id)}`,
  };
}
export const paths = {
  summary: (id: string) => `/premium-buses/premium-bus-summary/${encodeURIComponent(id)}`,
  beforeActivation: (id: string) => `/premium-buses/before-activation/${encodeURIComponent(id)}`,
  manage: (id: string, mode?: 'cancel' | 'reschedule') => `/premium-buses/cancellationRescheduleCard/${encodeURIComponent(id)}${mode ? `?mode=${mode}` : ''}`,
  /** A booking's stops name the booking's city (`city`): they open from any city the app is set to. */
  stops: (lineId: string, from: string, to: string, city?: string) =>
    `/premium-buses/viewODStopDetails/${encodeURIComponent(lineId)}/${encodeURIComponent(from)}/${encodeURIComponent(to)}${city ? `?city=${encodeURIComponent(city)}` : ''}`,
  popups: '/premium-buses/tripCancellationCard',
  search: '/premium-buses/search-stops-premium-buses',
  usePass: '/premium-buses/premiumTicketPurchaseUsingPass',
  product: (lineId: string) => `/premium-buses/view-premium-product?lineId=${encodeURIComponent(lineId)}`,
  wallet: '/your-tickets-and-passes',
  walletTicket: (id: string) => `/your-tickets-and-passes/before-activation/${encodeURIComponent(id)}`,
};

/** Passenger counts from the query string: whole numbers 0–6 each, at most 6 together; else null (start again). */
export function passengersFrom(params: URLSearchParams): Passengers | null {
  const read = (k: string, dflt: number) => {
    const v = params.get(k);
    if (v === null) return dflt;
    return /^\d$/.test(v) ? Number(v) : NaN;
  };
  const p = { adult: read('adult', 1), child: read('child', 0), senior: read('senior', 0) };
  if (Object.values(p).some((n) => Number.isNaN(n))) return null;
  const total = p.adult + p.child + p.senior;
  return total >= 1 && total <= MAX_SEATS_PER_BOOKING ? p : null;
}
export const passengerTotal = (p: Passengers) => p.adult + p.child + p.senior;

/** A passenger choice the rider can send: at least one, at most 6, no more than the seats left. */
export function passengerProblem(p: Passengers, seatsLeft: number): 'none' | 'tooMany' | 'notEnoughSeats' | null {
  const n = passengerTotal(p);
  if (n < 1) return 'none';
  if (n > MAX_SEATS_PER_BOOKING) return 'tooMany';
  if (n > seatsLeft) return 'notEnoughSeats';
  return null;
}

/** The message id that explains a refused request (error.<code>), or null for the generic one. */
const KNOWN = new Set([
  'SOLD_OUT',
  'NOT_ENOUGH_SEATS',
  'FARE_CHANGED',
  'HOLD_EXPIRED',
  'TRIP_CANCELLED',
  'TRIP_CLOSED',
  'TRIP_NOT_FOUND',
  'BOOKING_NOT_FOUND',
  'NOT_CANCELLABLE',
  'REFUND_CHANGED',
  'PASS_DAILY_LIMIT',
  'PASS_EXPIRES',
  'REBOOK_WINDOW',
  'NOT_LATEST',
  'NOT_RESCHEDULABLE',
  'RESCHEDULE_IN_PROGRESS',
  'RESERVATIONS_NOT_ENABLED',
  'NETWORK_ERROR',
  'NOT_A_HOLD',
]);
export const errorMessageId = (code?: string): string | null => (code && KNOWN.has(code) ? `error.${code}` : null);

/** mm:ss of a countdown. */
export const mmss = (seconds: number): string => `${Math.floor(Math.max(0, seconds) / 60)}:${String(Math.max(0, seconds) % 60).padStart(2, '0')}`;

/** YYYYMMDD → the date as the API wants it; also checks a query value. */
export const isYmd = (v: string | null): v is string => !!v && /^20\d{6}$/.test(v);

/** What the seat summary shows for a booking: its boarding section, the QR link in it, and each ticket action. */
export interface SeatParts {
  /** How to board and the live bus: a seat that will be or is usable, or one the rider is riding on. */
  boarding: boolean;
  /** The link to the seat's QR in the wallet: only while the code can (or will) be shown. */
  qr: boolean;
  change: boolean;
  cancel: boolean;
  findStop: boolean;
  chat: boolean;
  call: boolean;
}

/**
 * The one rule of the seat summary: a part shows only when the shared status model (shared/domain seatStatus) allows
 * it for the seat's state, and an action only when the API offers it too (`offered`: the booking's spec §4 actions).
 * So an expired, cancelled, replaced, moved, refunded, failed or pending seat never offers boarding, a change or a
 * cancel, whatever the API's list says; and an action the API withdrew (the slot started) is not shown either.
 */
export function seatParts(v: Pick<ProductStatusView, 'headline' | 'actions'>, offered: readonly string[]): SeatParts {
  const code = v.actions.includes('showCode') || v.actions.includes('whenValid');
  const riding = v.headline === 'boarded';
  const both = (allowed: boolean, action: string) => allowed && offered.includes(action);
  return {
    boarding: code || riding,
    qr: code,
    change: both(v.actions.includes('change'), 'RESCHEDULE_RIDE'),
    cancel: both(v.actions.includes('cancel'), 'CANCEL_RIDE'),
    findStop: both(code || riding, 'FIND_MY_STOP'),
    // help is for every state (a refund that did not arrive, a cancelled trip): the API decides
    chat: offered.includes('CHAT_SUPPORT'),
    call: offered.includes('CALL_SUPPORT'),
  };
}

/** A booking as the step rules read it (the API's Booking has more). */
type BookingState = { status: string; tripSlotStartTime: number; arrivalTime: number };
/** Seat headlines of a booking that is paid for and still ahead of the rider or being ridden. */
const PAID_AND_USABLE = new Set(['valid', 'notYetValid', 'boarded']);

/**
 * What the pay step shows for a booking, decided from its status and the shared status model (never "Pay" for a seat
 * that is no longer the rider's to pay for):
 * - `hold`: seats kept, countdown and Pay; `retry`: a payment failed, the booking may be paid again (the API allows it);
 * - `lapsed`: the hold ran out or the booking failed: choose another slot;
 * - `confirming`: a payment is under way: its outcome is on the success page;
 * - `paid`: paid and usable: see the seat; `closed`: anything else (cancelled, replaced, moved, refunded, expired,
 *   used): its status and a link to the booking.
 * `holdSecondsLeft`: the countdown as the screen runs it (0: the hold ran out; null: none).
 */
export type PayStep = 'hold' | 'retry' | 'lapsed' | 'confirming' | 'paid' | 'closed';
export function payStep(b: BookingState, now: number, holdSecondsLeft: number | null): PayStep {
  switch (b.status) {
    case 'BOOKING_UNDER_PROCESS':
      return holdSecondsLeft === 0 ? 'lapsed' : 'hold';
    case 'PAYMENT_FAILED':
      return now >= b.tripSlotStartTime ? 'closed' : 'retry';
    case 'BOOKING_FAILED':
      return 'lapsed';
    case 'PAYMENT_PROCESSING':
      return 'confirming';
    default:
      return PAID_AND_USABLE.has(seatStatus(b, now).headline) ? 'paid' : 'closed';
  }
}

/**
 * What the page the checkout returns to says (heading and body), from the same rules:
 * - `waiting`: the payment is being confirmed (the page polls); `unpaid`: the booking was never paid (still held):
 *   back to paying; `paymentFailed`: the payment did not go through, paying again is allowed; `failed`: the seats
 *   were let go, nothing charged;
 * - `booked`: paid and usable (the QR); `closed`: paid once, but now cancelled, replaced, moved, refunded, expired or
 *   used: its status, and the booking's page for the refund and the rest. Never "booked" for a seat that is not.
 */
export type SuccessStep = 'waiting' | 'unpaid' | 'paymentFailed' | 'failed' | 'booked' | 'closed';
export function successStep(b: BookingState, now: number): SuccessStep {
  switch (b.status) {
    case 'PAYMENT_PROCESSING':
      return 'waiting';
    case 'BOOKING_UNDER_PROCESS':
      return 'unpaid';
    case 'PAYMENT_FAILED':
      return now >= b.tripSlotStartTime ? 'failed' : 'paymentFailed';
    case 'BOOKING_FAILED':
      return 'failed';
    default:
      return PAID_AND_USABLE.has(seatStatus(b, now).headline) ? 'booked' : 'closed';
  }
}
