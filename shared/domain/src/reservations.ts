/**
 * Reserved seats (premium buses, airport express, event trips): the pure rules of the seat-inventory engine and the
 * rider's screens. Spec §4 premium statuses, seat availability, §9 premium constants. The rebook rule and the pop-up
 * rule are in ./premium (canRebook, popUpFor); timeliness and occupancy in ./transit; fare aggregation in ./passes.
 * Amounts are integer paise. Every function takes `now`; nothing reads the wall clock. docs/reservations.md.
 */
import { cityDateTimeMs, isoFromYmd } from './city-time';
import { CITY_TIME_ZONE, DAY_MS, MINUTE_MS } from './constants';
import type { FareResult, PassengerFareGroup } from './passes';
import { localDate } from './service-day';

/** The three product lines on one engine. */
export const RESERVATION_PRODUCTS = ['PREMIUM', 'AIRPORT', 'EVENT'] as const;
export type ReservationProduct = (typeof RESERVATION_PRODUCTS)[number];

/** Spec §4 premium ticket statuses (what a booking is once it exists as a ticket). */
export const PREMIUM_TICKET_STATUSES = [
  'ACTIVE',
  'PAYMENT_PROCESSING',
  'PAYMENT_FAILED',
  'USED',
  'USER_CANCELLED',
  'SYSTEM_CANCELLED',
  'USER_RESCHEDULED',
  'SYSTEM_RESCHEDULED',
  'EXPIRED',
  'PUNCHED',
] as const;
/** Spec §4: the booking list additionally has these (a hold being paid, a hold that lapsed or could not be issued). */
export const BOOKING_LIST_STATUSES = [...PREMIUM_TICKET_STATUSES, 'BOOKING_UNDER_PROCESS', 'BOOKING_FAILED', 'FAILED'] as const;
export type BookingStatus = (typeof BOOKING_LIST_STATUSES)[number];
export const TRIP_STATUSES = ['PLANNED', 'ACTIVE', 'CANCELLED', 'COMPLETED'] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];

/** Statuses in which a booking occupies seats on its trip (the seat counter includes them). */
export const SEAT_HOLDING_STATUSES: readonly BookingStatus[] = ['BOOKING_UNDER_PROCESS', 'PAYMENT_PROCESSING', 'ACTIVE', 'PUNCHED', 'USED'];

/** Passenger categories of a reserved seat (spec §3 passenger fare group ids). */
export const SEAT_CATEGORIES = ['adult', 'child', 'senior'] as const;
export type SeatCategory = (typeof SEAT_CATEGORIES)[number];
export type SeatPassengers = Partial<Record<SeatCategory, number>>;

/** A hold lasts 10 minutes; the rider sees it count down. */
export const HOLD_MS = 10 * MINUTE_MS;
/** At most this many seats on one booking. */
export const MAX_SEATS_PER_BOOKING = 6;

/** Seconds left on a hold (0 once lapsed), for the countdown. */
export const holdSecondsLeft = (holdExpiresAt: number, now: number): number => Math.max(0, Math.ceil((holdExpiresAt - now) / 1000));
export const isHoldLapsed = (holdExpiresAt: number, now: number): boolean => now >= holdExpiresAt;

/**
 * Seat availability (spec §4). Our threshold: FEW_SEATS_LEFT when 5 seats or fewer are free (one booking's worth at most
 * of the usual 1–6 seats), SOLD_OUT at 0; null (plenty) above. A trip that is not PLANNED is SOLD_OUT for sale.
 */
export const FEW_SEATS_THRESHOLD = 5;
export type SeatAvailability = 'SOLD_OUT' | 'FEW_SEATS_LEFT';
export function seatAvailability(seatsLeft: number): SeatAvailability | null {
  if (seatsLeft <= 0) return 'SOLD_OUT';
  if (seatsLeft <= FEW_SEATS_THRESHOLD) return 'FEW_SEATS_LEFT';
  return null;
}

/**
 * Rider cancellation policy (CANCEL_RIDE): 100 % refund when cancelled at least 60 minutes before the slot, 50 % at
 * least 15 minutes before, nothing after (and no cancelling once the slot has started). Exactly 60 min before is 100 %,
 * exactly 15 min before is 50 %. Half a fare is rounded down to the paisa (the rider never gets more than half).
 */
export const FULL_REFUND_BEFORE_MS = 60 * MINUTE_MS;
export const HALF_REFUND_BEFORE_MS = 15 * MINUTE_MS;
export interface CancellationQuote {
  refundPercent: 0 | 50 | 100;
  refundPaise: number;
  canCancel: boolean;
}
export function cancellationQuote(amountPaise: number, slotStart: number, now: number): CancellationQuote {
  const before = slotStart - now;
  if (before <= 0) return { refundPercent: 0, refundPaise: 0, canCancel: false };
  if (before >= FULL_REFUND_BEFORE_MS) return { refundPercent: 100, refundPaise: amountPaise, canCancel: true };
  if (before >= HALF_REFUND_BEFORE_MS) return { refundPercent: 50, refundPaise: Math.floor(amountPaise / 2), canCancel: true };
  return { refundPercent: 0, refundPaise: 0, canCancel: true };
}

/**
 * Rescheduling (RESCHEDULE_RIDE) is allowed until the old slot starts, to a later-than-now slot of the same stop pair at
 * least the rebook window away (canRebook in ./premium). The fare difference: positive = the rider pays it, negative =
 * refunded.
 */
export const fareDifference = (oldPaise: number, newPaise: number): number => newPaise - oldPaise;

/**
 * Booking day labels (spec §9): 'today', 'tomorrow', else the weekday name (within the following week), else null (the
 * caller shows the date). Days are calendar days in Asia/Kolkata.
 */
export type DayLabel = 'today' | 'tomorrow' | 'sunday' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday';
const WEEKDAYS: DayLabel[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
export function bookingDayLabel(slotMs: number, now: number, timeZone: string = CITY_TIME_ZONE): DayLabel | null {
  const days = daysBetween(localDate(now, timeZone), localDate(slotMs, timeZone));
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days > 1 && days < 7) return WEEKDAYS[new Date(ymdUtc(localDate(slotMs, timeZone))).getUTCDay()];
  return null;
}
/** YYYYMMDD → epoch ms of that date's UTC midnight (only for counting days and weekdays). */
const ymdUtc = (ymd: string): number => Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(4, 6)) - 1, Number(ymd.slice(6, 8)));
const daysBetween = (a: string, b: string): number => Math.round((ymdUtc(b) - ymdUtc(a)) / DAY_MS);

/** Premium tracking (spec §9, the one enabled city). */
export const PREMIUM_TRACKING = {
  pollingMinimumMs: 120_000,
  frequencyFactor: 0.25,
  runningLateSecs: 360,
  onTimeBufferSecs: 300,
  arrivedEarlySecs: 300,
  windowOpensBeforeMs: 30 * MINUTE_MS,
} as const;
/** The booked bus is tracked from 30 minutes before the slot until the slot's trip is over (`trackingUntil`). */
export const isTrackingWindowOpen = (slotStart: number, now: number, trackingUntil: number): boolean =>
  now >= slotStart - PREMIUM_TRACKING.windowOpensBeforeMs && now < trackingUntil;
/** How long to wait before the next live poll: a quarter of the time left to the slot, never below 120 s. */
export const trackingPollMs = (slotStart: number, now: number): number =>
  Math.max(PREMIUM_TRACKING.pollingMinimumMs, Math.round(PREMIUM_TRACKING.frequencyFactor * Math.max(0, slotStart - now)));

/** Spec §6: premium native features in one city within an app-version window; this app is version 1001. */
export const APP_VERSION = 1001;
export const PREMIUM_APP_VERSION_WINDOW = { min: 800, max: 10_000 } as const;
export const PREMIUM_CITY = 'mumbai';
export const isPremiumEnabled = (city: string, appVersion: number = APP_VERSION): boolean =>
  city === PREMIUM_CITY && appVersion >= PREMIUM_APP_VERSION_WINDOW.min && appVersion <= PREMIUM_APP_VERSION_WINDOW.max;

/** 'non-ac' is a special marker (spec §9): a line whose type is exactly 'non-ac' has no air conditioning. */
export const NON_AC = 'non-ac';
export const isAc = (busType: string | null | undefined): boolean => busType !== NON_AC;

/** Which of a booking's statuses the rider sees as what (spec §4 labels, reserved-seat reading). */
export type BookingLabel = 'confirmed' | 'cancelled' | 'rescheduled' | 'failed' | 'pending' | 'used' | 'expired';
export function bookingLabel(status: BookingStatus, slotEnd: number, now: number): BookingLabel {
  switch (status) {
    case 'USER_CANCELLED':
    case 'SYSTEM_CANCELLED':
      return 'cancelled';
    case 'USER_RESCHEDULED':
    case 'SYSTEM_RESCHEDULED':
      return 'rescheduled';
    case 'PAYMENT_FAILED':
    case 'BOOKING_FAILED':
    case 'FAILED':
      return 'failed';
    case 'PAYMENT_PROCESSING':
    case 'BOOKING_UNDER_PROCESS':
      return 'pending';
    case 'USED':
    case 'PUNCHED':
      return 'used';
    case 'EXPIRED':
      return 'expired';
    case 'ACTIVE':
      return now >= slotEnd ? 'expired' : 'confirmed';
  }
}

/** Rider ticket actions (spec §4) offered for a booking now. */
export const TICKET_ACTIONS = ['CANCEL_RIDE', 'RESCHEDULE_RIDE', 'FIND_MY_STOP', 'CHAT_SUPPORT', 'CALL_SUPPORT'] as const;
export type TicketAction = (typeof TICKET_ACTIONS)[number];
export function ticketActions(b: { status: BookingStatus; slotStart: number; paidWithPass: boolean }, now: number): TicketAction[] {
  const actions: TicketAction[] = [];
  if (b.status === 'ACTIVE' && now < b.slotStart) {
    actions.push('CANCEL_RIDE');
    actions.push('RESCHEDULE_RIDE');
  }
  if (b.status === 'ACTIVE' || b.status === 'PUNCHED') actions.push('FIND_MY_STOP');
  actions.push('CHAT_SUPPORT', 'CALL_SUPPORT');
  return actions;
}

/** One stop pair's fares per category, in paise (the line's fare table). */
export type CategoryFares = Partial<Record<SeatCategory, number>>;
export const CATEGORY_NAMES: Record<SeatCategory, string> = { adult: 'Adult', child: 'Child', senior: 'Senior citizen' };
export const SEAT_FARE_LINE = 'Seat fare';

export const seatCount = (p: SeatPassengers): number => SEAT_CATEGORIES.reduce((n, c) => n + (p[c] ?? 0), 0);
export type SeatRequestError = 'NO_PASSENGERS' | 'TOO_MANY_PASSENGERS' | 'CATEGORY_NOT_SOLD';
export function checkSeatRequest(p: SeatPassengers, fares: CategoryFares): SeatRequestError | null {
  const n = seatCount(p);
  if (n <= 0) return 'NO_PASSENGERS';
  if (n > MAX_SEATS_PER_BOOKING) return 'TOO_MANY_PASSENGERS';
  for (const c of SEAT_CATEGORIES) if ((p[c] ?? 0) > 0 && fares[c] == null) return 'CATEGORY_NOT_SOLD';
  return null;
}

/**
 * Spec §3 Fare result for one slot: a passenger group per category with riders; `actualAmount` at the adult fare,
 * `payableAmount` at the category's fare, a concession line for the difference; categorySeatLimit = min(seats left,
 * the per-booking maximum); totalAvailableSeats = seats left.
 */
export function seatFare(fares: CategoryFares, p: SeatPassengers, seatsLeft: number): FareResult & { payableAmount: number; actualAmount: number } {
  const adult = fares.adult ?? Math.max(...SEAT_CATEGORIES.map((c) => fares[c] ?? 0));
  const groups: PassengerFareGroup[] = [];
  for (const c of SEAT_CATEGORIES) {
    const n = p[c] ?? 0;
    const fare = fares[c];
    if (!n || fare == null) continue;
    const actual = n * adult;
    const payable = n * fare;
    const lines = [{ name: SEAT_FARE_LINE, value: actual }];
    if (payable !== actual) lines.push({ name: `${CATEGORY_NAMES[c]} concession`, value: payable - actual });
    groups.push({
      id: c,
      name: CATEGORY_NAMES[c],
      isDiscountApplicable: payable < actual,
      payableAmount: payable,
      actualAmount: actual,
      fareBreakup: lines,
      categorySeatLimit: Math.max(0, Math.min(seatsLeft, MAX_SEATS_PER_BOOKING)),
    });
  }
  return {
    roundingLogic: 'NONE',
    passengerDetails: groups,
    totalAvailableSeats: Math.max(0, seatsLeft),
    payableAmount: groups.reduce((s, g) => s + g.payableAmount, 0),
    actualAmount: groups.reduce((s, g) => s + g.actualAmount, 0),
  };
}

/** Slots of a line on a date: every `headwayMin` from `firstMin` to `lastMin` (minutes after local midnight, inclusive). */
export function slotMinutes(firstMin: number, lastMin: number, headwayMin: number): number[] {
  if (headwayMin <= 0 || lastMin < firstMin) return [];
  const out: number[] = [];
  for (let m = firstMin; m <= lastMin; m += headwayMin) out.push(m);
  return out;
}

/** Epoch ms of `minutes` after local midnight of `ymd` (YYYYMMDD) in the city (city-time's cityDateTimeMs). */
export const indiaSlotMs = (ymd: string, minutes: number): number => cityDateTimeMs(isoFromYmd(ymd), minutes, CITY_TIME_ZONE) ?? Number.NaN;

/** A line's busy hours, when its seats cost more (the demo's Thane – BKC evening rush): docs/reservations.md. */
export interface PeakPricing {
  /** 0 = Sunday … 6 = Saturday (India). */
  weekdays: number[];
  /** Slots starting from this minute of the day (India) … */
  fromMin: number;
  /** … up to, not including, this one. */
  toMin: number;
  surchargePercent: number;
}

/** True when the slot starts inside the peak: fromMin ≤ its minute of the day in India < toMin, on a listed weekday. */
export function isPeakSlot(peak: PeakPricing | null | undefined, slotStart: number): boolean {
  if (!peak) return false;
  const ymd = localDate(slotStart, CITY_TIME_ZONE);
  const minute = Math.round((slotStart - indiaSlotMs(ymd, 0)) / MINUTE_MS);
  return peak.weekdays.includes(new Date(ymdUtc(ymd)).getUTCDay()) && minute >= peak.fromMin && minute < peak.toMin;
}

/** A slot's fares: in the peak every category's fare is raised by the surcharge, rounded to the rupee; else as is. */
export function slotFares(fares: CategoryFares, peak: PeakPricing | null | undefined, slotStart: number): CategoryFares {
  if (!isPeakSlot(peak, slotStart)) return fares;
  const raise = (paise: number | undefined) => (paise == null ? undefined : Math.round((paise * (100 + peak!.surchargePercent)) / 100 / 100) * 100);
  const out: CategoryFares = {};
  for (const [k, v] of Object.entries(fares) as [keyof CategoryFares, number | undefined][]) if (v != null) out[k] = raise(v);
  return out;
}
