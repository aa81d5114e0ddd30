import type { FastifyInstance } from 'fastify';
import { idempotencyHeadersSchema, journeyOrderRequestSchema, journeyOrderSchema, journeyParamsSchema } from '@sawari/contracts';
import { typed } from '../../platform/schema';
import { authOf, type AuthGuard } from '../auth';
import type { JourneyService } from './journey';

/**
 * A planned journey bought in one go (signed in; docs/money-integrity.md "A journey: one order, a ticket per leg"):
 * POST makes the order (the server mints its id; an idempotency-key header is scoped to the rider), GET reads it.
 * Payment: POST /api/payments/journey/:orderId/pay.
 */
export async function journeyRoutes(fastify: FastifyInstance, opts: { service: JourneyService; guard: AuthGuard }): Promise<void> {
  const { service } = opts;
  const app = typed(fastify);
  app.addHook('onRequest', opts.guard);
  app.post(
    '/api/tickets/v1/journeys',
    { bodyLimit: 8192, schema: { headers: idempotencyHeadersSchema, body: journeyOrderRequestSchema, response: { 201: journeyOrderSchema } } },
    async (request, reply) =>
      reply.code(201).send(await service.create(authOf(request).userId, request.body, { orderKey: request.headers['idempotency-key'] })),
  );
  app.get('/api/tickets/v1/journeys/:orderId', { schema: { params: journeyParamsSchema, response: { 200: journeyOrderSchema } } }, async (request) =>
    service.get(authOf(request).userId, request.params.orderId),
  );
}
