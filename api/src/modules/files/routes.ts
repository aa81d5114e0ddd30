import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bytesResponseSchema } from '@sawari/contracts';
import { typed } from '../../platform/schema';
import type { FileService } from './service';

const paramsSchema = z.object({ id: z.uuid('must be a file id') });
const querySchema = z.object({ exp: z.coerce.number().int('exp must be a whole number'), sig: z.string().min(1).max(100) });

/** HTTP only: GET /api/files/:id?exp=&sig= (a signed link, so an <img> loads it without headers). Answers the file's
 *  bytes, streamed from the storage with their length (bytesResponseSchema: sent as they are, never serialised). */
export async function fileRoutes(fastify: FastifyInstance, opts: { service: FileService }): Promise<void> {
  typed(fastify).get(
    '/api/files/:id',
    { schema: { params: paramsSchema, querystring: querySchema, response: { 200: bytesResponseSchema } } },
    async (request, reply) => {
      const file = await opts.service.open(request.params.id, request.query.exp, request.query.sig);
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('content-length', file.sizeBytes)
        .send(file.body as unknown as Uint8Array); // a stream is sent as it comes, like bytes
    },
  );
}
