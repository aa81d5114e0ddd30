import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { favouriteInputSchema, favouriteSchema, favouritesQuerySchema, favouritesResponseSchema, noContentSchema } from '@sawari/contracts';
import { typed } from '../../platform/schema';
import { authOf, type AuthGuard } from '../auth';
import type { FavouriteService } from './service';

const idParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** HTTP only: GET/POST /api/favourites, DELETE /api/favourites/:id (signed in). */
export async function favouriteRoutes(fastify: FastifyInstance, opts: { service: FavouriteService; guard: AuthGuard }): Promise<void> {
  const { service } = opts;
  const app = typed(fastify);
  app.addHook('onRequest', opts.guard);
  app.get('/api/favourites', { schema: { querystring: favouritesQuerySchema, response: { 200: favouritesResponseSchema } } }, async (request) =>
    service.list(authOf(request).userId, request.query.q),
  );
  app.post(
    '/api/favourites',
    { bodyLimit: 4096, schema: { body: favouriteInputSchema, response: { 200: favouriteSchema, 201: favouriteSchema } } },
    async (request, reply) => {
      const { favourite, created } = await service.save(authOf(request).userId, request.body);
      return reply.code(created ? 201 : 200).send(favourite);
    },
  );
  app.delete('/api/favourites/:id', { schema: { params: idParamsSchema, response: { 204: noContentSchema } } }, async (request, reply) => {
    await service.remove(authOf(request).userId, request.params.id);
    return reply.code(204).send();
  });
}
