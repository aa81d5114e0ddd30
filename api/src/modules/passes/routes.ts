import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { passOrderPayloadSchema, passOrderSchema, rejectRequestSchema, renewRequestSchema, resubmitRequestSchema, type PassOrderPayload } from '@sawari/contracts';
import { BYTES_PER_MB, isFileTooLarge, MAX_UPLOAD_MB } from '@sawari/domain';
import type { Clock } from '../../platform/clock';
import { ApiError } from '../../platform/errors';
import { safeEqual } from '../../platform/secrets';
import { authOf, type AuthGuard } from '../auth/guard';
import { imageTypeOf } from '../files/image-type';
import type { FileStorage } from '../files/storage';
import { orderKeyOf } from '../payments';
import { FileStore } from '../files/store';
import { Uploads } from '../files';
import { PASS_PROOF_PURPOSE } from './file-references';
import type { PassOrderService } from './service';

const cityParams = z.object({ city: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a city id') });
const productParams = cityParams.extend({ configId: z.string().min(1).max(60) });
const txParams = z.object({ transactionId: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'must be a transactionId') });
const passParams = z.object({ passId: z.uuid('must be a pass id') });

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
    if (typeof code === 'string' && code.startsWith('FST_')) throw new ApiError(400, 'BAD_UPLOAD', 'The upload could not be read. Choose the file again and retry.');
    throw err;
  }
}

/** Rider routes (signed in): catalogue, proofs, orders, verification (rider side), passes, renewal, reclaim. */
export async function passRoutes(app: FastifyInstance, opts: { service: PassOrderService; guard: AuthGuard; storage: FileStorage; now: Clock }): Promise<void> {
  const { service } = opts;
  await app.register(multipart);
  app.addHook('onRequest', opts.guard);

  app.get('/api/passes/v3/cities/:city/products', { schema: { params: cityParams } }, async (request) => service.catalogue((request.params as z.infer<typeof cityParams>).city));
  app.get('/api/passes/v3/cities/:city/products/:configId', { schema: { params: productParams } }, async (request) => {
    const { city, configId } = request.params as z.infer<typeof productParams>;
    return service.product(city, configId);
  });

  app.post('/api/passes/proofs', { bodyLimit: MAX_UPLOAD_MB * BYTES_PER_MB + 100_000 }, async (request, reply) => {
    const data = await readUpload(request);
    if (isFileTooLarge(data.length)) throw tooLarge();
    const contentType = proofTypeOf(data);
    if (!contentType) throw new ApiError(415, 'UNSUPPORTED_FILE_TYPE', 'Upload a JPEG, PNG or WebP image, or a PDF.');
    // Within the rider's upload quota (files module); a proof never attached to an application is deleted after a day.
    const id = await new Uploads(new FileStore(service.store.db), opts.storage, opts.now).save(authOf(request).userId, PASS_PROOF_PURPOSE, contentType, data);
    return reply.code(201).send({ fileId: id, contentType, sizeBytes: data.length });
  });

  // The server mints the transactionId; an idempotency-key header (or the payload's transactionId) is a key scoped to
  // this rider: the same key answers the same order, and re-quotes it only while nobody is paying for it.
  app.post<{ Body: PassOrderPayload }>('/api/passes/v3/orders', { bodyLimit: 16_384, schema: { body: passOrderPayloadSchema, response: { 201: passOrderSchema } } }, async (request, reply) =>
    reply.code(201).send(await service.createOrder(authOf(request).userId, request.body, { orderKey: orderKeyOf(request.headers) })));
  app.get('/api/passes/orders', async (request) => service.openVerificationOrders(authOf(request).userId));
  app.get('/api/passes/orders/:transactionId', { schema: { params: txParams } }, async (request) =>
    service.getOrder(authOf(request).userId, (request.params as z.infer<typeof txParams>).transactionId));
  app.post('/api/passes/orders/:transactionId/submit-for-verification', { schema: { params: txParams } }, async (request) => {
    const { userId } = authOf(request);
    return service.transition((request.params as z.infer<typeof txParams>).transactionId, 'SUBMIT', `rider:${userId}`, { userId });
  });
  app.post('/api/passes/orders/:transactionId/resubmit', { bodyLimit: 8192, schema: { params: txParams, body: resubmitRequestSchema } }, async (request) => {
    const { userId } = authOf(request);
    const body = request.body as z.infer<typeof resubmitRequestSchema>;
    return service.transition((request.params as z.infer<typeof txParams>).transactionId, body.action, `rider:${userId}`, { userId, proofs: body.proofs });
  });
  app.post('/api/passes/orders/:transactionId/reclaim', { schema: { params: txParams } }, async (request) =>
    service.reclaim(authOf(request).userId, (request.params as z.infer<typeof txParams>).transactionId));
  app.get('/api/passes/mine', async (request) => service.mine(authOf(request).userId));
  app.post('/api/passes/:passId/renew', { bodyLimit: 4096, schema: { params: passParams, body: renewRequestSchema } }, async (request, reply) => {
    const { userId, deviceId } = authOf(request);
    const { passStartDate } = request.body as z.infer<typeof renewRequestSchema>;
    return reply.code(201).send(await service.renew(userId, (request.params as z.infer<typeof passParams>).passId, passStartDate, deviceId));
  });
}

export const DEV_OPS_KEY = 'sawari-dev-ops';

/** OPS_KEYS=name=key,name2=key2 (who=secret); outside production `dev=sawari-dev-ops` when unset. */
export function parseOpsKeys(value: string | undefined, production: boolean): Map<string, string> {
  const keys = new Map<string, string>();
  for (const entry of (value ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^([A-Za-z0-9._@-]{1,60})=(.{12,200})$/.exec(entry);
    if (!m) throw new Error('OPS_KEYS: each entry must be name=key with a key of at least 12 characters');
    keys.set(m[2], m[1]);
  }
  if (!keys.size && !production) keys.set(DEV_OPS_KEY, 'dev');
  return keys;
}

const proofParams = z.object({ transactionId: txParams.shape.transactionId, fileId: z.uuid() });
const extensionOf = (contentType: string): string =>
  ({ 'image/jpeg': '.jpg', 'image/png': '.png', 'image/webp': '.webp', 'application/pdf': '.pdf' })[contentType] ?? '';

/** Operator routes: `authorization: Ops <key>`; the key's name is recorded as who decided. */
export async function opsRoutes(app: FastifyInstance, opts: { service: PassOrderService; keys: Map<string, string>; storage: FileStorage }): Promise<void> {
  const { service } = opts;
  const who = new WeakMap<FastifyRequest, string>();
  app.addHook('onRequest', async (request) => {
    const m = /^Ops (.+)$/.exec(request.headers.authorization ?? '');
    const name = m ? [...opts.keys].find(([k]) => safeEqual(k, m[1]))?.[1] : undefined;
    if (!name) throw new ApiError(401, 'OPS_UNAUTHENTICATED', 'Operator routes need the header authorization: Ops <key>.');
    who.set(request, name);
  });
  const actor = (r: FastifyRequest) => `ops:${who.get(r)}`;
  app.get('/api/ops/verifications', async () => ({ verifications: await service.pendingVerifications() }));
  app.get('/api/ops/verifications/:transactionId/decisions', { schema: { params: txParams } }, async (request) =>
    ({ decisions: await service.decisions((request.params as z.infer<typeof txParams>).transactionId) }));
  // One proof of an order, to look at before deciding (only files that are that order's proofs; never cached).
  app.get('/api/ops/verifications/:transactionId/proofs/:fileId', { schema: { params: proofParams } }, async (request, reply) => {
    const { transactionId, fileId } = request.params as z.infer<typeof proofParams>;
    const proof = await service.proofForReview(transactionId, fileId, opts.storage);
    return reply
      .header('content-type', proof.contentType)
      .header('cache-control', 'no-store')
      .header('content-disposition', `inline; filename="${proof.kind.toLowerCase()}-${fileId}${extensionOf(proof.contentType)}"`)
      .header('x-proof-kind', proof.kind)
      .send(proof.data);
  });
  app.post('/api/ops/verifications/:transactionId/approve', { schema: { params: txParams } }, async (request) =>
    service.transition((request.params as z.infer<typeof txParams>).transactionId, 'APPROVE', actor(request)));
  app.post('/api/ops/verifications/:transactionId/reject', { bodyLimit: 4096, schema: { params: txParams, body: rejectRequestSchema } }, async (request) =>
    service.transition((request.params as z.infer<typeof txParams>).transactionId, 'REJECT', actor(request), { reason: (request.body as z.infer<typeof rejectRequestSchema>).reason }));
}
