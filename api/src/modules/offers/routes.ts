import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { trialOfferClaimRequestSchema, trialOfferClaimSchema, trialOfferQuerySchema, trialOfferSchema } from '@sawari/contracts';
import { authOf, type AuthGuard } from '../auth/guard';
import type { OfferService } from './service';

/** HTTP only: GET /api/offers/trial, POST /api/offers/trial/claim (signed in). Request and response schemas from contracts. */
export async function offerRoutes(app: FastifyInstance, opts: { service: OfferService; guard: AuthGuard }): Promise<void> {
  const { service } = opts;
  app.addHook('onRequest', opts.guard);
  app.get<{ Querystring: z.infer<typeof trialOfferQuerySchema> }>('/api/offers/trial', { schema: { querystring: trialOfferQuerySchema, response: { 200: trialOfferSchema } } }, async (request) =>
    service.offer(authOf(request).userId, request.query.city));
  // Issues the pass the offer promises, exactly once (or leaves the offer unclaimed): docs/money-integrity.md.
  app.post<{ Body: z.infer<typeof trialOfferClaimRequestSchema> }>('/api/offers/trial/claim', { bodyLimit: 4096, schema: { body: trialOfferClaimRequestSchema, response: { 201: trialOfferClaimSchema } } }, async (request, reply) =>
    reply.code(201).send(await service.claim(authOf(request).userId, request.body.city)));
}
