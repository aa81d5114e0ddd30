import type { FastifyInstance, FastifyRequest } from 'fastify';
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
  rawCardFieldIn,
  gatewayEventAnswerSchema,
  gatewayRedirectSchema,
} from '@sawari/contracts';
import { z } from 'zod';
import { ApiError } from '../../platform/errors';
import { typed } from '../../platform/schema';
import { authOf, keyGuard, type AuthGuard } from '../auth';
import type { PayContext, PaymentService } from './service';

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
    {
      bodyLimit: 4096,
      schema: { params: orderRefParamsSchema, body: payRequestSchema, response: { 200: payResponseSchema } },
      // before the schema reads it: a body with card data is refused whole, and nothing of it is echoed or kept
      preValidation: async (request) => {
        if (rawCardFieldIn(request.body))
          throw new ApiError(
            400,
            'RAW_CARD_REFUSED',
            "Card details are typed only on the payment gateway's secure page, never sent to us. Nothing was charged: choose card and continue to the gateway.",
          );
      },
    },
    async (request) => {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || key === '')
        throw new ApiError(400, 'IDEMPOTENCY_KEY_REQUIRED', 'Send an idempotency-key header (8 to 64 characters, new for each payment attempt).');
      const parsedKey = idempotencyKeySchema.safeParse(key);
      if (!parsedKey.success) throw new ApiError(400, 'VALIDATION_FAILED', `Header "idempotency-key": ${parsedKey.error.issues[0].message}.`);
      return service.pay(authOf(request).userId, request.params.orderKind, request.params.orderId, parsedKey.data, request.body, originOf(request));
    },
  );
  app.get(
    '/api/payments/orders/:orderKind/:orderId/status',
    { schema: { params: orderRefParamsSchema, response: { 200: orderStatusSchema } } },
    async (request) => service.orderStatus(authOf(request).userId, request.params.orderKind, request.params.orderId),
  );
  app.get('/api/payments/:paymentId', { schema: { params: paymentIdParamsSchema, response: { 200: paymentSchema } } }, async (request) =>
    service.payment(authOf(request).userId, request.params.paymentId, originOf(request)),
  );
  app.get('/api/payments/:paymentId/refunds', { schema: { params: paymentIdParamsSchema, response: { 200: paymentRefundsSchema } } }, async (request) =>
    service.refundsOf(authOf(request).userId, request.params.paymentId),
  );
}

/** The origin the rider's browser used (behind HAProxy, its forwarded protocol and host; PUBLIC_ORIGIN overrides it). */
function originOf(request: FastifyRequest): PayContext {
  return { origin: `${request.protocol}://${request.host}` };
}

const returnFieldsSchema = z.record(z.string().max(64), z.string().max(2000));

/**
 * The gateway's side (no session: what it says is proved by its signatures): POST
 * /api/payments/gateway/<name>/return/:paymentId (its callback URL, a form posted by the rider's browser: 303 to our
 * checkout), GET …/cancel/:paymentId (the rider left its page: 303 to our checkout) and POST …/webhook (signed events,
 * the raw body checked against x-razorpay-signature).
 */
export async function gatewayRoutes(fastify: FastifyInstance, opts: { service: PaymentService; gateway: string }): Promise<void> {
  const { service } = opts;
  const base = `/api/payments/gateway/${opts.gateway}`;
  fastify.removeContentTypeParser(['application/json']);
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
    const fields: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(body as string)) if (Object.keys(fields).length < 40) fields[k.slice(0, 64)] = v.slice(0, 2000);
    done(null, fields);
  });
  const app = typed(fastify);
  app.post(`${base}/return/:paymentId`, { schema: { params: paymentIdParamsSchema, response: { 303: gatewayRedirectSchema } } }, async (request, reply) => {
    const fields = returnFieldsSchema.safeParse(request.body ?? {});
    if (!fields.success) throw new ApiError(400, 'VALIDATION_FAILED', 'The gateway return is a form of text fields.');
    const { location } = await service.gatewayReturn(request.params.paymentId, fields.data);
    return reply.code(303).header('location', location).send();
  });
  app.get(`${base}/cancel/:paymentId`, { schema: { params: paymentIdParamsSchema, response: { 303: gatewayRedirectSchema } } }, async (request, reply) => {
    const { location } = await service.gatewayCancel(request.params.paymentId);
    return reply.code(303).header('location', location).send();
  });
  app.post(`${base}/webhook`, { schema: { response: { 200: gatewayEventAnswerSchema } } }, async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const sig = request.headers['x-razorpay-signature'];
    const eventId = request.headers['x-razorpay-event-id'];
    return service.gatewayEvent(raw, typeof sig === 'string' ? sig : undefined, typeof eventId === 'string' ? eventId : undefined);
  });
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
