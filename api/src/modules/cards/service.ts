import type { RiderNotices } from '../notices';
import { createHmac, randomBytes } from 'node:crypto';
import {
  applyTap,
  cardKindOf,
  CHIP_LIMIT_PAISE,
  formatPaise,
  isCardExpired,
  maskedFromLast4,
  maxRechargePaise,
  MIN_RECHARGE_PAISE,
  rechargeBreakup,
  rechargeEligibility,
  type CardKind,
  type EligibilityRefusal,
} from '@sawari/domain';
import type {
  CardHistory,
  CardRechargeOrder,
  EligibilityResponse,
  LinkCardRequest,
  LinkedCard,
  TerminalTapRequest,
  TerminalTapResponse,
} from '@sawari/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { ApiError } from '../../platform/errors';
import { mintOrderId } from '../payments';
import { CardStore, type CardRow, type Committed, type OrderRow, type TapRow } from './store';
import { businessMetrics } from '../../platform/metrics';

/** A rider may link this many cards. */
export const MAX_LINKED_CARDS = 10;
/** Agencies the checkout passes to the payment methods call, per card kind. */
const AGENCY: Record<CardKind, string> = { closedLoop: 'CITYCARD', ncmc: 'NCMC' };
const ORDER_KIND: Record<CardKind, OrderRow['orderKind']> = { closedLoop: 'cardRecharge', ncmc: 'ncmcCardRecharge' };

/** A sentence a rider can act on for each refusal before payment. */
export function refusalMessage(reason: EligibilityRefusal | 'CARD_NOT_LINKED', maxPaise: number): string {
  switch (reason) {
    case 'CARD_BLOCKED':
      return 'This card is blocked, so it cannot be recharged. Contact the card issuer.';
    case 'CARD_EXPIRED':
      return 'This card has expired, so it cannot be recharged. Use your new card.';
    case 'AMOUNT_NOT_WHOLE_RUPEES':
      return 'Recharge in whole rupees.';
    case 'AMOUNT_TOO_SMALL':
      return `The smallest recharge is ${formatPaise(MIN_RECHARGE_PAISE)}.`;
    case 'CHIP_LIMIT_REACHED':
      return `This card already holds or is about to hold close to ${formatPaise(CHIP_LIMIT_PAISE)}, the most a card can hold. Use it on a bus first.`;
    case 'OVER_CHIP_LIMIT':
      return `A card holds at most ${formatPaise(CHIP_LIMIT_PAISE)}, counting what is pending. You can add up to ${formatPaise(maxPaise)} now.`;
    case 'CARD_NOT_LINKED':
      return 'This card is no longer linked to your account. Link it again to recharge it.';
  }
}

/** Where refunds go: the payments module refunds an order kind's paid order once per key. */
export interface CardRefunds {
  /** Refunds the order's whole payment (load and fee); keyed by the order, so a repeat refunds nothing more. */
  refund(orderKind: string, orderId: string, amountPaise: number, reason: string): Promise<void>;
}

/**
 * Linking, the wallet card list, eligibility, recharge orders (payments order kinds cardRecharge and
 * ncmcCardRecharge), the NCMC transfer into the offline wallet, history, and what terminals do on a tap. Spec §2
 * "Cards", §7 Cards; docs/cards.md.
 */
export class CardService {
  readonly store: CardStore;
  private refunds: CardRefunds | null = null;
  private log: { warn(obj: object, msg: string): void } = { warn: () => undefined };

  constructor(
    private readonly db: Db,
    private readonly now: Clock,
    /** HMAC key for card numbers (never stored; derived from the server secret). */
    private readonly numberKey: Buffer,
  ) {
    this.store = new CardStore(db);
  }

  private notices: RiderNotices | null = null;
  /** The rider SMS and Home notices: a load written onto the chip is told to the rider who paid for it. */
  useNotices(notices: RiderNotices): void {
    this.notices = notices;
  }

  /** Set once the payments module exists (refunds for loads that can never be written). */
  useRefunds(refunds: CardRefunds, log?: { warn(obj: object, msg: string): void }): void {
    this.refunds = refunds;
    if (log) this.log = log;
  }

  /** The keyed hash a card number is known by. */
  numberHash(digits: string): string {
    return createHmac('sha256', this.numberKey).update(`card-number:${digits}`).digest('base64url');
  }

  private static newRef(): string {
    return `crd_${randomBytes(16).toString('base64url')}`;
  }

  private view(card: CardRow, link: { name: string; linkedAt: number }, c: Committed): LinkedCard {
    const now = this.now();
    const blockedOrExpired = card.status === 'BLOCKED' || isCardExpired(card.validThru, now);
    return {
      cardRef: card.cardRef,
      kind: card.kind,
      name: link.name,
      maskedNumber: maskedFromLast4(card.last4),
      last4: card.last4,
      status: card.status,
      validThru: card.validThru,
      expired: isCardExpired(card.validThru, now),
      chipBalancePaise: card.chipBalancePaise,
      chipSeenAt: card.chipSeenAt,
      pendingPaise: c.pendingPaise,
      stagedPaise: c.stagedPaise,
      limitPaise: CHIP_LIMIT_PAISE,
      maxRechargePaise: blockedOrExpired ? 0 : maxRechargePaise(card.chipBalancePaise, c.processingPaise + c.stagedPaise + c.pendingPaise),
      linkedAt: link.linkedAt,
    };
  }

  /** The rider's linked card (404 CARD_NOT_FOUND for an unknown reference or someone else's card). */
  private async ownCard(userId: string, cardRef: string, store = this.store) {
    const link = await store.link(cardRef);
    const card = link && link.userId === userId ? await store.card(cardRef) : null;
    if (!link || !card) throw new ApiError(404, 'CARD_NOT_FOUND', 'There is no such card in your account.');
    return { card, link };
  }

  // --- linking ----------------------------------------------------------------------------------------------------

  /** POST link-card: 201 with the card, 200 when this rider already linked it. */
  async link(userId: string, req: LinkCardRequest): Promise<{ created: boolean; card: LinkedCard }> {
    const card = await this.store.cardByHash(this.numberHash(req.cardNumber));
    if (!card || card.kind !== req.kind)
      throw new ApiError(404, 'CARD_UNKNOWN', 'We do not know this card yet. Tap it once on a bus validator, then link it here.');
    return this.db.transaction(async (tx) => {
      const store = new CardStore(tx);
      await store.lockCard(card.cardRef);
      const existing = await store.link(card.cardRef);
      if (existing && existing.userId !== userId)
        throw new ApiError(409, 'CARD_LINKED_ELSEWHERE', 'This card is linked to another account. Unlink it there first.');
      if (!existing) {
        if (card.status === 'BLOCKED') throw new ApiError(409, 'CARD_BLOCKED', 'This card is blocked and cannot be linked. Contact the card issuer.');
        if (isCardExpired(card.validThru, this.now())) throw new ApiError(409, 'CARD_EXPIRED', 'This card has expired and cannot be linked.');
        if ((await store.countLinks(userId)) >= MAX_LINKED_CARDS)
          throw new ApiError(409, 'TOO_MANY_CARDS', `You can link up to ${MAX_LINKED_CARDS} cards. Unlink one first.`);
      }
      const link = existing ?? (await store.insertLink({ cardRef: card.cardRef, userId, name: req.name, linkedAt: this.now() }));
      const committed = (await store.committed([card.cardRef])).get(card.cardRef)!;
      return { created: !existing, card: this.view(card, link, committed) };
    });
  }

  /** GET wallet card list. */
  async list(userId: string): Promise<{ cards: LinkedCard[] }> {
    const rows = await this.store.linkedCards(userId);
    const committed = await this.store.committed(rows.map((r) => r.cardRef));
    return { cards: rows.map((r) => this.view(r, r, committed.get(r.cardRef)!)) };
  }

  /** GET card-info. */
  async info(userId: string, cardRef: string): Promise<LinkedCard> {
    const { card, link } = await this.ownCard(userId, cardRef);
    return this.view(card, link, (await this.store.committed([cardRef])).get(cardRef)!);
  }

  async rename(userId: string, cardRef: string, name: string): Promise<LinkedCard> {
    await this.ownCard(userId, cardRef);
    await this.store.rename(cardRef, userId, name);
    return this.info(userId, cardRef);
  }

  /** Unlinking keeps the card's loads: what is paid still reaches the chip at its next tap. */
  async unlink(userId: string, cardRef: string): Promise<void> {
    if (!(await this.store.unlink(cardRef, userId))) throw new ApiError(404, 'CARD_NOT_FOUND', 'There is no such card in your account.');
  }

  // --- eligibility and orders -------------------------------------------------------------------------------------

  private async eligibilityOf(card: CardRow, amountPaise: number, store: CardStore, exceptOrderId: string | null = null) {
    const c = (await store.committed([card.cardRef], exceptOrderId)).get(card.cardRef)!;
    return rechargeEligibility(
      { status: card.status, validThru: card.validThru, chipPaise: card.chipBalancePaise, committedPaise: c.processingPaise + c.stagedPaise + c.pendingPaise },
      amountPaise,
      this.now(),
    );
  }

  /** POST eligibility: may this card take this amount now? (200 either way, with the reason in words.) */
  async eligibility(userId: string, cardRef: string, amountPaise: number): Promise<EligibilityResponse> {
    const { card } = await this.ownCard(userId, cardRef);
    const e = await this.eligibilityOf(card, amountPaise, this.store);
    const b = rechargeBreakup(card.kind, amountPaise);
    return {
      eligible: e.eligible,
      reason: e.eligible ? null : e.reason,
      message: e.eligible ? null : refusalMessage(e.reason, e.maxPaise),
      amountPaise,
      maxRechargePaise: e.maxPaise,
      feePaise: b.feePaise,
      payablePaise: b.payablePaise,
    };
  }

  private orderView(o: OrderRow, card: CardRow, name: string): CardRechargeOrder {
    const kind = card.kind;
    const b = rechargeBreakup(kind, o.amountPaise);
    return {
      orderId: o.orderId,
      orderKind: o.orderKind,
      agency: AGENCY[kind],
      city: o.city,
      cardRef: o.cardRef,
      cardKind: kind,
      cardName: name,
      maskedNumber: maskedFromLast4(card.last4),
      amountPaise: o.amountPaise,
      feePaise: o.feePaise,
      payablePaise: o.amountPaise + o.feePaise,
      fareBreakup: b.lines,
      status: o.status,
      createdAt: o.createdAt,
      paidAt: o.paidAt,
      writtenAt: o.writtenAt,
      refundedAt: o.refundedAt,
    };
  }

  /** POST recharge: an order of kind cardRecharge (closed-loop) or ncmcCardRecharge (NCMC), refused before payment. */
  async createOrder(
    userId: string,
    cardRef: string,
    amountPaise: number,
    city: string,
    orderKey: string | null = null,
  ): Promise<{ order: CardRechargeOrder; created: boolean }> {
    const { card, link } = await this.ownCard(userId, cardRef);
    const e = await this.eligibilityOf(card, amountPaise, this.store);
    if (!e.eligible) throw new ApiError(409, e.reason, refusalMessage(e.reason, e.maxPaise));
    const quote = { orderKind: ORDER_KIND[card.kind], cardRef, city, amountPaise, feePaise: rechargeBreakup(card.kind, amountPaise).feePaise };
    const o: OrderRow = {
      orderId: mintOrderId('CRG'),
      userId,
      ...quote,
      status: 'CREATED',
      createdAt: this.now(),
      paidAt: null,
      transferredAt: null,
      writtenAt: null,
      writtenTapId: null,
      refundedAt: null,
      refundReason: null,
    };
    const r = await this.store.insertOrder(o, orderKey);
    if (r.created) businessMetrics.orderCreated(quote.orderKind);
    if (r.created) return { order: this.orderView(r.order, card, link.name), created: true };
    // The same key again (a retry, a double tap): the same order. Another card or amount re-quotes it while nobody pays it.
    const same = r.order.cardRef === cardRef && r.order.amountPaise === amountPaise && r.order.city === city;
    if (!same && !(await this.store.requote(r.order.orderId, quote, this.now())))
      throw new ApiError(409, 'ORDER_FROZEN', 'A payment for this recharge has started, so it cannot change. Start a new recharge for another amount.');
    return { order: await this.getOrder(userId, r.order.orderId), created: false };
  }

  /** GET a recharge order (the spec's "transactions"): the rider's own only. */
  async getOrder(userId: string, orderId: string): Promise<CardRechargeOrder> {
    const o = await this.store.order(orderId);
    if (!o || o.userId !== userId) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such recharge.');
    const card = (await this.store.card(o.cardRef))!;
    const link = await this.store.link(o.cardRef);
    return this.orderView(o, card, link?.userId === userId ? link.name : maskedFromLast4(card.last4));
  }

  /**
   * NCMC offline recharge: the rider moves a paid (STAGED) recharge into the offline wallet; the next tap writes it.
   * Repeating it answers the order as it is. A card blocked or expired since payment gets its money back instead.
   */
  async transferToOfflineWallet(userId: string, orderId: string): Promise<CardRechargeOrder> {
    const refundsDue = await this.db.transaction(async (tx) => {
      const store = new CardStore(tx);
      const o = await store.order(orderId);
      if (!o || o.userId !== userId) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such recharge.');
      if (o.orderKind !== 'ncmcCardRecharge')
        throw new ApiError(409, 'NOT_AN_NCMC_RECHARGE', 'Only NCMC recharges are moved into the offline wallet; this card gets its money at the next tap.');
      await store.lockCard(o.cardRef);
      const card = (await store.card(o.cardRef))!;
      const locked = (await store.order(orderId, true))!;
      if (locked.status === 'STAGED') {
        if (card.status === 'BLOCKED' || isCardExpired(card.validThru, this.now()))
          return this.markUnwritable(store, card.cardRef, card.status === 'BLOCKED' ? 'CARD_BLOCKED' : 'CARD_EXPIRED');
        await store.move(orderId, ['STAGED'], 'PENDING_ON_CARD', this.now(), 'transferred_at');
        return [];
      }
      if (['CREATED', 'PAYMENT_PROCESSING', 'PAYMENT_FAILED'].includes(locked.status))
        throw new ApiError(409, 'ORDER_NOT_PAID', 'This recharge is not paid yet.');
      return [];
    });
    await this.requestRefunds(refundsDue);
    return this.getOrder(userId, orderId);
  }

  /** The offline recharge's confirm: WRITTEN once a terminal wrote it onto the chip (with the chip as it was then). */
  async confirmOfflineRecharge(userId: string, orderId: string) {
    const order = await this.getOrder(userId, orderId);
    const card = (await this.store.card(order.cardRef))!;
    return {
      orderId,
      status: order.status,
      written: order.status === 'WRITTEN',
      writtenAt: order.writtenAt,
      chipBalancePaise: card.chipBalancePaise,
      chipSeenAt: card.chipSeenAt,
    };
  }

  // --- payments' order kinds (called inside payments' transaction: `db` is that transaction) ----------------------

  /** The order and its card, for payments' quote (the order row locked when asked). */
  async orderForPayments(db: Db, orderId: string, lock = false): Promise<{ order: OrderRow; card: CardRow } | null> {
    const store = new CardStore(db);
    const o = await store.order(orderId);
    if (!o) return null;
    if (lock) await store.lockCard(o.cardRef);
    const order = lock ? (await store.order(orderId, true))! : o;
    return { order, card: (await store.card(o.cardRef))! };
  }

  /**
   * Payment start: under the card's lock, the card must still be the rider's and able to take the amount counting
   * every other load on its way; then the order is PAYMENT_PROCESSING (frozen: its amount was fixed at creation) and
   * counts toward the limit. Throws 409 ORDER_NOT_PAYABLE otherwise.
   */
  async freeze(db: Db, orderId: string): Promise<void> {
    const store = new CardStore(db);
    const o = await store.order(orderId);
    if (!o) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such recharge.');
    await store.lockCard(o.cardRef);
    const locked = (await store.order(orderId, true))!;
    if (locked.status === 'PAYMENT_PROCESSING') return;
    if (!['CREATED', 'PAYMENT_FAILED'].includes(locked.status)) throw new ApiError(409, 'ORDER_NOT_PAYABLE', 'This recharge is already paid.');
    const link = await store.link(o.cardRef);
    if (!link || link.userId !== o.userId) throw new ApiError(409, 'ORDER_NOT_PAYABLE', refusalMessage('CARD_NOT_LINKED', 0));
    const card = (await store.card(o.cardRef))!;
    const e = await this.eligibilityOf(card, o.amountPaise, store, orderId);
    if (!e.eligible) throw new ApiError(409, 'ORDER_NOT_PAYABLE', refusalMessage(e.reason, e.maxPaise));
    await store.move(orderId, ['CREATED', 'PAYMENT_FAILED'], 'PAYMENT_PROCESSING', this.now(), 'payment_started_at');
  }

  /**
   * Paid (payments calls this once, after checking the amount): the load is STAGED (NCMC) or PENDING_ON_CARD
   * (closed-loop). A card blocked or expired meanwhile, or a load that no longer fits under the limit, is REFUNDED;
   * the refund is requested once payments' transaction has committed (`afterIssue`).
   */
  async issue(db: Db, orderId: string): Promise<{ productId: string; refund: boolean }> {
    const store = new CardStore(db);
    const o = await store.order(orderId);
    if (!o) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such recharge.');
    await store.lockCard(o.cardRef);
    const locked = (await store.order(orderId, true))!;
    if (!['CREATED', 'PAYMENT_PROCESSING', 'PAYMENT_FAILED'].includes(locked.status)) return { productId: orderId, refund: false };
    const card = (await store.card(o.cardRef))!;
    const now = this.now();
    let refusal: string | null = card.status === 'BLOCKED' ? 'CARD_BLOCKED' : isCardExpired(card.validThru, now) ? 'CARD_EXPIRED' : null;
    if (!refusal && locked.status !== 'PAYMENT_PROCESSING') {
      const e = await this.eligibilityOf(card, o.amountPaise, store, orderId);
      if (!e.eligible) refusal = 'OVER_CHIP_LIMIT';
    }
    await store.move(
      orderId,
      ['CREATED', 'PAYMENT_PROCESSING', 'PAYMENT_FAILED'],
      o.orderKind === 'ncmcCardRecharge' ? 'STAGED' : 'PENDING_ON_CARD',
      now,
      'paid_at',
    );
    if (refusal) await this.markUnwritable(store, card.cardRef, refusal, [orderId]);
    return { productId: orderId, refund: !!refusal };
  }

  /** The payment failed or lapsed: the order is payable again and no longer counts toward the limit. */
  async release(db: Db, orderId: string): Promise<void> {
    const store = new CardStore(db);
    const o = await store.order(orderId);
    if (!o) return;
    await store.lockCard(o.cardRef);
    await store.move(orderId, ['CREATED', 'PAYMENT_PROCESSING'], 'PAYMENT_FAILED', this.now());
  }

  // --- refunds ----------------------------------------------------------------------------------------------------

  /** Inside the card's lock: its paid, unwritten loads (or only `only`) become REFUNDED; answers them for requestRefunds. */
  private async markUnwritable(store: CardStore, cardRef: string, reason: string, only?: string[]): Promise<OrderRow[]> {
    const loads = (await store.unwrittenLoads(cardRef)).filter((o) => !only || only.includes(o.orderId));
    const out: OrderRow[] = [];
    for (const o of loads)
      if (await store.move(o.orderId, ['STAGED', 'PENDING_ON_CARD'], 'REFUNDED', this.now(), undefined, { refundReason: reason }))
        out.push({ ...o, status: 'REFUNDED', refundReason: reason });
    return out;
  }

  /** After commit: asks payments to refund each order (once per order: payments keys the refund by it). */
  private async requestRefunds(orders: OrderRow[]): Promise<void> {
    for (const o of orders) {
      if (!this.refunds) {
        this.log.warn({ orderId: o.orderId }, 'cards: no refund port; the refund waits');
        continue;
      }
      try {
        await this.refunds.refund(o.orderKind, o.orderId, o.amountPaise + o.feePaise, o.refundReason ?? 'NOT_WRITABLE');
        await this.store.markRefundRequested(o.orderId, this.now());
      } catch (err) {
        this.log.warn({ orderId: o.orderId, err }, 'cards: refund request failed; retried later');
      }
    }
  }

  /** Requests the refunds marked inside a transaction that has committed since, and retries failed requests (the module's job). */
  async retryRefunds(): Promise<number> {
    const due = await this.store.refundsDue();
    await this.requestRefunds(due);
    return due.length;
  }

  /** The issuer's hotlist (operators): a blocked card's unwritten loads can never be written and are refunded. */
  async setBlocked(cardNumber: string, blocked: boolean): Promise<{ cardRef: string; status: 'ACTIVE' | 'BLOCKED'; refundedOrderIds: string[] }> {
    const card = await this.store.cardByHash(this.numberHash(cardNumber));
    if (!card) throw new ApiError(404, 'CARD_UNKNOWN', 'No terminal has read this card.');
    const refundsDue = await this.db.transaction(async (tx) => {
      const store = new CardStore(tx);
      await store.lockCard(card.cardRef);
      await store.setStatus(card.cardRef, blocked ? 'BLOCKED' : 'ACTIVE', this.now());
      return blocked ? this.markUnwritable(store, card.cardRef, 'CARD_BLOCKED') : [];
    });
    await this.requestRefunds(refundsDue);
    return { cardRef: card.cardRef, status: blocked ? 'BLOCKED' : 'ACTIVE', refundedOrderIds: refundsDue.map((o) => o.orderId) };
  }

  // --- history ----------------------------------------------------------------------------------------------------

  async history(userId: string, cardRef: string, pageIndex: number, pageSize: number): Promise<CardHistory> {
    const { card, link } = await this.ownCard(userId, cardRef);
    const rows = await this.store.history(cardRef, userId, link.linkedAt, pageIndex * pageSize, pageSize + 1);
    const committed = (await this.store.committed([cardRef])).get(cardRef)!;
    return { card: this.view(card, link, committed), items: rows.slice(0, pageSize), pageIndex, pageSize, hasMore: rows.length > pageSize };
  }

  // --- terminals --------------------------------------------------------------------------------------------------

  private tapAnswer(t: TapRow, kind: CardKind, last4: string): TerminalTapResponse {
    return {
      tapId: t.tapId,
      kind,
      last4,
      status: t.status,
      declineReason: t.declineReason,
      previousBalancePaise: t.previousBalancePaise,
      written: t.written,
      farePaise: t.status === 'ACCEPTED' ? t.farePaise : 0,
      balancePaise: t.balancePaise,
      tappedAt: t.tappedAt,
    };
  }

  /**
   * A tap at a terminal: reads the card (registering a card read for the first time), writes its pending loads, takes
   * the fare, and answers the new chip balance. One tap id is applied once: a retry (lost answer, repeated tap) replays
   * the first answer; the same id with another request is 422 TAP_ID_REUSED. Taps of one card are serialised.
   */
  async tap(recordedBy: string, req: TerminalTapRequest): Promise<TerminalTapResponse> {
    const kind = cardKindOf(req.cardNumber);
    if (!kind) throw new ApiError(422, 'CARD_NOT_READABLE', 'This is not a transit card this system knows (neither the city card nor an NCMC RuPay card).');
    const numberHash = this.numberHash(req.cardNumber);
    const requestHash = createHmac('sha256', this.numberKey)
      .update(JSON.stringify(['tap', numberHash, req.farePaise, req.routeName ?? null, req.terminalId ?? null]))
      .digest('base64url');
    const last4 = req.cardNumber.slice(-4);
    const { answer, refundsDue } = await this.db.transaction(async (tx) => {
      const store = new CardStore(tx);
      await store.lockTap(req.tapId);
      const seen = await store.tap(req.tapId);
      if (seen) {
        if (seen.requestHash !== requestHash)
          throw new ApiError(422, 'TAP_ID_REUSED', 'This tap id was used for another tap. Send a new tap id for a new tap.');
        return { answer: this.tapAnswer(seen, kind, last4), refundsDue: [] as OrderRow[] };
      }
      const now = this.now();
      let card = await store.ensureCard({ cardRef: CardService.newRef(), kind, numberHash, last4, validThru: req.validThru ?? null }, now);
      await store.lockCard(card.cardRef);
      if (req.validThru && req.validThru !== card.validThru) await store.setValidThru(card.cardRef, req.validThru, now);
      card = (await store.card(card.cardRef))!;
      const base = {
        tapId: req.tapId,
        cardRef: card.cardRef,
        requestHash,
        farePaise: req.farePaise,
        previousBalancePaise: card.chipBalancePaise,
        routeName: req.routeName ?? null,
        terminalId: req.terminalId ?? null,
        recordedBy,
        tappedAt: now,
      };
      const refusal = card.status === 'BLOCKED' ? 'CARD_BLOCKED' : isCardExpired(card.validThru, now) ? 'CARD_EXPIRED' : null;
      if (refusal) {
        const t: TapRow = { ...base, status: 'DECLINED', declineReason: refusal, balancePaise: card.chipBalancePaise, written: [] };
        await store.insertTap(t);
        return { answer: this.tapAnswer(t, kind, last4), refundsDue: await this.markUnwritable(store, card.cardRef, refusal) };
      }
      const pending = await store.pendingLoads(card.cardRef);
      const out = applyTap(
        card.chipBalancePaise,
        pending.map((o) => ({ id: o.orderId, amountPaise: o.amountPaise })),
        req.farePaise,
      );
      const written = out.written.map((id) => ({ orderId: id, amountPaise: pending.find((o) => o.orderId === id)!.amountPaise }));
      const marked = await store.markWritten(out.written, req.tapId, now);
      if (marked !== out.written.length) throw new Error(`cards: tap ${req.tapId} wrote ${marked} of ${out.written.length} loads`);
      await store.setChip(card.cardRef, out.balancePaise, now);
      for (const w of written) {
        const load = pending.find((o) => o.orderId === w.orderId)!;
        await this.notices?.tell(tx, {
          userId: load.userId,
          eventKey: `card-load-written:${w.orderId}`,
          notice: { kind: 'cardLoadWritten', amountPaise: w.amountPaise, last4 },
        });
      }
      const t: TapRow = { ...base, status: out.declined ? 'DECLINED' : 'ACCEPTED', declineReason: out.declined, balancePaise: out.balancePaise, written };
      await store.insertTap(t);
      return { answer: this.tapAnswer(t, kind, last4), refundsDue: [] as OrderRow[] };
    });
    await this.requestRefunds(refundsDue);
    businessMetrics.cardTap(answer.status === 'ACCEPTED' ? 'approved' : 'declined');
    businessMetrics.cardLoadsWritten(answer.written.length);
    return answer;
  }
}
