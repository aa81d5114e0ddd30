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
    const r = await this.db.query<{ id: string; user_id: string; content_type: string; size_bytes: number }>('SELECT id, user_id, content_type, size_bytes FROM files WHERE id = $1', [id]);
    const f = r.rows[0];
    return f ? { id: f.id, userId: f.user_id, contentType: f.content_type, sizeBytes: f.size_bytes } : null;
  }

  async delete(id: string): Promise<void> {
    await this.db.query('DELETE FROM files WHERE id = $1', [id]);
  }
}
