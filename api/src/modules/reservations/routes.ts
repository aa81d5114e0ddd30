import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  bookingIdSchema,
  bookingsQuerySchema,
  cancelRequestSchema,
  holdRequestSchema,
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
  type HoldRequest,
  type ReservationFareRequest,
} from '@sawari/contracts';
import { ApiError } from '../../platform/errors';
import { safeEqual } from '../../platform/secrets';
import { authOf, type AuthGuard } from '../auth';
import type { Clock } from '../../platform/clock';
import type { ReservationService } from './service';
import { bookingTracking, type LiveBusPort } from './tracking';

const cityParams = z.object({ city: reservationCitySchema });
const lineParams = z.object({ city: reservationCitySchema, lineId: lineIdSchema });
const tripParams = z.object({ tripId: tripIdSchema });
const bookingParams = z.object({ bookingId: bookingIdSchema });
type P<T extends z.ZodType> = z.infer<T>;

/**
 * Rider routes (signed in): spec §7 reserve-ticket calls. No SQL here; every input through a zod schema (unknown
 * fields refused). docs/reservations.md lists every answer and error.
 */
export async function reservationRoutes(
  app: FastifyInstance,
  opts: { service: ReservationService; guard: AuthGuard; live: LiveBusPort | null; now: Clock },
): Promise<void> {
  const { service } = opts;
  app.addHook('onRequest', opts.guard);
  const user = (r: FastifyRequest) => authOf(r).userId;

  app.get('/api/reservations/v1/cities/:city/lines', { schema: { params: cityParams, querystring: linesQuerySchema } }, async (r) =>
    service.lines((r.params as P<typeof cityParams>).city, (r.query as P<typeof linesQuerySchema>).product),
  );
  app.get('/api/reservations/v1/cities/:city/stop-pairs', { schema: { params: cityParams, querystring: stopPairsQuerySchema } }, async (r) =>
    service.stopPairs((r.params as P<typeof cityParams>).city, r.query as P<typeof stopPairsQuerySchema>),
  );
  app.get('/api/reservations/v1/cities/:city/slots', { schema: { params: cityParams, querystring: slotsQuerySchema } }, async (r) =>
    service.slots((r.params as P<typeof cityParams>).city, r.query as P<typeof slotsQuerySchema>),
  );
  app.get('/api/reservations/v1/cities/:city/lines/:lineId/days', { schema: { params: lineParams } }, async (r) => {
    const p = r.params as P<typeof lineParams>;
    return service.slotDays(p.city, p.lineId);
  });
  app.get('/api/reservations/v1/trips/:tripId/seat-availability', { schema: { params: tripParams, querystring: seatAvailabilityQuerySchema } }, async (r) =>
    service.seatAvailability((r.params as P<typeof tripParams>).tripId),
  );
  app.get('/api/reservations/v1/cities/:city/premium-passes', { schema: { params: cityParams, querystring: premiumPassesQuerySchema } }, async (r) =>
    service.premiumPasses(user(r), (r.params as P<typeof cityParams>).city, (r.query as P<typeof premiumPassesQuerySchema>).date),
  );
  app.post('/api/reservations/v1/fare', { bodyLimit: 4096, schema: { body: reservationFareRequestSchema } }, async (r) =>
    service.fare(r.body as ReservationFareRequest),
  );

  app.post('/api/reservations/v1/bookings', { bodyLimit: 4096, schema: { body: holdRequestSchema } }, async (r, reply) =>
    reply.code(201).send(await service.hold(user(r), r.body as HoldRequest)),
  );
  app.get('/api/reservations/v1/bookings', { schema: { querystring: bookingsQuerySchema } }, async (r) =>
    service.bookings(user(r), (r.query as P<typeof bookingsQuerySchema>).city ?? null),
  );
  app.get('/api/reservations/v1/bookings/:bookingId', { schema: { params: bookingParams } }, async (r) =>
    service.booking(user(r), (r.params as P<typeof bookingParams>).bookingId),
  );
  app.get('/api/reservations/v1/bookings/:bookingId/actions', { schema: { params: bookingParams } }, async (r) =>
    service.actions(user(r), (r.params as P<typeof bookingParams>).bookingId),
  );
  app.get('/api/reservations/v1/bookings/:bookingId/tracking', { schema: { params: bookingParams } }, async (r) =>
    bookingTracking(service, opts.live, user(r), (r.params as P<typeof bookingParams>).bookingId, opts.now()),
  );
  app.delete('/api/reservations/v1/bookings/:bookingId/hold', { schema: { params: bookingParams } }, async (r) =>
    service.releaseHold(user(r), (r.params as P<typeof bookingParams>).bookingId),
  );
  app.post('/api/reservations/v1/bookings/:bookingId/cancel', { bodyLimit: 1024, schema: { params: bookingParams, body: cancelRequestSchema } }, async (r) =>
    service.cancel(user(r), (r.params as P<typeof bookingParams>).bookingId, (r.body as P<typeof cancelRequestSchema>).refundPaise),
  );
  app.post(
    '/api/reservations/v1/bookings/:bookingId/reschedule',
    { bodyLimit: 1024, schema: { params: bookingParams, body: rescheduleRequestSchema } },
    async (r, reply) =>
      reply.code(201).send(await service.reschedule(user(r), (r.params as P<typeof bookingParams>).bookingId, r.body as P<typeof rescheduleRequestSchema>)),
  );
  app.post(
    '/api/reservations/v1/bookings/:bookingId/popups',
    { bodyLimit: 1024, schema: { params: bookingParams, body: popupShownRequestSchema } },
    async (r) => service.popupShown(user(r), (r.params as P<typeof bookingParams>).bookingId, (r.body as P<typeof popupShownRequestSchema>).kind),
  );
}

/** Operator routes (`authorization: Ops <key>`, the passes module's OPS_KEYS): every decision is recorded with its author. */
export async function reservationOpsRoutes(app: FastifyInstance, opts: { service: ReservationService; keys: Map<string, string> }): Promise<void> {
  const { service } = opts;
  const who = new WeakMap<FastifyRequest, string>();
  app.addHook('onRequest', async (request) => {
    const m = /^Ops (.+)$/.exec(request.headers.authorization ?? '');
    const name = m ? [...opts.keys].find(([k]) => safeEqual(k, m[1]))?.[1] : undefined;
    if (!name) throw new ApiError(401, 'OPS_UNAUTHENTICATED', 'Operator routes need the header authorization: Ops <key>.');
    who.set(request, name);
  });
  const actor = (r: FastifyRequest) => `ops:${who.get(r)}`;
  const lineQuery = opsTripsQuerySchema.extend({ lineId: lineIdSchema });
  app.get('/api/ops/reservations/trips', { schema: { querystring: lineQuery } }, async (r) => {
    const q = r.query as P<typeof lineQuery>;
    return service.opsTrips(q.lineId, q.date);
  });
  app.post('/api/ops/reservations/trips/:tripId/cancel', { bodyLimit: 2048, schema: { params: tripParams, body: opsCancelTripSchema } }, async (r) => {
    const b = r.body as P<typeof opsCancelTripSchema>;
    return service.opsCancelTrip(actor(r), (r.params as P<typeof tripParams>).tripId, b.disruption, b.note ?? null);
  });
  app.post('/api/ops/reservations/trips/:tripId/move', { bodyLimit: 1024, schema: { params: tripParams, body: opsMoveTripSchema } }, async (r) =>
    service.opsMoveBookings(actor(r), (r.params as P<typeof tripParams>).tripId, (r.body as P<typeof opsMoveTripSchema>).toTripId),
  );
  app.post('/api/ops/reservations/trips/:tripId/vehicle', { bodyLimit: 1024, schema: { params: tripParams, body: opsAssignVehicleSchema } }, async (r) =>
    service.opsAssignVehicle(actor(r), (r.params as P<typeof tripParams>).tripId, (r.body as P<typeof opsAssignVehicleSchema>).vehicleNo),
  );
}
