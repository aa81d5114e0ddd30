import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idempotencyKeySchema, orderKindSchema, paymentMethodsQuerySchema, payRequestSchema, type ParsedPayRequest } from '@sawari/contracts';
import { ApiError } from '../../platform/errors';
import { safeEqual } from '../../platform/secrets';
import { authOf, type AuthGuard } from '../auth/guard';
import type { PaymentService } from './service';

const orderParams = z.object({ orderKind: orderKindSchema, orderId: z.string().min(1).max(100) });
const paymentParams = z.object({ paymentId: z.string().min(1).max(100) });

/**
 * HTTP only (signed in): GET /api/payments/methods, POST /api/payments/:orderKind/:orderId/pay (header
 * idempotency-key), GET /api/payments/:paymentId (payment process status), GET
 * /api/payments/orders/:orderKind/:orderId/status (order status).
 */
export async function paymentRoutes(app: FastifyInstance, opts: { service: PaymentService; guard: AuthGuard }): Promise<void> {
  const { service } = opts;
  app.addHook('onRequest', opts.guard);
  app.get('/api/payments/methods', { schema: { querystring: paymentMethodsQuerySchema } }, async (request) => {
    const { city, agency } = request.query as z.infer<typeof paymentMethodsQuerySchema>;
    return service.methods(city, agency);
  });
  app.post('/api/payments/:orderKind/:orderId/pay', { bodyLimit: 4096, schema: { params: orderParams, body: payRequestSchema } }, async (request) => {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || key === '') throw new ApiError(400, 'IDEMPOTENCY_KEY_REQUIRED', 'Send an idempotency-key header (8 to 64 characters, new for each payment attempt).');
    const parsedKey = idempotencyKeySchema.safeParse(key);
    if (!parsedKey.success) throw new ApiError(400, 'VALIDATION_FAILED', `Header "idempotency-key": ${parsedKey.error.issues[0].message}.`);
    const { orderKind, orderId } = request.params as z.infer<typeof orderParams>;
    return service.pay(authOf(request).userId, orderKind, orderId, key, request.body as ParsedPayRequest);
  });
  app.get('/api/payments/orders/:orderKind/:orderId/status', { schema: { params: orderParams } }, async (request) => {
    const { orderKind, orderId } = request.params as z.infer<typeof orderParams>;
    return service.orderStatus(authOf(request).userId, orderKind, orderId);
  });
  app.get('/api/payments/:paymentId', { schema: { params: paymentParams } }, async (request) => {
    return service.payment(authOf(request).userId, (request.params as z.infer<typeof paymentParams>).paymentId);
  });
}

const counterBody = z.object({ paid: z.boolean() });

/** Operator route (`authorization: Ops <key>`, the passes module's OPS_KEYS): POST /api/ops/payments/:paymentId/counter {paid}. */
export async function paymentOpsRoutes(app: FastifyInstance, opts: { service: PaymentService; keys: Map<string, string> }): Promise<void> {
  app.addHook('onRequest', async (request) => {
    const m = /^Ops (.+)$/.exec(request.headers.authorization ?? '');
    if (!m || ![...opts.keys.keys()].some((k) => safeEqual(k, m[1]))) throw new ApiError(401, 'OPS_UNAUTHENTICATED', 'Operator routes need the header authorization: Ops <key>.');
  });
  app.post('/api/ops/payments/:paymentId/counter', { bodyLimit: 1024, schema: { params: paymentParams, body: counterBody } }, async (request) =>
    opts.service.settleAtCounter((request.params as z.infer<typeof paymentParams>).paymentId, (request.body as z.infer<typeof counterBody>).paid));
}
