import type { FastifyInstance } from 'fastify';
import {
  counterLookupParamsSchema,
  counterSettleRequestSchema,
  idempotencyKeySchema,
  orderRefParamsSchema,
  orderStatusSchema,
  paymentIdParamsSchema,
  paymentMethodsQuerySchema,
  paymentMethodsResponseSchema,
  paymentRefundsSchema,
  paymentSchema,
  payRequestSchema,
  payResponseSchema,
} from '@sawari/contracts';
import { ApiError } from '../../platform/errors';
import { typed } from '../../platform/schema';
import { authOf, keyGuard, type AuthGuard } from '../auth';
import type { PaymentService } from './service';

/**
 * HTTP only (signed in): GET /api/payments/methods, POST /api/payments/:orderKind/:orderId/pay (header
 * idempotency-key), GET /api/payments/:paymentId (payment process status), GET /api/payments/:paymentId/refunds,
 * GET /api/payments/orders/:orderKind/:orderId/status (order status). Request and response schemas from contracts.
 */
export async function paymentRoutes(fastify: FastifyInstance, opts: { service: PaymentService; guard: AuthGuard }): Promise<void> {
  const { service } = opts;
  const app = typed(fastify);
  app.addHook('onRequest', opts.guard);
  app.get('/api/payments/methods', { schema: { querystring: paymentMethodsQuerySchema, response: { 200: paymentMethodsResponseSchema } } }, async (request) =>
    service.methods(request.query.city, request.query.agency),
  );
  app.post(
    '/api/payments/:orderKind/:orderId/pay',
    { bodyLimit: 4096, schema: { params: orderRefParamsSchema, body: payRequestSchema, response: { 200: payResponseSchema } } },
    async (request) => {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || key === '')
        throw new ApiError(400, 'IDEMPOTENCY_KEY_REQUIRED', 'Send an idempotency-key header (8 to 64 characters, new for each payment attempt).');
      const parsedKey = idempotencyKeySchema.safeParse(key);
      if (!parsedKey.success) throw new ApiError(400, 'VALIDATION_FAILED', `Header "idempotency-key": ${parsedKey.error.issues[0].message}.`);
      return service.pay(authOf(request).userId, request.params.orderKind, request.params.orderId, parsedKey.data, request.body);
    },
  );
  app.get(
    '/api/payments/orders/:orderKind/:orderId/status',
    { schema: { params: orderRefParamsSchema, response: { 200: orderStatusSchema } } },
    async (request) => service.orderStatus(authOf(request).userId, request.params.orderKind, request.params.orderId),
  );
  app.get('/api/payments/:paymentId', { schema: { params: paymentIdParamsSchema, response: { 200: paymentSchema } } }, async (request) =>
    service.payment(authOf(request).userId, request.params.paymentId),
  );
  app.get('/api/payments/:paymentId/refunds', { schema: { params: paymentIdParamsSchema, response: { 200: paymentRefundsSchema } } }, async (request) =>
    service.refundsOf(authOf(request).userId, request.params.paymentId),
  );
}

/**
 * Operator routes (`authorization: Ops <key>`, the passes module's OPS_KEYS), the cash counter: GET
 * /api/ops/payments/counter/:reference (the payment the rider's counter reference names: amount, order, status) and
 * POST /api/ops/payments/:paymentId/counter {paid}, where :paymentId is the counter reference or the payment id.
 */
export async function paymentOpsRoutes(fastify: FastifyInstance, opts: { service: PaymentService; keys: Map<string, string> }): Promise<void> {
  const app = typed(fastify);
  app.addHook('onRequest', keyGuard('Ops', opts.keys).hook);
  app.get('/api/ops/payments/counter/:reference', { schema: { params: counterLookupParamsSchema, response: { 200: paymentSchema } } }, async (request) =>
    opts.service.atCounter(request.params.reference),
  );
  app.post(
    '/api/ops/payments/:paymentId/counter',
    { bodyLimit: 1024, schema: { params: paymentIdParamsSchema, body: counterSettleRequestSchema, response: { 200: paymentSchema } } },
    async (request) => opts.service.settleAtCounter(request.params.paymentId, request.body.paid),
  );
}
