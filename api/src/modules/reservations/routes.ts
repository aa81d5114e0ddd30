import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  bookingIdSchema,
  bookingsQuerySchema,
  cancelRequestSchema,
  holdRequestSchema,
  idempotencyHeadersSchema,
  lineIdSchema,
  linesQuerySchema,
  opsAssignVehicleSchema,
  opsCancelTripSchema,
  opsMoveTripSchema,
  opsTripsQuerySchema,
  popupShownRequestSchema,
  rescheduleRequestSchema,
  reservationCitySchema,
  reservationFareRequestSchema,
  premiumPassesQuerySchema,
  seatAvailabilityQuerySchema,
  slotsQuerySchema,
  stopPairsQuerySchema,
  tripIdSchema,
  bookingActionsSchema,
  bookingListSchema,
  bookingSchema,
  bookingTrackingSchema,
  opsAssignVehicleResponseSchema,
  opsCancelTripResponseSchema,
  opsMoveTripResponseSchema,
  opsTripsResponseSchema,
  premiumPassesResponseSchema,
  reservationFareResponseSchema,
  reservationLinesResponseSchema,
  seatAvailabilityResponseSchema,
  slotDaysResponseSchema,
  stopPairsResponseSchema,
  tripSlotsResponseSchema,
} from '@sawari/contracts';
import { typed } from '../../platform/schema';
import { authOf, keyGuard, type AuthGuard } from '../auth';
import type { Clock } from '../../platform/clock';
import type { ReservationService } from './service';
import { bookingTracking, type LiveBusPort } from './tracking';

const cityParams = z.object({ city: reservationCitySchema });
const lineParams = z.object({ city: reservationCitySchema, lineId: lineIdSchema });
const tripParams = z.object({ tripId: tripIdSchema });
const bookingParams = z.object({ bookingId: bookingIdSchema });
const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema });

/**
 * Rider routes (signed in): spec §7 reserve-ticket calls. No SQL here; every input through a zod schema (unknown
 * fields refused). docs/reservations.md lists every answer and error.
 */
export async function reservationRoutes(
  fastify: FastifyInstance,
  opts: { service: ReservationService; guard: AuthGuard; live: LiveBusPort | null; now: Clock },
): Promise<void> {
  const { service } = opts;
  const app = typed(fastify);
  app.addHook('onRequest', opts.guard);
  const user = (r: FastifyRequest) => authOf(r).userId;

  app.get(
    '/api/reservations/v1/cities/:city/lines',
    { schema: { params: cityParams, querystring: linesQuerySchema, response: ok(reservationLinesResponseSchema) } },
    async (r) => service.lines(r.params.city, r.query.product),
  );
  app.get(
    '/api/reservations/v1/cities/:city/stop-pairs',
    { schema: { params: cityParams, querystring: stopPairsQuerySchema, response: ok(stopPairsResponseSchema) } },
    async (r) => service.stopPairs(r.params.city, r.query),
  );
  app.get(
    '/api/reservations/v1/cities/:city/slots',
    { schema: { params: cityParams, querystring: slotsQuerySchema, response: ok(tripSlotsResponseSchema) } },
    async (r) => service.slots(r.params.city, r.query),
  );
  app.get('/api/reservations/v1/cities/:city/lines/:lineId/days', { schema: { params: lineParams, response: ok(slotDaysResponseSchema) } }, async (r) =>
    service.slotDays(r.params.city, r.params.lineId),
  );
  app.get(
    '/api/reservations/v1/trips/:tripId/seat-availability',
    { schema: { params: tripParams, querystring: seatAvailabilityQuerySchema, response: ok(seatAvailabilityResponseSchema) } },
    async (r) => service.seatAvailability(r.params.tripId),
  );
  app.get(
    '/api/reservations/v1/cities/:city/premium-passes',
    { schema: { params: cityParams, querystring: premiumPassesQuerySchema, response: ok(premiumPassesResponseSchema) } },
    async (r) => service.premiumPasses(user(r), r.params.city, r.query.date),
  );
  app.post(
    '/api/reservations/v1/fare',
    { bodyLimit: 4096, schema: { body: reservationFareRequestSchema, response: ok(reservationFareResponseSchema) } },
    async (r) => service.fare(r.body),
  );

  // the optional idempotency-key header, as every order takes it: the same key answers the same booking
  app.post(
    '/api/reservations/v1/bookings',
    { bodyLimit: 4096, schema: { headers: idempotencyHeadersSchema, body: holdRequestSchema, response: { 201: bookingSchema } } },
    async (r, reply) => reply.code(201).send(await service.hold(user(r), r.body, r.headers['idempotency-key'])),
  );
  app.get('/api/reservations/v1/bookings', { schema: { querystring: bookingsQuerySchema, response: ok(bookingListSchema) } }, async (r) =>
    service.bookings(user(r), r.query.city ?? null),
  );
  app.get('/api/reservations/v1/bookings/:bookingId', { schema: { params: bookingParams, response: ok(bookingSchema) } }, async (r) =>
    service.booking(user(r), r.params.bookingId),
  );
  app.get('/api/reservations/v1/bookings/:bookingId/actions', { schema: { params: bookingParams, response: ok(bookingActionsSchema) } }, async (r) =>
    service.actions(user(r), r.params.bookingId),
  );
  app.get('/api/reservations/v1/bookings/:bookingId/tracking', { schema: { params: bookingParams, response: ok(bookingTrackingSchema) } }, async (r) =>
    bookingTracking(service, opts.live, user(r), r.params.bookingId, opts.now()),
  );
  app.delete('/api/reservations/v1/bookings/:bookingId/hold', { schema: { params: bookingParams, response: ok(bookingSchema) } }, async (r) =>
    service.releaseHold(user(r), r.params.bookingId),
  );
  app.post(
    '/api/reservations/v1/bookings/:bookingId/cancel',
    { bodyLimit: 1024, schema: { params: bookingParams, body: cancelRequestSchema, response: ok(bookingSchema) } },
    async (r) => service.cancel(user(r), r.params.bookingId, r.body.refundPaise),
  );
  app.post(
    '/api/reservations/v1/bookings/:bookingId/reschedule',
    { bodyLimit: 1024, schema: { params: bookingParams, body: rescheduleRequestSchema, response: { 201: bookingSchema } } },
    async (r, reply) => reply.code(201).send(await service.reschedule(user(r), r.params.bookingId, r.body)),
  );
  app.post(
    '/api/reservations/v1/bookings/:bookingId/popups',
    { bodyLimit: 1024, schema: { params: bookingParams, body: popupShownRequestSchema, response: ok(bookingSchema) } },
    async (r) => service.popupShown(user(r), r.params.bookingId, r.body.kind),
  );
}

/** Operator routes (`authorization: Ops <key>`, the passes module's OPS_KEYS): every decision is recorded with its author. */
export async function reservationOpsRoutes(fastify: FastifyInstance, opts: { service: ReservationService; keys: Map<string, string> }): Promise<void> {
  const { service } = opts;
  const app = typed(fastify);
  const guard = keyGuard('Ops', opts.keys);
  app.addHook('onRequest', guard.hook);
  const actor = (r: FastifyRequest) => `ops:${guard.nameOf(r)}`;
  const lineQuery = opsTripsQuerySchema.extend({ lineId: lineIdSchema });
  app.get('/api/ops/reservations/trips', { schema: { querystring: lineQuery, response: ok(opsTripsResponseSchema) } }, async (r) =>
    service.opsTrips(r.query.lineId, r.query.date),
  );
  app.post(
    '/api/ops/reservations/trips/:tripId/cancel',
    { bodyLimit: 2048, schema: { params: tripParams, body: opsCancelTripSchema, response: ok(opsCancelTripResponseSchema) } },
    async (r) => service.opsCancelTrip(actor(r), r.params.tripId, r.body.disruption, r.body.note ?? null),
  );
  app.post(
    '/api/ops/reservations/trips/:tripId/move',
    { bodyLimit: 1024, schema: { params: tripParams, body: opsMoveTripSchema, response: ok(opsMoveTripResponseSchema) } },
    async (r) => service.opsMoveBookings(actor(r), r.params.tripId, r.body.toTripId),
  );
  app.post(
    '/api/ops/reservations/trips/:tripId/vehicle',
    { bodyLimit: 1024, schema: { params: tripParams, body: opsAssignVehicleSchema, response: ok(opsAssignVehicleResponseSchema) } },
    async (r) => service.opsAssignVehicle(actor(r), r.params.tripId, r.body.vehicleNo),
  );
}
