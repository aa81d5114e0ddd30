import type { Db } from '../../platform/db';
import type { BankOffer, CatalogueConfig, Quote } from './catalogue';

export interface OrderRow {
  /** Server-minted (mintOrderId); orderKey is the rider-scoped idempotency key it was created under (null: retired). */
  transactionId: string;
  orderKey?: string | null;
  userId: string;
  city: string;
  agency: string;
  configId: string;
  categoryId: string;
  fmId: string;
  status: string;
  passStartDate: string;
  proofs: { kind: string; fileId: string }[];
  payload: Record<string, unknown>;
  fareInfo: Quote & { proofRequired: boolean; numOfDays: number; isRenewable: boolean; digitalOfferId?: string | null };
  payablePaise: number;
  renewOf: string | null;
  rejectionReason: string | null;
  paidAt: number | null;
  createdAt: number;
  updatedAt: number;
  frozenAt?: number | null;
}
export interface PassRow {
  id: string;
  transactionId: string;
  userId: string;
  city: string;
  configId: string;
  categoryId: string;
  fmId: string;
  status: string;
  startTime: number;
  expiryTime: number;
  isRenewable: boolean;
  record: Record<string, unknown>;
  issuedAt: number;
}
export interface DecisionRow {
  transactionId: string;
  action: string;
  fromStatus: string;
  toStatus: string;
  actor: string;
  reason: string | null;
  decidedAt: number;
}

const ORDER_COLS =
  'transaction_id, user_id, city_id, agency, config_id, category_id, fm_id, status, pass_start_date, proofs, payload, fare_info, payable_paise, renew_of, rejection_reason, paid_at, created_at, updated_at, order_key, frozen_at';
type R = Record<string, unknown>;
const order = (r: R): OrderRow => ({
  transactionId: r.transaction_id as string,
  userId: r.user_id as string,
  city: r.city_id as string,
  agency: r.agency as string,
  configId: r.config_id as string,
  categoryId: r.category_id as string,
  fmId: r.fm_id as string,
  status: r.status as string,
  passStartDate: r.pass_start_date as string,
  proofs: r.proofs as OrderRow['proofs'],
  payload: r.payload as R,
  fareInfo: r.fare_info as OrderRow['fareInfo'],
  payablePaise: Number(r.payable_paise),
  renewOf: (r.renew_of as string) ?? null,
  rejectionReason: (r.rejection_reason as string) ?? null,
  paidAt: r.paid_at == null ? null : Number(r.paid_at),
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
  orderKey: (r.order_key as string) ?? null,
  frozenAt: r.frozen_at == null ? null : Number(r.frozen_at),
});
const pass = (r: R): PassRow => ({
  id: r.id as string,
  transactionId: r.transaction_id as string,
  userId: r.user_id as string,
  city: r.city_id as string,
  configId: r.config_id as string,
  categoryId: r.category_id as string,
  fmId: r.fm_id as string,
  status: r.status as string,
  startTime: Number(r.start_time),
  expiryTime: Number(r.expiry_time),
  isRenewable: r.is_renewable as boolean,
  record: r.record as R,
  issuedAt: Number(r.issued_at),
});

/** SQL for the catalogue, pass orders, passes and verification decisions. */
export class PassStore {
  constructor(readonly db: Db) {}

  async passesEnabled(city: string): Promise<boolean | null> {
    const r = await this.db.query<{ features: { passes?: boolean } | null }>('SELECT features FROM cities WHERE id = $1', [city]);
    if (!r.rows[0]) return null;
    return r.rows[0].features?.passes === true;
  }

  async configs(city: string): Promise<CatalogueConfig[]> {
    const r = await this.db.query<{ body: CatalogueConfig }>('SELECT body FROM pass_configs WHERE city_id = $1 ORDER BY sort_order, id', [city]);
    return r.rows.map((x) => x.body);
  }

  async config(city: string, id: string): Promise<CatalogueConfig | null> {
    const r = await this.db.query<{ body: CatalogueConfig }>('SELECT body FROM pass_configs WHERE city_id = $1 AND id = $2', [city, id]);
    return r.rows[0]?.body ?? null;
  }

  /** Adds a config unless the city already has one with that id (an operator may have changed it). */
  async addConfig(city: string, c: CatalogueConfig, sortOrder: number): Promise<void> {
    await this.db.query(
      `INSERT INTO pass_configs (city_id, id, name, service_type, product_type, product_sub_type, agency, is_active, is_visible, is_proof_required, is_renewable,
         active_duration_ms, max_trips_per_day, landing_message, terms, body, sort_order)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17) ON CONFLICT (city_id, id) DO NOTHING`,
      [
        city,
        c.id,
        c.name,
        c.serviceType,
        c.productType,
        c.productSubType ?? null,
        c.agency,
        c.isActive !== false,
        c.isVisible !== false,
        c.isProofRequired ?? null,
        !!c.isRenewable,
        c.activeDurationMs ?? null,
        c.maxTripsPerDay ?? null,
        c.landingMessage ?? null,
        JSON.stringify(c.terms),
        JSON.stringify(c),
        sortOrder,
      ],
    );
  }

  async bankOffers(city: string): Promise<BankOffer[]> {
    const r = await this.db.query<{ id: string; city_id: string; bank: string; percent_off: number; config_ids: string[]; card_bins: string[] | null }>(
      'SELECT id, city_id, bank, percent_off, config_ids, card_bins FROM pass_bank_offers WHERE city_id = $1 AND is_active ORDER BY bank',
      [city],
    );
    return r.rows.map((o) => ({ id: o.id, city: o.city_id, bank: o.bank, percentOff: o.percent_off, configIds: o.config_ids, cardBins: o.card_bins ?? [] }));
  }

  async addBankOffer(o: BankOffer): Promise<void> {
    await this.db.query(
      'INSERT INTO pass_bank_offers (id, city_id, bank, percent_off, config_ids, card_bins) VALUES ($1,$2,$3,$4,$5,$6) ON CONFLICT DO NOTHING',
      [o.id, o.city, o.bank, o.percentOff, JSON.stringify(o.configIds), JSON.stringify(o.cardBins ?? [])],
    );
  }

  async order(transactionId: string, lock = false): Promise<OrderRow | null> {
    const r = await this.db.query<R>(`SELECT ${ORDER_COLS} FROM pass_orders WHERE transaction_id = $1${lock ? ' FOR UPDATE' : ''}`, [transactionId]);
    return r.rows[0] ? order(r.rows[0]) : null;
  }

  async orderByKey(userId: string, orderKey: string): Promise<OrderRow | null> {
    const r = await this.db.query<R>(`SELECT ${ORDER_COLS} FROM pass_orders WHERE user_id = $1 AND order_key = $2`, [userId, orderKey]);
    return r.rows[0] ? order(r.rows[0]) : null;
  }

  /**
   * The rider's order for exactly this pass (city, product, category, fare, start date) whose payment has started and
   * is not settled: frozen, unpaid, still awaiting payment. The newest when (through an older version) there are several.
   */
  async openPaymentOrder(userId: string, pass: Pick<OrderRow, 'city' | 'configId' | 'categoryId' | 'fmId' | 'passStartDate'>): Promise<OrderRow | null> {
    const r = await this.db.query<R>(
      `SELECT ${ORDER_COLS} FROM pass_orders WHERE user_id = $1 AND city_id = $2 AND config_id = $3 AND category_id = $4 AND fm_id = $5
         AND pass_start_date = $6 AND frozen_at IS NOT NULL AND paid_at IS NULL AND status IN ('PENDING', 'PAYMENT_FAILED')
       ORDER BY frozen_at DESC, transaction_id LIMIT 1`,
      [userId, pass.city, pass.configId, pass.categoryId, pass.fmId, pass.passStartDate],
    );
    return r.rows[0] ? order(r.rows[0]) : null;
  }

  /**
   * Inserts the order under its rider-scoped key, or re-quotes the rider's order under that key when nobody is paying
   * for it (not frozen, not paid, awaiting payment or verification). Answers the order's id; null when the order under
   * that key is frozen, paid or issued (it never changes).
   */
  async putOrder(o: OrderRow): Promise<string | null> {
    const r = await this.db.query<{ transaction_id: string }>(
      `INSERT INTO pass_orders (${ORDER_COLS}) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,NULL)
       ON CONFLICT (user_id, order_key) DO UPDATE SET agency = EXCLUDED.agency, config_id = EXCLUDED.config_id, category_id = EXCLUDED.category_id,
         fm_id = EXCLUDED.fm_id, status = EXCLUDED.status, pass_start_date = EXCLUDED.pass_start_date, proofs = EXCLUDED.proofs, payload = EXCLUDED.payload,
         fare_info = EXCLUDED.fare_info, payable_paise = EXCLUDED.payable_paise, renew_of = EXCLUDED.renew_of, rejection_reason = NULL, updated_at = EXCLUDED.updated_at
       WHERE pass_orders.frozen_at IS NULL AND pass_orders.paid_at IS NULL AND pass_orders.status IN ('PENDING', 'PAYMENT_FAILED', 'UNVERIFIED', 'REJECTED')
       RETURNING transaction_id`,
      [
        o.transactionId,
        o.userId,
        o.city,
        o.agency,
        o.configId,
        o.categoryId,
        o.fmId,
        o.status,
        o.passStartDate,
        JSON.stringify(o.proofs),
        JSON.stringify(o.payload),
        JSON.stringify(o.fareInfo),
        o.payablePaise,
        o.renewOf,
        o.rejectionReason,
        o.paidAt,
        o.createdAt,
        o.updatedAt,
        o.orderKey ?? null,
      ],
    );
    return r.rows[0]?.transaction_id ?? null;
  }

  /** Frees an order's key (the order stays as it is), so a new order can be made under it. */
  async retireKey(transactionId: string): Promise<void> {
    await this.db.query('UPDATE pass_orders SET order_key = NULL WHERE transaction_id = $1', [transactionId]);
  }

  /** A payment started (frozen: no re-quote) or failed (null: payable and re-quotable again). */
  async setFrozen(transactionId: string, at: number | null): Promise<void> {
    await this.db.query('UPDATE pass_orders SET frozen_at = $2 WHERE transaction_id = $1', [transactionId, at]);
  }

  /** A new price for an unfrozen order (a bank offer the rider's instrument does not earn was dropped). */
  async reprice(
    transactionId: string,
    set: { fareInfo: OrderRow['fareInfo']; payablePaise: number; payload: Record<string, unknown> },
    now: number,
  ): Promise<void> {
    await this.db.query(
      'UPDATE pass_orders SET fare_info = $2, payable_paise = $3, payload = $4, updated_at = $5 WHERE transaction_id = $1 AND frozen_at IS NULL',
      [transactionId, JSON.stringify(set.fareInfo), set.payablePaise, JSON.stringify(set.payload), now],
    );
  }

  async setOrder(
    transactionId: string,
    set: { status?: string; rejectionReason?: string | null; proofs?: OrderRow['proofs']; paidAt?: number },
    now: number,
  ): Promise<void> {
    await this.db.query(
      `UPDATE pass_orders SET status = COALESCE($2, status), rejection_reason = CASE WHEN $3::boolean THEN $4 ELSE rejection_reason END,
         proofs = COALESCE($5::jsonb, proofs), paid_at = COALESCE(paid_at, $6), updated_at = $7 WHERE transaction_id = $1`,
      [
        transactionId,
        set.status ?? null,
        set.rejectionReason !== undefined,
        set.rejectionReason ?? null,
        set.proofs ? JSON.stringify(set.proofs) : null,
        set.paidAt ?? null,
        now,
      ],
    );
  }

  async decide(d: DecisionRow): Promise<void> {
    await this.db.query(
      'INSERT INTO verification_decisions (transaction_id, action, from_status, to_status, actor, reason, decided_at) VALUES ($1,$2,$3,$4,$5,$6,$7)',
      [d.transactionId, d.action, d.fromStatus, d.toStatus, d.actor, d.reason, d.decidedAt],
    );
  }

  async decisions(transactionId: string): Promise<DecisionRow[]> {
    const r = await this.db.query<R>(
      'SELECT transaction_id, action, from_status, to_status, actor, reason, decided_at FROM verification_decisions WHERE transaction_id = $1 ORDER BY id',
      [transactionId],
    );
    return r.rows.map((x) => ({
      transactionId: x.transaction_id as string,
      action: x.action as string,
      fromStatus: x.from_status as string,
      toStatus: x.to_status as string,
      actor: x.actor as string,
      reason: (x.reason as string) ?? null,
      decidedAt: Number(x.decided_at),
    }));
  }

  /** UNVERIFIED orders whose latest decision is a rider's submission, oldest first. */
  async pendingVerifications(): Promise<OrderRow[]> {
    const r = await this.db.query<R>(
      `SELECT ${ORDER_COLS.split(', ')
        .map((c) => `o.${c}`)
        .join(', ')} FROM pass_orders o
       WHERE o.status = 'UNVERIFIED' AND (SELECT d.action FROM verification_decisions d WHERE d.transaction_id = o.transaction_id ORDER BY d.id DESC LIMIT 1) IN ('SUBMIT', 'REINITIATE', 'REAPPLY')
       ORDER BY o.updated_at, o.transaction_id LIMIT 200`,
    );
    return r.rows.map(order);
  }

  /** Inserts the pass unless the order already has one; answers the order's pass either way. */
  async issue(p: PassRow): Promise<{ pass: PassRow; created: boolean }> {
    const r = await this.db.query<R>(
      `INSERT INTO passes (id, transaction_id, user_id, city_id, config_id, category_id, fm_id, status, start_time, expiry_time, is_renewable, record, issued_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) ON CONFLICT (transaction_id) DO NOTHING RETURNING *`,
      [
        p.id,
        p.transactionId,
        p.userId,
        p.city,
        p.configId,
        p.categoryId,
        p.fmId,
        p.status,
        p.startTime,
        p.expiryTime,
        p.isRenewable,
        JSON.stringify(p.record),
        p.issuedAt,
      ],
    );
    if (r.rows[0]) return { pass: pass(r.rows[0]), created: true };
    return { pass: (await this.passOfOrder(p.transactionId))!, created: false };
  }

  async passOfOrder(transactionId: string): Promise<PassRow | null> {
    const r = await this.db.query<R>('SELECT * FROM passes WHERE transaction_id = $1', [transactionId]);
    return r.rows[0] ? pass(r.rows[0]) : null;
  }

  async pass(id: string): Promise<PassRow | null> {
    const r = await this.db.query<R>('SELECT * FROM passes WHERE id = $1', [id]);
    return r.rows[0] ? pass(r.rows[0]) : null;
  }

  /** The rider's orders that are still in verification or verified and unpaid (newest first). */
  async openOrdersOf(userId: string): Promise<OrderRow[]> {
    const r = await this.db.query<R>(
      `SELECT ${ORDER_COLS} FROM pass_orders WHERE user_id = $1 AND status IN ('UNVERIFIED', 'REJECTED', 'PENDING', 'PAYMENT_FAILED')
       ORDER BY updated_at DESC, transaction_id LIMIT 50`,
      [userId],
    );
    return r.rows.map(order);
  }

  async passesOf(userId: string): Promise<PassRow[]> {
    const r = await this.db.query<R>('SELECT * FROM passes WHERE user_id = $1 ORDER BY issued_at DESC LIMIT 200', [userId]);
    return r.rows.map(pass);
  }

  /** The rider's passes in one city (wallet listing), newest first. */
  async passesIn(userId: string, city: string): Promise<PassRow[]> {
    const r = await this.db.query<R>('SELECT * FROM passes WHERE user_id = $1 AND city_id = $2 ORDER BY issued_at DESC LIMIT 200', [userId, city]);
    return r.rows.map(pass);
  }

  /** The rider's orders in one city in these statuses (wallet listing: verification pending or rejected), newest first. */
  async ordersIn(userId: string, city: string, statuses: string[]): Promise<OrderRow[]> {
    const r = await this.db.query<R>(
      `SELECT ${ORDER_COLS} FROM pass_orders WHERE user_id = $1 AND city_id = $2 AND status = ANY($3::text[]) ORDER BY created_at DESC LIMIT 100`,
      [userId, city, statuses],
    );
    return r.rows.map(order);
  }

  async fileOwner(id: string): Promise<{ userId: string; contentType: string; purpose: string } | null> {
    const r = await this.db.query<{ user_id: string; content_type: string; purpose: string }>(
      'SELECT user_id, content_type, purpose FROM files WHERE id = $1',
      [id],
    );
    return r.rows[0] ? { userId: r.rows[0].user_id, contentType: r.rows[0].content_type, purpose: r.rows[0].purpose } : null;
  }
}
