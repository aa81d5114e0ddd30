// Pure rules of the purchase screens up to payment (tests beside): which plan and fare start chosen, the fare options
// with what blocks each, and on the pay screen what the offer panel and the Pay button say. No React, no I/O, no clock.
import { formatPaise, offerScopeMiss, type OfferScope, type OfferScopeMiss } from '@sawari/domain';
import { blockOf, faresOf, type AvailabilityCode, type Category, type Fare, type Flow, type Product, type SubCategory } from '../common/model';

/** The plan chosen when the screen opens: the flow's when it is still on sale, else the first on sale (null: none). */
export function initialSubCategory(subs: readonly Pick<SubCategory, 'id' | 'isActive'>[], flowSubCatId: string | null): string | null {
  if (flowSubCatId && subs.some((s) => s.id === flowSubCatId && s.isActive)) return flowSubCatId;
  return subs.find((s) => s.isActive)?.id ?? null;
}

export type FareOption = { category: Category; fare: Fare; block: AvailabilityCode | null };
/** The radio value of a fare option (a fare id is unique within its category only). */
export const fareKey = (o: { category: Pick<Category, 'id'>; fare: Pick<Fare, 'fmId'> }) => `${o.category.id}/${o.fare.fmId}`;

/** Every fare of the product within the chosen plan (all plans when none), in catalogue order, with what blocks it. */
export function fareOptions(p: Product, subCatId: string | null): FareOption[] {
  return p.categories.flatMap((category) =>
    (p.fareMapping[category.id] ?? [])
      .filter((f) => !subCatId || f.subCatId === subCatId)
      .map((fare) => ({ category, fare, block: blockOf(p, category, fare) })),
  );
}

/** The fare chosen when the screen opens: the flow's when it can still be bought, else the first that can (null: none). */
export function initialFare(options: readonly FareOption[], flow: Pick<Flow, 'categoryId' | 'fmId'>): string | null {
  const o = options.find((x) => x.fare.fmId === flow.fmId && x.category.id === flow.categoryId && !x.block) ?? options.find((x) => !x.block);
  return o ? fareKey(o) : null;
}

/** GET /api/offers/trial's fields the pay screen reads. */
export type TrialOfferView = { title: string; eligible: boolean; claimed: boolean; appliesTo?: OfferScope };

/**
 * What the trial/welcome offer panel offers for this pass: why it does not apply (`notFor`, with the miss), the claim
 * button (`claim`; `blockedByBank` when a bank offer is chosen, the two not combining), already used (`claimed`), or
 * not for this rider's account (`notAllowed`: said in the rider's words, never the server's `reason` text).
 */
export type OfferPanel =
  { kind: 'notFor'; miss: OfferScopeMiss } | { kind: 'elsewhere' } | { kind: 'claim'; blockedByBank: boolean } | { kind: 'claimed' } | { kind: 'notAllowed' };

/**
 * `elsewhere`: the offer is not for this pass and no pass it is for is on sale to choose (`inScopeOnSale` false: a
 * free 3-day trial when no 3-day pass is sold on its own): the screen never names passes the rider cannot buy ("only
 * for 3-day passes"), it says where the offer is claimed (the Offers page, which issues the pass the offer gives).
 */
export function offerPanel(
  offer: TrialOfferView,
  pass: { configId: string; numOfDays: number | null; categoryId: string; farePaise: number },
  bankChosen: boolean,
  inScopeOnSale = true,
): OfferPanel {
  const miss = offerScopeMiss(offer.appliesTo ?? {}, pass);
  if (offer.eligible && miss) return inScopeOnSale ? { kind: 'notFor', miss } : { kind: 'elsewhere' };
  if (offer.eligible) return { kind: 'claim', blockedByBank: bankChosen };
  return offer.claimed ? { kind: 'claimed' } : { kind: 'notAllowed' };
}

/** Whether a pass the offer is for can be bought in this purchase flow: a fare on sale (purchasableFares) that needs
 *  no documents, in the offer's scope. */
export function offerOnSale(scope: OfferScope, products: readonly Product[]): boolean {
  return products.some((p) =>
    faresOf(p).some(
      ({ category, fare }) =>
        !blockOf(p, category, fare) &&
        !fare.proofRequired &&
        offerScopeMiss(scope, { configId: p.id, numOfDays: fare.numOfDays, categoryId: category.id, farePaise: fare.discountedFare }) === null,
    ),
  );
}

/** Values for the pay.offerNotFor.* texts: the offer, its durations, its fare bound in ₹. */
export function offerMissValues(offer: Pick<TrialOfferView, 'title' | 'appliesTo'>, miss: OfferScopeMiss): Record<string, string | number> {
  const scope = offer.appliesTo ?? {};
  return {
    offer: offer.title,
    days: (scope.numOfDays ?? []).join(', '),
    amount: formatPaise(miss === 'FARE_TOO_LOW' ? (scope.minFarePaise ?? 0) : (scope.maxFarePaise ?? 0)),
  };
}

/** The bank offer of the flow when the product has it (upper case, as the server names banks), else none. */
export function chosenBank(banks: readonly { bank: string }[], flowBank: string | null): string | null {
  return flowBank && banks.some((b) => b.bank.toUpperCase() === flowBank.toUpperCase()) ? flowBank.toUpperCase() : null;
}

/** The Pay button's words: still pricing, continue a payment under way (same order, same amount), or pay. */
export const payButton = (quoted: boolean, paying: boolean): 'pay.pricing' | 'pay.continuePayment' | 'pay.pay' =>
  !quoted ? 'pay.pricing' : paying ? 'pay.continuePayment' : 'pay.pay';

/** A refused quote can be asked again, except an offer refusal (asking again gives the same answer). */
export const quoteRetryable = (problem: { code?: string } | null): boolean =>
  !!problem && !problem.code?.startsWith('DIGITAL_') && !problem.code?.startsWith('OFFER');
