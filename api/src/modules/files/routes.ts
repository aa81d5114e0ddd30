import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { FileService } from './service';

const paramsSchema = z.object({ id: z.uuid('must be a file id') });
const querySchema = z.object({ exp: z.coerce.number().int('exp must be a whole number'), sig: z.string().min(1).max(100) });

/** HTTP only: GET /api/files/:id?exp=&sig= (a signed link, so an <img> loads it without headers). */
export async function fileRoutes(app: FastifyInstance, opts: { service: FileService }): Promise<void> {
  app.get('/api/files/:id', { schema: { params: paramsSchema, querystring: querySchema } }, async (request, reply) => {
    const { id } = request.params as z.infer<typeof paramsSchema>;
    const { exp, sig } = request.query as z.infer<typeof querySchema>;
    const file = await opts.service.open(id, exp, sig);
    return reply.type(file.contentType).header('cache-control', 'private, max-age=3600').send(file.data);
  });
}
