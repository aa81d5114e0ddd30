// The hosted pages, rendered on the server: plain forms (no script needed but the callback's auto-submit, allowed by a
// CSP nonce), one column that fits 360 px, every input labelled, errors announced. The forms are deliberately simple
// (`<form method="post" action="…">` with `<input name value>`): driver.ts reads them with regular expressions, as a
// browser would submit them, so a broken page breaks the API tests too.
import type { CheckoutSession, Order, Payment } from './ledger';

export const esc = (s: string | number | null | undefined) =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
export const rupees = (paise: number) => RUPEES.format(paise / 100);

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f3f4f6}
header{background:#0b3d91;color:#fff;padding:.75rem 1rem}
header p{margin:0;font-weight:600}
header small{display:block;font-weight:400;opacity:.9}
main{max-width:28rem;margin:0 auto;padding:1rem}
h1{font-size:1.25rem;margin:.25rem 0}
h2{font-size:1.1rem;margin:0}
.amount{font-size:1.75rem;font-weight:700;margin:.25rem 0}
.card{background:#fff;border:1px solid #d1d5db;border-radius:.5rem;padding:1rem;margin:0 0 1rem}
details{background:#fff;border:1px solid #d1d5db;border-radius:.5rem;margin:0 0 .75rem}
summary{padding:.9rem 1rem;font-weight:600;cursor:pointer}
details>div{padding:0 1rem 1rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input,select{display:block;width:100%;font:inherit;padding:.6rem .7rem;border:1px solid #6b7280;border-radius:.375rem;background:#fff;color:inherit}
input[aria-invalid=true]{border-color:#b91c1c;border-width:2px}
.row{display:flex;gap:.75rem}
.row>div{flex:1;min-width:0}
button,.button{display:block;width:100%;margin:1rem 0 0;padding:.75rem 1rem;font:inherit;font-weight:600;border-radius:.375rem;border:2px solid #0b3d91;background:#0b3d91;color:#fff;text-align:center;text-decoration:none;cursor:pointer}
button.secondary,.button.secondary{background:#fff;color:#0b3d91}
button.danger{background:#fff;color:#b91c1c;border-color:#b91c1c}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.error{color:#b91c1c;font-weight:600;margin:.25rem 0 0}
.alert{background:#fef2f2;border:1px solid #b91c1c;color:#7f1d1d;border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1rem}
.ok{background:#ecfdf5;border:1px solid #047857;color:#064e3b;border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1rem}
.hint{color:#4b5563;font-size:.9rem;margin:.25rem 0 0}
.muted{color:#4b5563}
code{word-break:break-all}
ul{list-style:none;padding:0;margin:0}
a{color:#0b3d91}
`;

export function layout(opts: { title: string; nonce: string; body: string; refreshSeconds?: number }): string {
  const refresh = opts.refreshSeconds ? `<meta http-equiv="refresh" content="${opts.refreshSeconds}">` : '';
  return `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${refresh}<title>${esc(opts.title)} · Sawari Dev Gateway</title>
<style nonce="${opts.nonce}">${CSS}</style>
</head>
<body>
<header><p>Sawari Dev Gateway · test mode<small>No real money moves. Use the test instruments only.</small></p></header>
<main id="main">
${opts.body}
</main>
</body>
</html>
`;
}

export function orderSummary(session: Pick<CheckoutSession, 'name' | 'description'>, order: Pick<Order, 'amount' | 'id'>): string {
  return `<section class="card" aria-labelledby="merchant">
<h1 id="merchant">${esc(session.name || 'Merchant')}</h1>
${session.description ? `<p class="muted">${esc(session.description)}</p>` : ''}
<p class="amount" id="amount">${esc(rupees(order.amount))}</p>
<p class="hint">Order <code>${esc(order.id)}</code></p>
</section>`;
}

export type FieldErrors = Record<string, string | undefined>;

function field(opts: { id: string; name: string; label: string; value?: string; errors?: FieldErrors; hint?: string; attrs?: string; type?: string }): string {
  const err = opts.errors?.[opts.name];
  const described = [opts.hint ? `${opts.id}-hint` : '', err ? `${opts.id}-error` : ''].filter(Boolean).join(' ');
  return `<label for="${opts.id}">${esc(opts.label)}</label>
<input id="${opts.id}" name="${opts.name}" type="${opts.type ?? 'text'}" value="${esc(opts.value ?? '')}"${described ? ` aria-describedby="${described}"` : ''}${err ? ' aria-invalid="true"' : ''} ${opts.attrs ?? ''}>
${opts.hint ? `<p class="hint" id="${opts.id}-hint">${esc(opts.hint)}</p>` : ''}${err ? `<p class="error" id="${opts.id}-error">${esc(err)}</p>` : ''}`;
}

function select(id: string, name: string, label: string, options: readonly string[], selected: string, names: Record<string, string>): string {
  const opts = options.map((o) => `<option value="${esc(o)}"${o === selected ? ' selected' : ''}>${esc(names[o] ?? o)}</option>`).join('');
  return `<label for="${id}">${esc(label)}</label>
<select id="${id}" name="${name}">${opts}</select>`;
}

export const BANK_NAMES: Record<string, string> = {
  SBI: 'State Bank of India',
  HDFC: 'HDFC Bank',
  ICICI: 'ICICI Bank',
  AXIS: 'Axis Bank',
  KOTAK: 'Kotak Mahindra Bank',
};
export const WALLET_NAMES: Record<string, string> = { PAYTM: 'Paytm', PHONEPE: 'PhonePe', AMAZONPAY: 'Amazon Pay', MOBIKWIK: 'MobiKwik' };

export interface CheckoutView {
  session: CheckoutSession;
  order: Order;
  nonce: string;
  banks: readonly string[];
  wallets: readonly string[];
  /** A message for the whole page (last attempt failed, order already paid, time ran out). */
  alert?: string;
  /** The page takes no payment (paid, or the time ran out). */
  closed: boolean;
  open: string;
  errors?: FieldErrors;
  values?: Record<string, string>;
}

export function checkoutPage(v: CheckoutView): string {
  const base = `/checkout/${v.session.id}`;
  const values = v.values ?? {};
  const cancel = v.session.cancelUrl
    ? `<a class="button secondary" id="cancel-payment" href="${esc(v.session.cancelUrl)}">${v.closed ? 'Back to the merchant' : 'Cancel payment'}</a>`
    : '';
  const alert = v.alert ? `<div class="alert" role="alert" id="page-alert">${esc(v.alert)}</div>` : '';
  if (v.closed) return layout({ title: 'Checkout', nonce: v.nonce, body: `${orderSummary(v.session, v.order)}${alert}${cancel}` });

  const sections: Record<string, string> = {
    card: `<details id="method-card"${v.open === 'card' ? ' open' : ''}><summary>Card</summary><div>
<form method="post" action="${base}/card" novalidate>
${field({ id: 'card-number', name: 'number', label: 'Card number', value: values.number, errors: v.errors, attrs: 'inputmode="numeric" autocomplete="cc-number" maxlength="23"' })}
<div class="row"><div>
${field({ id: 'card-expiry', name: 'expiry', label: 'Expiry (MM/YY)', value: values.expiry, errors: v.errors, attrs: 'inputmode="numeric" autocomplete="cc-exp" maxlength="5" placeholder="MM/YY"' })}
</div><div>
${field({ id: 'card-cvv', name: 'cvv', label: 'CVV', type: 'password', errors: v.errors, attrs: 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"' })}
</div></div>
${field({ id: 'card-name', name: 'name', label: 'Name on the card', value: values.name, errors: v.errors, attrs: 'autocomplete="cc-name"' })}
<button type="submit">Pay ${esc(rupees(v.order.amount))}</button>
</form></div></details>`,
    upi: `<details id="method-upi"${v.open === 'upi' ? ' open' : ''}><summary>UPI</summary><div>
<form method="post" action="${base}/upi" novalidate>
${field({ id: 'upi-vpa', name: 'vpa', label: 'UPI ID', value: values.vpa ?? v.session.prefill.vpa, errors: v.errors, hint: 'For example name@okhdfcbank. A collect request is sent to your UPI app.', attrs: 'autocomplete="off" autocapitalize="none" spellcheck="false"' })}
<button type="submit">Send a collect request</button>
</form>
<form method="post" action="${base}/upi-intent">
<p class="hint">Or pay with any UPI app on this phone.</p>
<button type="submit" class="secondary">Pay with a UPI app</button>
</form></div></details>`,
    netbanking: `<details id="method-netbanking"${v.open === 'netbanking' ? ' open' : ''}><summary>Netbanking</summary><div>
<form method="post" action="${base}/netbanking">
${select('nb-bank', 'bank', 'Your bank', v.banks, values.bank ?? v.session.prefill.bank, BANK_NAMES)}
${v.errors?.bank ? `<p class="error">${esc(v.errors.bank)}</p>` : ''}
<button type="submit">Continue to the bank</button>
</form></div></details>`,
    wallet: `<details id="method-wallet"${v.open === 'wallet' ? ' open' : ''}><summary>Wallet</summary><div>
<form method="post" action="${base}/wallet">
${select('wallet-name', 'wallet', 'Your wallet', v.wallets, values.wallet ?? v.session.prefill.wallet, WALLET_NAMES)}
${v.errors?.wallet ? `<p class="error">${esc(v.errors.wallet)}</p>` : ''}
<button type="submit">Continue to the wallet</button>
</form></div></details>`,
  };
  const order = [v.open, ...Object.keys(sections).filter((k) => k !== v.open)].filter((k) => sections[k]);
  const body = `${orderSummary(v.session, v.order)}${alert}
<section aria-labelledby="methods"><h2 id="methods" class="muted">Choose how to pay</h2>
${order.map((k) => sections[k]).join('\n')}
</section>
${cancel}`;
  return layout({ title: 'Checkout', nonce: v.nonce, body });
}

interface PaymentPageCommon {
  session: CheckoutSession;
  order: Order;
  payment: Payment;
  nonce: string;
}

export function threeDsPage(v: PaymentPageCommon & { triesLeft: number; wrong: boolean }): string {
  const action = `/checkout/${v.session.id}/pay/${v.payment.id}`;
  const card = v.payment.card!;
  const err = v.wrong ? `That OTP is wrong. ${v.triesLeft} ${v.triesLeft === 1 ? 'try' : 'tries'} left.` : '';
  const body = `${orderSummary(v.session, v.order)}
<section class="card" aria-labelledby="tds">
<h2 id="tds">3-D Secure: ${esc(card.network)} •••• ${esc(card.last4)}</h2>
<p>Enter the OTP sent to your phone. (Test OTP: <code>123456</code>.)</p>
${err ? `<div class="alert" role="alert" id="page-alert">${esc(err)}</div>` : ''}
<form method="post" action="${action}">
<input type="hidden" name="step" value="otp">
${field({ id: 'otp', name: 'otp', label: 'OTP', errors: err ? { otp: err } : undefined, attrs: 'inputmode="numeric" autocomplete="one-time-code" maxlength="6" autofocus' })}
<button type="submit">Verify and pay</button>
</form>
<form method="post" action="${action}">
<input type="hidden" name="step" value="cancel">
<button type="submit" class="danger">Cancel</button>
</form>
</section>`;
  return layout({ title: '3-D Secure', nonce: v.nonce, body });
}

export function bankPage(v: PaymentPageCommon): string {
  const action = `/checkout/${v.session.id}/pay/${v.payment.id}`;
  const bank = BANK_NAMES[v.payment.bank ?? ''] ?? v.payment.bank;
  const form = (step: string, label: string, cls = '') =>
    `<form method="post" action="${action}"><input type="hidden" name="step" value="${step}"><button type="submit"${cls ? ` class="${cls}"` : ''}>${label}</button></form>`;
  const body = `<section class="card" aria-labelledby="bank">
<h1 id="bank">${esc(bank)} · test netbanking</h1>
<p>Pay <strong>${esc(rupees(v.payment.amount))}</strong> to ${esc(v.session.name || 'the merchant')}.</p>
<p class="hint">Reference <code>${esc(v.payment.id)}</code></p>
${form('bank-success', 'Pay')}
${form('bank-failure', 'Fail', 'danger')}
${form('bank-close', 'Close the bank page', 'secondary')}
</section>`;
  return layout({ title: String(bank), nonce: v.nonce, body });
}

export function walletPage(v: PaymentPageCommon): string {
  const action = `/checkout/${v.session.id}/pay/${v.payment.id}`;
  const wallet = WALLET_NAMES[v.payment.wallet ?? ''] ?? v.payment.wallet;
  const body = `<section class="card" aria-labelledby="wallet">
<h1 id="wallet">${esc(wallet)} · test wallet</h1>
<p>Pay <strong>${esc(rupees(v.payment.amount))}</strong> to ${esc(v.session.name || 'the merchant')}. Balance ₹2,000.00.</p>
<form method="post" action="${action}"><input type="hidden" name="step" value="wallet-approve"><button type="submit">Approve</button></form>
<form method="post" action="${action}"><input type="hidden" name="step" value="wallet-cancel"><button type="submit" class="secondary">Cancel</button></form>
</section>`;
  return layout({ title: String(wallet), nonce: v.nonce, body });
}

export function upiWaitingPage(v: PaymentPageCommon & { secondsLeft: number; intentLink: string | null }): string {
  const m = Math.floor(v.secondsLeft / 60);
  const s = String(v.secondsLeft % 60).padStart(2, '0');
  const what = v.intentLink
    ? `<p>Open this link in a UPI app to pay:</p>
<p><a id="upi-intent-link" href="${esc(v.intentLink)}">${esc(v.intentLink)}</a></p>
<p><a href="/upi-app?intent=${esc(v.payment.id)}" target="_blank" rel="noopener">Open the test UPI app (new tab)</a></p>`
    : `<p>We sent a collect request to <strong>${esc(v.payment.vpa)}</strong>. Approve it in your UPI app.</p>
<p><a href="/upi-app?vpa=${encodeURIComponent(v.payment.vpa ?? '')}" target="_blank" rel="noopener">Open the test UPI app (new tab)</a></p>`;
  const body = `${orderSummary(v.session, v.order)}
<section class="card" aria-labelledby="upi-wait">
<h2 id="upi-wait">Waiting for your approval</h2>
${what}
<p id="upi-waiting" data-payment-id="${esc(v.payment.id)}" role="status">Time left: ${m}:${s}. This page checks again every few seconds.</p>
<a class="button secondary" href="/checkout/${esc(v.session.id)}/pay/${esc(v.payment.id)}">Check now</a>
<a class="button secondary" href="/checkout/${esc(v.session.id)}">Pay another way</a>
</section>
${v.session.cancelUrl ? `<a class="button secondary" id="cancel-payment" href="${esc(v.session.cancelUrl)}">Cancel payment</a>` : ''}`;
  return layout({ title: 'Waiting for UPI', nonce: v.nonce, body, refreshSeconds: 3 });
}

/** The end of a payment: a form to the merchant's callback_url, submitted at once (and a Continue button without script). */
export function callbackPage(v: {
  session: CheckoutSession;
  order: Order;
  nonce: string;
  fields: Record<string, string>;
  success: boolean;
  message: string;
  retryHref: string | null;
}): string {
  const inputs = Object.entries(v.fields)
    .map(([k, val]) => `<input type="hidden" name="${esc(k)}" value="${esc(val)}">`)
    .join('\n');
  const body = `${orderSummary(v.session, v.order)}
<div class="${v.success ? 'ok' : 'alert'}" role="${v.success ? 'status' : 'alert'}" id="page-alert">${esc(v.message)}</div>
<form id="gateway-callback" method="post" action="${esc(v.session.callbackUrl)}">
${inputs}
<button type="submit">Continue</button>
</form>
${v.retryHref ? `<a class="button secondary" href="${esc(v.retryHref)}">Try again</a>` : ''}
<script nonce="${v.nonce}">document.getElementById('gateway-callback').submit();</script>`;
  return layout({ title: v.success ? 'Payment successful' : 'Payment failed', nonce: v.nonce, body });
}

export function messagePage(nonce: string, title: string, message: string): string {
  return layout({ title, nonce, body: `<section class="card"><h1>${esc(title)}</h1><p role="alert" id="page-alert">${esc(message)}</p></section>` });
}

export interface UpiRequestView {
  payment: Payment;
  merchant: string;
  intent: boolean;
}

export function upiAppPage(v: { nonce: string; vpa: string; requests: UpiRequestView[]; notice?: string; intentId?: string }): string {
  const items = v.requests
    .map((r) => {
      const action = `/upi-app/requests/${r.payment.id}`;
      const back = v.intentId ? `intent=${encodeURIComponent(v.intentId)}` : `vpa=${encodeURIComponent(v.vpa)}`;
      const payer = r.intent
        ? `<label for="vpa-${esc(r.payment.id)}">Pay from UPI ID</label><input id="vpa-${esc(r.payment.id)}" name="vpa" value="success@upi" autocapitalize="none" spellcheck="false">`
        : '';
      return `<li class="card" data-payment-id="${esc(r.payment.id)}">
<h2>${esc(r.merchant)} requests ${esc(rupees(r.payment.amount))}</h2>
<p class="hint">Reference <code>${esc(r.payment.id)}</code></p>
<form method="post" action="${action}"><input type="hidden" name="action" value="approve"><input type="hidden" name="back" value="${esc(back)}">
${payer}<button type="submit">Approve</button></form>
<form method="post" action="${action}"><input type="hidden" name="action" value="decline"><input type="hidden" name="back" value="${esc(back)}"><button type="submit" class="danger">Decline</button></form>
</li>`;
    })
    .join('\n');
  const body = `<section class="card" aria-labelledby="upiapp">
<h1 id="upiapp">Test UPI app</h1>
<form method="get" action="/upi-app">
<label for="app-vpa">Your UPI ID</label><input id="app-vpa" name="vpa" value="${esc(v.vpa)}" autocapitalize="none" spellcheck="false">
<button type="submit" class="secondary">Show my requests</button>
</form>
</section>
${v.notice ? `<div class="ok" role="status" id="page-alert">${esc(v.notice)}</div>` : ''}
<h2>Pending requests</h2>
${items ? `<ul id="upi-requests">${items}</ul>` : '<p id="upi-requests-empty">No pending requests.</p>'}`;
  return layout({ title: 'UPI app', nonce: v.nonce, body, refreshSeconds: items ? undefined : 5 });
}
