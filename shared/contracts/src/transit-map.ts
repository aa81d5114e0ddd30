import { z } from 'zod';

/**
 * The map data of a city's network (GET /api/transit/network) and of one ride of a planned journey
 * (GET /api/transit/trip-path). Coordinates are [lon, lat] (GeoJSON order), 5 decimals.
 */
const position = z.tuple([z.number(), z.number()]);

/** How a line of the network is drawn: by the kind of vehicle on it. */
export const networkModeSchema = z.enum(['BUS', 'FERRY', 'RAIL', 'METRO', 'TRAM', 'CABLE', 'MONORAIL']);

/** The city's whole network, one MultiLineString per mode: the feed's shapes (or stop to stop where a trip has none), simplified. */
export const networkMapSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      properties: z.object({ mode: networkModeSchema, lines: z.number().int() }),
      geometry: z.object({ type: z.literal('MultiLineString'), coordinates: z.array(z.array(position)) }),
    }),
  ),
});
export type NetworkMap = z.infer<typeof networkMapSchema>;

export const networkMapQuerySchema = z
  .object({ city: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a city id (lower-case letters, digits and hyphens)') })
  .strict();

/** A feed's id (trip, stop): text without control characters. */
const feedId = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[^\u0000-\u001f]+$/, 'must be an id from the feed (no control characters)');

export const tripPathQuerySchema = z
  .object({
    city: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a city id (lower-case letters, digits and hyphens)'),
    trip: feedId,
    from: feedId,
    to: feedId,
  })
  .strict();

/** A ride along one trip from a stop to a later one: the trip's shape between them (shaped) or straight lines through its stops. */
export const tripPathSchema = z.object({
  coordinates: z.array(position),
  /** The stops of the ride, boarding and alighting ones included, in order. */
  stops: z.array(z.object({ stop_id: z.string(), lon: z.number(), lat: z.number() })),
  shaped: z.boolean(),
});
export type TripPath = z.infer<typeof tripPathSchema>;
