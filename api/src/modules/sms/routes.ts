import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { phoneNumberSchema, smsOutboxResponseSchema } from '@sawari/contracts';
import { typed } from '../../platform/schema';
import type { SmsOutboxStore } from './store';

const outboxQuerySchema = z.object({ phoneNumber: phoneNumberSchema });

/** GET /api/dev/sms-outbox: the development provider's messages to one number. Registered in development mode only. */
export async function smsOutboxRoutes(fastify: FastifyInstance, opts: { outbox: SmsOutboxStore }): Promise<void> {
  typed(fastify).get('/api/dev/sms-outbox', { schema: { querystring: outboxQuerySchema, response: { 200: smsOutboxResponseSchema } } }, async (request) => ({
    messages: await opts.outbox.list(request.query.phoneNumber),
  }));
}
