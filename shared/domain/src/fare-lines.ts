// The fare breakup lines the server writes (spec §3 fareBreakup: name and value in paise), by name, and what each name
// means to a screen. The server sends the English name; every screen that shows a breakup translates it through
// fareLineMeaning (shared/ui's FareBreakup, the checkout's summary), so a line written here reads in the rider's language.
import { CATEGORY_NAMES, SEAT_FARE_LINE } from './reservations';
import { TICKET_FARE_LINE } from './fares';

export const PASS_PRICE_LINE = 'Pass price';
export const PASS_DISCOUNT_LINE = 'Discount';
export const WELCOME_OFFER_LINE = 'Welcome offer';
export const TRIAL_OFFER_LINE = 'Trial offer';
/** A bank offer's line: "Bank offer (HDFC)". */
export const bankOfferLine = (bank: string): string => `Bank offer (${bank})`;
export const RECHARGE_AMOUNT_LINE = 'Recharge amount';
export const CARD_LOAD_FEE_LINE = 'Card load fee';

/**
 * What a line means: a key under the catalogs' `fareLine.` messages (with the bank's name for a bank offer), or null
 * for a name written elsewhere (a promotion's own title), which a screen shows as it came.
 */
export type FareLineMeaning = { key: string; values?: Record<string, string> };

// a Map, not an object: a promotion's own title such as "constructor" must not find Object.prototype's members
const BY_NAME = new Map<string, string>(
  Object.entries({
    [PASS_PRICE_LINE]: 'passPrice',
    [PASS_DISCOUNT_LINE]: 'discount',
    [WELCOME_OFFER_LINE]: 'welcome',
    [TRIAL_OFFER_LINE]: 'trial',
    [RECHARGE_AMOUNT_LINE]: 'recharge',
    [CARD_LOAD_FEE_LINE]: 'cardFee',
    [SEAT_FARE_LINE]: 'seat',
    [TICKET_FARE_LINE]: 'ticket',
    ...Object.fromEntries(
      Object.entries(CATEGORY_NAMES).flatMap(([id, name]) => [
        [name, `person.${id}`],
        [`${name} concession`, `concession.${id}`],
      ]),
    ),
  }),
);

/** Every key fareLineMeaning can answer: each catalog that shows fare lines has a `fareLine.<key>` message for each. */
export const FARE_LINE_KEYS: readonly string[] = [...new Set([...BY_NAME.values(), 'bank'])].sort();

export function fareLineMeaning(name: string): FareLineMeaning | null {
  const key = BY_NAME.get(name);
  if (key) return { key };
  const bank = /^Bank offer \((.+)\)$/.exec(name);
  if (bank) return { key: 'bank', values: { bank: bank[1] } };
  return null;
}

/** Lines of the same name added up, in the order each name first came: two adults' and a child's seat fares are one line. */
export function sumFareLines(lines: Iterable<{ name: string; value: number }>): { name: string; value: number }[] {
  const byName = new Map<string, number>();
  for (const l of lines) byName.set(l.name, (byName.get(l.name) ?? 0) + l.value);
  return [...byName].map(([name, value]) => ({ name, value }));
}
