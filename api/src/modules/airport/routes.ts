import type { ContextConfigDefault, FastifyInstance } from 'fastify';
import {
  airportBoardConfigSchema,
  airportBoardParamsSchema,
  airportCityParamsSchema,
  noContentSchema,
  tripTimingsRequestSchema,
  tripTimingsResponseSchema,
} from '@sawari/contracts';
import { typed } from '../../platform/schema';
import type { AirportService } from './service';
import { kioskGuard } from './kiosk-auth';

const timingsSchema = { params: airportCityParamsSchema, body: tripTimingsRequestSchema, response: { 200: tripTimingsResponseSchema, 304: noContentSchema } };

/** HTTP only: the airport boards' config and timings, both behind the kiosk key. */
export async function airportRoutes(fastify: FastifyInstance, opts: { service: AirportService; kioskKeys: string[] }): Promise<void> {
  const { service } = opts;
  const app = typed(fastify);
  app.addHook('onRequest', kioskGuard(opts.kioskKeys));

  app.get(
    '/api/airport/v1/boards/:product/:terminalId',
    { schema: { params: airportBoardParamsSchema, response: { 200: airportBoardConfigSchema } } },
    async (request) => service.boardConfig(request.params.product, request.params.terminalId),
  );

  // Reply: the JSON text of tripTimingsResponseSchema, written once by the service's cache (only the fields the schema
  // names) and sent as it is: Fastify serialises no string, so a poll costs no zod pass. Params and body are typed by
  // the schema (timingsSchema), the reply as that text.
  app.post<{ Reply: string }, ContextConfigDefault, typeof timingsSchema>(
    '/api/tub/v1/trips/:city/by_route_stop_pairs',
    { bodyLimit: 16 * 1024, schema: timingsSchema },
    async (request, reply) => {
      const { city } = request.params;
      // A serialized answer shared by every kiosk (service.ts TimingsCache); a board that has it gets a 304.
      const answer = await service.timings(city, request.body);
      reply.header('etag', answer.etag);
      if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(answer.body);
    },
  );
}
