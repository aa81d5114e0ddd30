import { randomInt } from 'node:crypto';

/**
 * The reference a rider reads out at a cash counter (docs/payments.md "Cash at the counter"): 8 characters from an
 * alphabet without the look-alikes 0/O, 1/I/L and U (so it can be said, heard and typed without doubt), shown in two
 * groups of four ("K7QX-M4TP"). 30^8 ≈ 6.6 × 10^11 (39 bits) drawn with the system's CSPRNG: not guessable in any
 * number of tries an operator's counter could make, and unique (payments_counter_reference; a clash draws again).
 */
export const COUNTER_REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 8;

/** A new reference, formatted "XXXX-XXXX". */
export function newCounterReference(): string {
  let s = '';
  for (let i = 0; i < LENGTH; i++) s += COUNTER_REFERENCE_ALPHABET[randomInt(COUNTER_REFERENCE_ALPHABET.length)];
  return `${s.slice(0, 4)}-${s.slice(4)}`;
}

/**
 * What a counter typed, as the stored reference ("k7qx m4tp", "K7QXM4TP", "K7QX-M4TP" → "K7QX-M4TP"); null when it is
 * not a reference (wrong length, or a character outside the alphabet, which no reference has).
 */
export function parseCounterReference(typed: string): string | null {
  const s = typed.toUpperCase().replace(/[\s-]/g, '');
  if (s.length !== LENGTH || [...s].some((c) => !COUNTER_REFERENCE_ALPHABET.includes(c))) return null;
  return `${s.slice(0, 4)}-${s.slice(4)}`;
}
