// Pure rules of the screens reached from links (tests beside): a landing page's fares, a bank's offers, where a ticket
// link goes.
import type { Category, Fare, Product } from '../common/model';

/** Every fare of the product with its category, in catalogue order, and whether it is on sale (fare and category). */
export function landingFares(p: Product): { category: Category; fare: Fare; onSale: boolean }[] {
  return p.categories.flatMap((category) => (p.fareMapping[category.id] ?? []).map((fare) => ({ category, fare, onSale: fare.isActive && category.isActive })));
}

/** The products with an offer of `bank` (upper case), in catalogue order. */
export const withBankOffer = (products: readonly Product[], bank: string): Product[] =>
  products.filter((p) => p.bankOffers.some((o) => o.bank.toUpperCase() === bank));

/** Tickets belong to the tickets remote (/one-way-ticket). */
export const ticketPath = (city: string, routeId: string) => `/one-way-ticket?city=${encodeURIComponent(city)}&routeId=${encodeURIComponent(routeId)}`;
