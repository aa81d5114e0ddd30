import { randomUUID } from 'node:crypto';
import type { PassOrder, PassOrderPayload } from '@sawari/contracts';
import { buildTransactionId, canReclaim, CITY_TIME_ZONE, formatCityDate, localDate, passValidUntil, statusLabel } from '@sawari/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { ApiError } from '../../platform/errors';
import type { FileStorage } from '../files/storage';
import { availability, bankOfferFor, proofRequiredFor, publicConfig, quote, type CatalogueConfig } from './catalogue';
import { OfferService } from '../offers/service';
import { OfferStore } from '../offers/store';
import type { PassPaymentHooks } from './payment-hooks';
import { PassStore, type OrderRow, type PassRow } from './store';

const DAY_MS = 86_400_000;
const PROOF_PURPOSE = 'pass-proof';
/** Order statuses in which the order waits for payment. */
const PAYABLE = new Set(['PENDING', 'PAYMENT_FAILED']);
export type VerificationAction = 'SUBMIT' | 'APPROVE' | 'REJECT' | 'REINITIATE' | 'REAPPLY';

const illegal = (from: string, action: string) =>
  new ApiError(409, 'ILLEGAL_TRANSITION', `An order in status ${from} cannot be ${{ SUBMIT: 'submitted for verification', APPROVE: 'approved', REJECT: 'rejected', REINITIATE: 'reinitiated', REAPPLY: 'reapplied' }[action] ?? action}.`);
const notFound = () => new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such pass order.');

/** "2025-08-14" from YYYYMMDD. */
const dashed = (ymd: string) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;
/** Midnight of a city date (India has one offset, +05:30, and no DST). */
const cityMidnight = (date: string) => Date.parse(`${date}T00:00:00+05:30`);

/** Catalogue reads, pass orders, verification, issuing and reclaim. Implements the payments module's hooks. */
export class PassOrderService implements PassPaymentHooks {
  readonly store: PassStore;
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {
    this.store = new PassStore(db);
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
  async createOrder(userId: string, p: PassOrderPayload, opts: { renewOf?: PassRow } = {}): Promise<PassOrder> {
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
    const today = dashed(localDate(this.now(), CITY_TIME_ZONE));
    if (Number.isNaN(cityMidnight(pp.passStartDate)) || dashed(localDate(cityMidnight(pp.passStartDate), CITY_TIME_ZONE)) !== pp.passStartDate)
      throw new ApiError(400, 'VALIDATION_FAILED', 'Field "passProps.passStartDate" in the request body: not a calendar date.');
    if (pp.passStartDate < today) throw new ApiError(400, 'START_DATE_IN_PAST', `The pass cannot start before today (${today}, city time).`);
    let bank = null;
    if (p.bankOffer) {
      bank = bankOfferFor(await this.store.bankOffers(p.city), p.city, p.bankOffer, config.id);
      if (!bank) throw new ApiError(400, 'BANK_OFFER_NOT_APPLICABLE', `There is no ${p.bankOffer} offer on this pass in this city.`);
    }
    const q = quote(fare, null);
    if (Math.round(pp.passFare * 100) !== q.discountedFare) throw new ApiError(409, 'FARE_CHANGED', `The fare of this pass is now ₹${q.discountedFare / 100}. Check it and order again.`);
    const renewal = !!opts.renewOf || pp.isRenew === true;
    if (renewal && !opts.renewOf) throw new ApiError(400, 'USE_RENEW', 'Renew a pass with POST /api/passes/{passId}/renew.');
    const proofRequired = !renewal && proofRequiredFor(config, category, fare);
    if (proofRequired) await this.checkProofs(userId, p.proofs);
    const final = quote(fare, bank);
    let digitalOfferId: string | null = null;
    if (p.digitalOffer) {
      if (bank) throw new ApiError(400, 'OFFERS_NOT_COMBINABLE', 'A bank offer and a trial or welcome offer cannot be used together.');
      const offer = await new OfferService(new OfferStore(this.db), this.now).offer(userId, p.city);
      if (offer.claimed) throw new ApiError(409, 'DIGITAL_OFFER_ALREADY_AVAILED', 'You have already used this offer. Each rider can use it once.');
      if (!offer.eligible) throw new ApiError(403, 'DIGITAL_OFFER_NOT_ALLOWED', offer.reason ?? 'This offer is not available to you.');
      digitalOfferId = offer.offerId;
      final.fareBreakup.push({ name: offer.kind === 'welcome' ? 'Welcome offer' : 'Trial offer', value: -final.payableAmount });
      final.payableAmount = 0;
    }
    let transactionId = p.transactionId ?? buildTransactionId(userId, p.city, config.agency, category.id);
    const existing = await this.store.order(transactionId);
    if (existing && existing.userId !== userId) throw new ApiError(409, 'TRANSACTION_ID_TAKEN', 'This transactionId belongs to another order.');
    if (existing && !p.transactionId && (existing.paidAt !== null || !['PENDING', 'PAYMENT_FAILED', 'UNVERIFIED', 'REJECTED'].includes(existing.status)))
      transactionId = `${transactionId}-${this.now()}`;
    const now = this.now();
    const row: OrderRow = {
      transactionId, userId, city: p.city, agency: config.agency, configId: config.id, categoryId: category.id, fmId: fare.fmId,
      status: proofRequired ? 'UNVERIFIED' : 'PENDING', passStartDate: pp.passStartDate, proofs: proofRequired ? p.proofs : [],
      payload: { ...p, transactionId }, fareInfo: { ...final, proofRequired, numOfDays: fare.numOfDays, isRenewable: !!config.isRenewable, digitalOfferId },
      payablePaise: final.payableAmount, renewOf: opts.renewOf?.id ?? null, rejectionReason: null, paidAt: null, createdAt: now, updatedAt: now,
    };
    if (!(await this.store.putOrder(row))) throw new ApiError(409, 'ORDER_EXISTS', 'An order with this transactionId is already paid or issued.');
    if (row.status === 'PENDING' && row.payablePaise === 0) await this.issueFree(transactionId);
    return this.orderView((await this.store.order(transactionId))!);
  }

  private async checkProofs(userId: string, proofs: PassOrderPayload['proofs'], store: PassStore = this.store): Promise<void> {
    if (!proofs.length) throw new ApiError(400, 'PROOF_REQUIRED', 'This pass needs proofs: upload your photograph and a proof document.');
    if (!proofs.some((x) => x.kind === 'PHOTO')) throw new ApiError(400, 'PHOTO_REQUIRED', 'Your photograph must be one of the proofs.');
    if (proofs.length < 2) throw new ApiError(400, 'PROOF_REQUIRED', 'Add a proof document as well as your photograph.');
    for (const x of proofs) {
      const f = await store.fileOwner(x.fileId);
      if (!f || f.userId !== userId || f.purpose !== PROOF_PURPOSE) throw new ApiError(400, 'PROOF_NOT_FOUND', `Proof ${x.fileId} was not uploaded by you through POST /api/passes/proofs.`);
      if (x.kind === 'PHOTO' && !f.contentType.startsWith('image/')) throw new ApiError(400, 'PHOTO_REQUIRED', 'The photograph must be an image (JPEG, PNG or WebP), not a PDF.');
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
  async transition(transactionId: string, action: VerificationAction, actor: string, opts: { userId?: string; reason?: string; proofs?: PassOrderPayload['proofs'] } = {}): Promise<PassOrder> {
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
      await store.setOrder(transactionId, { status: to, rejectionReason: action === 'REJECT' ? opts.reason!.trim() : action === 'APPROVE' ? null : undefined, proofs: opts.proofs?.length ? opts.proofs : undefined }, now);
      await store.decide({ transactionId, action, fromStatus: o.status, toStatus: recorded, actor, reason: opts.reason?.trim() ?? null, decidedAt: now });
      return (await store.order(transactionId))!;
    });
    if (result.status === 'PENDING' && result.payablePaise === 0) await this.issueFree(transactionId);
    return this.orderView((await this.store.order(transactionId)) ?? result);
  }

  async pendingVerifications() {
    return (await this.store.pendingVerifications()).map((o) => ({
      transactionId: o.transactionId, userId: o.userId, city: o.city, configurationId: o.configId, categoryId: o.categoryId, fmId: o.fmId,
      passStartDate: o.passStartDate, proofs: o.proofs, submittedAt: o.updatedAt,
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
    const verificationStatus = !o.fareInfo.proofRequired ? null : o.status === 'UNVERIFIED' ? 'UNVERIFIED' : o.status === 'REJECTED' ? 'REJECTED' : verdict?.action === 'APPROVE' ? 'VERIFIED' : null;
    const p = await this.store.passOfOrder(o.transactionId);
    return {
      transactionId: o.transactionId, city: o.city, configurationId: o.configId, categoryId: o.categoryId, fmId: o.fmId, status: o.status,
      verificationStatus, submittedForVerification: o.status === 'UNVERIFIED' && !!last && ['SUBMIT', 'REINITIATE', 'REAPPLY'].includes(last.action),
      rejectionReason: o.status === 'REJECTED' ? o.rejectionReason : null, passStartDate: o.passStartDate, proofRequired: o.fareInfo.proofRequired,
      fareInfo: { actualFare: o.fareInfo.actualFare, discountedFare: o.fareInfo.discountedFare, payableAmount: o.fareInfo.payableAmount, fareBreakup: o.fareInfo.fareBreakup },
      payableAmount: PAYABLE.has(o.status) ? o.payablePaise : null, passId: p?.id ?? null, isRenew: o.renewOf !== null,
    };
  }

  // --- payments hooks -----------------------------------------------------------------------------------------

  async payableFor(orderId: string) {
    const o = await this.store.order(orderId);
    return o ? { userId: o.userId, city: o.city, amountPaise: o.payablePaise, status: o.status } : null;
  }

  async onPaymentSucceeded(orderId: string): Promise<{ passId: string; alreadyIssued: boolean }> {
    return this.db.transaction(async (tx) => {
      const store = new PassStore(tx);
      const o = await store.order(orderId, true);
      if (!o) throw notFound();
      const existing = await store.passOfOrder(orderId);
      if (existing) return { passId: existing.id, alreadyIssued: true };
      if (!PAYABLE.has(o.status) && o.status !== 'PAYMENT_PROCESSING') throw new ApiError(409, 'ORDER_NOT_PAYABLE', `The order is ${o.status}, not awaiting payment.`);
      const now = this.now();
      await store.setOrder(orderId, { paidAt: now }, now);
      const { pass, created } = await this.issueIn(store, { ...o, paidAt: now });
      return { passId: pass.id, alreadyIssued: !created };
    });
  }

  /** An order with nothing to pay (trial or welcome offer) is issued without a payment. */
  private async issueFree(orderId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const store = new PassStore(tx);
      const o = await store.order(orderId, true);
      if (!o || o.status !== 'PENDING' || o.payablePaise !== 0 || (await store.passOfOrder(orderId))) return;
      await this.issueIn(store, o);
    });
  }

  async onPaymentFailed(orderId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const store = new PassStore(tx);
      const o = await store.order(orderId, true);
      if (!o) throw notFound();
      if (o.paidAt !== null || (await store.passOfOrder(orderId))) return;
      if (PAYABLE.has(o.status) || o.status === 'PAYMENT_PROCESSING') await store.setOrder(orderId, { status: 'PAYMENT_FAILED' }, this.now());
    });
  }

  private async issueIn(store: PassStore, o: OrderRow): Promise<{ pass: PassRow; created: boolean }> {
    const now = this.now();
    const offerId = o.fareInfo.digitalOfferId;
    if (offerId && !(await store.passOfOrder(o.transactionId))) {
      const offers = new OfferStore(store.db);
      const validityDays = (await store.db.query<{ validity_days: number }>('SELECT validity_days FROM trial_offers WHERE id = $1', [offerId])).rows[0]?.validity_days ?? 1;
      if (!(await offers.addClaim(o.userId, { offerId, claimedAt: now, validUntil: now + validityDays * DAY_MS })))
        throw new ApiError(409, 'DIGITAL_OFFER_ALREADY_AVAILED', 'You have already used this offer. Each rider can use it once.');
    }
    const config = await store.config(o.city, o.configId);
    const startTime = Math.max(cityMidnight(o.passStartDate), 0);
    const expiryTime = startTime + o.fareInfo.numOfDays * DAY_MS;
    const record = {
      transactionId: o.transactionId, configurationId: o.configId, productType: config?.productType ?? 'pass', productSubType: config?.productSubType ?? null,
      city: o.city, agency: o.agency, categoryId: o.categoryId, categoryName: config?.categories.find((c) => c.id === o.categoryId)?.name ?? o.categoryId, fmId: o.fmId,
      fare: o.fareInfo.actualFare, discountedFare: o.fareInfo.discountedFare, numOfDays: o.fareInfo.numOfDays, passStartDate: o.passStartDate, startTime, expiryTime,
      bookingTime: now, maxTripsPerDay: config?.maxTripsPerDay ?? null, activeDuration: config?.activeDurationMs ?? null, fareInfo: { ...o.fareInfo },
      isRenewable: !!config?.isRenewable, proofs: o.proofs, specialFeatures: config?.fareMapping[o.categoryId]?.find((f) => f.fmId === o.fmId)?.specialFeatures ?? [],
      conditions: config?.terms ?? [], punches: [],
    };
    const r = await store.issue({ id: randomUUID(), transactionId: o.transactionId, userId: o.userId, city: o.city, configId: o.configId, categoryId: o.categoryId, fmId: o.fmId,
      status: 'SUCCESS', startTime, expiryTime, isRenewable: !!config?.isRenewable, record: { ...record }, issuedAt: now });
    await store.setOrder(o.transactionId, { status: 'SUCCESS' }, now);
    return r;
  }

  /** Spec §9 reclaim: a paid order without a pass gets its pass within the city's reclaim time. */
  async reclaim(userId: string, transactionId: string) {
    return this.db.transaction(async (tx) => {
      const store = new PassStore(tx);
      const o = await store.order(transactionId, true);
      if (!o || o.userId !== userId) throw notFound();
      if (await store.passOfOrder(transactionId)) throw new ApiError(409, 'PASS_ALREADY_ISSUED', 'This order already has its pass.');
      if (o.paidAt === null) throw new ApiError(409, 'ORDER_NOT_PAID', 'This order has not been paid, so there is nothing to reclaim.');
      if (!canReclaim(o.city, o.paidAt, this.now())) throw new ApiError(410, 'RECLAIM_WINDOW_PASSED', 'The time to reclaim this pass has passed. Contact support for a refund.');
      const { pass } = await this.issueIn(store, o);
      return this.passView(pass);
    });
  }

  /** GET /api/passes/orders: the rider's orders with proofs still to be verified, rejected, or verified and unpaid. */
  async openVerificationOrders(userId: string): Promise<{ orders: PassOrder[] }> {
    const rows = (await this.store.openOrdersOf(userId)).filter((o) => o.fareInfo.proofRequired && o.paidAt === null);
    return { orders: await Promise.all(rows.map((o) => this.orderView(o))) };
  }

  async mine(userId: string) {
    return { passes: (await this.store.passesOf(userId)).map((p) => this.passView(p)) };
  }

  private passView(p: PassRow) {
    // shared/domain's one validity rule: the end reads as the last valid minute ("22 Dec, 11:59 PM"), dates as "23 Nov 2026".
    const fmt = (ms: number) => (ms === p.expiryTime ? passValidUntil(ms) : formatCityDate(ms));
    return { passId: p.id, ...p.record, status: p.status, statusLabel: statusLabel({ status: p.status === 'SUCCESS' ? 'UNUSED' : p.status, startTime: p.startTime, expiryTime: p.expiryTime }, this.now(), fmt), isRenewable: p.isRenewable };
  }

  /** POST /api/passes/:passId/renew: a new order for the same fare, with passProps.passId and isRenew. */
  async renew(userId: string, passId: string, passStartDate: string, deviceId: string): Promise<PassOrder> {
    const p = await this.store.pass(passId);
    if (!p || p.userId !== userId) throw new ApiError(404, 'PASS_NOT_FOUND', 'There is no such pass.');
    if (!p.isRenewable) throw new ApiError(409, 'NOT_RENEWABLE', 'This pass cannot be renewed. Buy a new one instead.');
    const first = await this.store.order(p.transactionId);
    const payload = first!.payload as unknown as PassOrderPayload;
    const config = (await this.store.config(p.city, p.configId)) as CatalogueConfig | null;
    const fare = config?.fareMapping[p.categoryId]?.find((f) => f.fmId === p.fmId);
    return this.createOrder(userId, {
      ...payload, transactionId: undefined, deviceId, bankOffer: undefined, digitalOffer: undefined, proofs: [],
      passProps: { passStartDate, categoryId: p.categoryId, fmId: p.fmId, configurationId: p.configId, passFare: fare ? quote(fare).discountedFare / 100 : 0, passId, isRenew: true },
    }, { renewOf: p });
  }
}
