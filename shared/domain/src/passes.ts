/** Pass purchase rules: spec §4 "Product availability", "Fare aggregation", §5 proof rule, §9 reclaim time. */
import { HOUR_MS, MINUTE_MS } from './constants';

export interface ProofFlags {
  verification?: boolean | null;
  isProofRequired?: boolean | null;
}

/**
 * Spec §5: proof is NOT required only if verification is explicitly false on the category or the fare, and
 * isProofRequired is explicitly false on the product, the category or the fare. Anything else (missing flags
 * included) requires proof.
 */
export function isProofRequired(product: ProofFlags, category: ProofFlags, fare: ProofFlags): boolean {
  const verificationOff = category.verification === false || fare.verification === false;
  const proofOff = product.isProofRequired === false || category.isProofRequired === false || fare.isProofRequired === false;
  return !(verificationOff && proofOff);
}

export type AvailabilityBlock = 'PRODUCT_INACTIVE' | 'SUB_CATEGORY_INACTIVE' | 'CATEGORY_INACTIVE' | 'FARE_INACTIVE';
interface Activatable {
  isActive?: boolean | null;
}

/** Spec §4: an inactive product, sub-category, category or fare blocks purchase, each with its own flag (first wins). */
export function purchaseBlock(p: { product: Activatable; subCategory?: Activatable; category: Activatable; fare: Activatable }): AvailabilityBlock | null {
  if (p.product.isActive === false) return 'PRODUCT_INACTIVE';
  if (p.subCategory?.isActive === false) return 'SUB_CATEGORY_INACTIVE';
  if (p.category.isActive === false) return 'CATEGORY_INACTIVE';
  if (p.fare.isActive === false) return 'FARE_INACTIVE';
  return null;
}

export interface FareLine {
  name: string;
  value: number;
}
export interface PassengerFareGroup {
  id: string;
  name: string;
  isDiscountApplicable: boolean;
  payableAmount: number;
  actualAmount: number;
  fareBreakup: FareLine[];
  categorySeatLimit: number;
}
export interface FareResult {
  roundingLogic?: string;
  passengerDetails: PassengerFareGroup[];
  totalAvailableSeats: number;
}

/**
 * Spec §4 "Fare aggregation": passenger groups are merged only when present in all options; payable and actual
 * amounts and fare breakup values are summed (lines matched by name, in first-seen order); categorySeatLimit takes the
 * minimum; totalAvailableSeats is the minimum across options.
 */
export function aggregateFares(options: readonly FareResult[]): FareResult | null {
  if (options.length === 0) return null;
  const [first, ...rest] = options;
  const groups: PassengerFareGroup[] = [];
  for (const g of first.passengerDetails) {
    const matches = rest.map((o) => o.passengerDetails.find((x) => x.id === g.id));
    if (matches.some((m) => !m)) continue;
    const all = [g, ...(matches as PassengerFareGroup[])];
    const lines = new Map<string, number>();
    for (const m of all) for (const l of m.fareBreakup) lines.set(l.name, (lines.get(l.name) ?? 0) + l.value);
    groups.push({
      id: g.id,
      name: g.name,
      isDiscountApplicable: all.some((m) => m.isDiscountApplicable),
      payableAmount: all.reduce((s, m) => s + m.payableAmount, 0),
      actualAmount: all.reduce((s, m) => s + m.actualAmount, 0),
      fareBreakup: [...lines].map(([name, value]) => ({ name, value })),
      categorySeatLimit: Math.min(...all.map((m) => m.categorySeatLimit)),
    });
  }
  return { roundingLogic: first.roundingLogic, passengerDetails: groups, totalAvailableSeats: Math.min(...options.map((o) => o.totalAvailableSeats)) };
}

/** Spec §9: reclaim time is 24 h for all cities, 5 min for Mumbai. */
export const reclaimWindowMs = (city: string): number => (city.toLowerCase() === 'mumbai' ? 5 * MINUTE_MS : 24 * HOUR_MS);
export const canReclaim = (city: string, paidAt: number, now: number): boolean => now - paidAt <= reclaimWindowMs(city);

/** Spec §3: transactionId, when missing, is built as userId-city-agency-categoryId. */
export const buildTransactionId = (userId: string, city: string, agency: string, categoryId: string): string => `${userId}-${city}-${agency}-${categoryId}`;
