import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  fareRequestSchema, multiRouteFareRequestSchema, ticketCitySchema, ticketOrderRequestSchema, ticketOrderSchema, validateFareRequestSchema, walletQuerySchema,
  type FareRequest, type TicketOrderRequest,
} from '@sawari/contracts';
import { authOf, type AuthGuard } from '../auth/guard';
import { orderKeyOf } from '../payments';
import type { TicketService } from './service';

const cityParams = z.object({ city: ticketCitySchema });
const txParams = z.object({ transactionId: z.string().regex(/^TKT-[0-9a-f-]{36}$/, 'must be a ticket order transactionId') });
type City = z.infer<typeof cityParams>;

/** Rider routes (signed in): spec §7 Tickets. No SQL here; every input through a zod schema. */
export async function ticketRoutes(app: FastifyInstance, opts: { service: TicketService; guard: AuthGuard }): Promise<void> {
  const { service } = opts;
  app.addHook('onRequest', opts.guard);

  app.post('/api/tickets/v1/cities/:city/fare', { bodyLimit: 4096, schema: { params: cityParams, body: fareRequestSchema } }, async (request) =>
    service.fare((request.params as City).city, request.body as FareRequest));
  app.post('/api/tickets/v1/cities/:city/validate-fare', { bodyLimit: 4096, schema: { params: cityParams, body: validateFareRequestSchema } }, async (request) =>
    service.validateFare((request.params as City).city, request.body as z.infer<typeof validateFareRequestSchema>));
  app.post('/api/tickets/v1/cities/:city/multi-route-fare', { bodyLimit: 8192, schema: { params: cityParams, body: multiRouteFareRequestSchema } }, async (request) => {
    const body = request.body as z.infer<typeof multiRouteFareRequestSchema>;
    return service.multiRouteFare((request.params as City).city, body.legs, body.passengers);
  });
  app.get('/api/tickets/v1/cities/:city/instant-fares', { schema: { params: cityParams } }, async (request) => service.instantFares((request.params as City).city));
  app.get('/api/tickets/v1/cities/:city/history', { schema: { params: cityParams } }, async (request) => service.history(authOf(request).userId, (request.params as City).city));

  // The server mints the transactionId; an idempotency-key header is a key scoped to this rider (same key, same order).
  app.post<{ Body: TicketOrderRequest }>('/api/tickets/v1/orders', { bodyLimit: 8192, schema: { body: ticketOrderRequestSchema, response: { 201: ticketOrderSchema } } }, async (request, reply) =>
    reply.code(201).send(await service.createOrder(authOf(request).userId, request.body, { orderKey: orderKeyOf(request.headers) })));
  app.get('/api/tickets/v1/orders/:transactionId', { schema: { params: txParams } }, async (request) =>
    service.getOrder(authOf(request).userId, (request.params as z.infer<typeof txParams>).transactionId));

  app.get('/api/tickets/wallet', { schema: { querystring: walletQuerySchema } }, async (request) =>
    service.wallet(authOf(request).userId, (request.query as z.infer<typeof walletQuerySchema>).city));
}
