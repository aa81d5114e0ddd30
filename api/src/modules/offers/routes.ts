import type { FastifyInstance } from 'fastify';
import { trialOfferClaimRequestSchema, trialOfferClaimSchema, trialOfferQuerySchema, trialOfferSchema } from '@sawari/contracts';
import { typed } from '../../platform/schema';
import { authOf, type AuthGuard } from '../auth';
import type { OfferService } from './service';

/** HTTP only: GET /api/offers/trial, POST /api/offers/trial/claim (signed in). Request and response schemas from contracts. */
export async function offerRoutes(fastify: FastifyInstance, opts: { service: OfferService; guard: AuthGuard }): Promise<void> {
  const { service } = opts;
  const app = typed(fastify);
  app.addHook('onRequest', opts.guard);
  app.get('/api/offers/trial', { schema: { querystring: trialOfferQuerySchema, response: { 200: trialOfferSchema } } }, async (request) =>
    service.offer(authOf(request).userId, request.query.city),
  );
  // Issues the pass the offer promises, exactly once (or leaves the offer unclaimed): docs/money-integrity.md.
  app.post(
    '/api/offers/trial/claim',
    { bodyLimit: 4096, schema: { body: trialOfferClaimRequestSchema, response: { 201: trialOfferClaimSchema } } },
    async (request, reply) => reply.code(201).send(await service.claim(authOf(request).userId, request.body.city)),
  );
}
