import type { Favourite } from '@sawari/contracts';
import type { Db } from '../../platform/db';

type Row = { id: string; kind: Favourite['kind']; city: string; ref_id: string; label: string; detail: string; created_at: string | number };
const COLUMNS = 'id, kind, city, ref_id, label, detail, created_at';
const toFavourite = (r: Row): Favourite => ({
  id: r.id,
  kind: r.kind,
  city: r.city,
  refId: r.ref_id,
  label: r.label,
  detail: r.detail,
  createdAt: Number(r.created_at),
});

/** SQL for favourites. */
export class FavouriteStore {
  constructor(private readonly db: Db) {}

  /** Newest first; `q` matches label or detail, case-insensitive, as plain text. */
  async list(userId: string, q: string | undefined, limit: number): Promise<Favourite[]> {
    const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const r = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM favourites WHERE user_id = $1 AND ($2::text IS NULL OR label ILIKE $2 OR detail ILIKE $2)
       ORDER BY created_at DESC, id LIMIT $3`,
      [userId, pattern, limit],
    );
    return r.rows.map(toFavourite);
  }

  async count(userId: string): Promise<number> {
    const r = await this.db.query<{ n: string | number }>('SELECT count(*) AS n FROM favourites WHERE user_id = $1', [userId]);
    return Number(r.rows[0].n);
  }

  async exists(userId: string, key: Pick<Favourite, 'kind' | 'city' | 'refId'>): Promise<boolean> {
    const r = await this.db.query('SELECT 1 FROM favourites WHERE user_id = $1 AND kind = $2 AND city = $3 AND ref_id = $4', [
      userId,
      key.kind,
      key.city,
      key.refId,
    ]);
    return r.rows.length === 1;
  }

  /** Inserts, or answers the existing favourite with the same (user, kind, city, refId) with its label and detail updated. */
  async upsert(userId: string, f: Omit<Favourite, 'createdAt'> & { createdAt: number }): Promise<{ favourite: Favourite; created: boolean }> {
    const r = await this.db.query<Row & { created: boolean }>(
      `INSERT INTO favourites (id, user_id, kind, city, ref_id, label, detail, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (user_id, kind, city, ref_id) DO UPDATE SET label = EXCLUDED.label, detail = EXCLUDED.detail
       RETURNING ${COLUMNS}, (xmax = 0) AS created`,
      [f.id, userId, f.kind, f.city, f.refId, f.label, f.detail, f.createdAt],
    );
    return { favourite: toFavourite(r.rows[0]), created: r.rows[0].created };
  }

  /** False when there is no such favourite of this user. */
  async delete(userId: string, id: string): Promise<boolean> {
    return (await this.db.query('DELETE FROM favourites WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId])).rows.length === 1;
  }
}
