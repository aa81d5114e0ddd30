import type { CardKind, CardStatus } from '@sawari/domain';
import type { CardOrderStatus } from '@sawari/contracts';
import type { Db } from '../../platform/db';

export interface CardRow {
  cardRef: string;
  kind: CardKind;
  last4: string;
  status: CardStatus;
  validThru: string | null;
  chipBalancePaise: number;
  chipSeenAt: number | null;
  createdAt: number;
}
export interface LinkRow {
  cardRef: string;
  userId: string;
  name: string;
  linkedAt: number;
}
export interface OrderRow {
  orderId: string;
  orderKind: 'cardRecharge' | 'ncmcCardRecharge';
  userId: string;
  cardRef: string;
  city: string;
  amountPaise: number;
  feePaise: number;
  status: CardOrderStatus;
  createdAt: number;
  paidAt: number | null;
  transferredAt: number | null;
  writtenAt: number | null;
  writtenTapId: string | null;
  refundedAt: number | null;
  refundReason: string | null;
}
export interface TapRow {
  tapId: string;
  cardRef: string;
  requestHash: string;
  farePaise: number;
  status: 'ACCEPTED' | 'DECLINED';
  declineReason: string | null;
  previousBalancePaise: number;
  balancePaise: number;
  written: { orderId: string; amountPaise: number }[];
  routeName: string | null;
  terminalId: string | null;
  recordedBy: string;
  tappedAt: number;
}
/** Money on its way to a card's chip, by state. */
export interface Committed {
  processingPaise: number;
  stagedPaise: number;
  pendingPaise: number;
}

type R = Record<string, unknown>;
const num = (v: unknown): number | null => (v == null ? null : Number(v));
const cardOf = (r: R): CardRow => ({
  cardRef: r.card_ref as string,
  kind: r.kind as CardKind,
  last4: r.last4 as string,
  status: r.status as CardStatus,
  validThru: (r.valid_thru as string) ?? null,
  chipBalancePaise: Number(r.chip_balance_paise),
  chipSeenAt: num(r.chip_seen_at),
  createdAt: Number(r.created_at),
});
const orderOf = (r: R): OrderRow => ({
  orderId: r.order_id as string,
  orderKind: r.order_kind as OrderRow['orderKind'],
  userId: r.user_id as string,
  cardRef: r.card_ref as string,
  city: r.city_id as string,
  amountPaise: Number(r.amount_paise),
  feePaise: Number(r.fee_paise),
  status: r.status as CardOrderStatus,
  createdAt: Number(r.created_at),
  paidAt: num(r.paid_at),
  transferredAt: num(r.transferred_at),
  writtenAt: num(r.written_at),
  writtenTapId: (r.written_tap_id as string) ?? null,
  refundedAt: num(r.refunded_at),
  refundReason: (r.refund_reason as string) ?? null,
});
const tapOf = (r: R): TapRow => ({
  tapId: r.tap_id as string,
  cardRef: r.card_ref as string,
  requestHash: r.request_hash as string,
  farePaise: Number(r.fare_paise),
  status: r.status as TapRow['status'],
  declineReason: (r.decline_reason as string) ?? null,
  previousBalancePaise: Number(r.previous_balance_paise),
  balancePaise: Number(r.balance_paise),
  written: r.written as TapRow['written'],
  routeName: (r.route_name as string) ?? null,
  terminalId: (r.terminal_id as string) ?? null,
  recordedBy: r.recorded_by as string,
  tappedAt: Number(r.tapped_at),
});

/** SQL for cards, links, recharge orders and taps. No HTTP here. Pass a transaction handle as `db` to work inside it. */
export class CardStore {
  constructor(readonly db: Db) {}

  /** Serialises everything that changes one card's money (taps, payment starts and outcomes, transfers, blocks). */
  async lockCard(cardRef: string): Promise<void> {
    await this.db.query(`SELECT pg_advisory_xact_lock(hashtext('card:' || $1))`, [cardRef]);
  }
  /** Serialises one terminal tap id (taken before the card's lock, always in that order). */
  async lockTap(tapId: string): Promise<void> {
    await this.db.query(`SELECT pg_advisory_xact_lock(hashtext('card-tap:' || $1))`, [tapId]);
  }

  async cardByHash(numberHash: string): Promise<CardRow | null> {
    const r = await this.db.query<R>('SELECT * FROM transit_cards WHERE number_hash = $1', [numberHash]);
    return r.rows[0] ? cardOf(r.rows[0]) : null;
  }
  async card(cardRef: string): Promise<CardRow | null> {
    const r = await this.db.query<R>('SELECT * FROM transit_cards WHERE card_ref = $1', [cardRef]);
    return r.rows[0] ? cardOf(r.rows[0]) : null;
  }
  /** Registers a card a terminal read for the first time; answers the card either way. */
  async ensureCard(c: { cardRef: string; kind: CardKind; numberHash: string; last4: string; validThru: string | null }, now: number): Promise<CardRow> {
    await this.db.query(
      `INSERT INTO transit_cards (card_ref, kind, number_hash, last4, valid_thru, created_at, updated_at) VALUES ($1,$2,$3,$4,$5,$6,$6)
       ON CONFLICT (number_hash) DO NOTHING`,
      [c.cardRef, c.kind, c.numberHash, c.last4, c.validThru, now],
    );
    return (await this.cardByHash(c.numberHash))!;
  }
  async setValidThru(cardRef: string, validThru: string, now: number): Promise<void> {
    await this.db.query('UPDATE transit_cards SET valid_thru = $2, updated_at = $3 WHERE card_ref = $1 AND valid_thru IS DISTINCT FROM $2', [
      cardRef,
      validThru,
      now,
    ]);
  }
  async setStatus(cardRef: string, status: CardStatus, now: number): Promise<void> {
    await this.db.query('UPDATE transit_cards SET status = $2, updated_at = $3 WHERE card_ref = $1', [cardRef, status, now]);
  }
  async setChip(cardRef: string, balancePaise: number, seenAt: number): Promise<void> {
    await this.db.query('UPDATE transit_cards SET chip_balance_paise = $2, chip_seen_at = $3, updated_at = $3 WHERE card_ref = $1', [
      cardRef,
      balancePaise,
      seenAt,
    ]);
  }

  // --- links ------------------------------------------------------------------------------------------------------
  async link(cardRef: string): Promise<LinkRow | null> {
    const r = await this.db.query<R>('SELECT * FROM card_links WHERE card_ref = $1', [cardRef]);
    const x = r.rows[0];
    return x ? { cardRef: x.card_ref as string, userId: x.user_id as string, name: x.name as string, linkedAt: Number(x.linked_at) } : null;
  }
  /** Links the card unless it is linked; answers the link (this rider's or another's). */
  async insertLink(l: LinkRow): Promise<LinkRow> {
    await this.db.query('INSERT INTO card_links (card_ref, user_id, name, linked_at) VALUES ($1,$2,$3,$4) ON CONFLICT (card_ref) DO NOTHING', [
      l.cardRef,
      l.userId,
      l.name,
      l.linkedAt,
    ]);
    return (await this.link(l.cardRef))!;
  }
  async countLinks(userId: string): Promise<number> {
    const r = await this.db.query<{ n: string }>('SELECT count(*) AS n FROM card_links WHERE user_id = $1', [userId]);
    return Number(r.rows[0].n);
  }
  async rename(cardRef: string, userId: string, name: string): Promise<boolean> {
    const r = await this.db.query('UPDATE card_links SET name = $3 WHERE card_ref = $1 AND user_id = $2 RETURNING card_ref', [cardRef, userId, name]);
    return r.rows.length === 1;
  }
  async unlink(cardRef: string, userId: string): Promise<boolean> {
    const r = await this.db.query('DELETE FROM card_links WHERE card_ref = $1 AND user_id = $2 RETURNING card_ref', [cardRef, userId]);
    return r.rows.length === 1;
  }
  /** The rider's linked cards with their card rows, oldest link first. */
  async linkedCards(userId: string): Promise<(CardRow & { name: string; linkedAt: number })[]> {
    const r = await this.db.query<R>(
      'SELECT c.*, l.name, l.linked_at FROM card_links l JOIN transit_cards c USING (card_ref) WHERE l.user_id = $1 ORDER BY l.linked_at, l.card_ref',
      [userId],
    );
    return r.rows.map((x) => ({ ...cardOf(x), name: x.name as string, linkedAt: Number(x.linked_at) }));
  }

  // --- orders -----------------------------------------------------------------------------------------------------
  /** Money on its way to each card (any rider's orders: a card's loads go to its chip whoever paid them). */
  async committed(cardRefs: string[], exceptOrderId: string | null = null): Promise<Map<string, Committed>> {
    const out = new Map<string, Committed>(cardRefs.map((c) => [c, { processingPaise: 0, stagedPaise: 0, pendingPaise: 0 }]));
    if (!cardRefs.length) return out;
    const r = await this.db.query<{ card_ref: string; status: string; total: string }>(
      `SELECT card_ref, status, sum(amount_paise) AS total FROM card_recharge_orders
        WHERE card_ref = ANY($1::text[]) AND status IN ('PAYMENT_PROCESSING', 'STAGED', 'PENDING_ON_CARD') AND order_id IS DISTINCT FROM $2
        GROUP BY card_ref, status`,
      [cardRefs, exceptOrderId],
    );
    for (const x of r.rows) {
      const c = out.get(x.card_ref)!;
      const v = Number(x.total);
      if (x.status === 'PAYMENT_PROCESSING') c.processingPaise = v;
      else if (x.status === 'STAGED') c.stagedPaise = v;
      else c.pendingPaise = v;
    }
    return out;
  }
  /** Inserts the order; with an order key already used by this rider, inserts nothing and answers that key's order. */
  async insertOrder(o: OrderRow, orderKey: string | null = null): Promise<{ order: OrderRow; created: boolean }> {
    const r = await this.db.query<R>(
      `INSERT INTO card_recharge_orders (order_id, order_kind, user_id, card_ref, city_id, amount_paise, fee_paise, status, created_at, updated_at, order_key)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$9,$10) ON CONFLICT (user_id, order_key) DO NOTHING RETURNING *`,
      [o.orderId, o.orderKind, o.userId, o.cardRef, o.city, o.amountPaise, o.feePaise, o.status, o.createdAt, orderKey],
    );
    if (r.rows[0]) return { order: orderOf(r.rows[0]), created: true };
    const x = await this.db.query<R>('SELECT * FROM card_recharge_orders WHERE user_id = $1 AND order_key = $2', [o.userId, orderKey]);
    return { order: orderOf(x.rows[0]), created: false };
  }
  /** A new quote for an order nobody is paying (same key, another card or amount); answers whether it changed. */
  async requote(
    orderId: string,
    q: { cardRef: string; orderKind: OrderRow['orderKind']; city: string; amountPaise: number; feePaise: number },
    now: number,
  ): Promise<boolean> {
    const r = await this.db.query(
      `UPDATE card_recharge_orders SET card_ref = $2, order_kind = $3, city_id = $4, amount_paise = $5, fee_paise = $6, status = 'CREATED', updated_at = $7
        WHERE order_id = $1 AND status IN ('CREATED', 'PAYMENT_FAILED') RETURNING order_id`,
      [orderId, q.cardRef, q.orderKind, q.city, q.amountPaise, q.feePaise, now],
    );
    return r.rows.length === 1;
  }
  async order(orderId: string, lock = false): Promise<OrderRow | null> {
    const r = await this.db.query<R>(`SELECT * FROM card_recharge_orders WHERE order_id = $1${lock ? ' FOR UPDATE' : ''}`, [orderId]);
    return r.rows[0] ? orderOf(r.rows[0]) : null;
  }
  /** Moves an order from one of `from` to `to`, stamping `at` into the named column; answers whether it moved. */
  async move(
    orderId: string,
    from: CardOrderStatus[],
    to: CardOrderStatus,
    now: number,
    stamp?: 'payment_started_at' | 'paid_at' | 'transferred_at',
    extra: { refundReason?: string } = {},
  ): Promise<boolean> {
    const r = await this.db.query(
      `UPDATE card_recharge_orders SET status = $3, updated_at = $4${stamp ? `, ${stamp} = COALESCE(${stamp}, $4)` : ''}
         ${to === 'REFUNDED' ? ', refunded_at = $4, refund_reason = $5' : ''}
        WHERE order_id = $1 AND status = ANY($2::text[]) RETURNING order_id`,
      to === 'REFUNDED' ? [orderId, from, to, now, extra.refundReason ?? 'NOT_WRITABLE'] : [orderId, from, to, now],
    );
    return r.rows.length === 1;
  }
  /** The card's loads waiting for a tap, oldest first, locked. */
  async pendingLoads(cardRef: string): Promise<OrderRow[]> {
    const r = await this.db.query<R>(
      `SELECT * FROM card_recharge_orders WHERE card_ref = $1 AND status = 'PENDING_ON_CARD' ORDER BY COALESCE(transferred_at, paid_at), order_id FOR UPDATE`,
      [cardRef],
    );
    return r.rows.map(orderOf);
  }
  async markWritten(orderIds: string[], tapId: string, now: number): Promise<number> {
    if (!orderIds.length) return 0;
    const r = await this.db.query(
      `UPDATE card_recharge_orders SET status = 'WRITTEN', written_at = $3, written_tap_id = $2, updated_at = $3
        WHERE order_id = ANY($1::text[]) AND status = 'PENDING_ON_CARD' RETURNING order_id`,
      [orderIds, tapId, now],
    );
    return r.rows.length;
  }
  /** Paid loads of a card that have not reached its chip (STAGED or PENDING_ON_CARD), locked. */
  async unwrittenLoads(cardRef: string): Promise<OrderRow[]> {
    const r = await this.db.query<R>(
      `SELECT * FROM card_recharge_orders WHERE card_ref = $1 AND status IN ('STAGED', 'PENDING_ON_CARD') ORDER BY order_id FOR UPDATE`,
      [cardRef],
    );
    return r.rows.map(orderOf);
  }
  /** Refunded orders whose refund payments has not yet accepted (at most `limit`). */
  async refundsDue(limit = 50): Promise<OrderRow[]> {
    const r = await this.db.query<R>(
      `SELECT * FROM card_recharge_orders WHERE status = 'REFUNDED' AND refund_requested_at IS NULL ORDER BY refunded_at LIMIT $1`,
      [limit],
    );
    return r.rows.map(orderOf);
  }
  async markRefundRequested(orderId: string, now: number): Promise<void> {
    await this.db.query('UPDATE card_recharge_orders SET refund_requested_at = $2 WHERE order_id = $1 AND refund_requested_at IS NULL', [orderId, now]);
  }

  // --- taps -------------------------------------------------------------------------------------------------------
  async tap(tapId: string): Promise<TapRow | null> {
    const r = await this.db.query<R>('SELECT * FROM card_taps WHERE tap_id = $1', [tapId]);
    return r.rows[0] ? tapOf(r.rows[0]) : null;
  }
  async insertTap(t: TapRow): Promise<void> {
    await this.db.query(
      `INSERT INTO card_taps (tap_id, card_ref, request_hash, fare_paise, status, decline_reason, previous_balance_paise, balance_paise, written, route_name, terminal_id, recorded_by, tapped_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
      [
        t.tapId,
        t.cardRef,
        t.requestHash,
        t.farePaise,
        t.status,
        t.declineReason,
        t.previousBalancePaise,
        t.balancePaise,
        JSON.stringify(t.written),
        t.routeName,
        t.terminalId,
        t.recordedBy,
        t.tappedAt,
      ],
    );
  }

  /**
   * A card's history for one rider, newest first: taps since the rider linked the card, and the rider's own recharges
   * of it that were paid or tried (not orders left unpaid).
   */
  async history(cardRef: string, userId: string, since: number, offset: number, limit: number) {
    const r = await this.db.query<{
      id: string;
      type: 'TAP' | 'RECHARGE';
      at: string;
      amount: string;
      state: string;
      route_name: string | null;
      balance_after: string | null;
    }>(
      `SELECT * FROM (
         SELECT tap_id AS id, 'TAP' AS type, tapped_at AS at, fare_paise AS amount, status AS state, route_name, balance_paise AS balance_after
           FROM card_taps WHERE card_ref = $1 AND tapped_at >= $3
         UNION ALL
         SELECT order_id, 'RECHARGE', COALESCE(paid_at, payment_started_at, created_at), amount_paise, status, NULL, NULL
           FROM card_recharge_orders WHERE card_ref = $1 AND user_id = $2 AND status <> 'CREATED'
       ) h ORDER BY at DESC, id DESC OFFSET $4 LIMIT $5`,
      [cardRef, userId, since, offset, limit],
    );
    return r.rows.map((x) => ({
      id: x.id,
      type: x.type,
      at: Number(x.at),
      amountPaise: Number(x.amount),
      state: x.state,
      routeName: x.route_name,
      balanceAfterPaise: x.balance_after == null ? null : Number(x.balance_after),
    }));
  }
}
