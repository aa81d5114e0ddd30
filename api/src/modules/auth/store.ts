import type { Db } from '../../platform/db';

export interface OtpRow {
  id: string;
  phoneNumber: string;
  codeHash: string;
  createdAt: number;
  expiresAt: number;
  wrongTries: number;
  consumedAt: number | null;
}

export interface RefreshRow {
  tokenHash: string;
  familyId: string;
  userId: string;
  deviceId: string;
  expiresAt: number;
  usedAt: number | null;
  revokedAt: number | null;
}

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** SQL for users, one-time passwords and refresh tokens. No HTTP, no rules. */
export class AuthStore {
  constructor(private readonly db: Db) {}

  /** Runs `fn` with a store bound to one transaction. */
  transaction<T>(fn: (store: AuthStore) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new AuthStore(tx)));
  }

  async otpFor(phoneNumber: string): Promise<OtpRow | null> {
    const r = await this.db.query<Record<string, unknown>>(
      'SELECT id, phone_number, code_hash, created_at, expires_at, wrong_tries, consumed_at FROM otp_codes WHERE phone_number = $1',
      [phoneNumber],
    );
    const o = r.rows[0];
    if (!o) return null;
    return {
      id: o.id as string,
      phoneNumber: o.phone_number as string,
      codeHash: o.code_hash as string,
      createdAt: num(o.created_at),
      expiresAt: num(o.expires_at),
      wrongTries: num(o.wrong_tries),
      consumedAt: numOrNull(o.consumed_at),
    };
  }

  /**
   * Replaces the number's code with a new one, unless a code still unused was created after `notAfter` (another
   * request won the race for the resend slot; a code used to sign in holds no slot). Returns whether it was stored.
   */
  async replaceOtp(
    o: { id: string; phoneNumber: string; codeHash: string; templateId: string; createdAt: number; expiresAt: number },
    notAfter: number,
  ): Promise<boolean> {
    const r = await this.db.query(
      `INSERT INTO otp_codes (id, phone_number, code_hash, template_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (phone_number) DO UPDATE SET id = EXCLUDED.id, code_hash = EXCLUDED.code_hash, template_id = EXCLUDED.template_id,
         created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at, wrong_tries = 0, consumed_at = NULL
       WHERE otp_codes.created_at <= $7 OR otp_codes.consumed_at IS NOT NULL
       RETURNING id`,
      [o.id, o.phoneNumber, o.codeHash, o.templateId, o.createdAt, o.expiresAt, notAfter],
    );
    return r.rows.length === 1;
  }

  async deleteOtp(id: string): Promise<void> {
    await this.db.query('DELETE FROM otp_codes WHERE id = $1', [id]);
  }

  /** Counts one try before the code is compared, so parallel guesses can never exceed `max`. Null: none left. */
  async takeOtpTry(id: string, max: number): Promise<number | null> {
    const r = await this.db.query<{ wrong_tries: number }>(
      'UPDATE otp_codes SET wrong_tries = wrong_tries + 1 WHERE id = $1 AND wrong_tries < $2 AND consumed_at IS NULL RETURNING wrong_tries',
      [id, max],
    );
    return r.rows[0] ? num(r.rows[0].wrong_tries) : null;
  }

  /** Marks the code used (the try it took was not a wrong one). False when it was used already. */
  async consumeOtp(id: string, now: number): Promise<boolean> {
    const r = await this.db.query('UPDATE otp_codes SET consumed_at = $2, wrong_tries = wrong_tries - 1 WHERE id = $1 AND consumed_at IS NULL RETURNING id', [
      id,
      now,
    ]);
    return r.rows.length === 1;
  }

  /** The user with this number, created (with `newId`) when there is none. */
  async findOrCreateUser(phoneNumber: string, countryCode: string, newId: string, now: number): Promise<{ id: string; created: boolean }> {
    const inserted = await this.db.query<{ id: string }>(
      'INSERT INTO users (id, phone_number, country_code, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (phone_number) DO NOTHING RETURNING id',
      [newId, phoneNumber, countryCode, now],
    );
    if (inserted.rows[0]) return { id: inserted.rows[0].id, created: true };
    const r = await this.db.query<{ id: string }>('SELECT id FROM users WHERE phone_number = $1', [phoneNumber]);
    return { id: r.rows[0].id, created: false };
  }

  async insertRefreshToken(t: { tokenHash: string; familyId: string; userId: string; deviceId: string; createdAt: number; expiresAt: number }): Promise<void> {
    await this.db.query('INSERT INTO refresh_tokens (token_hash, family_id, user_id, device_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)', [
      t.tokenHash,
      t.familyId,
      t.userId,
      t.deviceId,
      t.createdAt,
      t.expiresAt,
    ]);
  }

  async refreshToken(tokenHash: string): Promise<RefreshRow | null> {
    return this.readRefreshToken(tokenHash, '');
  }

  /** The token's row, locked until the transaction ends (parallel uses of one token are decided one after another). */
  async lockRefreshToken(tokenHash: string): Promise<RefreshRow | null> {
    return this.readRefreshToken(tokenHash, 'FOR UPDATE');
  }

  private async readRefreshToken(tokenHash: string, lock: '' | 'FOR UPDATE'): Promise<RefreshRow | null> {
    const r = await this.db.query<Record<string, unknown>>(
      `SELECT token_hash, family_id, user_id, device_id, expires_at, used_at, revoked_at FROM refresh_tokens WHERE token_hash = $1 ${lock}`,
      [tokenHash],
    );
    const t = r.rows[0];
    if (!t) return null;
    return {
      tokenHash: t.token_hash as string,
      familyId: t.family_id as string,
      userId: t.user_id as string,
      deviceId: t.device_id as string,
      expiresAt: num(t.expires_at),
      usedAt: numOrNull(t.used_at),
      revokedAt: numOrNull(t.revoked_at),
    };
  }

  /** Marks a token used by a rotation; false when it was used or revoked already (a concurrent or replayed use). */
  async markRefreshUsed(tokenHash: string, now: number): Promise<boolean> {
    const r = await this.db.query(
      'UPDATE refresh_tokens SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND revoked_at IS NULL RETURNING token_hash',
      [tokenHash, now],
    );
    return r.rows.length === 1;
  }

  /** Revokes a session: its refresh tokens, and (through revoked_sessions) the access tokens issued in it. */
  async revokeFamily(familyId: string, now: number): Promise<void> {
    await this.db.query('UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL', [familyId, now]);
    await this.db.query('INSERT INTO revoked_sessions (session_id, revoked_at) VALUES ($1, $2) ON CONFLICT (session_id) DO NOTHING', [familyId, now]);
  }

  /** Revokes every session of one device of a user (refresh and access tokens). */
  async revokeDevice(userId: string, deviceId: string, now: number): Promise<void> {
    const r = await this.db.query<{ family_id: string }>(
      'UPDATE refresh_tokens SET revoked_at = $3 WHERE user_id = $1 AND device_id = $2 AND revoked_at IS NULL RETURNING family_id',
      [userId, deviceId, now],
    );
    const families = [...new Set(r.rows.map((x) => x.family_id))];
    if (families.length) {
      await this.db.query('INSERT INTO revoked_sessions (session_id, revoked_at) SELECT unnest($1::text[]), $2 ON CONFLICT (session_id) DO NOTHING', [
        families,
        now,
      ]);
    }
  }

  /** Whether a session was revoked (its access tokens are refused). */
  async isSessionRevoked(sessionId: string): Promise<boolean> {
    const r = await this.db.query('SELECT 1 FROM revoked_sessions WHERE session_id = $1', [sessionId]);
    return r.rows.length > 0;
  }

  /** Forgets revocations older than `before` (the access tokens they refused have expired). */
  async pruneRevokedSessions(before: number): Promise<void> {
    await this.db.query('DELETE FROM revoked_sessions WHERE revoked_at < $1', [before]);
  }
}
