// Map data from the feed: the city's whole network (a faint base layer where no tile source is configured) and the
// line of one ride of a planned journey (its trip's shape between two stops). SQL, the cached answers and the routes;
// the geometry is in map-geometry.ts. See docs/transit.md "Maps".
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  apiErrorSchema,
  networkMapQuerySchema,
  networkMapSchema,
  tripPathQuerySchema,
  tripPathSchema,
  type NetworkMap,
  type TripPath,
} from '@sawari/contracts';
import type { Db } from '../../platform/db';
import { ApiError } from '../../platform/errors';
import { typed } from '../../platform/schema';
import { mergeLines, ridePath, roundLine, simplifyLine, type LonLat, type PathStop } from './map-geometry';
import { transportType } from './service';
import type { TimetableCache } from './timetable-cache';

/** How far the network's lines may stray from the feed's shapes (metres): invisible at city zooms, a tenth of the points. */
export const NETWORK_TOLERANCE_METERS = 12;
/** A ride's line: close to the road at street zoom. */
const RIDE_TOLERANCE_METERS = 2;

type Mode = NetworkMap['features'][number]['properties']['mode'];

/** SQL of the map endpoints. */
export class NetworkMapStore {
  constructor(private readonly db: Db) {}

  /** Every shape a trip of the feed uses, with the route type of (one of) its trips; points in order. */
  async shapes(feedId: number): Promise<{ shapeId: string; routeType: number; points: LonLat[] }[]> {
    const [types, points] = await Promise.all([
      this.db.query<{ shape_id: string; route_type: number }>(
        `SELECT t.shape_id, min(r.route_type) AS route_type FROM trips t JOIN routes r ON r.feed_id = t.feed_id AND r.route_id = t.route_id
          WHERE t.feed_id = $1 AND t.shape_id IS NOT NULL GROUP BY t.shape_id`,
        [feedId],
      ),
      this.db.query<{ shape_id: string; lon: number; lat: number }>(
        'SELECT shape_id, shape_pt_lon AS lon, shape_pt_lat AS lat FROM shapes WHERE feed_id = $1 ORDER BY shape_id, shape_pt_sequence',
        [feedId],
      ),
    ]);
    const byShape = new Map<string, LonLat[]>();
    for (const p of points.rows) {
      let line = byShape.get(p.shape_id);
      if (!line) byShape.set(p.shape_id, (line = []));
      line.push([p.lon, p.lat]);
    }
    return types.rows.flatMap((t) => {
      const line = byShape.get(t.shape_id);
      return line && line.length > 1 ? [{ shapeId: t.shape_id, routeType: Number(t.route_type), points: line }] : [];
    });
  }

  /** The distinct stop sequences of trips without a shape (positioned stops only), with their route type. */
  async unshapedPatterns(feedId: number): Promise<{ routeType: number; points: LonLat[] }[]> {
    const r = await this.db.query<{ trip_id: string; route_type: number; stop_id: string; lon: number; lat: number }>(
      `SELECT t.trip_id, r.route_type, st.stop_id, s.stop_lon AS lon, s.stop_lat AS lat
         FROM trips t JOIN routes r ON r.feed_id = t.feed_id AND r.route_id = t.route_id
         JOIN stop_times st ON st.feed_id = t.feed_id AND st.trip_id = t.trip_id
         JOIN stops s ON s.feed_id = st.feed_id AND s.stop_id = st.stop_id
        WHERE t.feed_id = $1 AND (t.shape_id IS NULL OR NOT EXISTS (SELECT 1 FROM shapes sh WHERE sh.feed_id = t.feed_id AND sh.shape_id = t.shape_id))
          AND s.stop_lat IS NOT NULL AND s.stop_lon IS NOT NULL
        ORDER BY t.trip_id, st.stop_sequence`,
      [feedId],
    );
    const trips = new Map<string, { routeType: number; ids: string[]; points: LonLat[] }>();
    for (const row of r.rows) {
      let t = trips.get(row.trip_id);
      if (!t) trips.set(row.trip_id, (t = { routeType: Number(row.route_type), ids: [], points: [] }));
      t.ids.push(row.stop_id);
      t.points.push([row.lon, row.lat]);
    }
    const seen = new Set<string>();
    const out: { routeType: number; points: LonLat[] }[] = [];
    for (const t of trips.values()) {
      const key = t.ids.join('\u0000');
      if (t.points.length < 2 || seen.has(key)) continue;
      seen.add(key);
      out.push({ routeType: t.routeType, points: t.points });
    }
    return out;
  }

  /** A trip's shape id and its stops in order (positioned ones); null when the feed has no such trip. */
  async trip(feedId: number, tripId: string): Promise<{ shape: LonLat[]; stops: PathStop[] } | null> {
    const trip = await this.db.query<{ shape_id: string | null }>('SELECT shape_id FROM trips WHERE feed_id = $1 AND trip_id = $2', [feedId, tripId]);
    if (!trip.rows[0]) return null;
    const shapeId = trip.rows[0].shape_id;
    const [stops, shape] = await Promise.all([
      this.db.query<{ stop_id: string; lon: number; lat: number }>(
        `SELECT st.stop_id, s.stop_lon AS lon, s.stop_lat AS lat FROM stop_times st JOIN stops s ON s.feed_id = st.feed_id AND s.stop_id = st.stop_id
          WHERE st.feed_id = $1 AND st.trip_id = $2 AND s.stop_lat IS NOT NULL AND s.stop_lon IS NOT NULL ORDER BY st.stop_sequence`,
        [feedId, tripId],
      ),
      shapeId
        ? this.db.query<{ lon: number; lat: number }>(
            'SELECT shape_pt_lon AS lon, shape_pt_lat AS lat FROM shapes WHERE feed_id = $1 AND shape_id = $2 ORDER BY shape_pt_sequence',
            [feedId, shapeId],
          )
        : Promise.resolve({ rows: [] as { lon: number; lat: number }[] }),
    ]);
    return { shape: shape.rows.map((p): LonLat => [p.lon, p.lat]), stops: stops.rows.map((s) => ({ stop_id: s.stop_id, lon: s.lon, lat: s.lat })) };
  }
}

/** The network as sent: its JSON, gzipped once, and the ETag of that JSON. */
export type NetworkAnswer = { json: Buffer; gzip: Buffer; etag: string; lines: number };

const MODE_ORDER: Mode[] = ['BUS', 'FERRY', 'RAIL', 'METRO', 'TRAM', 'CABLE', 'MONORAIL'];

/**
 * The network of a feed as GeoJSON, one MultiLineString per mode: the lines merged (mergeLines: each shared stretch
 * of road once), then simplified within `toleranceMeters` and rounded to 5 decimals.
 */
export function buildNetwork(lines: readonly { routeType: number; points: readonly LonLat[] }[], toleranceMeters = NETWORK_TOLERANCE_METERS): NetworkMap {
  const byMode = new Map<Mode, LonLat[][]>();
  for (const l of lines) {
    const mode = transportType(l.routeType) as Mode;
    let m = byMode.get(mode);
    if (!m) byMode.set(mode, (m = []));
    m.push(l.points as LonLat[]);
  }
  return {
    type: 'FeatureCollection',
    features: MODE_ORDER.filter((mode) => byMode.has(mode)).flatMap((mode) => {
      const coordinates = mergeLines(byMode.get(mode)!)
        .map((run) => roundLine(simplifyLine(run, toleranceMeters)))
        .filter((run) => run.length > 1);
      return coordinates.length
        ? [{ type: 'Feature' as const, properties: { mode, lines: coordinates.length }, geometry: { type: 'MultiLineString' as const, coordinates } }]
        : [];
    }),
  };
}

const notFound = (code: string, message: string) => new ApiError(404, code, message);

/** The map data of each city's current feed, built once per feed and kept (a feed import makes a new one). */
export class NetworkMapService {
  private readonly networks = new Map<string, { feedId: number | null; answer: Promise<NetworkAnswer> }>();
  /** Recently asked trips (feed id|trip id), least recently used first. */
  private readonly trips = new Map<string, Promise<{ shape: LonLat[]; stops: PathStop[] } | null>>();

  constructor(
    private readonly store: NetworkMapStore,
    private readonly timetables: TimetableCache,
    private readonly maxTrips = 500,
  ) {}

  private async feedOf(cityId: string): Promise<number | null> {
    const { cityKnown, timetable } = await this.timetables.get(cityId);
    if (!cityKnown) throw notFound('CITY_NOT_FOUND', `There is no city "${cityId}".`);
    return timetable?.feedId ?? null;
  }

  async network(cityId: string): Promise<NetworkAnswer> {
    const feedId = await this.feedOf(cityId);
    let entry = this.networks.get(cityId);
    if (!entry || entry.feedId !== feedId) {
      const answer = (async (): Promise<NetworkAnswer> => {
        const lines = feedId === null ? [] : [...(await this.store.shapes(feedId)), ...(await this.store.unshapedPatterns(feedId))];
        const map = networkMapSchema.parse(buildNetwork(lines));
        const json = Buffer.from(JSON.stringify(map));
        const etag = `"network-${feedId ?? 0}-${createHash('sha256').update(json).digest('base64url').slice(0, 16)}"`;
        return { json, gzip: gzipSync(json, { level: 9 }), etag, lines: map.features.reduce((n, f) => n + f.properties.lines, 0) };
      })();
      entry = { feedId, answer };
      this.networks.set(cityId, entry);
      const mine = entry;
      answer.catch(() => {
        if (this.networks.get(cityId) === mine) this.networks.delete(cityId);
      });
    }
    return entry.answer;
  }

  async tripPath(cityId: string, tripId: string, fromStopId: string, toStopId: string): Promise<TripPath> {
    const feedId = await this.feedOf(cityId);
    if (feedId === null) throw notFound('TRIP_NOT_FOUND', `${cityId} has no timetable, so no trip "${tripId}".`);
    const key = `${feedId}|${tripId}`;
    let p = this.trips.get(key);
    if (p) this.trips.delete(key);
    else {
      p = this.store.trip(feedId, tripId);
      p.catch(() => this.trips.delete(key));
    }
    this.trips.set(key, p);
    while (this.trips.size > this.maxTrips) this.trips.delete(this.trips.keys().next().value as string);
    const trip = await p;
    if (!trip) throw notFound('TRIP_NOT_FOUND', `There is no trip "${tripId}" in ${cityId}.`);
    const ride = ridePath(trip.shape, trip.stops, fromStopId, toStopId);
    if (!ride) throw notFound('STOPS_NOT_ON_TRIP', `Trip "${tripId}" does not call at "${toStopId}" after "${fromStopId}".`);
    return { ...ride, coordinates: roundLine(simplifyLine(ride.coordinates, RIDE_TOLERANCE_METERS)) };
  }
}

/** The network's bytes as sent (already JSON, maybe gzipped): never serialised again. */
const networkBytes = z.custom<Buffer>((v) => Buffer.isBuffer(v), 'must be the network as bytes');

/**
 * GET /api/transit/network?city= — the city's network as GeoJSON (gzip when asked for; ETag, 304 on If-None-Match).
 * GET /api/transit/trip-path?city=&trip=&from=&to= — one ride's line and stops.
 */
export async function networkMapRoutes(fastify: FastifyInstance, opts: { service: NetworkMapService }): Promise<void> {
  const app = typed(fastify);
  const { service } = opts;
  app.get(
    '/api/transit/network',
    { schema: { querystring: networkMapQuerySchema, response: { 200: networkBytes, 304: networkBytes, 404: apiErrorSchema } } },
    async (request, reply) => {
      const n = await service.network(request.query.city);
      reply.header('etag', n.etag).header('cache-control', 'public, max-age=3600').header('vary', 'accept-encoding');
      const tags = String(request.headers['if-none-match'] ?? '')
        .split(',')
        .map((t) => t.trim().replace(/^W\//, ''));
      if (tags.includes(n.etag) || tags.includes('*')) return reply.code(304).send(Buffer.alloc(0));
      const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      reply.type('application/geo+json');
      if (gzip) reply.header('content-encoding', 'gzip');
      return reply.send(gzip ? n.gzip : n.json);
    },
  );
  app.get(
    '/api/transit/trip-path',
    { schema: { querystring: tripPathQuerySchema, response: { 200: tripPathSchema, 404: apiErrorSchema } } },
    async (request, reply) => {
      const { city, trip, from, to } = request.query;
      const path = await service.tripPath(city, trip, from, to);
      reply.header('cache-control', 'public, max-age=600');
      return path;
    },
  );
}
