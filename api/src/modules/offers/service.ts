import type { TrialOffer, TrialOfferClaim } from '@sawari/contracts';
import type { Clock } from '../../platform/clock';
import { ApiError } from '../../platform/errors';
import type { OfferStore, TrialOfferRow } from './store';

const DAY_MS = 86_400_000;

const alreadyAvailed = () => new ApiError(409, 'DIGITAL_OFFER_ALREADY_AVAILED', 'You have already used this offer. Each rider can use it once.');

/** Trial and welcome offers: one active offer per city, claimed once per rider. */
export class OfferService {
  constructor(
    private readonly store: OfferStore,
    private readonly now: Clock,
  ) {}

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

  async claim(userId: string, city: string): Promise<TrialOfferClaim> {
    const offer = await this.offerIn(city);
    if (await this.store.claim(userId, offer.id)) throw alreadyAvailed();
    const reason = await this.notAllowedReason(userId, offer);
    if (reason) throw new ApiError(403, 'DIGITAL_OFFER_NOT_ALLOWED', reason);
    const claimedAt = this.now();
    const claim = { offerId: offer.id, claimedAt, validUntil: claimedAt + offer.validityDays * DAY_MS };
    if (!(await this.store.addClaim(userId, claim))) throw alreadyAvailed();
    return { ...describe(offer), claimedAt, validUntil: claim.validUntil };
  }
}

function describe(o: TrialOfferRow) {
  return { offerId: o.id, city: o.cityId, kind: o.kind, title: o.title, description: o.description, validityDays: o.validityDays };
}
