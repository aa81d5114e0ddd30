import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { loginRequestSchema, logoutRequestSchema, otpRequestQuerySchema, refreshRequestSchema } from '@sawari/contracts';
import { authOf, type AuthGuard } from './guard';
import type { AuthService } from './service';

/** HTTP only: /api/auth/otp, /login, /refresh, /logout. */
export async function authRoutes(app: FastifyInstance, opts: { service: AuthService; guard: AuthGuard }): Promise<void> {
  const { service, guard } = opts;

  app.get('/api/auth/otp', { schema: { querystring: otpRequestQuerySchema } }, async (request) => {
    const query = request.query as z.infer<typeof otpRequestQuerySchema>;
    return service.requestOtp(query, request.ip);
  });

  app.post('/api/auth/login', { bodyLimit: 4096, schema: { body: loginRequestSchema } }, async (request) => service.login(request.body as z.infer<typeof loginRequestSchema>));

  app.post('/api/auth/refresh', { bodyLimit: 4096, schema: { body: refreshRequestSchema } }, async (request) => service.refresh(request.body as z.infer<typeof refreshRequestSchema>));

  app.post('/api/auth/logout', { bodyLimit: 4096, onRequest: guard, schema: { body: logoutRequestSchema.nullish() } }, async (request, reply) => {
    const { userId, deviceId } = authOf(request);
    const body = (request.body ?? {}) as z.infer<typeof logoutRequestSchema>;
    await service.logout(userId, deviceId, body.refreshToken);
    return reply.code(204).send();
  });
}
