import type { FastifyInstance } from 'fastify';
import {
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  noContentSchema,
  otpRequestQuerySchema,
  otpRequestResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
} from '@sawari/contracts';
import { typed } from '../../platform/schema';
import { authOf, type AuthGuard } from './guard';
import { otpSmsLanguage } from './otp-sms';
import type { AuthService } from './service';

/** HTTP only: /api/auth/otp, /login, /refresh, /logout. */
export async function authRoutes(fastify: FastifyInstance, opts: { service: AuthService; guard: AuthGuard }): Promise<void> {
  const { service, guard } = opts;
  const app = typed(fastify);

  app.get('/api/auth/otp', { schema: { querystring: otpRequestQuerySchema, response: { 200: otpRequestResponseSchema } } }, async (request) =>
    service.requestOtp({ ...request.query, lang: otpSmsLanguage(request.query.lang, request.headers.cookie) }, request.ip),
  );

  app.post('/api/auth/login', { bodyLimit: 4096, schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } } }, async (request) =>
    service.login(request.body),
  );

  app.post('/api/auth/refresh', { bodyLimit: 4096, schema: { body: refreshRequestSchema, response: { 200: refreshResponseSchema } } }, async (request) =>
    service.refresh(request.body),
  );

  app.post(
    '/api/auth/logout',
    { bodyLimit: 4096, onRequest: guard, schema: { body: logoutRequestSchema.nullish(), response: { 204: noContentSchema } } },
    async (request, reply) => {
      const { userId, deviceId } = authOf(request);
      await service.logout(userId, deviceId, request.body?.refreshToken);
      return reply.code(204).send();
    },
  );
}
