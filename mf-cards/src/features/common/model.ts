// Pure rules of the card screens (tests beside): typed amounts, the link form, where each kind's recharge flow goes,
// and the words for a history line. The browser does not ship zod: the form rules mirror the server's schemas through
// the same @sawari/domain checks.
import { checkCardNumber, isValidCardName, MIN_RECHARGE_PAISE, type CardKind } from '@sawari/domain';

/** A typed amount in whole rupees ("500", "1,000", "₹ 250") → paise, or the message id of what is wrong with it. */
export function parseRupees(text: string): { paise: number } | { error: string } {
  const t = text.replace(/[₹,\s]/g, '');
  if (!t) return { error: 'amount.error.empty' };
  if (/^\d+\.\d*$/.test(t)) return { error: 'amount.error.whole' };
  if (!/^\d{1,6}$/.test(t)) return { error: 'amount.error.number' };
  return { paise: Number(t) * 100 };
}

/** The message id (and values) of an amount the card cannot take, checked before asking the server; null when fine. */
export function amountProblem(paise: number, maxPaise: number): { id: string; values?: Record<string, number> } | null {
  if (maxPaise < MIN_RECHARGE_PAISE) return { id: 'amount.error.full' };
  if (paise < MIN_RECHARGE_PAISE) return { id: 'amount.error.min', values: { min: MIN_RECHARGE_PAISE } };
  if (paise > maxPaise) return { id: 'amount.error.max', values: { max: maxPaise } };
  return null;
}

export type LinkForm = { kind: CardKind | ''; number: string; name: string };
export type LinkErrors = Partial<Record<'kind' | 'number' | 'name', string>>;

const NUMBER_ERRORS = {
  EMPTY: 'link.error.numberEmpty',
  NOT_DIGITS: 'link.error.numberDigits',
  LENGTH: 'link.error.numberLength',
  PREFIX: 'link.error.numberPrefix',
  CHECK_DIGIT: 'link.error.numberCheck',
} as const;

/** Every problem of the link form (message ids), in field order; empty when it may be sent. */
export function linkFormErrors(f: LinkForm): LinkErrors {
  const errors: LinkErrors = {};
  if (!f.kind) errors.kind = 'link.error.kind';
  else {
    const c = checkCardNumber(f.kind, f.number);
    if (!c.ok)
      errors.number = c.error === 'PREFIX' ? (f.kind === 'ncmc' ? 'link.error.numberPrefixNcmc' : 'link.error.numberPrefixClosed') : NUMBER_ERRORS[c.error];
  }
  if (!f.name.trim()) errors.name = 'link.error.nameEmpty';
  else if (!isValidCardName(f.name)) errors.name = 'link.error.name';
  return errors;
}

/** The recharge flow's screens for each kind of card (spec §2: /select-card for the city card, /ncmc-card-recharge for NCMC). */
export function flowPaths(kind: CardKind) {
  const base = kind === 'ncmc' ? '/ncmc-card-recharge' : '/select-card';
  const q = (ref: string, amount?: number) => `?card=${encodeURIComponent(ref)}${amount ? `&amount=${amount}` : ''}`;
  return {
    select: base,
    amount: (ref: string) => `${base}/amount-selection${q(ref)}`,
    confirm: (ref: string, amountPaise: number) => `${base}/${kind === 'ncmc' ? 'payment-details' : 'confirm-details-and-pay'}${q(ref, amountPaise)}`,
  };
}

/** The words for a history line's state. */
export function historyStateId(item: { type: 'TAP' | 'RECHARGE'; state: string }): string {
  if (item.type === 'TAP') return item.state === 'ACCEPTED' ? 'history.tap' : 'history.tapDeclined';
  return `state.${item.state}`;
}

/** Order states the rider can see, each with a message id state.<STATUS> in every catalog. */
export const ORDER_STATES = ['CREATED', 'PAYMENT_PROCESSING', 'PAYMENT_FAILED', 'STAGED', 'PENDING_ON_CARD', 'WRITTEN', 'REFUNDED'] as const;

/** What a linked card offers the rider: a recharge only while it is active and not expired; moving paid money to the
 *  chip only for an NCMC card with money staged. */
export function cardActions(card: { kind: CardKind; status: string; expired: boolean; stagedPaise: number }): { recharge: boolean; transfer: boolean } {
  return { recharge: card.status === 'ACTIVE' && !card.expired, transfer: card.kind === 'ncmc' && card.stagedPaise > 0 };
}

/** Why a card cannot be recharged (the refusal code its panel explains), or null when it can. */
export function cardRefusal(card: { status: string; expired: boolean }): 'CARD_BLOCKED' | 'CARD_EXPIRED' | null {
  if (card.status === 'BLOCKED') return 'CARD_BLOCKED';
  return card.expired ? 'CARD_EXPIRED' : null;
}
