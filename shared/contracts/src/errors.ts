import { z } from 'zod';

/** The one error body every API answer other than 2xx carries. */
export const apiErrorSchema = z.object({
  code: z.string().min(1),
  message: z.string().min(1),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** A 204 (or 304) answer: no body (Fastify sends none, so nothing is serialised). */
export const noContentSchema = z.undefined();

/** An answer that is a file's bytes (its content type in the header), sent as they are: Fastify serialises no Buffer. */
export const bytesResponseSchema = z.custom<Uint8Array<ArrayBufferLike>>((v) => v instanceof Uint8Array, 'must be the bytes of a file');

/** GET /api/health: 200 while the database answers (503 DB_UNAVAILABLE, an apiError, when it does not). */
export const healthResponseSchema = z.object({ status: z.literal('ok'), db: z.string() });

/** GET /api/ready: 200 once the server may take traffic (503 NOT_READY or DRAINING, an apiError, before and after). */
export const readyResponseSchema = z.object({ status: z.literal('ready') });
