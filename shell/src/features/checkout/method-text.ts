// How a payment method is named and described (the server's label for a method the app does not know).
import type { IntlShape } from 'react-intl';
import type { MethodInfo } from './checkout-types';

export const KNOWN: readonly string[] = ['card', 'wallet', 'upi', 'netbanking', 'cash'];
export const methodTitle = (intl: IntlShape, m: MethodInfo) => (KNOWN.includes(m.method) ? intl.formatMessage({ id: `checkout.method.${m.method}` }) : m.label);
export function methodDescription(intl: IntlShape, m: MethodInfo): string {
  if (m.options.length) return m.options.map((o) => o.label).join(', ');
  return KNOWN.includes(m.method) ? intl.formatMessage({ id: `checkout.method.${m.method}.desc` }) : '';
}
