import { z } from 'zod';
import { passengerFareGroupSchema } from './tickets';

/**
 * Reserved seats (premium buses, airport express, event trips): spec §7 Tickets "premium reserve-ticket getActions,
 * cancel-booking, reschedule-booking; booking trip details and trip slots; stop-pair search; seat availability with mode
 * 2". Amounts are integer paise. docs/reservations.md.
 */

const safe = (what: string, max = 60) =>
  z
    .string()
    .min(1, `must be a ${what}`)
    .max(max, `must be a ${what}`)
    .regex(/^[A-Za-z0-9._-]+$/, `must be a ${what}`);
export const reservationCitySchema = z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a city id');
export const reservationProductSchema = z.enum(['PREMIUM', 'AIRPORT', 'EVENT']);
export type ReservationProductName = z.infer<typeof reservationProductSchema>;
const stopIdSchema = safe('stop id');
export const lineIdSchema = safe('line id');
/** `<lineId>.<YYYYMMDDHHMM>` in India time. */
export const tripIdSchema = z
  .string()
  .max(80)
  .regex(/^[A-Za-z0-9_-]+\.\d{12}$/, 'must be a trip id');
export const bookingIdSchema = z.string().regex(/^RSV-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be a booking id (RSV-…)');
const seatCount = z.number().int('must be a whole number').min(0, 'cannot be negative').max(6, 'at most 6');
export const seatPassengersSchema = z.object({ adult: seatCount.default(0), child: seatCount.default(0), senior: seatCount.default(0) }).strict();
export type SeatPassengersInput = z.infer<typeof seatPassengersSchema>;
const ymd = z.string().regex(/^20\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/, 'must be a date YYYYMMDD');

/** GET /api/reservations/v1/cities/:city/lines?product= */
export const linesQuerySchema = z.object({ product: reservationProductSchema.optional() }).strict();
/** GET …/stop-pairs?product=&fromStopId=&toStopId= (stop-pair search) */
export const stopPairsQuerySchema = z
  .object({ product: reservationProductSchema, fromStopId: stopIdSchema.optional(), toStopId: stopIdSchema.optional() })
  .strict();
/** GET …/slots?lineId=&fromStopId=&toStopId=&date= (trip slots; date in India, default today) */
export const slotsQuerySchema = z.object({ lineId: lineIdSchema, fromStopId: stopIdSchema, toStopId: stopIdSchema, date: ymd.optional() }).strict();
/** GET /api/reservations/v1/trips/:tripId/seat-availability?mode=2 (spec §7: seat-availability requests set a mode of 2) */
export const seatAvailabilityQuerySchema = z.object({ mode: z.literal('2', { message: 'mode must be 2' }) }).strict();

const rideSchema = z.object({ tripId: tripIdSchema, fromStopId: stopIdSchema, toStopId: stopIdSchema });
/** POST /api/reservations/v1/fare: one option (a slot) or several (an outbound and a return), aggregated (spec §4). */
export const reservationFareRequestSchema = z
  .object({ options: z.array(rideSchema).min(1, 'needs at least one option').max(4, 'at most 4 options'), passengers: seatPassengersSchema })
  .strict();
export type ReservationFareRequest = z.infer<typeof reservationFareRequestSchema>;
/** POST /api/reservations/v1/bookings: hold seats (10 min) for the fare the rider saw. */
export const holdRequestSchema = rideSchema
  .extend({
    passengers: seatPassengersSchema,
    farePaise: z.number().int().min(0).max(10_000_000),
    /** premiumTicketPurchaseUsingPass: the rider's premium pass pays (₹0). */
    passId: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/, 'must be a pass id')
      .optional(),
  })
  .strict();
export type HoldRequest = z.infer<typeof holdRequestSchema>;
/** POST …/bookings/:bookingId/reschedule */
export const rescheduleRequestSchema = z.object({ tripId: tripIdSchema, farePaise: z.number().int().min(-10_000_000).max(10_000_000) }).strict();
/** POST …/bookings/:bookingId/cancel: the refund the rider was shown (409 REFUND_CHANGED if it moved meanwhile). */
export const cancelRequestSchema = z.object({ refundPaise: z.number().int().min(0).max(10_000_000) }).strict();
/** POST …/bookings/:bookingId/popups */
export const popupShownRequestSchema = z.object({ kind: z.enum(['cancellation', 'reschedule']) }).strict();
/** GET …/cities/:city/premium-passes?date= */
export const premiumPassesQuerySchema = z.object({ date: ymd.optional() }).strict();
export const bookingsQuerySchema = z.object({ city: reservationCitySchema.optional() }).strict();

/** Operators (authorization: Ops <key>). */
export const opsCancelTripSchema = z
  .object({
    disruption: z.enum(['WEATHER', 'TRAFFIC', 'BREAKDOWN']),
    note: z
      .string()
      .max(500)
      .regex(/^[^\u0000]*$/, 'must not contain NUL')
      .optional(),
  })
  .strict();
export const opsMoveTripSchema = z.object({ toTripId: tripIdSchema }).strict();
export const opsAssignVehicleSchema = z
  .object({
    vehicleNo: z
      .string()
      .min(3)
      .max(20)
      .regex(/^[A-Z0-9 -]+$/, 'must be a vehicle number (A-Z, 0-9)'),
  })
  .strict();
export const opsTripsQuerySchema = z.object({ lineId: lineIdSchema.optional(), date: ymd.optional() }).strict();

export interface ReservationStop {
  stopId: string;
  name: string;
  lat: number;
  lon: number;
  offsetMin: number;
}
export interface ReservationLine {
  id: string;
  city: string;
  product: ReservationProductName;
  code: string;
  name: string;
  busType: string;
  isAc: boolean;
  agency: string;
  capacity: number;
  description: string;
  stops: ReservationStop[];
  fromPaise: number;
  transitRouteId: string | null;
}
export interface StopPair {
  line: ReservationLine;
  from: ReservationStop;
  to: ReservationStop;
  fares: Partial<Record<'adult' | 'child' | 'senior', number>>;
}
export interface TripSlot {
  tripId: string;
  lineId: string;
  startTime: number;
  boardingTime: number;
  arrivalTime: number;
  seatsLeft: number;
  capacity: number;
  availability: 'SOLD_OUT' | 'FEW_SEATS_LEFT' | null;
  status: string;
  dayLabel: string | null;
  bookable: boolean;
  /** One adult's fare on this slot (a peak slot costs more), null when the pair has no adult fare. */
  adultPaise: number | null;
  peak: boolean;
}
export const reservationFareResultSchema = z.object({
  roundingLogic: z.string().optional(),
  passengerDetails: z.array(passengerFareGroupSchema),
  totalAvailableSeats: z.number().int(),
  payableAmount: z.number().int(),
  actualAmount: z.number().int(),
});
export type ReservationFareResult = z.infer<typeof reservationFareResultSchema>;

export interface ReservationRefund {
  id: string;
  reason: string;
  amountPaise: number;
  status: 'REQUESTED' | 'PENDING' | 'SUCCESS' | 'FAILED';
  failureReason: string | null;
  createdAt: number;
}
export interface Booking {
  bookingId: string;
  transactionId: string;
  city: string;
  product: ReservationProductName;
  status: string;
  label: string;
  lineId: string;
  lineCode: string;
  lineName: string;
  busType: string;
  isAc: boolean;
  transitRouteId: string | null;
  tripId: string;
  tripStatus: string;
  disruption: string | null;
  from: ReservationStop;
  to: ReservationStop;
  passengers: SeatPassengersInput;
  seats: number;
  fare: ReservationFareResult;
  farePaise: number;
  amountPaise: number;
  paidWith: 'PAYMENT' | 'PASS' | 'RESCHEDULE';
  passId: string | null;
  tripSlotStartTime: number;
  estimatedStopTime: number;
  arrivalTime: number;
  vehicleNo: string | null;
  holdExpiresAt: number | null;
  holdSecondsLeft: number | null;
  firstBookingId: string;
  firstBookingInfo: { bookingId: string; tripSlotStartTime: number } | null;
  prevBookingId: string | null;
  prevBookingStatus: string | null;
  isCancellationPopUpShown: boolean;
  isReschedulePopUpShown: boolean;
  popUp: 'cancellation' | 'reschedule' | null;
  actions: string[];
  cancellation: { refundPercent: number; refundPaise: number; canCancel: boolean };
  refunds: ReservationRefund[];
  bookingTime: number;
  issuedAt: number | null;
  cancelledAt: number | null;
  dayLabel: string | null;
  serverTime: number;
}

/** GET /api/reservations/v1/bookings/:bookingId/tracking: the booked bus against the boarding stop (docs/reservations.md). */
export interface BookingTracking {
  bookingId: string;
  lineId: string;
  lineCode: string;
  lineName: string;
  /** NOT_OPEN until 30 min before the slot; NO_DATA: no report from the bus; PASSED: it has left the boarding stop. */
  state: 'NOT_OPEN' | 'NO_DATA' | 'LIVE' | 'PASSED' | 'OVER';
  opensAt: number;
  until: number;
  /** Ask again after this long (never below 120 s). */
  pollAfterMs: number;
  serverTime: number;
  vehicleNo: string | null;
  boarding: ReservationStop & { scheduledAt: number };
  drop: ReservationStop;
  /** The line's stops in running order (the bus's path). */
  path: ReservationStop[];
  vehicle: { lat: number; lon: number; bearing: number | null; tS: number; nextStopId: string | null; nextStopName: string | null; departed: boolean } | null;
  expectedAt: number;
  etaSeconds: number | null;
  delaySeconds: number | null;
  timeliness: 'Arriving Early' | 'On Time' | 'Running behind' | 'Delayed' | null;
}
