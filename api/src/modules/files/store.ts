import type { Db } from '../../platform/db';

export interface FileRow {
  id: string;
  userId: string;
  contentType: string;
  sizeBytes: number;
}

/** SQL for uploaded files' metadata. */
export class FileStore {
  constructor(private readonly db: Db) {}

  async insert(f: FileRow & { purpose: string; createdAt: number }): Promise<void> {
    await this.db.query('INSERT INTO files (id, user_id, purpose, content_type, size_bytes, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
      f.id,
      f.userId,
      f.purpose,
      f.contentType,
      f.sizeBytes,
      f.createdAt,
    ]);
  }

  async file(id: string): Promise<FileRow | null> {
    const r = await this.db.query<{ id: string; user_id: string; content_type: string; size_bytes: number }>(
      'SELECT id, user_id, content_type, size_bytes FROM files WHERE id = $1',
      [id],
    );
    const f = r.rows[0];
    return f ? { id: f.id, userId: f.user_id, contentType: f.content_type, sizeBytes: f.size_bytes } : null;
  }

  async delete(id: string): Promise<void> {
    await this.db.query('DELETE FROM files WHERE id = $1', [id]);
  }

  /**
   * Inserts the file's row unless the rider's stored files would then break the quota (`refuse(stored)` says so).
   * One rider's uploads are serialised by a transaction-scoped advisory lock, so concurrent uploads cannot both slip
   * under the limit. Answers whether the row was inserted.
   */
  async insertWithinQuota(
    f: FileRow & { purpose: string; createdAt: number },
    refuse: (stored: { files: number; bytes: number }) => boolean,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock(hashtext('files:' || $1))", [f.userId]);
      const r = await tx.query<{ files: string; bytes: string }>(
        'SELECT count(*) AS files, COALESCE(sum(size_bytes), 0) AS bytes FROM files WHERE user_id = $1',
        [f.userId],
      );
      if (refuse({ files: Number(r.rows[0].files), bytes: Number(r.rows[0].bytes) })) return false;
      await new FileStore(tx).insert(f);
      return true;
    });
  }

  /** Files that arrived before `before`, oldest first, with their purpose (orphan candidates). */
  async olderThan(before: number, limit: number): Promise<{ id: string; purpose: string }[]> {
    const r = await this.db.query<{ id: string; purpose: string }>('SELECT id, purpose FROM files WHERE created_at < $1 ORDER BY created_at LIMIT $2', [
      before,
      limit,
    ]);
    return r.rows;
  }
}
