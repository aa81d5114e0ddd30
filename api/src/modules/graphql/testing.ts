import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db';
import { installErrorHandlers } from '../../platform/errors';
import { TransitService } from '../transit/service';
import { TransitReadStore, TransitStore } from '../transit/store';
import { TimetableCache } from '../transit/timetable-cache';
import { graphqlPlugin, type GraphqlOptions } from './plugin';

/** Tests only: a GTFS folder from file name → CSV lines (delete it after). */
export function writeFeed(files: Record<string, string[]>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gtfs-test-'));
  for (const [name, lines] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), `${lines.join('\n')}\n`);
  return dir;
}

/** Tests only: POST /api/graphql alone on a database, at a fixed time (the transit service and the plugin). */
export async function graphqlTestApp(
  db: Db,
  now: number,
  opts: Partial<Pick<GraphqlOptions, 'realtime' | 'planner' | 'plannerBudget' | 'introspection'>> = {},
): Promise<FastifyInstance> {
  const transit = new TransitService(new TransitReadStore(db), new TimetableCache(new TransitStore(db)), () => now);
  const app = Fastify({ logger: false });
  installErrorHandlers(app);
  await app.register(graphqlPlugin, { transit, now: () => now, graphiql: false, introspection: true, ...opts });
  await app.ready();
  return app;
}
