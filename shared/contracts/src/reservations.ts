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

// --- answers (response schemas: a route's answer is parsed by its schema, so a key not named here is never sent) ---
// Plain objects (not strict): a field the service adds by mistake is dropped, not refused. Wire types are z.infer of
// these, for the API and the remotes alike (docs/reservations.md lists every answer).

const seatCategoryFaresSchema = z.object({ adult: z.number().int().optional(), child: z.number().int().optional(), senior: z.number().int().optional() });
export const reservationStopSchema = z.object({ stopId: z.string(), name: z.string(), lat: z.number(), lon: z.number(), offsetMin: z.number() });
export type ReservationStop = z.infer<typeof reservationStopSchema>;
export const reservationLineSchema = z.object({
  id: z.string(),
  city: z.string(),
  product: reservationProductSchema,
  code: z.string(),
  name: z.string(),
  busType: z.string(),
  isAc: z.boolean(),
  agency: z.string(),
  capacity: z.number().int(),
  description: z.string(),
  /** Its texts in the app's other languages, keyed by the English text ({ hi: { "<description>": "<Hindi>" } }). */
  translations: z.record(z.string(), z.record(z.string(), z.string())).optional(),
  stops: z.array(reservationStopSchema),
  fromPaise: z.number().int(),
  transitRouteId: z.string().nullable(),
  /** Its transit route's colours in the city's feed ('#RRGGBB'), for the route badge; null where the feed has none. */
  color: z.string().nullable().optional(),
  textColor: z.string().nullable().optional(),
});
export type ReservationLine = z.infer<typeof reservationLineSchema>;
export const stopPairSchema = z.object({ line: reservationLineSchema, from: reservationStopSchema, to: reservationStopSchema, fares: seatCategoryFaresSchema });
export type StopPair = z.infer<typeof stopPairSchema>;
export const seatAvailabilityLabelSchema = z.enum(['SOLD_OUT', 'FEW_SEATS_LEFT']).nullable();
export const tripSlotSchema = z.object({
  tripId: z.string(),
  lineId: z.string(),
  startTime: z.number(),
  boardingTime: z.number(),
  arrivalTime: z.number(),
  seatsLeft: z.number().int(),
  capacity: z.number().int(),
  availability: seatAvailabilityLabelSchema,
  status: z.string(),
  dayLabel: z.string().nullable(),
  bookable: z.boolean(),
  /** One adult's fare on this slot (a peak slot costs more), null when the pair has no adult fare. */
  adultPaise: z.number().int().nullable(),
  peak: z.boolean(),
});
export type TripSlot = z.infer<typeof tripSlotSchema>;

/** GET …/cities/:city/lines */
export const reservationLinesResponseSchema = z.object({ city: z.string(), lines: z.array(reservationLineSchema) });
export type ReservationLinesResponse = z.infer<typeof reservationLinesResponseSchema>;
/** GET …/cities/:city/stop-pairs */
export const stopPairsResponseSchema = z.object({ city: z.string(), pairs: z.array(stopPairSchema) });
export type StopPairsResponse = z.infer<typeof stopPairsResponseSchema>;
/** GET …/cities/:city/slots: the pair's fares per category and the day's slots. */
export const tripSlotsResponseSchema = z.object({
  city: z.string(),
  date: z.string(),
  line: reservationLineSchema,
  from: reservationStopSchema,
  to: reservationStopSchema,
  fares: seatCategoryFaresSchema,
  slots: z.array(tripSlotSchema),
});
export type TripSlotsResponse = z.infer<typeof tripSlotsResponseSchema>;
/** GET …/cities/:city/lines/:lineId/days: the next bookable days (YYYYMMDD, India), at most 14. */
export const slotDaysResponseSchema = z.object({ city: z.string(), lineId: z.string(), days: z.array(z.string()) });
export type SlotDaysResponse = z.infer<typeof slotDaysResponseSchema>;
/** GET …/trips/:tripId/seat-availability?mode=2 */
export const seatAvailabilityResponseSchema = z.object({
  tripId: z.string(),
  /** The mode asked for (always 2, spec §7). */
  mode: z.number().int(),
  startTime: z.number(),
  capacity: z.number().int(),
  seatsLeft: z.number().int(),
  status: z.string(),
  availability: seatAvailabilityLabelSchema,
});
export type SeatAvailabilityResponse = z.infer<typeof seatAvailabilityResponseSchema>;
/** GET …/cities/:city/premium-passes: the rider's active premium passes, with their rides on the day asked. */
export const premiumPassInfoSchema = z.object({
  passId: z.string(),
  city: z.string(),
  name: z.string(),
  /** -1: no daily limit. */
  maxTripsPerDay: z.number().int(),
  validUntil: z.number(),
  date: z.string(),
  bookedThatDay: z.number().int(),
  ridesLeftThatDay: z.number().int().nullable(),
});
export type PremiumPassInfo = z.infer<typeof premiumPassInfoSchema>;
export const premiumPassesResponseSchema = z.object({ city: z.string(), passes: z.array(premiumPassInfoSchema) });
export type PremiumPassesResponse = z.infer<typeof premiumPassesResponseSchema>;

export const reservationFareResultSchema = z.object({
  roundingLogic: z.string().optional(),
  passengerDetails: z.array(passengerFareGroupSchema),
  totalAvailableSeats: z.number().int(),
  payableAmount: z.number().int(),
  actualAmount: z.number().int(),
});
export type ReservationFareResult = z.infer<typeof reservationFareResultSchema>;
/** POST …/fare: the options aggregated, and each option's own fare. */
export const reservationFareResponseSchema = reservationFareResultSchema.extend({ options: z.array(reservationFareResultSchema) });
export type ReservationFareResponse = z.infer<typeof reservationFareResponseSchema>;

export const reservationRefundSchema = z.object({
  id: z.string(),
  reason: z.string(),
  amountPaise: z.number().int(),
  status: z.enum(['REQUESTED', 'PENDING', 'SUCCESS', 'FAILED']),
  failureReason: z.string().nullable(),
  createdAt: z.number(),
});
export type ReservationRefund = z.infer<typeof reservationRefundSchema>;
const bookingPopUpSchema = z.enum(['cancellation', 'reschedule']).nullable();
const bookingCancellationSchema = z.object({ refundPercent: z.number(), refundPaise: z.number().int(), canCancel: z.boolean() });
/** A booking as the rider sees it (GET …/bookings/:bookingId and every booking-changing answer). */
export const bookingSchema = z.object({
  bookingId: z.string(),
  transactionId: z.string(),
  city: z.string(),
  product: reservationProductSchema,
  status: z.string(),
  label: z.string(),
  lineId: z.string(),
  lineCode: z.string(),
  lineName: z.string(),
  busType: z.string(),
  isAc: z.boolean(),
  transitRouteId: z.string().nullable(),
  tripId: z.string(),
  tripStatus: z.string(),
  disruption: z.string().nullable(),
  from: reservationStopSchema,
  to: reservationStopSchema,
  passengers: z.object({ adult: z.number().int(), child: z.number().int(), senior: z.number().int() }),
  seats: z.number().int(),
  fare: reservationFareResultSchema,
  farePaise: z.number().int(),
  amountPaise: z.number().int(),
  paidWith: z.enum(['PAYMENT', 'PASS', 'RESCHEDULE']),
  passId: z.string().nullable(),
  tripSlotStartTime: z.number(),
  estimatedStopTime: z.number(),
  arrivalTime: z.number(),
  vehicleNo: z.string().nullable(),
  holdExpiresAt: z.number().nullable(),
  holdSecondsLeft: z.number().nullable(),
  firstBookingId: z.string(),
  firstBookingInfo: z.object({ bookingId: z.string(), tripSlotStartTime: z.number() }).nullable(),
  prevBookingId: z.string().nullable(),
  prevBookingStatus: z.string().nullable(),
  isCancellationPopUpShown: z.boolean(),
  isReschedulePopUpShown: z.boolean(),
  popUp: bookingPopUpSchema,
  actions: z.array(z.string()),
  cancellation: bookingCancellationSchema,
  refunds: z.array(reservationRefundSchema),
  bookingTime: z.number(),
  issuedAt: z.number().nullable(),
  cancelledAt: z.number().nullable(),
  dayLabel: z.string().nullable(),
  serverTime: z.number(),
});
export type Booking = z.infer<typeof bookingSchema>;
/** GET …/bookings (newest first) */
export const bookingListSchema = z.object({ bookings: z.array(bookingSchema), serverTime: z.number() });
export type BookingList = z.infer<typeof bookingListSchema>;
/** GET …/bookings/:bookingId/actions (reserve-ticket getActions) */
export const bookingActionsSchema = z.object({
  bookingId: z.string(),
  actions: z.array(z.string()),
  cancellation: bookingCancellationSchema,
  popUp: bookingPopUpSchema,
});
export type BookingActions = z.infer<typeof bookingActionsSchema>;

/** GET /api/reservations/v1/bookings/:bookingId/tracking: the booked bus against the boarding stop (docs/reservations.md). */
export const bookingTrackingSchema = z.object({
  bookingId: z.string(),
  lineId: z.string(),
  lineCode: z.string(),
  lineName: z.string(),
  /** NOT_OPEN until 30 min before the slot; NO_DATA: no report from the bus; PASSED: it has left the boarding stop. */
  state: z.enum(['NOT_OPEN', 'NO_DATA', 'LIVE', 'PASSED', 'OVER']),
  opensAt: z.number(),
  until: z.number(),
  /** Ask again after this long (never below 120 s). */
  pollAfterMs: z.number(),
  serverTime: z.number(),
  vehicleNo: z.string().nullable(),
  boarding: reservationStopSchema.extend({ scheduledAt: z.number() }),
  drop: reservationStopSchema,
  /** The line's stops in running order (the bus's path). */
  path: z.array(reservationStopSchema),
  vehicle: z
    .object({
      lat: z.number(),
      lon: z.number(),
      bearing: z.number().nullable(),
      tS: z.number(),
      nextStopId: z.string().nullable(),
      nextStopName: z.string().nullable(),
      departed: z.boolean(),
    })
    .nullable(),
  expectedAt: z.number(),
  etaSeconds: z.number().nullable(),
  delaySeconds: z.number().nullable(),
  timeliness: z.enum(['Arriving Early', 'On Time', 'Running behind', 'Delayed']).nullable(),
});
export type BookingTracking = z.infer<typeof bookingTrackingSchema>;

/** Operators: GET /api/ops/reservations/trips?lineId=&date= (a line's trips on a day, seats and the decision log). */
export const opsTripSchema = z.object({
  id: z.string(),
  lineId: z.string(),
  startTime: z.number(),
  capacity: z.number().int(),
  seatsTaken: z.number().int(),
  seatsLeft: z.number().int(),
  status: z.string(),
  vehicleNo: z.string().nullable(),
  disruption: z.string().nullable(),
  disruptionNote: z.string().nullable(),
  log: z.array(z.object({ actor: z.string(), action: z.string(), details: z.unknown(), at: z.number() })),
});
export const opsTripsResponseSchema = z.object({ lineId: z.string(), date: z.string(), trips: z.array(opsTripSchema) });
export type OpsTripsResponse = z.infer<typeof opsTripsResponseSchema>;
/** POST /api/ops/reservations/trips/:tripId/cancel */
export const opsCancelTripResponseSchema = z.object({
  tripId: z.string(),
  /** CANCELLED */
  status: z.string(),
  disruption: z.string(),
  note: z.string().nullable(),
  cancelledBookings: z.array(z.string()),
  droppedHolds: z.array(z.string()),
});
/** POST /api/ops/reservations/trips/:tripId/move: each moved booking and its new id. */
export const opsMoveTripResponseSchema = z.object({ tripId: z.string(), toTripId: z.string(), moved: z.array(z.object({ from: z.string(), to: z.string() })) });
/** POST /api/ops/reservations/trips/:tripId/vehicle */
export const opsAssignVehicleResponseSchema = z.object({ tripId: z.string(), vehicleNo: z.string().nullable(), status: z.string() });
