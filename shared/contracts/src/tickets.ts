import { z } from 'zod';
import { fareLineSchema } from './passes';

/**
 * Tickets (spec §7 Tickets): fares, ticket orders, the wallet listing. Amounts are integer paise unless a field says
 * ₹ (the spec record's fare and discountedFare). See docs/tickets.md.
 */

const id = (what: string) =>
  z
    .string()
    .min(1, `must be a ${what}`)
    .max(100)
    .regex(/^[^\s<>]+$/, `must be a ${what}`);
export const ticketCitySchema = z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a city id');
export const MAX_TICKET_PASSENGERS = 10;
const count = z.number().int('must be a whole number').min(0, 'cannot be negative').max(MAX_TICKET_PASSENGERS, `at most ${MAX_TICKET_PASSENGERS}`);

export const passengersSchema = z.object({ adult: count.default(0), child: count.default(0), senior: count.default(0) });
export type PassengersInput = z.infer<typeof passengersSchema>;

export const rideLegSchema = z.object({ routeId: id('route id'), fromStopId: id('stop id'), toStopId: id('stop id') });
export type RideLeg = z.infer<typeof rideLegSchema>;

/** POST /api/tickets/v1/cities/:city/fare */
export const fareRequestSchema = rideLegSchema.extend({ passengers: passengersSchema });
export type FareRequest = z.infer<typeof fareRequestSchema>;
/** POST /api/tickets/v1/cities/:city/validate-fare: the request plus the total the rider saw. */
export const validateFareRequestSchema = fareRequestSchema.extend({ farePaise: z.number().int().nonnegative() });
/** POST /api/tickets/v1/cities/:city/multi-route-fare (web app): 2 to 4 legs, one set of passengers. */
export const MAX_LEGS = 4;
export const multiRouteFareRequestSchema = z.object({
  legs: z.array(rideLegSchema).min(2, 'needs at least 2 legs').max(MAX_LEGS, `at most ${MAX_LEGS} legs`),
  passengers: passengersSchema,
});

/** Spec §3 Passenger fare group (aggregated). */
export const passengerFareGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  isDiscountApplicable: z.boolean(),
  payableAmount: z.number().int(),
  actualAmount: z.number().int(),
  fareBreakup: z.array(fareLineSchema),
  categorySeatLimit: z.number().int(),
});
/** Spec §3 Fare result, with totals and what it was computed from. */
export const fareResultSchema = z.object({
  roundingLogic: z.string().optional(),
  passengerDetails: z.array(passengerFareGroupSchema),
  totalAvailableSeats: z.number().int(),
  payableAmount: z.number().int(),
  actualAmount: z.number().int(),
});
export const legFareSchema = fareResultSchema.extend({
  routeId: z.string(),
  routeName: z.string(),
  agency: z.string(),
  fromStopId: z.string(),
  fromStopName: z.string(),
  toStopId: z.string(),
  toStopName: z.string(),
  distanceMeters: z.number().int(),
  stages: z.number().int().nullable(),
});
export type LegFare = z.infer<typeof legFareSchema>;
export const fareResponseSchema = legFareSchema.extend({ city: z.string() });
export type FareResponse = z.infer<typeof fareResponseSchema>;
export const multiRouteFareResponseSchema = fareResultSchema.extend({ city: z.string(), legs: z.array(legFareSchema) });
export type MultiRouteFareResponse = z.infer<typeof multiRouteFareResponseSchema>;
export const validateFareResponseSchema = z.object({ ok: z.literal(true), farePaise: z.number().int(), fare: fareResponseSchema });
export type ValidateFareResponse = z.infer<typeof validateFareResponseSchema>;

export const instantFareSchema = z.object({ id: z.string(), name: z.string(), farePaise: z.number().int(), agency: z.string() });
export const instantFaresResponseSchema = z.object({ city: z.string(), maxPassengers: z.number().int(), fares: z.array(instantFareSchema) });
export type InstantFaresResponse = z.infer<typeof instantFaresResponseSchema>;

const orderCommon = {
  city: ticketCitySchema,
  farePaise: z.number().int().nonnegative(),
  deviceId: z.string().min(1).max(200),
  appVer: z.string().min(1).max(40),
};
/** POST /api/tickets/v1/orders: the fare is recomputed on the server; farePaise is what the rider saw (409 FARE_CHANGED). */
export const ticketOrderRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('singleJourney'), ...rideLegSchema.shape, passengers: passengersSchema, ...orderCommon }),
    z.object({ kind: z.literal('multiRoute'), legs: multiRouteFareRequestSchema.shape.legs, passengers: passengersSchema, ...orderCommon }),
    z.object({
      kind: z.literal('instant'),
      instantFareId: id('fare id'),
      passengerCount: z.number().int().min(1, 'at least 1').max(MAX_TICKET_PASSENGERS, `at most ${MAX_TICKET_PASSENGERS}`),
      ...orderCommon,
    }),
  ],
  { error: 'kind must be singleJourney, multiRoute or instant' },
);
export type TicketOrderRequest = z.infer<typeof ticketOrderRequestSchema>;

export const TICKET_ORDER_STATUSES = ['PENDING', 'SUCCESS', 'PAYMENT_FAILED'] as const;
export const ticketOrderSchema = z.object({
  transactionId: z.string(),
  city: z.string(),
  kind: z.enum(['singleJourney', 'multiRoute', 'instant']),
  status: z.enum(TICKET_ORDER_STATUSES),
  /** What to pay (paise): POST /api/payments/ticket/:transactionId/pay. */
  payableAmount: z.number().int(),
  fare: fareResultSchema,
  ticketId: z.string().nullable(),
  createdAt: z.number().int(),
});
export type TicketOrder = z.infer<typeof ticketOrderSchema>;

export const punchSchema = z.object({ punchingTime: z.number().int() });
/** Spec §3 Pass or ticket record as the wallet listing gives it (docs/wallet-offline.md, docs/tickets-ui.md "Data: local first"). */
export const walletItemSchema = z.object({
  transactionId: z.string(),
  ticketId: z.string().optional(),
  passId: z.string().optional(),
  configurationId: z.string(),
  productType: z.string(),
  productSubType: z.string().nullable(),
  city: z.string(),
  agency: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  fmId: z.string(),
  /** ₹ (spec record). */
  fare: z.number(),
  discountedFare: z.number(),
  farePaise: z.number().int(),
  numOfDays: z.number().int().nullable(),
  passStartDate: z.string().nullable(),
  startTime: z.number().int().nullable(),
  expiryTime: z.number().int().nullable(),
  activationExpiryTime: z.number().int().nullable(),
  bookingTime: z.number().int().nullable(),
  status: z.string(),
  rejectionReason: z.string().nullable().optional(),
  /** A pass's holder: the name it was bought in, and the photograph of its verified documents (a signed link) where the category has one. */
  holder: z.object({ name: z.string().nullable(), photoUrl: z.string().nullable() }).nullable().optional(),
  /** The item's catalogue texts (category, description, note, features, terms) in other languages, keyed by the English text. */
  translations: z.record(z.string(), z.record(z.string(), z.string())).optional(),
  punches: z.array(punchSchema),
  rideCount: z.number().int(),
  maxTripsPerDay: z.number().int().nullable(),
  numOfTrips: z.number().int().nullable(),
  activeDuration: z.number().nullable(),
  fareInfo: z.object({ actualFare: z.number().int(), discountedFare: z.number().int(), payableAmount: z.number().int(), fareBreakup: z.array(fareLineSchema) }),
  isRenewable: z.boolean(),
  specialFeatures: z.array(z.string()),
  infoNote: z.string().nullable(),
  conditions: z.array(z.string()),
  desc: z.string().nullable(),
  routeId: z.string().nullable().optional(),
  routeName: z.string().nullable().optional(),
  fromStopId: z.string().nullable().optional(),
  fromStopName: z.string().nullable().optional(),
  toStopId: z.string().nullable().optional(),
  toStopName: z.string().nullable().optional(),
  passengers: passengersSchema.optional(),
  legs: z
    .array(
      z.object({ routeId: z.string(), routeName: z.string(), fromStopId: z.string(), fromStopName: z.string(), toStopId: z.string(), toStopName: z.string() }),
    )
    .optional(),
  /** A ticket bought as one leg of a planned journey (POST /api/tickets/v1/journeys): its order and leg (1-based). */
  journey: z.object({ orderId: z.string(), leg: z.number().int(), legs: z.number().int() }).optional(),
});
export type WalletItem = z.infer<typeof walletItemSchema>;
export const walletResponseSchema = z.object({ items: z.array(walletItemSchema), serverTime: z.number().int() });
export type WalletResponse = z.infer<typeof walletResponseSchema>;
/** GET /api/tickets/wallet?city=: one city's items; without city, every city's (the wallet groups them). */
export const walletQuerySchema = z.object({ city: ticketCitySchema.optional() });

/** GET /api/tickets/v1/cities/:city/history: the rider's ticket orders in a city, newest first. */
export const ticketHistoryResponseSchema = z.object({
  city: z.string(),
  orders: z.array(ticketOrderSchema.extend({ ticket: walletItemSchema.nullable() })),
});
export type TicketHistoryResponse = z.infer<typeof ticketHistoryResponseSchema>;

/** Path parameters of the tickets routes. */
export const ticketCityParamsSchema = z.object({ city: ticketCitySchema });
export const ticketTxParamsSchema = z.object({ transactionId: z.string().regex(/^TKT-[0-9a-f-]{36}$/, 'must be a ticket order transactionId') });

/**
 * A planned journey bought in one go (docs/money-integrity.md "A journey: one order, a ticket per leg"): the fare of
 * every bus leg in one order, paid once (POST /api/payments/journey/:orderId/pay), issued as one single-journey ticket
 * per leg. farePaise is the total the rider saw (409 FARE_CHANGED when the server's differs).
 */
export const journeyOrderRequestSchema = z.object({
  city: ticketCitySchema,
  legs: z.array(rideLegSchema).min(2, 'needs at least 2 legs').max(MAX_LEGS, `at most ${MAX_LEGS} legs`),
  passengers: passengersSchema,
  farePaise: z.number().int().nonnegative().max(100_000_000),
  deviceId: z.string().min(1).max(200),
  appVer: z.string().min(1).max(40),
});
export type JourneyOrderRequest = z.infer<typeof journeyOrderRequestSchema>;
export const JOURNEY_ORDER_ID = /^JNY_[A-Za-z0-9_-]{22}$/;
export const journeyParamsSchema = z.object({ orderId: z.string().regex(JOURNEY_ORDER_ID, 'must be a journey order id') });
export const journeyOrderSchema = z.object({
  orderId: z.string(),
  city: z.string(),
  status: z.enum(TICKET_ORDER_STATUSES),
  passengers: passengersSchema,
  /** What to pay (paise): the sum of the legs' fares. */
  payableAmount: z.number().int(),
  /** Each leg's fare as priced for this order, in ride order. */
  legs: z.array(legFareSchema),
  /** The legs' tickets once paid (transactionId of each leg's ticket order, in ride order); empty before. */
  tickets: z.array(z.object({ leg: z.number().int(), transactionId: z.string(), ticketId: z.string() })),
  createdAt: z.number().int(),
});
export type JourneyOrder = z.infer<typeof journeyOrderSchema>;
