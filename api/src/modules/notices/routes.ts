import type { FastifyInstance } from 'fastify';
import { noContentSchema, noticeIdParamsSchema, noticeLanguageRequestSchema, riderNoticeListSchema } from '@sawari/contracts';
import { typed } from '../../platform/schema';
import { authOf, type AuthGuard } from '../auth';
import type { RiderNoticeService } from './service';

/** Rider routes (signed in): the notices on Home until seen, dismissing one, the language notices are written in. */
export async function noticeRoutes(fastify: FastifyInstance, opts: { service: RiderNoticeService; guard: AuthGuard }): Promise<void> {
  const { service } = opts;
  const app = typed(fastify);
  app.addHook('onRequest', opts.guard);

  app.get('/api/notices', { schema: { response: { 200: riderNoticeListSchema } } }, async (request) => service.unseen(authOf(request).userId));

  app.post(
    '/api/notices/:id/seen',
    { bodyLimit: 1024, schema: { params: noticeIdParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await service.markSeen(authOf(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/notices/language',
    { bodyLimit: 1024, schema: { body: noticeLanguageRequestSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await service.setLanguage(authOf(request).userId, request.body.language);
      return reply.code(204).send();
    },
  );
}
