import type { SosSettings } from '@sawari/contracts';
import type { Db } from '../../platform/db';

/** SQL for SOS settings and alerts. */
export class SosStore {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (store: SosStore) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new SosStore(tx)));
  }

  async settings(userId: string): Promise<SosSettings | null> {
    const r = await this.db.query<{ message: string; contacts: SosSettings['contacts'] }>('SELECT message, contacts FROM sos_settings WHERE user_id = $1', [
      userId,
    ]);
    return r.rows[0] ? { message: r.rows[0].message, contacts: r.rows[0].contacts } : null;
  }

  async saveSettings(userId: string, s: SosSettings, now: number): Promise<void> {
    await this.db.query(
      `INSERT INTO sos_settings (user_id, message, contacts, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET message = EXCLUDED.message, contacts = EXCLUDED.contacts, updated_at = EXCLUDED.updated_at`,
      [userId, s.message, JSON.stringify(s.contacts), now],
    );
  }

  /** Serialises alerts of one user (transaction-scoped advisory lock). */
  async lockUser(userId: string): Promise<void> {
    await this.db.query(`SELECT pg_advisory_xact_lock(hashtext('sawari:sos:' || $1))`, [userId]);
  }

  /** When the rider's alerts since `since` were sent (alerts that reached nobody were deleted and do not count). */
  async alertTimesSince(userId: string, since: number): Promise<number[]> {
    const r = await this.db.query<{ created_at: string }>('SELECT created_at FROM sos_alerts WHERE user_id = $1 AND created_at > $2 ORDER BY created_at', [
      userId,
      since,
    ]);
    return r.rows.map((x) => Number(x.created_at));
  }

  async addAlert(userId: string, at: number, lat: number | null, lon: number | null): Promise<string> {
    const r = await this.db.query<{ id: string }>('INSERT INTO sos_alerts (user_id, created_at, lat, lon) VALUES ($1, $2, $3, $4) RETURNING id', [
      userId,
      at,
      lat,
      lon,
    ]);
    return String(r.rows[0].id);
  }

  async setAlertSentTo(id: string, sentTo: number): Promise<void> {
    await this.db.query('UPDATE sos_alerts SET sent_to = $2 WHERE id = $1', [id, sentTo]);
  }

  async deleteAlert(id: string): Promise<void> {
    await this.db.query('DELETE FROM sos_alerts WHERE id = $1', [id]);
  }

  /** The rider's name for the alert text: profile name, else the account's number. */
  /** A city's own support contacts (its configuration, cities.support); null when it has none or there is no such city. */
  async citySupport(city: string): Promise<{ phone: string; email: string } | null> {
    const r = await this.db.query<{ support: { phone?: unknown; email?: unknown } | null }>('SELECT support FROM cities WHERE id = $1', [city]);
    const s = r.rows[0]?.support;
    return s && typeof s.phone === 'string' && typeof s.email === 'string' ? { phone: s.phone, email: s.email } : null;
  }

  async senderName(userId: string): Promise<string | null> {
    const r = await this.db.query<{ first_name: string | null; last_name: string | null; phone_number: string }>(
      'SELECT p.first_name, p.last_name, u.phone_number FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = $1',
      [userId],
    );
    const u = r.rows[0];
    if (!u) return null;
    return u.first_name ? `${u.first_name} ${u.last_name ?? ''}`.trim() : `+91 ${u.phone_number}`;
  }
}
