// The card form's rules (pure: no DOM, no clock of its own). Mirrors the server's card schema in
// shared/contracts/src/payments.ts (cardForm.test.ts checks the two agree) without shipping zod to the browser.
import { CITY_TIME_ZONE, luhnValid } from '@sawari/domain';

export type CardForm = { number: string; expiry: string; cvv: string; name: string };
export type CardField = keyof CardForm;
/** Field → message id (react-intl). */
export type CardErrors = Partial<Record<CardField, string>>;
export const CARD_FIELDS: readonly CardField[] = ['number', 'expiry', 'cvv', 'name'];
export const EMPTY_CARD: CardForm = { number: '', expiry: '', cvv: '', name: '' };

export const CARD_MIN_DIGITS = 12;
export const CARD_MAX_DIGITS = 19;
/** How far ahead an expiry date may be (cards are issued for at most about 10 years; 20 leaves room). */
export const MAX_EXPIRY_YEARS_AHEAD = 20;

export const digitsOf = (value: string): string => value.replace(/\D/g, '');

/** What the rider typed as a card number, shown in groups of four: "4111111111111111" → "4111 1111 1111 1111". */
export function formatCardNumberInput(raw: string): string {
  return digitsOf(raw)
    .slice(0, CARD_MAX_DIGITS)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Expiry as typed: digits become "MM/YY" ("1" → "1", "12" → "12/", "1230" → "12/30"); deleting the slash works. */
export function formatExpiryInput(raw: string, previous = ''): string {
  const digits = digitsOf(raw).slice(0, 4);
  // Backspace over the slash: "12/" → "12" must not come back as "12/".
  if (previous.endsWith('/') && raw.length < previous.length) return digits.slice(0, 1);
  if (digits.length === 1 && Number(digits) > 1) return `0${digits}/`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** "MM/YY" (or "MM/YYYY") → month and four-digit year; null when it is not a date. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** The month now in city time (a card is valid to the end of its expiry month, wherever the rider's device thinks it is). */
export function cityYearMonth(nowMs: number): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: CITY_TIME_ZONE, year: 'numeric', month: 'numeric' }).formatToParts(nowMs);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month') };
}

const NAME = /^[A-Za-z][A-Za-z .'-]{0,59}$/;

/** Every problem with the card form, as message ids; empty when it can be sent. */
export function validateCard(form: CardForm, nowMs: number): CardErrors {
  const errors: CardErrors = {};
  const digits = digitsOf(form.number);
  if (!digits) errors.number = 'checkout.card.error.numberRequired';
  else if (/[^\d\s-]/.test(form.number) || digits.length < CARD_MIN_DIGITS || digits.length > CARD_MAX_DIGITS)
    errors.number = 'checkout.card.error.numberLength';
  else if (!luhnValid(digits)) errors.number = 'checkout.card.error.numberInvalid';

  if (!form.expiry.trim()) errors.expiry = 'checkout.card.error.expiryRequired';
  else {
    const expiry = parseExpiry(form.expiry);
    const now = cityYearMonth(nowMs);
    if (!expiry) errors.expiry = 'checkout.card.error.expiryFormat';
    else if (expiry.year < now.year || (expiry.year === now.year && expiry.month < now.month)) errors.expiry = 'checkout.card.error.expiryPast';
    else if (expiry.year > now.year + MAX_EXPIRY_YEARS_AHEAD) errors.expiry = 'checkout.card.error.expiryFar';
  }

  if (!form.cvv) errors.cvv = 'checkout.card.error.cvvRequired';
  else if (!/^\d{3,4}$/.test(form.cvv)) errors.cvv = 'checkout.card.error.cvvFormat';

  const name = form.name.trim().replace(/\s+/g, ' ');
  if (!name) errors.name = 'checkout.card.error.nameRequired';
  else if (!NAME.test(name)) errors.name = 'checkout.card.error.nameFormat';
  return errors;
}

/** The pay request's card details (only call after validateCard found nothing). */
export function cardDetails(form: CardForm): { number: string; expiryMonth: number; expiryYear: number; cvv: string; name: string } {
  const expiry = parseExpiry(form.expiry)!;
  return { number: digitsOf(form.number), expiryMonth: expiry.month, expiryYear: expiry.year, cvv: form.cvv, name: form.name.trim().replace(/\s+/g, ' ') };
}

/**
 * What identifies "the same card request" for idempotency bookkeeping without keeping the card number: the last four
 * digits and the expiry (the key is reused only for a request that looks the same; the server refuses a key reused
 * for a different request, and the client then starts a new attempt).
 */
export const cardFingerprint = (form: CardForm): string => {
  const e = parseExpiry(form.expiry);
  return `card:${digitsOf(form.number).slice(-4)}:${e ? `${e.month}/${e.year}` : ''}`;
};
