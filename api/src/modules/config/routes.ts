import type { FastifyInstance } from 'fastify';
import type { ConfigService } from './service';

/** City config may be cached for 12 h (spec §9). */
export const CITY_CONFIG_CACHE = 'public, max-age=43200';

/** HTTP only: GET /api/config/countries, /cities, /server-time. Public. */
export async function configRoutes(app: FastifyInstance, opts: { service: ConfigService }): Promise<void> {
  const { service } = opts;
  app.get('/api/config/countries', async () => service.countries());
  app.get('/api/config/cities', async (_request, reply) => {
    const body = await service.cities();
    reply.header('cache-control', CITY_CONFIG_CACHE);
    return body;
  });
  app.get('/api/config/server-time', async () => service.serverTime());
}
