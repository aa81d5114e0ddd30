import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Db } from '../../platform/db';

/** Bytes per row of file_chunks: a 5 MB photo is 20 rows, and no statement carries more than this. */
export const FILE_CHUNK_BYTES = 256 * 1024;

const asBuffer = (v: Uint8Array): Buffer => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength));

/**
 * Uploaded bytes in the database (migration 0027, table file_chunks), for PostgreSQL deployments of several instances:
 * chunks of FILE_CHUNK_BYTES written in one transaction (a reader sees a whole file or none), read back in order, or
 * one chunk at a time as a stream. The `files` row owns its chunks (ON DELETE CASCADE). The size limits are the
 * upload routes' and the quota's, unchanged.
 */
export class DatabaseFileStorage {
  constructor(private readonly db: Db) {}

  async put(id: string, data: Buffer): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Two writers of one id (two instances moving the same folder at start) take turns.
      await tx.query("SELECT pg_advisory_xact_lock(hashtext('file-chunks:' || $1))", [id]);
      await tx.query('DELETE FROM file_chunks WHERE file_id = $1', [id]);
      // An empty file is one empty chunk, so "no rows" always means "no file".
      for (let seq = 0, at = 0; seq === 0 || at < data.length; seq += 1, at += FILE_CHUNK_BYTES)
        await tx.query('INSERT INTO file_chunks (file_id, seq, data) VALUES ($1, $2, $3)', [id, seq, data.subarray(at, at + FILE_CHUNK_BYTES)]);
    });
  }

  async get(id: string): Promise<Buffer | null> {
    const r = await this.db.query<{ data: Uint8Array }>('SELECT data FROM file_chunks WHERE file_id = $1 ORDER BY seq', [id]);
    return r.rows.length ? Buffer.concat(r.rows.map((row) => asBuffer(row.data))) : null;
  }

  async stream(id: string): Promise<Readable | null> {
    const first = await this.chunk(id, 0);
    if (!first) return null;
    const chunk = (seq: number) => this.chunk(id, seq);
    return Readable.from(
      (async function* () {
        yield first;
        for (let seq = 1; ; seq += 1) {
          const next = await chunk(seq);
          if (!next) return;
          yield next;
        }
      })(),
      { objectMode: false },
    );
  }

  async delete(id: string): Promise<void> {
    await this.db.query('DELETE FROM file_chunks WHERE file_id = $1', [id]);
  }

  private async chunk(id: string, seq: number): Promise<Buffer | null> {
    const r = await this.db.query<{ data: Uint8Array }>('SELECT data FROM file_chunks WHERE file_id = $1 AND seq = $2', [id, seq]);
    return r.rows[0] ? asBuffer(r.rows[0].data) : null;
  }
}

export interface MoveReport {
  moved: number;
  alreadyThere: number;
  /** Files on disk without a row in `files` (deleted uploads, other databases): left where they are. */
  withoutRow: number;
}

/**
 * The one-time move of files a PGlite-era or single-instance deployment kept on disk (DATA_DIR/files) into the
 * database, run at start on PostgreSQL. Idempotent: a file whose chunks are already there is skipped, and a move
 * interrupted half-way is finished by the next start. When every file with a row is in the database, the folder is
 * renamed DATA_DIR/files.moved-to-database (kept, not deleted: the operator removes it after a backup).
 */
export async function moveDiskFilesIntoDatabase(dataDir: string, db: Db, log?: { info(o: object, m: string): void }): Promise<MoveReport | null> {
  if (dataDir === 'memory://' || db.kind !== 'postgres') return null;
  const dir = path.join(dataDir, 'files');
  if (!fs.existsSync(dir)) return null;
  const storage = new DatabaseFileStorage(db);
  const report: MoveReport = { moved: 0, alreadyThere: 0, withoutRow: 0 };
  for (const sub of await fs.promises.readdir(dir)) {
    const subdir = path.join(dir, sub);
    if (!(await fs.promises.stat(subdir)).isDirectory()) continue;
    for (const id of await fs.promises.readdir(subdir)) {
      if (!/^[0-9a-f-]{36}$/.test(id)) continue; // a temporary file of an interrupted write
      const row = await db.query<{ size_bytes: number; has: boolean }>(
        'SELECT size_bytes, EXISTS (SELECT 1 FROM file_chunks c WHERE c.file_id = f.id) AS has FROM files f WHERE f.id = $1',
        [id],
      );
      if (!row.rows[0]) {
        report.withoutRow += 1;
        continue;
      }
      if (row.rows[0].has) {
        report.alreadyThere += 1;
        continue;
      }
      const data = await fs.promises.readFile(path.join(subdir, id));
      await storage.put(id, data);
      report.moved += 1;
    }
  }
  const target = fs.existsSync(`${dir}.moved-to-database`) ? `${dir}.moved-to-database-${Date.now()}` : `${dir}.moved-to-database`;
  await fs.promises.rename(dir, target).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err; // another process sharing this folder renamed it first
  });
  log?.info({ ...report, from: dir }, 'uploaded files moved from disk into the database');
  return report;
}
