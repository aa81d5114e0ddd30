import type { Db } from '../../platform/db';

export interface ProfileFields {
  firstName: string;
  lastName: string;
  mailId: string | null;
  gender: 'male' | 'female' | 'other' | 'undisclosed' | null;
  dobInMillis: number | null;
}

export interface AccountRow {
  userId: string;
  mobileNumber: string;
  photoFileId: string | null;
  profile: ProfileFields | null;
}

/** SQL for profiles and the account's photo. */
export class ProfileStore {
  constructor(private readonly db: Db) {}

  async account(userId: string): Promise<AccountRow | null> {
    const r = await this.db.query<Record<string, unknown>>(
      `SELECT u.id, u.phone_number, u.photo_file_id, p.user_id AS has_profile, p.first_name, p.last_name, p.mail_id, p.gender, p.dob_ms
       FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = $1`,
      [userId],
    );
    const a = r.rows[0];
    if (!a) return null;
    const profile: ProfileFields | null = a.has_profile
      ? {
          firstName: a.first_name as string,
          lastName: a.last_name as string,
          mailId: (a.mail_id as string | null) ?? null,
          gender: (a.gender as ProfileFields['gender']) ?? null,
          dobInMillis: a.dob_ms === null ? null : Number(a.dob_ms),
        }
      : null;
    return { userId: a.id as string, mobileNumber: a.phone_number as string, photoFileId: (a.photo_file_id as string | null) ?? null, profile };
  }

  async hasProfile(userId: string): Promise<boolean> {
    return (await this.db.query('SELECT 1 FROM profiles WHERE user_id = $1', [userId])).rows.length === 1;
  }

  /** False when the user has a profile already. */
  async create(userId: string, p: ProfileFields, now: number): Promise<boolean> {
    const r = await this.db.query(
      `INSERT INTO profiles (user_id, first_name, last_name, mail_id, gender, dob_ms, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
       ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
      [userId, p.firstName, p.lastName, p.mailId, p.gender, p.dobInMillis, now],
    );
    return r.rows.length === 1;
  }

  /** False when the user has no profile. */
  async update(userId: string, p: ProfileFields, now: number): Promise<boolean> {
    const r = await this.db.query(
      'UPDATE profiles SET first_name = $2, last_name = $3, mail_id = $4, gender = $5, dob_ms = $6, updated_at = $7 WHERE user_id = $1 RETURNING user_id',
      [userId, p.firstName, p.lastName, p.mailId, p.gender, p.dobInMillis, now],
    );
    return r.rows.length === 1;
  }

  /** Sets the account's photo and answers the one it replaces. */
  async setPhoto(userId: string, fileId: string): Promise<string | null> {
    const r = await this.db.query<{ previous: string | null }>(
      'UPDATE users u SET photo_file_id = $2 FROM users old WHERE u.id = $1 AND old.id = u.id RETURNING old.photo_file_id AS previous',
      [userId, fileId],
    );
    return r.rows[0]?.previous ?? null;
  }

  /** Which of these file ids are some account's current photo (the files module's orphan sweep asks). */
  async photoReferences(fileIds: string[]): Promise<Set<string>> {
    const r = await this.db.query<{ id: string }>('SELECT photo_file_id AS id FROM users WHERE photo_file_id = ANY($1)', [fileIds]);
    return new Set(r.rows.map((x) => x.id));
  }
}
