// The other methods' rules (pure). Mirror the server's schemas in shared/contracts/src/payments.ts
// (methodForms.test.ts checks they agree).

export const PAYMENT_METHODS = ['card', 'wallet', 'upi', 'netbanking', 'cash'] as const;
export type CheckoutMethod = (typeof PAYMENT_METHODS)[number];
export const isCheckoutMethod = (value: string): value is CheckoutMethod => (PAYMENT_METHODS as readonly string[]).includes(value);

const VPA = /^[a-z0-9._-]{2,256}@[a-z][a-z0-9]{1,63}$/;

/** A UPI id as the server keeps it: trimmed, lower case. */
export const normaliseVpa = (value: string): string => value.trim().toLowerCase();

/** Message id of the problem with a UPI id, or null. */
export function upiError(value: string): string | null {
  const vpa = normaliseVpa(value);
  if (!vpa) return 'checkout.upi.error.required';
  if (!vpa.includes('@')) return 'checkout.upi.error.noAt';
  return VPA.test(vpa) ? null : 'checkout.upi.error.format';
}

/** Message id when no option (bank, wallet) of `options` is chosen, or null. */
export function choiceError(value: string, options: readonly { code: string }[], method: 'netbanking' | 'wallet'): string | null {
  if (!value) return method === 'netbanking' ? 'checkout.netbanking.error.required' : 'checkout.wallet.error.required';
  return options.some((o) => o.code === value) ? null : method === 'netbanking' ? 'checkout.netbanking.error.required' : 'checkout.wallet.error.required';
}
