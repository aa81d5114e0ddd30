import type { FastifyInstance } from 'fastify';
import { citiesResponseSchema, countriesResponseSchema, serverTimeResponseSchema } from '@sawari/contracts';
import { typed } from '../../platform/schema';
import type { ConfigService } from './service';

/** City config may be cached for 12 h (spec §9). */
export const CITY_CONFIG_CACHE = 'public, max-age=43200';

/** HTTP only: GET /api/config/countries, /cities, /server-time. Public. */
export async function configRoutes(fastify: FastifyInstance, opts: { service: ConfigService }): Promise<void> {
  const { service } = opts;
  const app = typed(fastify);
  app.get('/api/config/countries', { schema: { response: { 200: countriesResponseSchema } } }, async () => service.countries());
  app.get('/api/config/cities', { schema: { response: { 200: citiesResponseSchema } } }, async (_request, reply) => {
    const body = await service.cities();
    reply.header('cache-control', CITY_CONFIG_CACHE);
    return body;
  });
  app.get('/api/config/server-time', { schema: { response: { 200: serverTimeResponseSchema } } }, async () => service.serverTime());
}
