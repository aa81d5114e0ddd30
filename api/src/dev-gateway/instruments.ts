// What the test instruments mean: card networks and issuers by number, UPI banks by handle, the failures the hosted
// pages produce (docs/checkout.md "Test instruments (development gateway)").
import { TEST_CARDS, TEST_VPAS } from './defaults';

export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

export type CardNetwork = 'Visa' | 'MasterCard' | 'RuPay' | 'Amex' | 'Unknown';

export function cardNetwork(n: string): CardNetwork {
  if (/^3[47]/.test(n)) return 'Amex';
  if (/^(60|65|81|82|508)/.test(n)) return 'RuPay';
  if (/^4/.test(n)) return 'Visa';
  const two = Number(n.slice(0, 2));
  const four = Number(n.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'MasterCard';
  return 'Unknown';
}

const ISSUERS: { bin: RegExp; issuer: string }[] = [
  { bin: /^(489377|55226\d)/, issuer: 'HDFC' },
  { bin: /^(460133|607094)/, issuer: 'SBI' },
  { bin: /^(402656|524193)/, issuer: 'ICICI' },
  { bin: /^438628/, issuer: 'AXIS' },
  { bin: /^416643/, issuer: 'KOTAK' },
];

export function cardIssuer(n: string): string | null {
  return ISSUERS.find((i) => i.bin.test(n))?.issuer ?? null;
}

/** Debit: RuPay and the listed Indian bank BINs; credit: everything else (Amex, the generic test cards). */
export function cardType(n: string): 'debit' | 'credit' {
  return cardNetwork(n) === 'RuPay' || cardIssuer(n) !== null ? 'debit' : 'credit';
}

export interface CardFormInput {
  number: string;
  expiry: string;
  cvv: string;
  name: string;
}
export interface CardChecked {
  number: string;
  expMonth: number;
  expYear: number;
  name: string;
}

/** Form errors shown on the checkout page (nothing is charged); `null` fields are fine. */
export function checkCardForm(input: CardFormInput): { errors: Partial<Record<keyof CardFormInput, string>>; card?: CardChecked } {
  const errors: Partial<Record<keyof CardFormInput, string>> = {};
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) errors.number = 'Enter the 12 to 19 digits of the card number.';
  else if (!luhnValid(number)) errors.number = 'This card number is not valid: check the digits.';
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(input.expiry);
  const expMonth = m ? Number(m[1]) : 0;
  if (!m || expMonth < 1 || expMonth > 12) errors.expiry = 'Enter the expiry as MM/YY, for example 12/30.';
  const cvvLength = cardNetwork(number) === 'Amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvvLength}}$`).test(input.cvv.trim())) errors.cvv = `Enter the ${cvvLength} digits of the CVV.`;
  if (input.name.length > 100) errors.name = 'The name is too long.';
  if (Object.keys(errors).length > 0) return { errors };
  return { errors, card: { number, expMonth, expYear: 2000 + Number(m![2]), name: input.name.trim() } };
}

/** The card's month is over (a card is valid to the end of its expiry month). */
export function cardExpired(card: CardChecked, nowMs: number): boolean {
  const endOfMonth = Date.UTC(card.expYear, card.expMonth, 1); // first instant of the next month
  return nowMs >= endOfMonth;
}

export type FailureReason =
  'card_declined' | 'insufficient_funds' | 'card_expired' | 'authentication_failed' | 'payment_cancelled' | 'payment_timed_out' | 'payment_failed';

export interface PaymentError {
  code: 'BAD_REQUEST_ERROR' | 'GATEWAY_ERROR';
  description: string;
  source: string;
  step: string;
  reason: FailureReason;
}

export function failure(reason: FailureReason, detail?: string): PaymentError {
  switch (reason) {
    case 'card_declined':
      return {
        code: 'BAD_REQUEST_ERROR',
        description: 'Your payment has been declined by your bank. Try another card.',
        source: 'bank',
        step: 'payment_authorization',
        reason,
      };
    case 'insufficient_funds':
      return {
        code: 'BAD_REQUEST_ERROR',
        description: 'Your payment could not be completed due to insufficient balance. Try another method.',
        source: 'customer',
        step: 'payment_authorization',
        reason,
      };
    case 'card_expired':
      return { code: 'BAD_REQUEST_ERROR', description: 'Your card has expired. Try another card.', source: 'customer', step: 'payment_authorization', reason };
    case 'authentication_failed':
      return {
        code: 'BAD_REQUEST_ERROR',
        description: 'Payment failed because the OTP entered was incorrect.',
        source: 'customer',
        step: 'payment_authentication',
        reason,
      };
    case 'payment_cancelled':
      return { code: 'BAD_REQUEST_ERROR', description: 'You cancelled the payment.', source: 'customer', step: 'payment_authentication', reason };
    case 'payment_timed_out':
      return {
        code: 'BAD_REQUEST_ERROR',
        description: 'The payment request was not approved in time.',
        source: 'customer',
        step: 'payment_authentication',
        reason,
      };
    case 'payment_failed':
      return { code: 'BAD_REQUEST_ERROR', description: detail ?? 'The payment failed.', source: 'bank', step: 'payment_authorization', reason };
  }
}

const VPA = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,255}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
export function vpaValid(vpa: string): boolean {
  return VPA.test(vpa);
}

const UPI_BANKS: Record<string, string> = {
  okhdfcbank: 'HDFC',
  hdfcbank: 'HDFC',
  oksbi: 'SBI',
  sbi: 'SBI',
  okicici: 'ICICI',
  icici: 'ICICI',
  okaxis: 'AXIS',
  axisbank: 'AXIS',
  kotak: 'KOTAK',
};
export function upiBank(vpa: string): string | null {
  const handle = vpa.split('@')[1]?.toLowerCase() ?? '';
  return UPI_BANKS[handle] ?? null;
}

export const isNoRefundVpa = (vpa: string | null) => vpa?.toLowerCase() === TEST_VPAS.noRefund;
export const isFailureVpa = (vpa: string) => vpa.toLowerCase() === TEST_VPAS.failure;
/** `expire@upi`: its collect requests never reach the UPI app (nobody can approve them) and fail at expiry. */
export const isExpireVpa = (vpa: string) => vpa.toLowerCase() === TEST_VPAS.expire;

export function cardOutcome(card: CardChecked, nowMs: number): FailureReason | null {
  if (cardExpired(card, nowMs)) return 'card_expired';
  if (card.number === TEST_CARDS.declined) return 'card_declined';
  if (card.number === TEST_CARDS.insufficientFunds) return 'insufficient_funds';
  return null;
}
