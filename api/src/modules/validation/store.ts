import type { RideSource } from '@sawari/contracts';
import type { Db } from '../../platform/db';

export interface PunchRow {
  punchId: string;
  transactionId: string;
  kind: 'pass' | 'ticket';
  userId: string;
  punchingTime: number;
  source: RideSource;
  slot: number | null;
  vehicleNo: string | null;
  stopId: string | null;
  recordedBy: string;
  receivedAt: number;
}
export interface ItemRow {
  transactionId: string;
  kind: 'pass' | 'ticket';
  userId: string;
  soundCode: string;
  deviceKey: string;
  tokenIssuedAt: number;
}

type R = Record<string, unknown>;
const punch = (r: R): PunchRow => ({
  punchId: r.punch_id as string,
  transactionId: r.transaction_id as string,
  kind: r.kind as PunchRow['kind'],
  userId: r.user_id as string,
  punchingTime: Number(r.punching_time),
  source: r.source as RideSource,
  slot: r.slot == null ? null : Number(r.slot),
  vehicleNo: (r.vehicle_no as string) ?? null,
  stopId: (r.stop_id as string) ?? null,
  recordedBy: r.recorded_by as string,
  receivedAt: Number(r.received_at),
});
const item = (r: R): ItemRow => ({
  transactionId: r.transaction_id as string,
  kind: r.kind as ItemRow['kind'],
  userId: r.user_id as string,
  soundCode: r.sound_code as string,
  deviceKey: r.device_key as string,
  tokenIssuedAt: Number(r.token_issued_at),
});
const PUNCH_COLS = 'punch_id, transaction_id, kind, user_id, punching_time, source, slot, vehicle_no, stop_id, recorded_by, received_at';

/** SQL for validation items (sound code, bound device key), punches and the development signing key. */
export class ValidationStore {
  constructor(readonly db: Db) {}

  /** A stored server secret, created with `make()` the first time (every instance on one database gets the same). */
  async secret(name: string, make: () => string): Promise<string> {
    await this.db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, make()]);
    return (await this.db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [name])).rows[0].value;
  }

  /**
   * Records that a token was issued for `deviceKey`: creates the item with `soundCode` the first time, else keeps its
   * sound code and binds the new device key. Null when `soundCode` is already another item's (try another).
   */
  async bindDevice(i: { transactionId: string; kind: string; userId: string; soundCode: string; deviceKey: string; now: number }): Promise<ItemRow | null> {
    try {
      const r = await this.db.query<R>(
        `INSERT INTO validation_items (transaction_id, kind, user_id, sound_code, device_key, token_issued_at, created_at) VALUES ($1,$2,$3,$4,$5,$6,$6)
         ON CONFLICT (transaction_id) DO UPDATE SET device_key = EXCLUDED.device_key, token_issued_at = EXCLUDED.token_issued_at RETURNING *`,
        [i.transactionId, i.kind, i.userId, i.soundCode, i.deviceKey, i.now],
      );
      return item(r.rows[0]);
    } catch (err) {
      if ((err as { code?: string }).code === '23505') return null;
      throw err;
    }
  }

  async item(transactionId: string): Promise<ItemRow | null> {
    const r = await this.db.query<R>('SELECT * FROM validation_items WHERE transaction_id = $1', [transactionId]);
    return r.rows[0] ? item(r.rows[0]) : null;
  }

  async itemBySoundCode(soundCode: string): Promise<ItemRow | null> {
    const r = await this.db.query<R>('SELECT * FROM validation_items WHERE sound_code = $1', [soundCode]);
    return r.rows[0] ? item(r.rows[0]) : null;
  }

  async soundValidationEnabled(city: string): Promise<boolean> {
    const r = await this.db.query<{ features: { soundValidation?: boolean } | null }>('SELECT features FROM cities WHERE id = $1', [city]);
    return r.rows[0]?.features?.soundValidation !== false;
  }

  /** Serialises punches of one item until the surrounding transaction ends (on every instance sharing the database). */
  async lockItem(transactionId: string): Promise<void> {
    await this.db.query(`SELECT pg_advisory_xact_lock(hashtextextended('sawari:punch:' || $1, 0))`, [transactionId]);
  }

  /** An item's punches, oldest first. */
  async punches(transactionId: string): Promise<PunchRow[]> {
    const r = await this.db.query<R>(`SELECT ${PUNCH_COLS} FROM ride_punches WHERE transaction_id = $1 ORDER BY punching_time, punch_id`, [transactionId]);
    return r.rows.map(punch);
  }

  async punchesByIds(ids: string[]): Promise<PunchRow[]> {
    if (!ids.length) return [];
    const r = await this.db.query<R>(`SELECT ${PUNCH_COLS} FROM ride_punches WHERE punch_id = ANY($1::text[])`, [ids]);
    return r.rows.map(punch);
  }

  async punchAtSlot(transactionId: string, slot: number): Promise<PunchRow | null> {
    const r = await this.db.query<R>(`SELECT ${PUNCH_COLS} FROM ride_punches WHERE transaction_id = $1 AND slot = $2`, [transactionId, slot]);
    return r.rows[0] ? punch(r.rows[0]) : null;
  }

  /** Inserts a punch; false when its punch_id, or its (transaction_id, slot), is already recorded. */
  async insertPunch(p: PunchRow): Promise<boolean> {
    const r = await this.db.query(
      `INSERT INTO ride_punches (${PUNCH_COLS}) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11) ON CONFLICT DO NOTHING RETURNING punch_id`,
      [p.punchId, p.transactionId, p.kind, p.userId, p.punchingTime, p.source, p.slot, p.vehicleNo, p.stopId, p.recordedBy, p.receivedAt],
    );
    return r.rows.length === 1;
  }

  /** Punch times per transactionId (oldest first), for the wallet listing. */
  async punchTimes(transactionIds: string[]): Promise<Map<string, { punchingTime: number }[]>> {
    const out = new Map<string, { punchingTime: number }[]>(transactionIds.map((t) => [t, []]));
    if (!transactionIds.length) return out;
    const r = await this.db.query<{ transaction_id: string; punching_time: string | number }>(
      'SELECT transaction_id, punching_time FROM ride_punches WHERE transaction_id = ANY($1::text[]) ORDER BY punching_time, punch_id',
      [transactionIds],
    );
    for (const row of r.rows) out.get(row.transaction_id)?.push({ punchingTime: Number(row.punching_time) });
    return out;
  }
}
