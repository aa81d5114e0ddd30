import type { FastifyInstance } from 'fastify';
import {
  fareRequestSchema,
  fareResponseSchema,
  idempotencyHeadersSchema,
  instantFaresResponseSchema,
  multiRouteFareRequestSchema,
  multiRouteFareResponseSchema,
  ticketCityParamsSchema,
  ticketHistoryResponseSchema,
  ticketOrderRequestSchema,
  ticketOrderSchema,
  ticketTxParamsSchema,
  validateFareRequestSchema,
  validateFareResponseSchema,
  walletQuerySchema,
  walletResponseSchema,
} from '@sawari/contracts';
import { typed } from '../../platform/schema';
import { authOf, type AuthGuard } from '../auth';
import type { TicketService } from './service';

/** Rider routes (signed in): spec §7 Tickets. No SQL here; every input and answer through a zod schema (@sawari/contracts). */
export async function ticketRoutes(fastify: FastifyInstance, opts: { service: TicketService; guard: AuthGuard }): Promise<void> {
  const { service } = opts;
  const app = typed(fastify);
  app.addHook('onRequest', opts.guard);

  app.post(
    '/api/tickets/v1/cities/:city/fare',
    { bodyLimit: 4096, schema: { params: ticketCityParamsSchema, body: fareRequestSchema, response: { 200: fareResponseSchema } } },
    async (request) => service.fare(request.params.city, request.body),
  );
  app.post(
    '/api/tickets/v1/cities/:city/validate-fare',
    { bodyLimit: 4096, schema: { params: ticketCityParamsSchema, body: validateFareRequestSchema, response: { 200: validateFareResponseSchema } } },
    async (request) => service.validateFare(request.params.city, request.body),
  );
  app.post(
    '/api/tickets/v1/cities/:city/multi-route-fare',
    { bodyLimit: 8192, schema: { params: ticketCityParamsSchema, body: multiRouteFareRequestSchema, response: { 200: multiRouteFareResponseSchema } } },
    async (request) => service.multiRouteFare(request.params.city, request.body.legs, request.body.passengers),
  );
  app.get(
    '/api/tickets/v1/cities/:city/instant-fares',
    { schema: { params: ticketCityParamsSchema, response: { 200: instantFaresResponseSchema } } },
    async (request) => service.instantFares(request.params.city),
  );
  app.get(
    '/api/tickets/v1/cities/:city/history',
    { schema: { params: ticketCityParamsSchema, response: { 200: ticketHistoryResponseSchema } } },
    async (request) => service.history(authOf(request).userId, request.params.city),
  );

  // The server mints the transactionId; an idempotency-key header is a key scoped to this rider (same key, same order).
  app.post(
    '/api/tickets/v1/orders',
    { bodyLimit: 8192, schema: { headers: idempotencyHeadersSchema, body: ticketOrderRequestSchema, response: { 201: ticketOrderSchema } } },
    async (request, reply) =>
      reply.code(201).send(await service.createOrder(authOf(request).userId, request.body, { orderKey: request.headers['idempotency-key'] })),
  );
  app.get('/api/tickets/v1/orders/:transactionId', { schema: { params: ticketTxParamsSchema, response: { 200: ticketOrderSchema } } }, async (request) =>
    service.getOrder(authOf(request).userId, request.params.transactionId),
  );

  app.get('/api/tickets/wallet', { schema: { querystring: walletQuerySchema, response: { 200: walletResponseSchema } } }, async (request) =>
    service.wallet(authOf(request).userId, request.query.city),
  );
}
