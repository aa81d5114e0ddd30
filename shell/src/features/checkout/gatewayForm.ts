// Going to the payment gateway's own page (docs/payment-gateway.md "Hosted checkout"): a form with the pay answer's
// fields, posted by the browser as a top-level navigation to the gateway's origin (the page's CSP form-action allows
// 'self' and that origin only). The rider types card numbers, OTPs and UPI ids there, never on our origin.
import type { HostedCheckout } from '@sawari/contracts';

/** The gateway's page URL when it is one a form may be posted to (http or https), else null. */
export function checkoutAction(checkout: Pick<HostedCheckout, 'action'>): string | null {
  try {
    const url = new URL(checkout.action);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Builds `<form method="POST" action=…>` with one hidden input per field and submits it. False (nothing sent) when
 * the action is not a web address.
 */
export function postToGateway(checkout: Pick<HostedCheckout, 'action' | 'fields'>, doc: Document = document): boolean {
  const action = checkoutAction(checkout);
  if (!action) return false;
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = action;
  form.acceptCharset = 'UTF-8';
  form.hidden = true;
  form.setAttribute('data-gateway-checkout', '');
  for (const [name, value] of Object.entries(checkout.fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.querySelector('form[data-gateway-checkout]')?.remove();
  doc.body.appendChild(form);
  form.submit();
  return true;
}
