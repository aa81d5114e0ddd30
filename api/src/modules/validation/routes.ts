import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  publishedKeysSchema,
  punchRequestSchema,
  punchResultSchema,
  rideHistorySchema,
  rideReceiptSchema,
  rideSyncRequestSchema,
  rideSyncResponseSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  validationTransactionIdSchema,
} from '@sawari/contracts';
import { errorBody } from '../../platform/errors';
import { typed } from '../../platform/schema';
import { authOf, keyGuard, type AuthGuard } from '../auth';
import { CodeInvalidError, type ValidationService } from './service';
import { businessMetrics } from '../../platform/metrics';

const txParams = z.object({ transactionId: validationTransactionIdSchema });
/** 422 of a punch: the usual error body and why the code was refused. */
const codeInvalidSchema = z.object({ code: z.string(), message: z.string(), reason: z.string() });

/** Published keys may be cached this long (s); rotation publishes a new key at least this long before signing with it. */
export const KEYS_MAX_AGE_S = 3600;

/** GET /api/validation/keys (no sign-in, cacheable). */
export async function validationKeyRoutes(fastify: FastifyInstance, opts: { service: ValidationService }): Promise<void> {
  typed(fastify).get('/api/validation/keys', { schema: { response: { 200: publishedKeysSchema } } }, async (_request, reply) => {
    reply.header('cache-control', `public, max-age=${KEYS_MAX_AGE_S}`);
    return opts.service.publishedKeys();
  });
}

/** Rider routes (signed in): tokens, ride sync, ride history, receipts. */
export async function validationRiderRoutes(fastify: FastifyInstance, opts: { service: ValidationService; guard: AuthGuard }): Promise<void> {
  const { service } = opts;
  const app = typed(fastify);
  app.addHook('onRequest', opts.guard);
  app.post('/api/validation/tokens', { bodyLimit: 4096, schema: { body: tokenRequestSchema, response: { 200: tokenResponseSchema } } }, async (request) =>
    service.issueToken(authOf(request).userId, request.body.transactionId, request.body.devicePublicKey),
  );
  app.post(
    '/api/validation/rides/sync',
    { bodyLimit: 64 * 1024, schema: { body: rideSyncRequestSchema, response: { 200: rideSyncResponseSchema } } },
    async (request) => service.sync(authOf(request).userId, request.body.punches),
  );
  app.get('/api/validation/rides/:transactionId', { schema: { params: txParams, response: { 200: rideHistorySchema } } }, async (request) =>
    service.rides(authOf(request).userId, request.params.transactionId),
  );
  app.get('/api/validation/receipts/:transactionId', { schema: { params: txParams, response: { 200: rideReceiptSchema } } }, async (request) =>
    service.receipt(authOf(request).userId, request.params.transactionId),
  );
}

export const DEV_VALIDATOR_KEY = 'sawari-dev-validator';

/** VALIDATOR_KEYS=name=key,... as key → name; outside production `dev=sawari-dev-validator` when none are given. */
export function validatorKeyMap(keys: { name: string; key: string }[] | undefined, production: boolean): Map<string, string> {
  const map = new Map((keys ?? []).map((k) => [k.key, k.name] as const));
  if (!map.size && !production) map.set(DEV_VALIDATOR_KEY, 'dev');
  return map;
}

/** Validator route: `authorization: Validator <key>`; the key's name is recorded with each punch. */
export async function validatorRoutes(fastify: FastifyInstance, opts: { service: ValidationService; keys: Map<string, string> }): Promise<void> {
  const app = typed(fastify);
  const guard = keyGuard('Validator', opts.keys);
  app.addHook('onRequest', guard.hook);
  app.post(
    '/api/validation/punches',
    { bodyLimit: 8192, schema: { body: punchRequestSchema, response: { 200: punchResultSchema, 422: codeInvalidSchema } } },
    async (request, reply) => {
      try {
        const punched = await opts.service.punch(guard.nameOf(request), request.body);
        businessMetrics.punch('accepted');
        return punched;
      } catch (err) {
        if (err instanceof CodeInvalidError) businessMetrics.punch('refused');
        if (err instanceof CodeInvalidError) return reply.code(422).send({ ...errorBody(err.code, err.message), reason: err.reason });
        throw err;
      }
    },
  );
}
