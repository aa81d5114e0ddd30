import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { favouriteInputSchema, favouritesQuerySchema } from '@sawari/contracts';
import { authOf, type AuthGuard } from '../auth/guard';
import type { FavouriteService } from './service';

const idParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** HTTP only: GET/POST /api/favourites, DELETE /api/favourites/:id (signed in). */
export async function favouriteRoutes(app: FastifyInstance, opts: { service: FavouriteService; guard: AuthGuard }): Promise<void> {
  const { service } = opts;
  app.addHook('onRequest', opts.guard);
  app.get('/api/favourites', { schema: { querystring: favouritesQuerySchema } }, async (request) => {
    const { q } = request.query as z.infer<typeof favouritesQuerySchema>;
    return service.list(authOf(request).userId, q);
  });
  app.post('/api/favourites', { bodyLimit: 4096, schema: { body: favouriteInputSchema } }, async (request, reply) => {
    const { favourite, created } = await service.save(authOf(request).userId, request.body as z.infer<typeof favouriteInputSchema>);
    return reply.code(created ? 201 : 200).send(favourite);
  });
  app.delete('/api/favourites/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
    await service.remove(authOf(request).userId, (request.params as z.infer<typeof idParamsSchema>).id);
    return reply.code(204).send();
  });
}
