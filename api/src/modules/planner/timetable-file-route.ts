import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '@sawari/contracts';
import { TIMETABLE_HASH_HEADER, TIMETABLE_VERSION_HEADER, timetableFileQuerySchema } from '@sawari/contracts/src/timetable-file';
import type { PlannerWalkSettings } from '@sawari/domain';
import { encodeTimetable, type Network } from '@sawari/domain/src/planner';
import { ApiError } from '../../platform/errors';
import { typed } from '../../platform/schema';
import type { PlannerRows } from './store';

/** A city's day networks as the planner built them (PlannerService.dayNetworks). */
export interface DayNetworks {
  cityId: string;
  feedVersion: string;
  timeZone: string;
  slackSecs: number;
  walk: PlannerWalkSettings;
  stopBased: boolean;
  days: {
    date: string;
    startMs: number;
    network: Network;
    stops: PlannerRows['stops'];
    routes: PlannerRows['routes'];
    headsigns: (string | null)[];
    tripsOnDate: number;
  }[];
}

/** Where the day networks come from: the planner (PlannerService.dayNetworks). */
export interface DayNetworkSource {
  dayNetworks(cityId: string, fromMs: number, count: number): Promise<DayNetworks | null>;
}

/** The file as sent: its bytes, gzipped once, its hash and ETag. */
export interface TimetableFileAnswer {
  bytes: Buffer;
  gzip: Buffer;
  sha256: string;
  etag: string;
  feedVersion: string;
  dates: string[];
}

/**
 * The offline timetable file of a city (shared/domain/src/planner/timetable-file.ts), made from the planner's own day
 * networks (PlannerService.dayNetworks: built or loaded from their snapshots, the ones planTrip searches) and kept per
 * city until its feed or its days change.
 */
export class TimetableFileService {
  private readonly files = new Map<string, { key: string; answer: Promise<TimetableFileAnswer> }>();

  constructor(
    private readonly planner: DayNetworkSource,
    private readonly now: () => number = Date.now,
  ) {}

  async file(cityId: string, days: number): Promise<TimetableFileAnswer> {
    const nets = await this.planner.dayNetworks(cityId, this.now(), days);
    if (!nets) throw new ApiError(404, 'NO_TRANSIT_DATA', `There is no timetable for ${cityId}.`);
    const key = `${nets.feedVersion}|${nets.slackSecs}|${nets.days.map((d) => d.date).join(',')}`;
    const slot = `${cityId}|${days}`;
    const hit = this.files.get(slot);
    if (hit && hit.key === key) return hit.answer;
    const answer = (async (): Promise<TimetableFileAnswer> => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const first = nets.days[0];
      const bytes = Buffer.from(
        encodeTimetable({
          cityId: nets.cityId,
          feedVersion: nets.feedVersion,
          timeZone: nets.timeZone,
          slackSecs: nets.slackSecs,
          walk: nets.walk,
          stopBased: nets.stopBased,
          stops: first.stops,
          routes: first.routes,
          days: nets.days.map((d) => ({ date: d.date, startMs: d.startMs, network: d.network, headsigns: d.headsigns, tripsOnDate: d.tripsOnDate })),
        }),
      );
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      return {
        bytes,
        gzip: gzipSync(bytes, { level: 9 }),
        sha256,
        etag: `"${nets.feedVersion.replace(/[^\w.@:-]/g, '_')}.${sha256}"`,
        feedVersion: nets.feedVersion,
        dates: nets.days.map((d) => d.date),
      };
    })();
    const entry = { key, answer };
    this.files.set(slot, entry);
    answer.catch(() => {
      if (this.files.get(slot) === entry) this.files.delete(slot);
    });
    return answer;
  }
}

const fileBytes = z.custom<Buffer>((v) => Buffer.isBuffer(v), 'must be the timetable file as bytes');

/** GET /api/planner/timetable?city=&days= (contract: shared/contracts/src/timetable-file.ts). */
export async function timetableFileRoutes(fastify: FastifyInstance, opts: { service: TimetableFileService }): Promise<void> {
  const app = typed(fastify);
  app.get(
    '/api/planner/timetable',
    { schema: { querystring: timetableFileQuerySchema, response: { 200: fileBytes, 304: fileBytes, 404: apiErrorSchema } } },
    async (request, reply) => {
      const f = await opts.service.file(request.query.city, request.query.days);
      reply
        .header('etag', f.etag)
        .header(TIMETABLE_HASH_HEADER, f.sha256)
        .header(TIMETABLE_VERSION_HEADER, f.feedVersion)
        // Asked again each time (no-cache): the phone revalidates with If-None-Match, and a new feed is a new file.
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding');
      const tags = String(request.headers['if-none-match'] ?? '')
        .split(',')
        .map((t) => t.trim().replace(/^W\//, ''));
      if (tags.includes(f.etag) || tags.includes('*')) return reply.code(304).send(Buffer.alloc(0));
      const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      reply.type('application/octet-stream');
      if (gzip) reply.header('content-encoding', 'gzip');
      return reply.send(gzip ? f.gzip : f.bytes);
    },
  );
}
