import type { OfferScope } from '@sawari/domain';
import type { Db } from '../../platform/db';

export interface TrialOfferRow {
  id: string;
  cityId: string;
  kind: 'welcome' | 'trial';
  title: string;
  description: string;
  validityDays: number;
  maxAccountAgeDays: number | null;
  /** The products the offer applies to ({} = every product). */
  scope: OfferScope;
}

export interface ClaimRow {
  offerId: string;
  claimedAt: number;
  validUntil: number;
}

type OfferDbRow = {
  id: string;
  city_id: string;
  kind: 'welcome' | 'trial';
  title: string;
  description: string;
  validity_days: number;
  max_account_age_days: number | null;
  scope: OfferScope | null;
};
const offerOf = (o: OfferDbRow): TrialOfferRow => ({
  id: o.id,
  cityId: o.city_id,
  kind: o.kind,
  title: o.title,
  description: o.description,
  validityDays: o.validity_days,
  maxAccountAgeDays: o.max_account_age_days,
  scope: o.scope ?? {},
});
const OFFER_COLS = 'id, city_id, kind, title, description, validity_days, max_account_age_days, scope';

/** SQL for trial/welcome offers and their claims. */
export class OfferStore {
  constructor(private readonly db: Db) {}

  /** The same store inside a caller's transaction. */
  with(db: Db): OfferStore {
    return new OfferStore(db);
  }

  async activeOffer(cityId: string): Promise<TrialOfferRow | null> {
    const r = await this.db.query<OfferDbRow>(`SELECT ${OFFER_COLS} FROM trial_offers WHERE city_id = $1 AND active`, [cityId]);
    return r.rows[0] ? offerOf(r.rows[0]) : null;
  }

  async offerById(id: string): Promise<TrialOfferRow | null> {
    const r = await this.db.query<OfferDbRow>(`SELECT ${OFFER_COLS} FROM trial_offers WHERE id = $1`, [id]);
    return r.rows[0] ? offerOf(r.rows[0]) : null;
  }

  /** Sets an offer's scope (seeding and operators). */
  async setScope(id: string, scope: OfferScope): Promise<void> {
    await this.db.query('UPDATE trial_offers SET scope = $2 WHERE id = $1', [id, JSON.stringify(scope)]);
  }

  /** Adds an offer unless one with its id exists (seeding). */
  async addOffer(o: Omit<TrialOfferRow, 'scope'> & { scope?: OfferScope }): Promise<void> {
    await this.db.query(
      `INSERT INTO trial_offers (id, city_id, kind, title, description, validity_days, max_account_age_days, scope) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (id) DO NOTHING`,
      [o.id, o.cityId, o.kind, o.title, o.description, o.validityDays, o.maxAccountAgeDays, JSON.stringify(o.scope ?? {})],
    );
  }

  async accountCreatedAt(userId: string): Promise<number | null> {
    const r = await this.db.query<{ created_at: string | number }>('SELECT created_at FROM users WHERE id = $1', [userId]);
    return r.rows[0] ? Number(r.rows[0].created_at) : null;
  }

  async claim(userId: string, offerId: string): Promise<ClaimRow | null> {
    const r = await this.db.query<{ claimed_at: string; valid_until: string }>(
      'SELECT claimed_at, valid_until FROM offer_claims WHERE user_id = $1 AND offer_id = $2',
      [userId, offerId],
    );
    const c = r.rows[0];
    return c ? { offerId, claimedAt: Number(c.claimed_at), validUntil: Number(c.valid_until) } : null;
  }

  /** Records a claim; false when this user has claimed the offer already (also under a race). */
  async addClaim(userId: string, c: ClaimRow): Promise<boolean> {
    const r = await this.db.query(
      'INSERT INTO offer_claims (user_id, offer_id, claimed_at, valid_until) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, offer_id) DO NOTHING RETURNING offer_id',
      [userId, c.offerId, c.claimedAt, c.validUntil],
    );
    return r.rows.length === 1;
  }
}
