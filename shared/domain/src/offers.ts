/**
 * Offer rules (docs/money-integrity.md "Offers are scoped"): which products an offer applies to, and which payment
 * instruments a bank offer is bound to. Pure: the server applies them, the screens explain them.
 */
import { formatPaise } from './format';

/** The products an offer applies to. Every stated field must match; an empty scope applies to every product. */
export interface OfferScope {
  configIds?: string[];
  /** Pass durations in days (numOfDays). */
  numOfDays?: number[];
  categoryIds?: string[];
  /** Fare range in paise, inclusive (the fare before this offer). */
  minFarePaise?: number;
  maxFarePaise?: number;
}

export interface OfferProduct {
  configId: string;
  numOfDays: number | null;
  categoryId: string;
  farePaise: number;
}

export type OfferScopeMiss = 'PRODUCT' | 'DURATION' | 'CATEGORY' | 'FARE_TOO_LOW' | 'FARE_TOO_HIGH';

/** Why the offer does not apply to this product (the first reason), or null when it applies. */
export function offerScopeMiss(scope: OfferScope, p: OfferProduct): OfferScopeMiss | null {
  if (scope.configIds?.length && !scope.configIds.includes(p.configId)) return 'PRODUCT';
  if (scope.numOfDays?.length && (p.numOfDays === null || !scope.numOfDays.includes(p.numOfDays))) return 'DURATION';
  if (scope.categoryIds?.length && !scope.categoryIds.includes(p.categoryId)) return 'CATEGORY';
  if (scope.minFarePaise !== undefined && p.farePaise < scope.minFarePaise) return 'FARE_TOO_LOW';
  if (scope.maxFarePaise !== undefined && p.farePaise > scope.maxFarePaise) return 'FARE_TOO_HIGH';
  return null;
}

/** One sentence a rider understands for a scope miss (English; the screens translate by code). */
export function describeScopeMiss(miss: OfferScopeMiss, scope: OfferScope): string {
  const days = scope.numOfDays?.length ? scope.numOfDays.map((d) => `${d}-day`).join(' or ') : '';
  switch (miss) {
    case 'PRODUCT':
      return 'This offer is not for this pass.';
    case 'DURATION':
      return `This offer is only for ${days} passes.`;
    case 'CATEGORY':
      return 'This offer is not for this passenger category.';
    case 'FARE_TOO_LOW':
      return `This offer is for passes of ${formatPaise(scope.minFarePaise ?? 0)} or more.`;
    case 'FARE_TOO_HIGH':
      return `This offer is for passes of up to ${formatPaise(scope.maxFarePaise ?? 0)}.`;
  }
}

/** A payment instrument as the gateway reports it. */
export interface PaymentInstrument {
  method: 'card' | 'wallet' | 'upi' | 'netbanking' | 'cash';
  bank: string | null;
  /** First six digits of a card. */
  bin: string | null;
}

/** A bank offer: the bank, and for cards the BIN ranges it is valid for ("489377" or "552260-552269"). */
export interface BankOfferBinding {
  bank: string;
  cardBins: string[];
}

/** True when a BIN lies in one of the ranges ("489377", "552260-552269"; six digits each). */
export function binInRanges(bin: string, ranges: readonly string[]): boolean {
  if (!/^\d{6}$/.test(bin)) return false;
  const n = Number(bin);
  return ranges.some((r) => {
    const m = /^(\d{6})(?:-(\d{6}))?$/.exec(r.trim());
    if (!m) return false;
    const lo = Number(m[1]);
    const hi = m[2] ? Number(m[2]) : lo;
    return n >= lo && n <= hi;
  });
}

/**
 * Is a bank offer earned by paying with this instrument? Card: its BIN is in the offer's ranges when the BIN is known;
 * when it is not (the card is typed on the gateway's hosted page, which never shows us its digits), the bank the rider
 * declares, checked after capture against the issuer the gateway reports (payments' mismatch check). Netbanking and
 * UPI: the bank. Wallets and cash: never.
 */
export function bankOfferEarnedBy(offer: BankOfferBinding, i: PaymentInstrument): boolean {
  const bank = offer.bank.toUpperCase();
  switch (i.method) {
    case 'card':
      if (offer.cardBins.length && i.bin !== null) return binInRanges(i.bin, offer.cardBins);
      return i.bank?.toUpperCase() === bank;
    case 'netbanking':
    case 'upi':
      return i.bank?.toUpperCase() === bank;
    default:
      return false;
  }
}
