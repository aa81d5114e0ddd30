import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  blockCardRequestSchema,
  blockCardResponseSchema,
  cardHistoryQuerySchema,
  cardHistorySchema,
  cardListSchema,
  cardOrderIdSchema,
  cardRechargeOrderSchema,
  cardRefSchema,
  eligibilityRequestSchema,
  eligibilityResponseSchema,
  linkCardRequestSchema,
  linkedCardSchema,
  offlineRechargeConfirmSchema,
  rechargeOrderRequestSchema,
  renameCardRequestSchema,
  terminalTapRequestSchema,
  terminalTapResponseSchema,
  idempotencyHeadersSchema,
  noContentSchema,
} from '@sawari/contracts';
import { typed } from '../../platform/schema';
import { authOf, keyGuard, type AuthGuard } from '../auth';
import type { CardService } from './service';

const cardParams = z.object({ cardRef: cardRefSchema });
const orderParams = z.object({ orderId: cardOrderIdSchema });

/** Rider routes (signed in): spec §7 Cards. A full card number only ever arrives in the link body. */
export async function cardRiderRoutes(fastify: FastifyInstance, opts: { service: CardService; guard: AuthGuard }): Promise<void> {
  const { service } = opts;
  const app = typed(fastify);
  app.addHook('onRequest', opts.guard);
  const user = (request: FastifyRequest) => authOf(request).userId;

  app.get('/api/cards/v1/cards', { schema: { response: { 200: cardListSchema } } }, async (request) => service.list(user(request)));
  app.post(
    '/api/cards/v1/cards',
    { bodyLimit: 2048, schema: { body: linkCardRequestSchema, response: { 200: linkedCardSchema, 201: linkedCardSchema } } },
    async (request, reply) => {
      const r = await service.link(user(request), request.body);
      return reply.code(r.created ? 201 : 200).send(r.card);
    },
  );
  app.get('/api/cards/v1/cards/:cardRef', { schema: { params: cardParams, response: { 200: linkedCardSchema } } }, async (request) =>
    service.info(user(request), request.params.cardRef),
  );
  app.put(
    '/api/cards/v1/cards/:cardRef',
    { bodyLimit: 1024, schema: { params: cardParams, body: renameCardRequestSchema, response: { 200: linkedCardSchema } } },
    async (request) => service.rename(user(request), request.params.cardRef, request.body.name),
  );
  app.delete('/api/cards/v1/cards/:cardRef', { schema: { params: cardParams, response: { 204: noContentSchema } } }, async (request, reply) => {
    await service.unlink(user(request), request.params.cardRef);
    return reply.code(204).send();
  });
  app.post(
    '/api/cards/v1/cards/:cardRef/eligibility',
    { bodyLimit: 1024, schema: { params: cardParams, body: eligibilityRequestSchema, response: { 200: eligibilityResponseSchema } } },
    async (request) => service.eligibility(user(request), request.params.cardRef, request.body.amountPaise),
  );
  app.get(
    '/api/cards/v1/cards/:cardRef/history',
    { schema: { params: cardParams, querystring: cardHistoryQuerySchema, response: { 200: cardHistorySchema } } },
    async (request) => {
      return service.history(user(request), request.params.cardRef, request.query.PageIndex, request.query.PageSize);
    },
  );

  app.post(
    '/api/cards/v1/recharges',
    {
      bodyLimit: 1024,
      schema: { headers: idempotencyHeadersSchema, body: rechargeOrderRequestSchema, response: { 200: cardRechargeOrderSchema, 201: cardRechargeOrderSchema } },
    },
    async (request, reply) => {
      const { body } = request;
      const r = await service.createOrder(user(request), body.cardRef, body.amountPaise, body.city, request.headers['idempotency-key'] ?? null);
      return reply.code(r.created ? 201 : 200).send(r.order);
    },
  );
  app.get('/api/cards/v1/recharges/:orderId', { schema: { params: orderParams, response: { 200: cardRechargeOrderSchema } } }, async (request) =>
    service.getOrder(user(request), request.params.orderId),
  );
  app.post(
    '/api/cards/v1/recharges/:orderId/offline-recharge',
    { schema: { params: orderParams, response: { 200: cardRechargeOrderSchema } } },
    async (request) => service.transferToOfflineWallet(user(request), request.params.orderId),
  );
  app.get(
    '/api/cards/v1/recharges/:orderId/offline-recharge/confirm',
    { schema: { params: orderParams, response: { 200: offlineRechargeConfirmSchema } } },
    async (request) => service.confirmOfflineRecharge(user(request), request.params.orderId),
  );
}

/** Terminal route (a bus validator: `authorization: Validator <key>`, the validation module's VALIDATOR_KEYS). */
export async function cardTerminalRoutes(fastify: FastifyInstance, opts: { service: CardService; keys: Map<string, string> }): Promise<void> {
  const app = typed(fastify);
  const guard = keyGuard('Validator', opts.keys);
  app.addHook('onRequest', guard.hook);
  app.post(
    '/api/cards/v1/terminal/taps',
    { bodyLimit: 2048, schema: { body: terminalTapRequestSchema, response: { 200: terminalTapResponseSchema } } },
    async (request) => opts.service.tap(guard.nameOf(request), request.body),
  );
}

/** Operator route (`authorization: Ops <key>`, OPS_KEYS): the card issuer's hotlist. */
export async function cardOpsRoutes(fastify: FastifyInstance, opts: { service: CardService; keys: Map<string, string> }): Promise<void> {
  const app = typed(fastify);
  const guard = keyGuard('Ops', opts.keys);
  app.addHook('onRequest', guard.hook);
  app.post(
    '/api/ops/cards/block',
    { bodyLimit: 1024, schema: { body: blockCardRequestSchema, response: { 200: blockCardResponseSchema } } },
    async (request) => {
      return opts.service.setBlocked(request.body.cardNumber, request.body.blocked);
    },
  );
}
