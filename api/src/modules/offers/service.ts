import type { TrialOffer, TrialOfferClaim } from '@sawari/contracts';
import { describeScopeMiss, offerScopeMiss, type OfferProduct, type OfferScope } from '@sawari/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { ApiError } from '../../platform/errors';
import type { OfferStore, TrialOfferRow } from './store';

const DAY_MS = 86_400_000;

const alreadyAvailed = () => new ApiError(409, 'DIGITAL_OFFER_ALREADY_AVAILED', 'You have already used this offer. Each rider can use it once.');

/** An offer a product may be bought with (what a seller needs to price and label it). */
export interface ApplicableOffer {
  offerId: string;
  kind: 'welcome' | 'trial';
  title: string;
}

/**
 * The product a trial or welcome offer promises, issued by the seller that sells it (passes): a free order for the
 * offer's product, issued through payments' free-order path, which redeems the offer in the same transaction (so a
 * failed issue leaves the offer unclaimed, and concurrent claims issue once).
 */
export interface PromotionIssuer {
  issuePromised(userId: string, city: string, offer: { offerId: string; scope: OfferScope }): Promise<{ transactionId: string; passId: string }>;
}

/** Trial and welcome offers: one active offer per city, claimed once per rider, applied only to the products in scope. */
export class OfferService {
  private issuer: PromotionIssuer | null = null;
  constructor(
    private readonly store: OfferStore,
    private readonly now: Clock,
  ) {}

  /** The seller that issues what /promotion promises (set by the composition root once both exist). */
  usePromotionIssuer(issuer: PromotionIssuer): void {
    this.issuer = issuer;
  }

  private async offerIn(city: string): Promise<TrialOfferRow> {
    const offer = await this.store.activeOffer(city);
    if (!offer) throw new ApiError(404, 'OFFER_NOT_FOUND', 'There is no trial or welcome offer in this city right now.');
    return offer;
  }

  /** Why this rider may not have the offer, or null when they may. */
  private async notAllowedReason(userId: string, offer: TrialOfferRow): Promise<string | null> {
    if (offer.maxAccountAgeDays === null) return null;
    const createdAt = await this.store.accountCreatedAt(userId);
    if (createdAt !== null && this.now() - createdAt <= offer.maxAccountAgeDays * DAY_MS) return null;
    return `This welcome offer is for new riders, in the first ${offer.maxAccountAgeDays} days after signing up. Your account is older, so it cannot get this offer.`;
  }

  async offer(userId: string, city: string): Promise<TrialOffer> {
    const offer = await this.offerIn(city);
    const claimed = (await this.store.claim(userId, offer.id)) !== null;
    const reason = claimed ? 'You have already used this offer.' : await this.notAllowedReason(userId, offer);
    return { ...describe(offer), eligible: reason === null, reason, claimed };
  }

  /**
   * The city's offer for this rider and this product, or ApiError: 404 OFFER_NOT_FOUND, 409 DIGITAL_OFFER_ALREADY_AVAILED,
   * 403 DIGITAL_OFFER_NOT_ALLOWED, 409 OFFER_NOT_APPLICABLE (the product is outside the offer's scope, with the reason).
   */
  async applicable(userId: string, city: string, product: OfferProduct): Promise<ApplicableOffer> {
    const offer = await this.offerIn(city);
    if (await this.store.claim(userId, offer.id)) throw alreadyAvailed();
    const reason = await this.notAllowedReason(userId, offer);
    if (reason) throw new ApiError(403, 'DIGITAL_OFFER_NOT_ALLOWED', reason);
    const miss = offerScopeMiss(offer.scope, product);
    if (miss) throw new ApiError(409, 'OFFER_NOT_APPLICABLE', `${offer.title}: ${describeScopeMiss(miss, offer.scope)}`);
    return { offerId: offer.id, kind: offer.kind, title: offer.title };
  }

  /** An offer's title (a free order's "Free with <offer>"); null when there is no such offer. */
  async title(offerId: string, db?: Db): Promise<string | null> {
    return (await (db ? this.store.with(db) : this.store).offerById(offerId))?.title ?? null;
  }

  /**
   * Records the rider's use of an offer inside the caller's transaction (the seller issuing the free product): once per
   * rider, else 409 DIGITAL_OFFER_ALREADY_AVAILED (and the caller's transaction rolls back, issuing nothing).
   */
  async redeem(db: Db, userId: string, offerId: string): Promise<void> {
    const store = this.store.with(db);
    const offer = await store.offerById(offerId);
    if (!offer) throw new ApiError(404, 'OFFER_NOT_FOUND', 'This offer no longer exists.');
    const claimedAt = this.now();
    if (!(await store.addClaim(userId, { offerId, claimedAt, validUntil: claimedAt + offer.validityDays * DAY_MS }))) throw alreadyAvailed();
  }

  /**
   * POST /api/offers/trial/claim: issues the product the offer promises (a pass), exactly once; the claim is recorded
   * in the same transaction as the pass, so a failure leaves the offer unclaimed.
   */
  async claim(userId: string, city: string): Promise<TrialOfferClaim> {
    const offer = await this.offerIn(city);
    if (await this.store.claim(userId, offer.id)) throw alreadyAvailed();
    const reason = await this.notAllowedReason(userId, offer);
    if (reason) throw new ApiError(403, 'DIGITAL_OFFER_NOT_ALLOWED', reason);
    if (!this.issuer) throw new ApiError(503, 'OFFER_UNAVAILABLE', 'This offer cannot be claimed right now. Try again later.');
    const issued = await this.issuer.issuePromised(userId, city, { offerId: offer.id, scope: offer.scope });
    const claim = await this.store.claim(userId, offer.id);
    if (!claim) throw new Error(`offer ${offer.id}: the pass was issued but the claim is missing`);
    return { ...describe(offer), claimedAt: claim.claimedAt, validUntil: claim.validUntil, transactionId: issued.transactionId, passId: issued.passId };
  }
}

function describe(o: TrialOfferRow) {
  return { offerId: o.id, city: o.cityId, kind: o.kind, title: o.title, description: o.description, validityDays: o.validityDays, appliesTo: o.scope };
}
