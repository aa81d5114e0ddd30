import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { bytesResponseSchema } from '@sawari/contracts';
import type { Db } from '../platform/db';
import { ApiError } from '../platform/errors';
import { keyGuard } from '../modules/auth';

/**
 * GET /api/ops/backup/pglite-data (`authorization: Ops <key>`): the PGlite data folder of this running server as a
 * gzipped tarball, taken while no other statement runs, so `npm run backup` gets a consistent copy without stopping
 * the server (docs/operations.md "Backup and restore"). On PostgreSQL it answers 409: pg_dump is the way there.
 */
export async function backupRoutes(app: FastifyInstance, opts: { db: Db; opsKeys: Map<string, string> }): Promise<void> {
  const guard = keyGuard('Ops', opts.opsKeys);
  app.get('/api/ops/backup/pglite-data', { schema: { response: { 200: bytesResponseSchema } } }, async (request, reply) => {
    await guard.hook(request);
    const name = guard.nameOf(request);
    if (!opts.db.dumpDataDir)
      throw new ApiError(409, 'BACKUP_NOT_PGLITE', 'This server runs on PostgreSQL (or PGlite in memory): back it up with npm run backup and DATABASE_URL.');
    const started = Date.now();
    const tarball = await opts.db.dumpDataDir();
    request.log.info({ operator: name, bytes: tarball.size, ms: Date.now() - started }, 'PGlite data folder dumped for a backup');
    return reply
      .type('application/gzip')
      .header('cache-control', 'no-store')
      .header('content-length', tarball.size)
      .send(Readable.fromWeb(tarball.stream() as import('node:stream/web').ReadableStream) as unknown as Uint8Array); // streamed as it comes
  });
}
