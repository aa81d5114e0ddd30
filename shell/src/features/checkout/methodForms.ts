// The methods' rules on our page (pure). What the rider chooses here is only the gateway page's prefill (a UPI id, a
// bank, a wallet): card numbers, expiry dates and CVVs are typed on the gateway's page only (docs/payment-gateway.md).
// Mirrors the server's schemas in shared/contracts/src/payments.ts (methodForms.test.ts checks they agree).

export const PAYMENT_METHODS = ['card', 'wallet', 'upi', 'netbanking', 'cash'] as const;
export type CheckoutMethod = (typeof PAYMENT_METHODS)[number];
export const isCheckoutMethod = (value: string): value is CheckoutMethod => (PAYMENT_METHODS as readonly string[]).includes(value);

/** upiVpaSchema's pattern (after trim and lower case). */
export const VPA = /^[a-z0-9._-]{2,256}@[a-z][a-z0-9]{1,63}$/;

/** A UPI id as the server keeps it: trimmed, lower case. */
export const normaliseVpa = (value: string): string => value.trim().toLowerCase();

/**
 * Message id of the problem with a UPI id, or null. The id is optional (the rider may type it on the gateway's page):
 * empty is fine, anything typed must be a UPI id.
 */
export function upiError(value: string): string | null {
  const vpa = normaliseVpa(value);
  if (!vpa) return null;
  if (!vpa.includes('@')) return 'checkout.upi.error.noAt';
  return VPA.test(vpa) ? null : 'checkout.upi.error.format';
}

/** Message id when no option (bank, wallet) of `options` is chosen, or null. */
export function choiceError(value: string, options: readonly { code: string }[], method: 'netbanking' | 'wallet' | 'cardBank'): string | null {
  const id =
    method === 'netbanking'
      ? 'checkout.netbanking.error.required'
      : method === 'wallet'
        ? 'checkout.wallet.error.required'
        : 'checkout.card.error.bankRequired';
  return value && options.some((o) => o.code === value) ? null : id;
}

/** What the rider chose on our page, as the pay request's prefill (only what the contract's payPrefillSchema takes). */
export type Prefill = { bank?: string; wallet?: string; vpa?: string };

/** The prefill of a method's form, and the fingerprint of that request for the attempt book (no secrets in either). */
export function prefillOf(
  method: CheckoutMethod,
  forms: { vpa: string; bank: string; wallet: string; cardBank: string },
): { prefill: Prefill; fingerprint: string } {
  switch (method) {
    case 'upi': {
      const vpa = normaliseVpa(forms.vpa);
      return { prefill: vpa ? { vpa } : {}, fingerprint: `upi:${vpa}` };
    }
    case 'netbanking':
      return { prefill: { bank: forms.bank }, fingerprint: `netbanking:${forms.bank}` };
    case 'wallet':
      return { prefill: { wallet: forms.wallet }, fingerprint: `wallet:${forms.wallet}` };
    case 'card':
      // a bank offer's bank, when the rider says the card is from it (ANOTHER: no bank declared)
      return forms.cardBank && forms.cardBank !== OTHER_BANK
        ? { prefill: { bank: forms.cardBank }, fingerprint: `card:${forms.cardBank}` }
        : { prefill: {}, fingerprint: 'card' };
    default:
      return { prefill: {}, fingerprint: method };
  }
}

/** The card bank choice's "a card from another bank" (no bank declared, so no bank offer). */
export const OTHER_BANK = 'OTHER';

/** The bank of a pass order's bank offer, from its fare line "Bank offer (HDFC)"; null when it has none. */
export function bankOfferBank(lines: readonly { name: string }[] | undefined): string | null {
  for (const l of lines ?? []) {
    const m = /^Bank offer \(([A-Za-z]{2,12})\)$/.exec(l.name);
    if (m) return m[1].toUpperCase();
  }
  return null;
}
