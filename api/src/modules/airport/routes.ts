import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { airportBoardParamsSchema, tripTimingsRequestSchema, type TripTimingsRequest, type TripTimingsResponse } from '@sawari/contracts';
import type { AirportService } from './service';
import { kioskGuard } from './kiosk-auth';

const cityParamsSchema = z.object({ city: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a city id (lower-case letters, digits, dashes)') });

/** HTTP only: the airport boards' config and timings, both behind the kiosk key. */
export async function airportRoutes(app: FastifyInstance, opts: { service: AirportService; kioskKeys: string[] }): Promise<void> {
  const { service } = opts;
  app.addHook('onRequest', kioskGuard(opts.kioskKeys));

  app.get('/api/airport/v1/boards/:product/:terminalId', { schema: { params: airportBoardParamsSchema } }, async (request) => {
    const { product, terminalId } = request.params as z.infer<typeof airportBoardParamsSchema>;
    return service.boardConfig(product, terminalId);
  });

  app.post(
    '/api/tub/v1/trips/:city/by_route_stop_pairs',
    { bodyLimit: 16 * 1024, schema: { params: cityParamsSchema, body: tripTimingsRequestSchema } },
    async (request, reply) => {
      const { city } = request.params as z.infer<typeof cityParamsSchema>;
      const result = await service.timings(city, request.body as TripTimingsRequest);
      return reply.type('application/json; charset=utf-8').send(serializeTimings(result));
    },
  );
}

/** The boards poll this every 30 s; writing the number arrays directly is cheaper than a generic JSON.stringify. */
export function serializeTimings(r: TripTimingsResponse): string {
  let out = '{"data":[';
  r.data.forEach((d, i) => {
    out += `${i ? ',' : ''}{"routeId":${JSON.stringify(d.routeId)},"stopId":${JSON.stringify(d.stopId)},"timings":[${d.timings.join(',')}]}`;
  });
  return `${out}]}`;
}
