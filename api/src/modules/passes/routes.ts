import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  idempotencyHeadersSchema,
  myPassesResponseSchema,
  myPassSchema,
  passCatalogueSchema,
  passCityParamsSchema,
  passIdParamsSchema,
  passOrderPayloadSchema,
  passOrderSchema,
  passOrdersResponseSchema,
  passProductParamsSchema,
  passProductSchema,
  passProofParamsSchema,
  passTxParamsSchema,
  pendingVerificationsResponseSchema,
  proofFileResponseSchema,
  proofUploadResponseSchema,
  rejectRequestSchema,
  renewRequestSchema,
  resubmitRequestSchema,
  verificationDecisionsResponseSchema,
} from '@sawari/contracts';
import { BYTES_PER_MB, isFileTooLarge, MAX_UPLOAD_MB } from '@sawari/domain';
import type { Clock } from '../../platform/clock';
import { ApiError } from '../../platform/errors';
import { typed } from '../../platform/schema';
import { authOf, keyGuard, type AuthGuard } from '../auth';
import { FileStore, imageTypeOf, Uploads, type FileStorage } from '../files';
import { PASS_PROOF_PURPOSE } from './file-references';
import type { PassOrderService } from './service';

/** JPEG, PNG, WebP or PDF by the first bytes; null otherwise. */
export function proofTypeOf(b: Buffer): string | null {
  if (b.length >= 5 && b.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  return imageTypeOf(b);
}

const tooLarge = () => new ApiError(413, 'FILE_TOO_LARGE', `This file is larger than ${MAX_UPLOAD_MB} MB. Choose a smaller one.`);

async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the proof as multipart/form-data in a field named "file".');
  try {
    const part = await request.file({ limits: { fileSize: MAX_UPLOAD_MB * BYTES_PER_MB + 1, files: 1, fields: 10, parts: 20 } });
    if (!part || part.fieldname !== 'file') throw new ApiError(400, 'FILE_MISSING', 'Choose a file to upload (form field "file").');
    return await part.toBuffer();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (typeof code === 'string' && code.startsWith('FST_'))
      throw new ApiError(400, 'BAD_UPLOAD', 'The upload could not be read. Choose the file again and retry.');
    throw err;
  }
}

/** Rider routes (signed in): catalogue, proofs, orders, verification (rider side), passes, renewal, reclaim. */
export async function passRoutes(
  fastify: FastifyInstance,
  opts: { service: PassOrderService; guard: AuthGuard; storage: FileStorage; now: Clock },
): Promise<void> {
  const { service } = opts;
  const app = typed(fastify);
  await app.register(multipart);
  app.addHook('onRequest', opts.guard);

  app.get('/api/passes/v3/cities/:city/products', { schema: { params: passCityParamsSchema, response: { 200: passCatalogueSchema } } }, async (request) =>
    service.catalogue(request.params.city),
  );
  app.get(
    '/api/passes/v3/cities/:city/products/:configId',
    { schema: { params: passProductParamsSchema, response: { 200: passProductSchema } } },
    async (request) => service.product(request.params.city, request.params.configId),
  );

  app.post(
    '/api/passes/proofs',
    { bodyLimit: MAX_UPLOAD_MB * BYTES_PER_MB + 100_000, schema: { response: { 201: proofUploadResponseSchema } } },
    async (request, reply) => {
      const data = await readUpload(request);
      if (isFileTooLarge(data.length)) throw tooLarge();
      const contentType = proofTypeOf(data);
      if (!contentType) throw new ApiError(415, 'UNSUPPORTED_FILE_TYPE', 'Upload a JPEG, PNG or WebP image, or a PDF.');
      // Within the rider's upload quota (files module); a proof never attached to an application is deleted after a day.
      const id = await new Uploads(new FileStore(service.store.db), opts.storage, opts.now).save(authOf(request).userId, PASS_PROOF_PURPOSE, contentType, data);
      return reply.code(201).send({ fileId: id, contentType, sizeBytes: data.length });
    },
  );

  // The server mints the transactionId; an idempotency-key header (or the payload's transactionId) is a key scoped to
  // this rider: the same key answers the same order, and re-quotes it only while nobody is paying for it.
  app.post(
    '/api/passes/v3/orders',
    { bodyLimit: 16_384, schema: { headers: idempotencyHeadersSchema, body: passOrderPayloadSchema, response: { 201: passOrderSchema } } },
    async (request, reply) =>
      reply.code(201).send(await service.createOrder(authOf(request).userId, request.body, { orderKey: request.headers['idempotency-key'] })),
  );
  app.get('/api/passes/orders', { schema: { response: { 200: passOrdersResponseSchema } } }, async (request) =>
    service.openVerificationOrders(authOf(request).userId),
  );
  app.get('/api/passes/orders/:transactionId', { schema: { params: passTxParamsSchema, response: { 200: passOrderSchema } } }, async (request) =>
    service.getOrder(authOf(request).userId, request.params.transactionId),
  );
  app.post(
    '/api/passes/orders/:transactionId/submit-for-verification',
    { schema: { params: passTxParamsSchema, response: { 200: passOrderSchema } } },
    async (request) => {
      const { userId } = authOf(request);
      return service.transition(request.params.transactionId, 'SUBMIT', `rider:${userId}`, { userId });
    },
  );
  app.post(
    '/api/passes/orders/:transactionId/resubmit',
    { bodyLimit: 8192, schema: { params: passTxParamsSchema, body: resubmitRequestSchema, response: { 200: passOrderSchema } } },
    async (request) => {
      const { userId } = authOf(request);
      return service.transition(request.params.transactionId, request.body.action, `rider:${userId}`, { userId, proofs: request.body.proofs });
    },
  );
  app.post('/api/passes/orders/:transactionId/reclaim', { schema: { params: passTxParamsSchema, response: { 200: myPassSchema } } }, async (request) =>
    service.reclaim(authOf(request).userId, request.params.transactionId),
  );
  app.get('/api/passes/mine', { schema: { response: { 200: myPassesResponseSchema } } }, async (request) => service.mine(authOf(request).userId));
  app.post(
    '/api/passes/:passId/renew',
    { bodyLimit: 4096, schema: { params: passIdParamsSchema, body: renewRequestSchema, response: { 201: passOrderSchema } } },
    async (request, reply) => {
      const { userId, deviceId } = authOf(request);
      return reply.code(201).send(await service.renew(userId, request.params.passId, request.body.passStartDate, deviceId));
    },
  );
}

const extensionOf = (contentType: string): string =>
  ({ 'image/jpeg': '.jpg', 'image/png': '.png', 'image/webp': '.webp', 'application/pdf': '.pdf' })[contentType] ?? '';

/** Operator routes: `authorization: Ops <key>`; the key's name is recorded as who decided. */
export async function opsRoutes(fastify: FastifyInstance, opts: { service: PassOrderService; keys: Map<string, string>; storage: FileStorage }): Promise<void> {
  const { service } = opts;
  const app = typed(fastify);
  const guard = keyGuard('Ops', opts.keys);
  app.addHook('onRequest', guard.hook);
  const actor = (r: FastifyRequest) => `ops:${guard.nameOf(r)}`;
  app.get('/api/ops/verifications', { schema: { response: { 200: pendingVerificationsResponseSchema } } }, async () => ({
    verifications: await service.pendingVerifications(),
  }));
  app.get(
    '/api/ops/verifications/:transactionId/decisions',
    { schema: { params: passTxParamsSchema, response: { 200: verificationDecisionsResponseSchema } } },
    async (request) => ({ decisions: await service.decisions(request.params.transactionId) }),
  );
  // One proof of an order, to look at before deciding (only files that are that order's proofs; never cached). The
  // bytes are sent as they are (Fastify serialises no Buffer); the schema names what the answer is.
  app.get(
    '/api/ops/verifications/:transactionId/proofs/:fileId',
    { schema: { params: passProofParamsSchema, response: { 200: proofFileResponseSchema } } },
    async (request, reply) => {
      const { transactionId, fileId } = request.params;
      const proof = await service.proofForReview(transactionId, fileId, opts.storage);
      return reply
        .header('content-type', proof.contentType)
        .header('cache-control', 'no-store')
        .header('content-disposition', `inline; filename="${proof.kind.toLowerCase()}-${fileId}${extensionOf(proof.contentType)}"`)
        .header('x-proof-kind', proof.kind)
        .send(proof.data);
    },
  );
  app.post('/api/ops/verifications/:transactionId/approve', { schema: { params: passTxParamsSchema, response: { 200: passOrderSchema } } }, async (request) =>
    service.transition(request.params.transactionId, 'APPROVE', actor(request)),
  );
  app.post(
    '/api/ops/verifications/:transactionId/reject',
    { bodyLimit: 4096, schema: { params: passTxParamsSchema, body: rejectRequestSchema, response: { 200: passOrderSchema } } },
    async (request) => service.transition(request.params.transactionId, 'REJECT', actor(request), { reason: request.body.reason }),
  );
}
