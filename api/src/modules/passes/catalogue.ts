/** The pass catalogue (spec §3 Product configuration) and the pure rules applied to it: availability, fares, offers. */
import { bankOfferLine, isProofRequired, PASS_DISCOUNT_LINE, PASS_PRICE_LINE, purchaseBlock, type AvailabilityBlock, type FareLine } from '@sawari/domain';
import { configTexts, translationsFor } from './catalogue-i18n';
import type { BankOffer, CatalogueCategory, CatalogueConfig, CatalogueFare, Flags } from './catalogue-types';

export type { BankOffer, CatalogueCategory, CatalogueConfig, CatalogueFare, CatalogueSubCategory, Flags } from './catalogue-types';

export const rupeesToPaise = (rupees: number): number => Math.round(rupees * 100);

const BLOCK_MESSAGES: Record<AvailabilityBlock, string> = {
  PRODUCT_INACTIVE: 'This pass is not on sale right now.',
  SUB_CATEGORY_INACTIVE: 'This plan of the pass is not on sale right now.',
  CATEGORY_INACTIVE: 'Passes for this passenger category are not on sale right now.',
  FARE_INACTIVE: 'This fare is no longer on sale. Choose another duration.',
};

/** Spec §4 Product availability: an inactive or invisible product, sub-category, category or fare blocks purchase. */
export function availability(config: CatalogueConfig, category: CatalogueCategory, fare: CatalogueFare): { code: AvailabilityBlock; message: string } | null {
  const on = (f: Flags) => ({ isActive: f.isActive !== false && f.isVisible !== false });
  const sub = config.subCategories.find((s) => s.id === fare.subCatId);
  const code = purchaseBlock({ product: on(config), subCategory: sub ? on(sub) : undefined, category: on(category), fare: on(fare) });
  return code ? { code, message: BLOCK_MESSAGES[code] } : null;
}

/**
 * Whether a pass of this product, category and fare can be renewed (bought again for the same fare): the product is
 * renewable and the fare is on sale on its own (availability: active and visible). A fare only an offer gives (the
 * free trial, hidden from the catalogue) is not; nor one taken off sale since. One rule for the pass's isRenewable
 * (passes, wallet) and for POST /api/passes/:passId/renew.
 */
export function renewalBlock(
  config: CatalogueConfig | null,
  category: CatalogueCategory | undefined,
  fare: CatalogueFare | undefined,
): { code: 'NOT_RENEWABLE'; message: string } | null {
  if (!config || !config.isRenewable || !category || !fare)
    return { code: 'NOT_RENEWABLE', message: 'This pass cannot be renewed. Choose a pass from the passes on sale instead.' };
  if (fare.isVisible === false)
    return {
      code: 'NOT_RENEWABLE',
      message:
        'This pass came with an offer (a free trial) and is not sold on its own, so it cannot be renewed. Choose a pass from the passes on sale instead.',
    };
  if (availability(config, category, fare))
    return { code: 'NOT_RENEWABLE', message: 'This pass is no longer on sale, so it cannot be renewed. Choose a pass from the passes on sale instead.' };
  return null;
}

/** renewalBlock for a pass's product, category and fare ids in its config. */
export function renewalBlockOf(config: CatalogueConfig | null, categoryId: string, fmId: string) {
  const category = config?.categories.find((c) => c.id === categoryId);
  const fare = config?.fareMapping[categoryId]?.find((f) => f.fmId === fmId);
  return renewalBlock(config, category, fare);
}

export const proofRequiredFor = (config: CatalogueConfig, category: CatalogueCategory, fare: CatalogueFare): boolean =>
  isProofRequired({ isProofRequired: config.isProofRequired }, category, fare);

export interface Quote {
  actualFare: number;
  discountedFare: number;
  payableAmount: number;
  fareBreakup: FareLine[];
}

/**
 * The server's fare breakup in paise: "Pass price" (the fare), "Discount" (fare minus discounted fare, as a negative
 * line) and, with a bank offer, "Bank offer (BANK)" of percentOff of the discounted fare, rounded down to whole rupees.
 */
export function quote(fare: Pick<CatalogueFare, 'fare' | 'discountedFare'>, bank?: BankOffer | null): Quote {
  const actualFare = rupeesToPaise(fare.fare);
  const discountedFare = rupeesToPaise(fare.discountedFare ?? fare.fare);
  const lines: FareLine[] = [
    { name: PASS_PRICE_LINE, value: actualFare },
    { name: PASS_DISCOUNT_LINE, value: discountedFare - actualFare },
  ];
  let payableAmount = discountedFare;
  if (bank) {
    const off = Math.floor((discountedFare * bank.percentOff) / 100 / 100) * 100;
    lines.push({ name: bankOfferLine(bank.bank), value: -off });
    payableAmount -= off;
  }
  return { actualFare, discountedFare, payableAmount, fareBreakup: lines };
}

/** The bank offer for this bank, city and config, or null. */
export const bankOfferFor = (offers: readonly BankOffer[], city: string, bank: string, configId: string): BankOffer | null =>
  offers.find((o) => o.city === city && o.bank.toUpperCase() === bank.toUpperCase() && o.configIds.includes(configId)) ?? null;

/** Public view of a config: invisible products, categories and fares are left out. */
export function publicConfig(c: CatalogueConfig, offers: readonly BankOffer[], city: string) {
  const visible = <T extends Flags>(xs: T[]) => xs.filter((x) => x.isVisible !== false);
  const categories = visible(c.categories);
  return {
    id: c.id,
    name: c.name,
    serviceType: c.serviceType,
    productType: c.productType,
    productSubType: c.productSubType ?? null,
    agency: c.agency,
    isActive: c.isActive !== false,
    isRenewable: !!c.isRenewable,
    activeDuration: c.activeDurationMs ?? null,
    maxTripsPerDay: c.maxTripsPerDay ?? null,
    landingMessage: c.landingMessage ?? null,
    terms: c.terms,
    categories: categories.map((k) => ({
      id: k.id,
      name: k.name,
      isActive: k.isActive !== false,
      verification: k.verification ?? null,
      isProofRequired: k.isProofRequired ?? null,
    })),
    subCategory: visible(c.subCategories).map((s) => ({ id: s.id, name: s.name, infoNote: s.infoNote, isActive: s.isActive !== false })),
    fareMapping: Object.fromEntries(
      categories.map((k) => [
        k.id,
        visible(c.fareMapping[k.id] ?? []).map((f) => {
          const q = quote(f);
          return {
            fmId: f.fmId,
            fare: q.actualFare,
            discountedFare: q.discountedFare,
            durationId: f.durationId,
            numOfDays: f.numOfDays,
            desc: f.desc,
            subCatId: f.subCatId,
            displayName: f.displayName,
            specialFeatures: f.specialFeatures,
            isActive: f.isActive !== false,
            proofRequired: proofRequiredFor(c, k, f),
          };
        }),
      ]),
    ),
    bankOffers: offers.filter((o) => o.city === city && o.configIds.includes(c.id)).map((o) => ({ bank: o.bank, percentOff: o.percentOff })),
    // The texts above in the app's other languages (catalogue-i18n.ts).
    translations: translationsFor(configTexts(c)),
  };
}
