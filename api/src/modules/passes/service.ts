import { randomUUID } from 'node:crypto';
import type { MyPass, PassOrder, PassOrderPayload } from '@sawari/contracts';
import {
  bankOfferEarnedBy,
  canReclaim,
  cityDate,
  cityMidnight,
  DAY_MS,
  formatCityDate,
  formatPaise,
  offerScopeMiss,
  passValidUntil,
  statusLabel,
  TRIAL_OFFER_LINE,
  WELCOME_OFFER_LINE,
  type OfferScope,
} from '@sawari/domain';
import type { RiderNotices } from '../notices';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { ApiError } from '../../platform/errors';
import type { FileStorage } from '../files';
import { availability, bankOfferFor, proofRequiredFor, publicConfig, quote, renewalBlockOf, type CatalogueConfig } from './catalogue';
import type { ApplicableOffer, OfferService, PromotionIssuer } from '../offers';
import { mintOrderId, type FreezeResult, type InstrumentInfo, type OrderQuote, type SellerPayments, type SettledPayment } from '../payments';
import { PassStore, type OrderRow, type PassRow } from './store';
import { businessMetrics } from '../../platform/metrics';

const PROOF_PURPOSE = 'pass-proof';
/** Order statuses in which the order waits for payment. */
const PAYABLE = new Set(['PENDING', 'PAYMENT_FAILED']);
export type VerificationAction = 'SUBMIT' | 'APPROVE' | 'REJECT' | 'REINITIATE' | 'REAPPLY';

const illegal = (from: string, action: string) =>
  new ApiError(
    409,
    'ILLEGAL_TRANSITION',
    `An order in status ${from} cannot be ${{ SUBMIT: 'submitted for verification', APPROVE: 'approved', REJECT: 'rejected', REINITIATE: 'reinitiated', REAPPLY: 'reapplied' }[action] ?? action}.`,
  );
const notFound = () => new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such pass order.');

const frozenError = () =>
  new ApiError(409, 'ORDER_FROZEN', 'This order is being paid or is paid, so its pass and price can no longer change. Start a new order for another pass.');

export interface PassDeps {
  /** Trial and welcome offers (scope checks, redeeming an offer when its free pass is issued). */
  offers?: OfferService;
  /** Payments' seller side: free orders are issued through it. */
  payments?: SellerPayments;
  /** Rider SMS: the verification outcome is told in the decision's own transaction. */
  notices?: RiderNotices;
}

/**
 * Catalogue reads, pass orders, verification, issuing and reclaim. Sells through payments' OrderKind port
 * (payment-port.ts): quote, freeze, issue, release; and issues what /promotion promises (PromotionIssuer).
 */
export class PassOrderService implements PromotionIssuer {
  readonly store: PassStore;
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
    private readonly deps: PassDeps = {},
  ) {
    this.store = new PassStore(db);
  }

  private get payments(): SellerPayments {
    if (!this.deps.payments) throw new Error('passes: no payments module wired (free orders are issued through it)');
    return this.deps.payments;
  }

  private async enabledCity(city: string): Promise<void> {
    const on = await this.store.passesEnabled(city);
    if (on === null) throw new ApiError(404, 'CITY_NOT_FOUND', `There is no city "${city}".`);
    if (!on) throw new ApiError(403, 'PASSES_NOT_ENABLED', 'Passes are not sold in this city.');
  }

  async catalogue(city: string) {
    await this.enabledCity(city);
    const offers = await this.store.bankOffers(city);
    const configs = (await this.store.configs(city)).filter((c) => c.isVisible !== false);
    return { city, serverTime: this.now(), products: configs.map((c) => publicConfig(c, offers, city)) };
  }

  async product(city: string, configId: string) {
    await this.enabledCity(city);
    const c = await this.store.config(city, configId);
    if (!c || c.isVisible === false) throw new ApiError(404, 'PRODUCT_NOT_FOUND', 'There is no such pass in this city.');
    return publicConfig(c, await this.store.bankOffers(city), city);
  }

  /** POST /api/passes/v3/orders: checks the payload against the catalogue and quotes it from the server's fares. */
  async createOrder(userId: string, p: PassOrderPayload, opts: { renewOf?: PassRow; orderKey?: string } = {}): Promise<PassOrder> {
    if (p.userDetails.userId !== userId) throw new ApiError(403, 'USER_MISMATCH', 'userDetails.userId is not the signed-in rider.');
    await this.enabledCity(p.city);
    const pp = p.passProps;
    const config = await this.store.config(p.city, pp.configurationId);
    if (!config) throw new ApiError(404, 'PRODUCT_NOT_FOUND', 'There is no such pass in this city.');
    const category = config.categories.find((c) => c.id === pp.categoryId);
    if (!category) throw new ApiError(400, 'CATEGORY_NOT_FOUND', 'This pass has no such passenger category.');
    const fare = (config.fareMapping[category.id] ?? []).find((f) => f.fmId === pp.fmId);
    if (!fare) throw new ApiError(400, 'FARE_NOT_FOUND', 'This passenger category has no such fare.');
    const block = availability(config, category, fare);
    if (block) throw new ApiError(409, block.code, block.message);
    const today = cityDate(this.now());
    if (cityMidnight(pp.passStartDate) === null)
      throw new ApiError(400, 'VALIDATION_FAILED', 'Field "passProps.passStartDate" in the request body: not a calendar date.');
    if (pp.passStartDate < today) throw new ApiError(400, 'START_DATE_IN_PAST', `The pass cannot start before today (${today}, city time).`);
    let bank = null;
    if (p.bankOffer) {
      bank = bankOfferFor(await this.store.bankOffers(p.city), p.city, p.bankOffer, config.id);
      if (!bank) throw new ApiError(400, 'BANK_OFFER_NOT_APPLICABLE', `There is no ${p.bankOffer} offer on this pass in this city.`);
    }
    const q = quote(fare, null);
    if (Math.round(pp.passFare * 100) !== q.discountedFare)
      throw new ApiError(409, 'FARE_CHANGED', `The fare of this pass is now ${formatPaise(q.discountedFare)}. Check it and order again.`);
    const renewal = !!opts.renewOf || pp.isRenew === true;
    if (renewal && !opts.renewOf) throw new ApiError(400, 'USE_RENEW', 'Renew a pass with POST /api/passes/{passId}/renew.');
    const proofRequired = !renewal && proofRequiredFor(config, category, fare);
    if (proofRequired) await this.checkProofs(userId, p.proofs);
    const final = quote(fare, bank);
    let offer: ApplicableOffer | null = null;
    if (p.digitalOffer) {
      if (bank) throw new ApiError(400, 'OFFERS_NOT_COMBINABLE', 'A bank offer and a trial or welcome offer cannot be used together.');
      if (!this.deps.offers) throw new ApiError(404, 'OFFER_NOT_FOUND', 'There is no trial or welcome offer right now.');
      offer = await this.deps.offers.applicable(userId, p.city, {
        configId: config.id,
        numOfDays: fare.numOfDays,
        categoryId: category.id,
        farePaise: final.payableAmount,
      });
      final.fareBreakup.push({ name: offer.kind === 'welcome' ? WELCOME_OFFER_LINE : TRIAL_OFFER_LINE, value: -final.payableAmount });
      final.payableAmount = 0;
    }
    // The server mints the order id; the client's transactionId (or idempotency-key) is only a key scoped to this rider.
    const clientKey = opts.orderKey ?? p.transactionId;
    const key = clientKey !== undefined ? `client:${clientKey}` : opts.renewOf ? `renew:${opts.renewOf.id}` : `auto:${p.city}:${config.agency}:${category.id}`;
    const now = this.now();
    const row: OrderRow = {
      transactionId: mintOrderId('PASS'),
      orderKey: key,
      userId,
      city: p.city,
      agency: config.agency,
      configId: config.id,
      categoryId: category.id,
      fmId: fare.fmId,
      status: proofRequired ? 'UNVERIFIED' : 'PENDING',
      passStartDate: pp.passStartDate,
      proofs: proofRequired ? p.proofs : [],
      payload: { ...p, transactionId: undefined },
      fareInfo: { ...final, proofRequired, numOfDays: fare.numOfDays, isRenewable: !!config.isRenewable, digitalOfferId: offer?.offerId ?? null },
      payablePaise: final.payableAmount,
      renewOf: opts.renewOf?.id ?? null,
      rejectionReason: null,
      paidAt: null,
      createdAt: now,
      updatedAt: now,
    };
    // Idempotent by pass: while a payment for this very pass is under way (a pending UPI or card, a cash reference), any
    // request for it (the pay screen again, another tab, a new key) answers that order, same id and frozen amount,
    // never a second order the rider could pay as well.
    const open = await this.store.openPaymentOrder(userId, row);
    if (open) return this.orderView(open);
    let transactionId = await this.store.putOrder(row);
    if (transactionId) businessMetrics.orderCreated('pass');
    if (!transactionId) {
      // The order under this key is being paid, paid or issued: it never changes (a re-quote is a new order).
      const existing = (await this.store.orderByKey(userId, key))!;
      // a payment for this pass started between the check above and the write
      if (samePass(existing, row) && existing.frozenAt != null && existing.paidAt === null && PAYABLE.has(existing.status)) return this.orderView(existing);
      if (clientKey !== undefined) {
        if (sameProduct(existing, row)) return this.orderView(existing);
        throw frozenError();
      }
      await this.store.retireKey(existing.transactionId);
      transactionId = await this.store.putOrder(row);
      if (!transactionId) throw frozenError();
    }
    if (row.status === 'PENDING' && row.payablePaise === 0) await this.payments.issueFree('pass', transactionId);
    return this.orderView((await this.store.order(transactionId))!);
  }

  /**
   * PromotionIssuer (/promotion claim): a free order for the first pass on sale in the offer's scope (no proofs needed),
   * starting today, under a key per offer (concurrent claims share one order), issued through payments' free path,
   * which redeems the offer in the same transaction.
   */
  async issuePromised(userId: string, city: string, offer: { offerId: string; scope: OfferScope }): Promise<{ transactionId: string; passId: string }> {
    await this.enabledCity(city);
    let pick: { config: CatalogueConfig; category: CatalogueConfig['categories'][number]; fare: CatalogueConfig['fareMapping'][string][number] } | null = null;
    for (const config of await this.store.configs(city))
      for (const category of config.categories)
        for (const fare of config.fareMapping[category.id] ?? [])
          // a promoted fare may be hidden from the catalogue (a trial pass is not sold on its own) but must be active
          if (
            !pick &&
            config.isActive !== false &&
            category.isActive !== false &&
            fare.isActive !== false &&
            !proofRequiredFor(config, category, fare) &&
            offerScopeMiss(offer.scope, { configId: config.id, numOfDays: fare.numOfDays, categoryId: category.id, farePaise: quote(fare).payableAmount }) ===
              null
          )
            pick = { config, category, fare };
    if (!pick) throw new ApiError(409, 'OFFER_NOT_APPLICABLE', 'No pass this offer is for is on sale right now.');
    const { config, category, fare } = pick;
    const final = quote(fare, null);
    const title = (await this.deps.offers?.title(offer.offerId)) ?? 'Offer';
    final.fareBreakup.push({ name: title, value: -final.payableAmount });
    final.payableAmount = 0;
    const now = this.now();
    const row: OrderRow = {
      transactionId: mintOrderId('PASS'),
      orderKey: `promo:${offer.offerId}`,
      userId,
      city,
      agency: config.agency,
      configId: config.id,
      categoryId: category.id,
      fmId: fare.fmId,
      status: 'PENDING',
      passStartDate: cityDate(now),
      proofs: [],
      payload: { city, source: 'promotion', offerId: offer.offerId },
      fareInfo: { ...final, proofRequired: false, numOfDays: fare.numOfDays, isRenewable: !!config.isRenewable, digitalOfferId: offer.offerId },
      payablePaise: 0,
      renewOf: null,
      rejectionReason: null,
      paidAt: null,
      createdAt: now,
      updatedAt: now,
    };
    const transactionId = (await this.store.putOrder(row)) ?? (await this.store.orderByKey(userId, row.orderKey!))?.transactionId;
    if (!transactionId) throw frozenError();
    const { productId } = await this.payments.issueFree('pass', transactionId);
    return { transactionId, passId: productId };
  }

  private async checkProofs(userId: string, proofs: PassOrderPayload['proofs'], store: PassStore = this.store): Promise<void> {
    if (!proofs.length) throw new ApiError(400, 'PROOF_REQUIRED', 'This pass needs proofs: upload your photograph and a proof document.');
    if (!proofs.some((x) => x.kind === 'PHOTO')) throw new ApiError(400, 'PHOTO_REQUIRED', 'Your photograph must be one of the proofs.');
    if (proofs.length < 2) throw new ApiError(400, 'PROOF_REQUIRED', 'Add a proof document as well as your photograph.');
    for (const x of proofs) {
      const f = await store.fileOwner(x.fileId);
      if (!f || f.userId !== userId || f.purpose !== PROOF_PURPOSE)
        throw new ApiError(400, 'PROOF_NOT_FOUND', `Proof ${x.fileId} was not uploaded by you through POST /api/passes/proofs.`);
      if (x.kind === 'PHOTO' && !f.contentType.startsWith('image/'))
        throw new ApiError(400, 'PHOTO_REQUIRED', 'The photograph must be an image (JPEG, PNG or WebP), not a PDF.');
    }
  }

  private async owned(userId: string, transactionId: string): Promise<OrderRow> {
    const o = await this.store.order(transactionId);
    if (!o || o.userId !== userId) throw notFound();
    return o;
  }

  async getOrder(userId: string, transactionId: string): Promise<PassOrder> {
    return this.orderView(await this.owned(userId, transactionId));
  }

  /**
   * The verification state machine. Rider: SUBMIT (UNVERIFIED, not yet submitted), REINITIATE/REAPPLY (REJECTED →
   * UNVERIFIED, submitted). Operator: APPROVE (submitted UNVERIFIED → PENDING, payable; recorded as VERIFIED), REJECT
   * (submitted UNVERIFIED → REJECTED with a reason). Everything else is 409 ILLEGAL_TRANSITION. Each step is recorded.
   */
  async transition(
    transactionId: string,
    action: VerificationAction,
    actor: string,
    opts: { userId?: string; reason?: string; proofs?: PassOrderPayload['proofs'] } = {},
  ): Promise<PassOrder> {
    const result = await this.db.transaction(async (tx) => {
      const store = new PassStore(tx);
      const o = await store.order(transactionId, true);
      if (!o || (opts.userId !== undefined && o.userId !== opts.userId)) throw notFound();
      const last = (await store.decisions(transactionId)).at(-1);
      const submitted = o.status === 'UNVERIFIED' && !!last && ['SUBMIT', 'REINITIATE', 'REAPPLY'].includes(last.action);
      let to: string;
      let recorded: string;
      switch (action) {
        case 'SUBMIT':
          if (o.status !== 'UNVERIFIED' || submitted) throw illegal(submitted ? 'UNVERIFIED (already submitted)' : o.status, action);
          to = recorded = 'UNVERIFIED';
          break;
        case 'APPROVE':
          if (!submitted) throw illegal(o.status === 'UNVERIFIED' ? 'UNVERIFIED (not yet submitted)' : o.status, action);
          to = 'PENDING';
          recorded = 'VERIFIED';
          break;
        case 'REJECT':
          if (!submitted) throw illegal(o.status === 'UNVERIFIED' ? 'UNVERIFIED (not yet submitted)' : o.status, action);
          if (!opts.reason?.trim()) throw new ApiError(400, 'REASON_REQUIRED', 'Give the rider a reason for the rejection.');
          to = recorded = 'REJECTED';
          break;
        case 'REINITIATE':
        case 'REAPPLY':
          if (o.status !== 'REJECTED') throw illegal(o.status, action);
          if (action === 'REINITIATE' && !opts.proofs?.length) throw new ApiError(400, 'PROOF_REQUIRED', 'REINITIATE sends new proofs: give them in "proofs".');
          if (opts.proofs?.length) await this.checkProofs(o.userId, opts.proofs, store);
          to = recorded = 'UNVERIFIED';
          break;
      }
      const now = this.now();
      await store.setOrder(
        transactionId,
        {
          status: to,
          rejectionReason: action === 'REJECT' ? opts.reason!.trim() : action === 'APPROVE' ? null : undefined,
          proofs: opts.proofs?.length ? opts.proofs : undefined,
        },
        now,
      );
      await store.decide({ transactionId, action, fromStatus: o.status, toStatus: recorded, actor, reason: opts.reason?.trim() ?? null, decidedAt: now });
      if ((action === 'APPROVE' || action === 'REJECT') && this.deps.notices) {
        const pass = (await store.config(o.city, o.configId))?.name ?? 'bus pass';
        const notice =
          action === 'APPROVE'
            ? { kind: 'verificationApproved' as const, pass, payablePaise: o.payablePaise }
            : { kind: 'verificationRejected' as const, pass, reason: opts.reason!.trim() };
        await this.deps.notices.tell(tx, { userId: o.userId, eventKey: `verification:${transactionId}:${now}:${action}`, notice });
      }
      return (await store.order(transactionId))!;
    });
    if (result.status === 'PENDING' && result.payablePaise === 0) await this.payments.issueFree('pass', transactionId);
    return this.orderView((await this.store.order(transactionId)) ?? result);
  }

  async pendingVerifications() {
    return (await this.store.pendingVerifications()).map((o) => ({
      transactionId: o.transactionId,
      userId: o.userId,
      city: o.city,
      configurationId: o.configId,
      categoryId: o.categoryId,
      fmId: o.fmId,
      passStartDate: o.passStartDate,
      proofs: o.proofs,
      submittedAt: o.updatedAt,
    }));
  }

  /**
   * An operator reads one proof of an order (to decide on it): only a file that is one of that order's proofs.
   * Answers the kind and content type with the bytes from the file storage.
   */
  async proofForReview(transactionId: string, fileId: string, storage: FileStorage): Promise<{ kind: string; contentType: string; data: Buffer }> {
    const o = await this.store.order(transactionId);
    if (!o) throw notFound();
    const proof = o.proofs.find((x) => x.fileId === fileId);
    if (!proof) throw new ApiError(404, 'PROOF_NOT_FOUND', `File ${fileId} is not a proof of order ${transactionId}.`);
    const owner = await this.store.fileOwner(fileId);
    const data = owner ? await storage.get(fileId) : null;
    if (!owner || !data) throw new ApiError(404, 'PROOF_NOT_FOUND', `The file of proof ${fileId} is no longer stored.`);
    return { kind: proof.kind, contentType: owner.contentType, data };
  }

  async decisions(transactionId: string) {
    if (!(await this.store.order(transactionId))) throw notFound();
    return this.store.decisions(transactionId);
  }

  private async orderView(o: OrderRow): Promise<PassOrder> {
    const decisions = await this.store.decisions(o.transactionId);
    const verdict = [...decisions].reverse().find((d) => d.action === 'APPROVE' || d.action === 'REJECT');
    const last = decisions.at(-1);
    const verificationStatus = !o.fareInfo.proofRequired
      ? null
      : o.status === 'UNVERIFIED'
        ? 'UNVERIFIED'
        : o.status === 'REJECTED'
          ? 'REJECTED'
          : verdict?.action === 'APPROVE'
            ? 'VERIFIED'
            : null;
    const p = await this.store.passOfOrder(o.transactionId);
    return {
      transactionId: o.transactionId,
      city: o.city,
      configurationId: o.configId,
      categoryId: o.categoryId,
      fmId: o.fmId,
      status: o.status,
      verificationStatus,
      submittedForVerification: o.status === 'UNVERIFIED' && !!last && ['SUBMIT', 'REINITIATE', 'REAPPLY'].includes(last.action),
      rejectionReason: o.status === 'REJECTED' ? o.rejectionReason : null,
      passStartDate: o.passStartDate,
      proofRequired: o.fareInfo.proofRequired,
      fareInfo: {
        actualFare: o.fareInfo.actualFare,
        discountedFare: o.fareInfo.discountedFare,
        payableAmount: o.fareInfo.payableAmount,
        fareBreakup: o.fareInfo.fareBreakup,
      },
      payableAmount: PAYABLE.has(o.status) ? o.payablePaise : null,
      passId: p?.id ?? null,
      isRenew: o.renewOf !== null,
      freeWith:
        o.fareInfo.digitalOfferId && o.payablePaise === 0
          ? { offerId: o.fareInfo.digitalOfferId, label: (await this.deps.offers?.title(o.fareInfo.digitalOfferId)) ?? o.fareInfo.digitalOfferId }
          : null,
    };
  }

  // --- payments (order kind `pass`, payment-port.ts) -------------------------------------------------------------

  /** OrderKind.quote: the order as payments sees it. */
  async quoteOf(db: Db, orderId: string, lock = false): Promise<OrderQuote | null> {
    const store = new PassStore(db);
    const o = await store.order(orderId, lock);
    if (!o) return null;
    const config = await store.config(o.city, o.configId);
    const offerId = o.fareInfo.digitalOfferId ?? null;
    return {
      orderId,
      userId: o.userId,
      city: o.city,
      amountPaise: o.payablePaise,
      productRef: `pass:${o.city}:${o.configId}:${o.categoryId}:${o.fmId}:${o.passStartDate}`,
      quantity: 1,
      label: `${config?.name ?? o.configId}, ${o.fareInfo.numOfDays} days`,
      returnData: { transactionId: orderId },
      freeWith: offerId && o.payablePaise === 0 ? { offerId, label: (await this.deps.offers?.title(offerId, db)) ?? offerId } : null,
    };
  }

  /**
   * OrderKind.freeze: refuses an order that is not awaiting payment; prices an order with a bank offer for the
   * instrument (the offer's price when it earns the offer, the order's fare without it otherwise, both ways: the order
   * keeps the offer the rider chose); otherwise marks the order frozen. A price that goes up is a re-price (payments
   * charges nothing and tells the rider the new price); one that goes down (the offer earned again) is charged at once.
   */
  async freeze(db: Db, orderId: string, instrument: InstrumentInfo): Promise<FreezeResult> {
    const store = new PassStore(db);
    const o = await store.order(orderId, true);
    if (!o) throw notFound();
    if (!PAYABLE.has(o.status)) throw new ApiError(409, 'ORDER_NOT_PAYABLE', `This order cannot be paid now (its status is ${o.status}).`);
    const payload = o.payload as { bankOffer?: string; bankOfferDropped?: string };
    // bankOfferDropped: an order re-priced before the offer followed the instrument back (it kept the code there)
    const bankCode = payload.bankOffer ?? payload.bankOfferDropped;
    if (bankCode) {
      const offer = bankOfferFor(await store.bankOffers(o.city), o.city, bankCode, o.configId);
      const earned = !!offer && bankOfferEarnedBy({ bank: offer.bank, cardBins: offer.cardBins ?? [] }, instrument);
      // the order's own fare as quoted (a catalogue change after ordering is not this), with or without the offer
      const q = quote({ fare: o.fareInfo.actualFare / 100, discountedFare: o.fareInfo.discountedFare / 100 }, earned ? offer : null);
      if (q.payableAmount !== o.payablePaise) {
        const { bankOfferDropped: _legacy, ...rest } = o.payload as Record<string, unknown>;
        await store.reprice(
          orderId,
          { fareInfo: { ...o.fareInfo, ...q }, payablePaise: q.payableAmount, payload: { ...rest, bankOffer: bankCode, bankOfferEarned: earned } },
          this.now(),
        );
        if (q.payableAmount > o.payablePaise) {
          const bank = (offer?.bank ?? bankCode).toUpperCase();
          return {
            repriced: (await this.quoteOf(db, orderId))!,
            previousAmountPaise: o.payablePaise,
            code: 'BANK_OFFER_NOT_FOR_INSTRUMENT',
            message: offer
              ? `The ${bank} offer is only for ${bank} cards, ${bank} netbanking and UPI from ${bank}, so it was removed from this order.`
              : `The ${bank} offer has ended, so it was removed from this order.`,
          };
        }
      }
    }
    await store.setFrozen(orderId, this.now());
    return { frozen: (await this.quoteOf(db, orderId))! };
  }

  /** OrderKind.issue: the pass, once (payments checked amount and order; passes.transaction_id is unique). */
  async issueOrder(db: Db, order: OrderQuote, payment: SettledPayment | null): Promise<{ productId: string }> {
    const store = new PassStore(db);
    const o = await store.order(order.orderId, true);
    if (!o) throw notFound();
    const now = this.now();
    if (payment) await store.setOrder(o.transactionId, { paidAt: now }, now);
    const { pass } = await this.issueIn(store, { ...o, paidAt: payment ? now : o.paidAt });
    return { productId: pass.id };
  }

  /** OrderKind.release: the payment failed (or was refused and refunded): PAYMENT_FAILED, unfrozen, payable again. */
  async release(db: Db, orderId: string): Promise<void> {
    const store = new PassStore(db);
    const o = await store.order(orderId, true);
    if (!o || o.paidAt !== null || (await store.passOfOrder(orderId))) return;
    await store.setFrozen(orderId, null);
    if (PAYABLE.has(o.status) || o.status === 'PAYMENT_PROCESSING') await store.setOrder(orderId, { status: 'PAYMENT_FAILED' }, this.now());
  }

  private async issueIn(store: PassStore, o: OrderRow): Promise<{ pass: PassRow; created: boolean }> {
    const now = this.now();
    const offerId = o.fareInfo.digitalOfferId;
    if (offerId && !(await store.passOfOrder(o.transactionId))) {
      if (!this.deps.offers) throw new Error('passes: an offer order needs the offers module');
      await this.deps.offers.redeem(store.db, o.userId, offerId);
    }
    const config = await store.config(o.city, o.configId);
    const startTime = Math.max(cityMidnight(o.passStartDate) ?? 0, 0);
    const expiryTime = startTime + o.fareInfo.numOfDays * DAY_MS;
    const record = {
      transactionId: o.transactionId,
      configurationId: o.configId,
      productType: config?.productType ?? 'pass',
      productSubType: config?.productSubType ?? null,
      city: o.city,
      agency: o.agency,
      categoryId: o.categoryId,
      categoryName: config?.categories.find((c) => c.id === o.categoryId)?.name ?? o.categoryId,
      fmId: o.fmId,
      fare: o.fareInfo.actualFare,
      discountedFare: o.fareInfo.discountedFare,
      numOfDays: o.fareInfo.numOfDays,
      passStartDate: o.passStartDate,
      startTime,
      expiryTime,
      bookingTime: now,
      maxTripsPerDay: config?.maxTripsPerDay ?? null,
      activeDuration: config?.activeDurationMs ?? null,
      fareInfo: { ...o.fareInfo },
      isRenewable: !!config?.isRenewable,
      proofs: o.proofs,
      specialFeatures: config?.fareMapping[o.categoryId]?.find((f) => f.fmId === o.fmId)?.specialFeatures ?? [],
      conditions: config?.terms ?? [],
      punches: [],
    };
    const r = await store.issue({
      id: randomUUID(),
      transactionId: o.transactionId,
      userId: o.userId,
      city: o.city,
      configId: o.configId,
      categoryId: o.categoryId,
      fmId: o.fmId,
      status: 'SUCCESS',
      startTime,
      expiryTime,
      isRenewable: !!config?.isRenewable,
      record: { ...record },
      issuedAt: now,
    });
    await store.setOrder(o.transactionId, { status: 'SUCCESS' }, now);
    return r;
  }

  /**
   * Spec §9 reclaim: a paid order without a pass (its payment settled but the issue failed or was interrupted) gets its
   * pass within the city's reclaim time, counted from the payment's settling. Issued through payments (redeliver: the
   * same delivery as paying, exactly once, with its payment order), never here directly.
   */
  async reclaim(userId: string, transactionId: string) {
    const o = await this.store.order(transactionId);
    if (!o || o.userId !== userId) throw notFound();
    const issued = () => new ApiError(409, 'PASS_ALREADY_ISSUED', 'This order already has its pass.');
    if (await this.store.passOfOrder(transactionId)) throw issued();
    const r = await this.payments.redeliver('pass', transactionId, {
      within: (paidAt) => {
        if (!canReclaim(o.city, paidAt, this.now()))
          throw new ApiError(410, 'RECLAIM_WINDOW_PASSED', 'The time to reclaim this pass has passed. Contact support for a refund.');
      },
    });
    if (r.state === 'unpaid') throw new ApiError(409, 'ORDER_NOT_PAID', 'This order has not been paid, so there is nothing to reclaim.');
    if (r.state === 'refunded')
      throw new ApiError(409, 'ORDER_NOT_PAID', 'This order could not be issued as paid, so its payment was refunded. There is nothing to reclaim.');
    if (r.alreadyIssued) throw issued();
    const pass = await this.store.pass(r.productId);
    if (!pass) throw new Error(`passes: payments issued ${transactionId} as pass ${r.productId}, which does not exist`);
    return this.passView(pass);
  }

  /** GET /api/passes/orders: the rider's orders with proofs still to be verified, rejected, or verified and unpaid. */
  async openVerificationOrders(userId: string): Promise<{ orders: PassOrder[] }> {
    const rows = (await this.store.openOrdersOf(userId)).filter((o) => o.fareInfo.proofRequired && o.paidAt === null);
    return { orders: await Promise.all(rows.map((o) => this.orderView(o))) };
  }

  async mine(userId: string) {
    const rows = await this.store.passesOf(userId);
    const configs = new Map<string, Promise<CatalogueConfig | null>>();
    const configOf = (city: string, id: string) => {
      const k = `${city}\u0000${id}`;
      if (!configs.has(k)) configs.set(k, this.store.config(city, id));
      return configs.get(k)!;
    };
    return {
      passes: await Promise.all(
        rows.map(async (p) => this.passView(p, p.isRenewable && renewalBlockOf(await configOf(p.city, p.configId), p.categoryId, p.fmId) === null)),
      ),
    };
  }

  /** renewable: whether the pass can be renewed now (renewalBlock over the current catalogue); else as issued. */
  private passView(p: PassRow, renewable = p.isRenewable): MyPass {
    // shared/domain's one validity rule: the end reads as the last valid minute ("22 Dec, 11:59 PM"), dates as "23 Nov 2026".
    const fmt = (ms: number) => (ms === p.expiryTime ? passValidUntil(ms) : formatCityDate(ms));
    // The record issueIn wrote (JSON): the response schema (myPassSchema) keeps only the fields it names.
    const record = p.record as Omit<MyPass, 'passId' | 'status' | 'statusLabel' | 'isRenewable'>;
    return {
      passId: p.id,
      ...record,
      status: p.status,
      statusLabel: statusLabel({ status: p.status === 'SUCCESS' ? 'UNUSED' : p.status, startTime: p.startTime, expiryTime: p.expiryTime }, this.now(), fmt),
      isRenewable: renewable,
    };
  }

  /**
   * POST /api/passes/:passId/renew: a new order for the same product, category and fare, at the catalogue's price
   * (never with the bank, trial or welcome offer the pass came with), with passProps.passId and isRenew. Built from the
   * pass itself: a pass an offer issued has no catalogue order to copy. A pass whose fare is not on sale on its own
   * (renewalBlock: the free trial, a fare taken off sale) is 409 NOT_RENEWABLE.
   */
  async renew(userId: string, passId: string, passStartDate: string, deviceId: string): Promise<PassOrder> {
    const p = await this.store.pass(passId);
    if (!p || p.userId !== userId) throw new ApiError(404, 'PASS_NOT_FOUND', 'There is no such pass.');
    const config = await this.store.config(p.city, p.configId);
    const block = p.isRenewable ? renewalBlockOf(config, p.categoryId, p.fmId) : renewalBlockOf(null, p.categoryId, p.fmId);
    if (block) throw new ApiError(409, 'NOT_RENEWABLE', block.message);
    const fare = config!.fareMapping[p.categoryId]!.find((f) => f.fmId === p.fmId)!;
    const first = (await this.store.order(p.transactionId))?.payload as Partial<PassOrderPayload> | undefined;
    return this.createOrder(
      userId,
      {
        appVer: typeof first?.appVer === 'string' ? first.appVer : 'renewal',
        city: p.city,
        deviceId,
        source: 1,
        paymentProps: { lpVer: '1', paymentType: 'online' },
        proofs: [],
        // the holder's details as given at the first purchase; an offer-issued pass has none but the rider's id
        userDetails: { ...(first?.userDetails ?? { mobileNumber: '', userName: '' }), userId },
        passProps: {
          passStartDate,
          categoryId: p.categoryId,
          fmId: p.fmId,
          configurationId: p.configId,
          passFare: quote(fare).discountedFare / 100,
          passId,
          isRenew: true,
        },
      },
      { renewOf: p },
    );
  }
}

/** The same pass: city, product, category, fare and start date (whatever the price or offer). */
function samePass(a: OrderRow, b: OrderRow): boolean {
  return a.city === b.city && a.configId === b.configId && a.categoryId === b.categoryId && a.fmId === b.fmId && a.passStartDate === b.passStartDate;
}

/** The same pass, start date and price: a repeated request under a client key answers the order it made. */
function sameProduct(a: OrderRow, b: OrderRow): boolean {
  return samePass(a, b) && a.payablePaise === b.payablePaise;
}
