// A rider on the development gateway's hosted pages, over HTTP, for API tests that cannot run a browser: it submits
// the checkout form, reads each page's own HTML forms (regular expressions: the pages keep their forms simple), fills
// and submits them as a browser would, follows redirects, and stops where the browser would leave the gateway: the
// auto-submitted form to callback_url, the "Cancel payment" link to cancel_url, or a UPI request left waiting. It
// calls no internals of the gateway: a page that breaks breaks the tests that pay through it.

export type HostedInstrument =
  | { method: 'card'; number: string; expiry: string; cvv: string; name?: string; otp?: string; abandon?: boolean }
  | { method: 'upi'; vpa: string; approve?: boolean; flow?: 'collect' | 'intent' }
  | { method: 'netbanking'; bank: string; outcome: 'success' | 'failure' | 'close' }
  | { method: 'wallet'; wallet: string; approve?: boolean };

export type HostedOutcome =
  { kind: 'callback'; url: string; fields: Record<string, string> } | { kind: 'cancel'; url: string } | { kind: 'waiting'; paymentId: string };

/** The page did not offer what a rider would use next (an error on the page, a paid order, the time ran out). */
export class HostedPageError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly url: string,
    readonly html: string,
  ) {
    super(message);
    this.name = 'HostedPageError';
  }
}

export interface ParsedForm {
  id: string | null;
  method: 'get' | 'post';
  action: string;
  /** What the browser would submit untouched: hidden and prefilled inputs, the selected option of each select. */
  fields: Record<string, string>;
  /** Every named input and select of the form. */
  names: string[];
  options: Record<string, string[]>;
}

interface Page {
  url: string;
  status: number;
  html: string;
}

const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? '');

function attrs(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of s.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.[\]]*)(?:\s*=\s*"([^"]*)")?/g)) out[m[1].toLowerCase()] = decode(m[2] ?? '');
  return out;
}

export function parseForms(html: string, pageUrl: string): ParsedForm[] {
  const forms: ParsedForm[] = [];
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const a = attrs(m[1]);
    const inner = m[2];
    const fields: Record<string, string> = {};
    const names: string[] = [];
    const options: Record<string, string[]> = {};
    for (const i of inner.matchAll(/<input\b([^>]*)>/gi)) {
      const ia = attrs(i[1]);
      if (!ia.name) continue;
      names.push(ia.name);
      const type = (ia.type ?? 'text').toLowerCase();
      if ((type === 'checkbox' || type === 'radio') && !('checked' in ia)) continue;
      fields[ia.name] = ia.value ?? '';
    }
    for (const s of inner.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/gi)) {
      const sa = attrs(s[1]);
      if (!sa.name) continue;
      names.push(sa.name);
      const opts = [...s[2].matchAll(/<option\b([^>]*)>/gi)].map((o) => attrs(o[1]));
      options[sa.name] = opts.map((o) => o.value ?? '');
      const selected = opts.find((o) => 'selected' in o) ?? opts[0];
      if (selected) fields[sa.name] = selected.value ?? '';
    }
    forms.push({
      id: a.id ?? null,
      method: (a.method ?? 'get').toLowerCase() === 'post' ? 'post' : 'get',
      action: new URL(a.action ?? '', pageUrl).href,
      fields,
      names,
      options,
    });
  }
  return forms;
}

function alertText(html: string): string | null {
  const m = /id="page-alert"[^>]*>([\s\S]*?)<\//.exec(html) ?? /class="error"[^>]*>([\s\S]*?)<\//.exec(html);
  return m ? decode(m[1].replace(/<[^>]+>/g, '').trim()) : null;
}

async function request(url: string, method: 'get' | 'post', fields: Record<string, string>): Promise<Page> {
  let target = url;
  let init: RequestInit = { method: 'GET', redirect: 'manual' };
  if (method === 'post') {
    init = {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    };
  } else if (Object.keys(fields).length > 0) {
    const u = new URL(url);
    for (const [k, v] of Object.entries(fields)) u.searchParams.set(k, v);
    target = u.href;
  }
  for (let hops = 0; hops < 10; hops++) {
    const res = await fetch(target, init);
    if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
      await res.arrayBuffer();
      target = new URL(res.headers.get('location')!, target).href;
      init = { method: 'GET', redirect: 'manual' };
      continue;
    }
    return { url: target, status: res.status, html: await res.text() };
  }
  throw new Error(`payOnHostedPage: too many redirects from ${url}`);
}

const submit = (form: ParsedForm, overrides: Record<string, string> = {}) => request(form.action, form.method, { ...form.fields, ...overrides });

function fail(page: Page, what: string): never {
  const alert = alertText(page.html);
  throw new HostedPageError(`${what}${alert ? `: ${alert}` : ''} (HTTP ${page.status} at ${page.url})`, page.status, page.url, page.html);
}

function findForm(page: Page, test: (f: ParsedForm) => boolean, what: string): ParsedForm {
  const form = parseForms(page.html, page.url).find(test);
  if (!form) fail(page, `the page has no ${what}`);
  return form;
}

const byPath = (suffix: string) => (f: ParsedForm) => new URL(f.action).pathname.endsWith(suffix);
const byStep = (step: string) => (f: ParsedForm) => f.fields.step === step;

/** The auto-submitted form back to the merchant, if this page is the end of the payment. */
function callbackOf(page: Page): HostedOutcome | null {
  const form = parseForms(page.html, page.url).find((f) => f.id === 'gateway-callback');
  return form ? { kind: 'callback', url: form.action, fields: form.fields } : null;
}

/** "Cancel payment": the rider leaves by the cancel_url link. */
function leave(page: Page): HostedOutcome {
  const m = /<a\b[^>]*id="cancel-payment"[^>]*>/.exec(page.html);
  const href = m ? attrs(m[0].slice(2)).href : undefined;
  if (!href) fail(page, 'the page has no "Cancel payment" link');
  return { kind: 'cancel', url: new URL(href, page.url).href };
}

function link(page: Page, pattern: RegExp, what: string): string {
  for (const m of page.html.matchAll(/<a\b([^>]*)>/gi)) {
    const href = attrs(m[1]).href;
    if (href && pattern.test(href)) return new URL(href, page.url).href;
  }
  fail(page, `the page has no ${what} link`);
}

function chooseOption(form: ParsedForm, name: string, wanted: string, page: Page): string {
  const found = (form.options[name] ?? []).find((o) => o.toUpperCase() === wanted.toUpperCase());
  if (!found) fail(page, `the ${name} list has no "${wanted}" (it has ${(form.options[name] ?? []).join(', ')})`);
  return found;
}

/** Pays (or fails, or leaves) on the gateway's hosted checkout as a rider would, from the checkout form our API answered. */
export async function payOnHostedPage(checkout: { action: string; fields: Record<string, string> }, instrument: HostedInstrument): Promise<HostedOutcome> {
  const start = await request(checkout.action, 'post', checkout.fields);
  if (start.status !== 200) fail(start, 'the checkout did not open');
  const done = callbackOf(start);
  if (done) return done;

  switch (instrument.method) {
    case 'card': {
      const form = findForm(start, byPath('/card'), 'card form (paid, or the time ran out?)');
      let page = await submit(form, { number: instrument.number, expiry: instrument.expiry, cvv: instrument.cvv, name: instrument.name ?? 'Test Rider' });
      if (parseForms(page.html, page.url).some(byPath('/card'))) fail(page, 'the card form refused the card');
      if (instrument.abandon) {
        page = await submit(findForm(page, byStep('cancel'), '3-D Secure Cancel button'));
        return leave(page);
      }
      for (let tries = 0; tries < 3; tries++) {
        const otp = parseForms(page.html, page.url).find(byStep('otp'));
        if (!otp) break;
        page = await submit(otp, { otp: instrument.otp ?? '123456' });
      }
      return callbackOf(page) ?? fail(page, 'the 3-D Secure step did not end the payment');
    }
    case 'upi': {
      const intent = instrument.flow === 'intent';
      const form = findForm(start, byPath(intent ? '/upi-intent' : '/upi'), intent ? 'UPI app button' : 'UPI form (paid, or the time ran out?)');
      let page = await submit(form, intent ? {} : { vpa: instrument.vpa });
      const early = callbackOf(page);
      if (early) return early;
      if (!intent && parseForms(page.html, page.url).some(byPath('/upi'))) fail(page, 'the UPI form refused the UPI ID');
      const waiting = /id="upi-waiting"[^>]*data-payment-id="([^"]+)"/.exec(page.html);
      if (!waiting) fail(page, 'the page is not the UPI waiting page');
      const paymentId = waiting[1];
      if (instrument.approve === undefined) return { kind: 'waiting', paymentId };
      const app = await request(link(page, /^\/upi-app\?/, 'test UPI app'), 'get', {});
      const item = new RegExp(`<li\\b[^>]*data-payment-id="${paymentId}"[^>]*>([\\s\\S]*?)</li>`).exec(app.html);
      if (!item) fail(app, `the UPI app shows no pending request ${paymentId}`);
      const decision = parseForms(item[1], app.url).find((f) => f.fields.action === (instrument.approve ? 'approve' : 'decline'));
      if (!decision) fail(app, 'the UPI request has no Approve/Decline button');
      await submit(decision, intent && instrument.approve ? { vpa: instrument.vpa } : {});
      page = await request(page.url, 'get', {});
      return callbackOf(page) ?? { kind: 'waiting', paymentId };
    }
    case 'netbanking': {
      const form = findForm(start, byPath('/netbanking'), 'netbanking form (paid, or the time ran out?)');
      const bankPage = await submit(form, { bank: chooseOption(form, 'bank', instrument.bank, start) });
      const step = { success: 'bank-success', failure: 'bank-failure', close: 'bank-close' }[instrument.outcome];
      const page = await submit(findForm(bankPage, byStep(step), `bank page "${instrument.outcome}" button`));
      return instrument.outcome === 'close' ? leave(page) : (callbackOf(page) ?? fail(page, 'the bank page did not end the payment'));
    }
    case 'wallet': {
      const form = findForm(start, byPath('/wallet'), 'wallet form (paid, or the time ran out?)');
      const walletPage = await submit(form, { wallet: chooseOption(form, 'wallet', instrument.wallet, start) });
      const approve = instrument.approve ?? true;
      const page = await submit(findForm(walletPage, byStep(approve ? 'wallet-approve' : 'wallet-cancel'), 'wallet Approve/Cancel button'));
      return approve ? (callbackOf(page) ?? fail(page, 'the wallet page did not end the payment')) : leave(page);
    }
  }
}
