import type { FastifyInstance } from 'fastify';
import { sosAlertRequestSchema, sosAlertResponseSchema, sosSettingsSchema, supportOfficesQuerySchema, supportOfficesResponseSchema } from '@sawari/contracts';
import { typed } from '../../platform/schema';
import { authOf, type AuthGuard } from '../auth';
import type { SosService } from './service';

/** HTTP only: GET/PUT /api/sos and POST /api/sos/alert (signed in); GET /api/support/offices?city= (public). */
export async function sosRoutes(fastify: FastifyInstance, opts: { service: SosService; guard: AuthGuard }): Promise<void> {
  const { service, guard } = opts;
  const app = typed(fastify);
  app.get('/api/sos', { onRequest: guard, schema: { response: { 200: sosSettingsSchema } } }, async (request) => service.settings(authOf(request).userId));
  app.put('/api/sos', { onRequest: guard, bodyLimit: 8192, schema: { body: sosSettingsSchema, response: { 200: sosSettingsSchema } } }, async (request) =>
    service.saveSettings(authOf(request).userId, request.body),
  );
  app.post(
    '/api/sos/alert',
    { onRequest: guard, bodyLimit: 1024, schema: { body: sosAlertRequestSchema, response: { 200: sosAlertResponseSchema } } },
    async (request) => service.alert(authOf(request).userId, request.body.lat, request.body.lon),
  );
  app.get('/api/support/offices', { schema: { querystring: supportOfficesQuerySchema, response: { 200: supportOfficesResponseSchema } } }, async (request) =>
    service.offices(request.query.city),
  );
}
