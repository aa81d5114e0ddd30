import { z } from 'zod';
import { AIRPORT_MAX_PAIRS, AIRPORT_MAX_WINDOW_MS } from '@sawari/domain';

/** Epoch milliseconds sent as a string of digits (spec §7: "epoch milliseconds as strings"). */
export const epochMsStringSchema = z.string().regex(/^\d{1,15}$/, 'must be epoch milliseconds written as digits');

export const routeStopPairSchema = z.object({
  routeId: z.string().min(1).max(64),
  stopId: z.string().min(1).max(64),
});
export type RouteStopPair = z.infer<typeof routeStopPairSchema>;

/** Body of POST /api/tub/v1/trips/{city}/by_route_stop_pairs. */
export const tripTimingsRequestSchema = z
  .object({
    routeStopPairs: z
      .array(routeStopPairSchema)
      .min(1, 'give at least one route and stop pair')
      .max(AIRPORT_MAX_PAIRS, `give at most ${AIRPORT_MAX_PAIRS} route and stop pairs`),
    timeWindow: z.object({ fromTime: epochMsStringSchema, toTime: epochMsStringSchema }),
  })
  .superRefine((body, ctx) => {
    const from = Number(body.timeWindow.fromTime);
    const to = Number(body.timeWindow.toTime);
    if (to < from) ctx.addIssue({ code: 'custom', path: ['timeWindow', 'toTime'], message: 'toTime is before fromTime' });
    else if (to - from > AIRPORT_MAX_WINDOW_MS) ctx.addIssue({ code: 'custom', path: ['timeWindow'], message: 'the time window is longer than 24 hours' });
  });
export type TripTimingsRequest = z.infer<typeof tripTimingsRequestSchema>;

/** Spec §3 "Trip timing response": data, a list of { routeId, timings: epoch-ms numbers }. */
export const tripTimingsResponseSchema = z.object({
  data: z.array(z.object({ routeId: z.string(), stopId: z.string(), timings: z.array(z.number().int()) })),
});
export type TripTimingsResponse = z.infer<typeof tripTimingsResponseSchema>;

/** Answer of GET /api/airport/v1/boards/{product}/{terminalId}: the terminal config (spec §3) plus display texts. */
export const airportBoardConfigSchema = z.object({
  city: z.string(),
  product: z.string(),
  terminalId: z.string(),
  /** e.g. "Arrival Hall"; the board shows it in upper case. */
  place: z.string(),
  /** e.g. "Airport Express Counter". */
  counter: z.string(),
  routeStopPairs: z.array(routeStopPairSchema.extend({ destination: z.string() })),
});
export type AirportBoardConfig = z.infer<typeof airportBoardConfigSchema>;

export const airportBoardParamsSchema = z.object({
  product: z.string().regex(/^[a-z0-9-]{1,40}$/, 'unknown product'),
  terminalId: z.string().regex(/^[A-Za-z0-9]{1,8}$/, 'unknown terminal'),
});

/** Path of POST /api/tub/v1/trips/{city}/by_route_stop_pairs. */
export const airportCityParamsSchema = z.object({ city: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a city id (lower-case letters, digits, dashes)') });
