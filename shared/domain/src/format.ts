/** Indian formats: ₹, en-IN digit grouping (12,34,567), card numbers masked in groups of four (spec §9). */
// Made on first use, not when the module loads: every page loads this module at start, and building an en-IN formatter
// is tens of milliseconds of main thread on a slow phone (docs/architecture.md "First paint of /app").
let inr: Intl.NumberFormat | undefined;
let inrPaise: Intl.NumberFormat | undefined;
let grouped: Intl.NumberFormat | undefined;

/**
 * Amounts are integers in paise on the server; riders see rupees: whole rupees without decimals (₹1,250), any paise
 * with both digits (₹22.50, never ₹22.5). en-IN grouping, Latin digits in every language.
 */
export const formatPaise = (paise: number): string =>
  Math.round(paise) % 100 === 0
    ? (inr ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 0 })).format(
        Math.round(paise) / 100,
      )
    : (inrPaise ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(
        Math.round(paise) / 100,
      );
export const formatNumberIN = (n: number): string => (grouped ??= new Intl.NumberFormat('en-IN')).format(n);

/** "1234567812345678" → "XXXX XXXX XXXX 5678". */
export function maskCardNumber(cardNumber: string): string {
  const digits = cardNumber.replace(/\D/g, '');
  const masked = digits.slice(0, -4).replace(/\d/g, 'X') + digits.slice(-4);
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}
