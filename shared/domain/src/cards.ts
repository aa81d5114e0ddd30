// Transit cards (spec §2 "Cards", §9; docs/cards.md): the operator's closed-loop card and NCMC (a RuPay card whose chip
// holds an offline wallet). Pure rules, no I/O: number checks, masking, the chip limit, eligibility before payment,
// recharge fees, and what a terminal writes on a tap. Amounts are integer paise.
import { cityMonth } from './city-time';
import { luhnValid } from './validation';
import { CARD_LOAD_FEE_LINE, RECHARGE_AMOUNT_LINE } from './fare-lines';

export const CARD_KINDS = ['closedLoop', 'ncmc'] as const;
export type CardKind = (typeof CARD_KINDS)[number];

/** The chip holds at most ₹2,000 (the NCMC offline wallet's cap; the closed-loop card keeps the same cap). */
export const CHIP_LIMIT_PAISE = 200_000;
/** Smallest recharge: ₹10. Recharges are whole rupees. */
export const MIN_RECHARGE_PAISE = 1_000;
/** Amounts offered as buttons (₹100, ₹200, ₹500, ₹1,000); a preset above what the card can take is shown disabled. */
export const RECHARGE_PRESETS_PAISE = [10_000, 20_000, 50_000, 100_000] as const;
/** The card issuer's fee for loading an NCMC offline wallet (flat ₹5 per load); the operator's own card has none. */
export const NCMC_LOAD_FEE_PAISE = 500;
/** Card numbers are 16 digits (closed-loop and RuPay NCMC alike). */
export const CARD_NUMBER_LENGTH = 16;
/** Closed-loop numbers start with the operator's issuer prefix (ISO/IEC 7812 major industry 9: national use). */
export const CLOSED_LOOP_PREFIX = '98';
/** RuPay IIN prefixes accepted for NCMC cards. */
export const RUPAY_PREFIXES = ['508', '353', '356', '60', '65', '81', '82'] as const;

/** Spaces and dashes a rider types between groups are dropped; anything else is kept (and refused by the checks). */
export const normalizeCardNumber = (raw: string): string => raw.replace(/[\s-]/g, '');

// Damm algorithm (a weakly totally anti-symmetric quasigroup of order 10): one check digit that catches every
// single-digit error and every swap of two adjacent digits (Luhn misses 09 ↔ 90).
const DAMM = [
  [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
  [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
  [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
  [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
  [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
  [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
  [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
  [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
  [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
  [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
];

/** The Damm interim digit of a digit string (0 when the string, check digit included, is valid). */
export function dammDigit(digits: string): number {
  let interim = 0;
  for (const c of digits) interim = DAMM[interim][c.charCodeAt(0) - 48];
  return interim;
}
export const dammValid = (digits: string): boolean => /^\d+$/.test(digits) && dammDigit(digits) === 0;
/** A closed-loop number from its first 15 digits (prefix 98 + 13 digits of serial): appends the check digit. */
export const withClosedLoopCheckDigit = (first15: string): string => first15 + String(dammDigit(first15));

export type CardNumberError = 'EMPTY' | 'NOT_DIGITS' | 'LENGTH' | 'PREFIX' | 'CHECK_DIGIT';
export type CardNumberCheck = { ok: true; digits: string } | { ok: false; error: CardNumberError };

/**
 * Checks a typed card number for its kind. Closed-loop: 16 digits, starting 98, the last a Damm check digit over the
 * first 15. NCMC: 16 digits, a RuPay prefix, Luhn.
 */
export function checkCardNumber(kind: CardKind, raw: string): CardNumberCheck {
  const digits = normalizeCardNumber(raw);
  if (!digits) return { ok: false, error: 'EMPTY' };
  if (!/^\d+$/.test(digits)) return { ok: false, error: 'NOT_DIGITS' };
  if (digits.length !== CARD_NUMBER_LENGTH) return { ok: false, error: 'LENGTH' };
  if (kind === 'closedLoop') {
    if (!digits.startsWith(CLOSED_LOOP_PREFIX)) return { ok: false, error: 'PREFIX' };
    return dammValid(digits) ? { ok: true, digits } : { ok: false, error: 'CHECK_DIGIT' };
  }
  if (!RUPAY_PREFIXES.some((p) => digits.startsWith(p))) return { ok: false, error: 'PREFIX' };
  return luhnValid(digits) ? { ok: true, digits } : { ok: false, error: 'CHECK_DIGIT' };
}

/** The kind a number belongs to (a terminal reads a card without being told), or null when it is neither. */
export function cardKindOf(raw: string): CardKind | null {
  for (const kind of CARD_KINDS) if (checkCardNumber(kind, raw).ok) return kind;
  return null;
}

/** Card names: letters of any script, digits, spaces and . ' - (1–30 characters after trimming). */
export const CARD_NAME_MAX = 30;
export const isValidCardName = (name: string): boolean => {
  const t = name.trim();
  return t.length >= 1 && t.length <= CARD_NAME_MAX && /^[\p{L}\p{M}\p{N} .'-]+$/u.test(t);
};

/** What the rider sees of a linked card: "XXXX XXXX XXXX 1234" from its last four (spec §9: groups of four). */
export function maskedFromLast4(last4: string, length = CARD_NUMBER_LENGTH): string {
  return ('X'.repeat(Math.max(0, length - last4.length)) + last4).replace(/(.{4})(?=.)/g, '$1 ');
}

/** Digits grouped by four as the rider types them ("9812 3456 78"). */
export const groupDigits = (raw: string): string => normalizeCardNumber(raw).replace(/(.{4})(?=.)/g, '$1 ');

/** "YYYY-MM" of an instant in Asia/Kolkata (city-time's cityMonth). */
export const kolkataMonth = (now: number): string => cityMonth(now);

/** A card valid through "YYYY-MM" works to the end of that month in India time; expired from the next month. */
export const isCardExpired = (validThru: string | null, now: number): boolean => !!validThru && kolkataMonth(now) > validThru;

/** What the chip can still take: limit − chip − money already on its way (frozen, staged and pending loads). */
export const roomOnChipPaise = (chipPaise: number, committedPaise: number, limit = CHIP_LIMIT_PAISE): number => Math.max(0, limit - chipPaise - committedPaise);

/** The largest recharge allowed now: the room on the chip in whole rupees. */
export const maxRechargePaise = (chipPaise: number, committedPaise: number, limit = CHIP_LIMIT_PAISE): number =>
  Math.floor(roomOnChipPaise(chipPaise, committedPaise, limit) / 100) * 100;

export type CardStatus = 'ACTIVE' | 'BLOCKED';
export type EligibilityRefusal = 'CARD_BLOCKED' | 'CARD_EXPIRED' | 'AMOUNT_NOT_WHOLE_RUPEES' | 'AMOUNT_TOO_SMALL' | 'CHIP_LIMIT_REACHED' | 'OVER_CHIP_LIMIT';
export type Eligibility = { eligible: true; maxPaise: number } | { eligible: false; reason: EligibilityRefusal; maxPaise: number };

/**
 * Eligibility before any money moves (spec §7 "eligibility"): a blocked or expired card is refused; the amount must be
 * whole rupees, at least ₹10, and keep chip + committed + amount within the ₹2,000 limit (exactly ₹2,000 is allowed).
 */
export function rechargeEligibility(
  card: { status: CardStatus; validThru: string | null; chipPaise: number; committedPaise: number },
  amountPaise: number,
  now: number,
): Eligibility {
  const maxPaise = maxRechargePaise(card.chipPaise, card.committedPaise);
  if (card.status === 'BLOCKED') return { eligible: false, reason: 'CARD_BLOCKED', maxPaise: 0 };
  if (isCardExpired(card.validThru, now)) return { eligible: false, reason: 'CARD_EXPIRED', maxPaise: 0 };
  if (!Number.isInteger(amountPaise) || amountPaise % 100 !== 0) return { eligible: false, reason: 'AMOUNT_NOT_WHOLE_RUPEES', maxPaise };
  if (maxPaise < MIN_RECHARGE_PAISE) return { eligible: false, reason: 'CHIP_LIMIT_REACHED', maxPaise };
  if (amountPaise < MIN_RECHARGE_PAISE) return { eligible: false, reason: 'AMOUNT_TOO_SMALL', maxPaise };
  if (amountPaise > maxPaise) return { eligible: false, reason: 'OVER_CHIP_LIMIT', maxPaise };
  return { eligible: true, maxPaise };
}

export const rechargeFeePaise = (kind: CardKind): number => (kind === 'ncmc' ? NCMC_LOAD_FEE_PAISE : 0);

/** The fee breakup (spec §3 fareBreakup name/value lines) and what the rider pays: the load plus the fee. */
export function rechargeBreakup(kind: CardKind, amountPaise: number): { lines: { name: string; value: number }[]; feePaise: number; payablePaise: number } {
  const feePaise = rechargeFeePaise(kind);
  const lines = [{ name: RECHARGE_AMOUNT_LINE, value: amountPaise }];
  if (feePaise) lines.push({ name: CARD_LOAD_FEE_LINE, value: feePaise });
  return { lines, feePaise, payablePaise: amountPaise + feePaise };
}

export type TapDecline = 'INSUFFICIENT_BALANCE';
export interface TapOutcome {
  /** Loads written onto the chip by this tap, in the order given. */
  written: string[];
  /** Chip balance after the loads and before the fare. */
  afterLoadsPaise: number;
  /** The fare taken (0 when declined). */
  fareDeductedPaise: number;
  balancePaise: number;
  declined: TapDecline | null;
}

/**
 * What a terminal does on one tap (the "balance update" then the fare): pending loads are written oldest first, each
 * only if the chip stays within the limit after it; then the fare is taken if the chip holds it (never negative),
 * else the tap is declined; loads that did not fit before the fare are tried again after it. The limit holds after
 * every single step.
 */
export function applyTap(chipPaise: number, pending: readonly { id: string; amountPaise: number }[], farePaise: number, limit = CHIP_LIMIT_PAISE): TapOutcome {
  let balance = chipPaise;
  const written: string[] = [];
  const left: { id: string; amountPaise: number }[] = [];
  for (const load of pending) {
    if (balance + load.amountPaise <= limit) {
      balance += load.amountPaise;
      written.push(load.id);
    } else left.push(load);
  }
  const afterLoadsPaise = balance;
  if (farePaise > balance) return { written, afterLoadsPaise, fareDeductedPaise: 0, balancePaise: balance, declined: 'INSUFFICIENT_BALANCE' };
  balance -= farePaise;
  for (const load of left) {
    if (balance + load.amountPaise <= limit) {
      balance += load.amountPaise;
      written.push(load.id);
    }
  }
  return { written, afterLoadsPaise, fareDeductedPaise: farePaise, balancePaise: balance, declined: null };
}
