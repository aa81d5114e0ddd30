import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { sosAlertRequestSchema, sosSettingsSchema, type SosSettings } from '@sawari/contracts';
import { authOf, type AuthGuard } from '../auth/guard';
import type { SosService } from './service';

/** HTTP only: GET/PUT /api/sos and POST /api/sos/alert (signed in); GET /api/support/offices (public). */
export async function sosRoutes(app: FastifyInstance, opts: { service: SosService; guard: AuthGuard }): Promise<void> {
  const { service, guard } = opts;
  app.get('/api/sos', { onRequest: guard }, async (request) => service.settings(authOf(request).userId));
  app.put('/api/sos', { onRequest: guard, bodyLimit: 8192, schema: { body: sosSettingsSchema } }, async (request) =>
    service.saveSettings(authOf(request).userId, request.body as SosSettings),
  );
  app.post('/api/sos/alert', { onRequest: guard, bodyLimit: 1024, schema: { body: sosAlertRequestSchema } }, async (request) => {
    const { lat, lon } = request.body as z.infer<typeof sosAlertRequestSchema>;
    return service.alert(authOf(request).userId, lat, lon);
  });
  app.get('/api/support/offices', async () => service.offices());
}
