import { z } from 'zod';

/** The one error body every API answer other than 2xx carries. */
export const apiErrorSchema = z.object({
  code: z.string().min(1),
  message: z.string().min(1),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** A 204 answer: no body (Fastify sends none, so nothing is serialised). */
export const noContentSchema = z.undefined();
