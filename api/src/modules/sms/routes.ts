import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { phoneNumberSchema } from '@sawari/contracts';
import type { SmsOutboxStore } from './store';

const outboxQuerySchema = z.object({ phoneNumber: phoneNumberSchema });

/** GET /api/dev/sms-outbox: the development provider's messages to one number. Registered in development mode only. */
export async function smsOutboxRoutes(app: FastifyInstance, opts: { outbox: SmsOutboxStore }): Promise<void> {
  app.get('/api/dev/sms-outbox', { schema: { querystring: outboxQuerySchema } }, async (request) => {
    const { phoneNumber } = request.query as z.infer<typeof outboxQuerySchema>;
    return { messages: await opts.outbox.list(phoneNumber) };
  });
}
