/** Indian formats: ₹, en-IN digit grouping (12,34,567), card numbers masked in groups of four (spec §9). */
const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 2 });
const grouped = new Intl.NumberFormat('en-IN');

/** Amounts are integers in paise on the server; riders see rupees: ₹1,250 or ₹1,250.50. */
export const formatPaise = (paise: number): string => inr.format(paise / 100);
export const formatNumberIN = (n: number): string => grouped.format(n);

/** "1234567812345678" → "XXXX XXXX XXXX 5678". */
export function maskCardNumber(cardNumber: string): string {
  const digits = cardNumber.replace(/\D/g, '');
  const masked = digits.slice(0, -4).replace(/\d/g, 'X') + digits.slice(-4);
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}
