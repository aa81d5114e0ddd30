import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { trialOfferClaimRequestSchema, trialOfferQuerySchema } from '@sawari/contracts';
import { authOf, type AuthGuard } from '../auth/guard';
import type { OfferService } from './service';

/** HTTP only: GET /api/offers/trial, POST /api/offers/trial/claim (signed in). */
export async function offerRoutes(app: FastifyInstance, opts: { service: OfferService; guard: AuthGuard }): Promise<void> {
  const { service } = opts;
  app.addHook('onRequest', opts.guard);
  app.get('/api/offers/trial', { schema: { querystring: trialOfferQuerySchema } }, async (request) => {
    const { city } = request.query as z.infer<typeof trialOfferQuerySchema>;
    return service.offer(authOf(request).userId, city);
  });
  app.post('/api/offers/trial/claim', { bodyLimit: 4096, schema: { body: trialOfferClaimRequestSchema } }, async (request, reply) => {
    const { city } = request.body as z.infer<typeof trialOfferClaimRequestSchema>;
    return reply.code(201).send(await service.claim(authOf(request).userId, city));
  });
}
