/** @jest-environment jsdom */
// The checkout with the payment gateway's hosted page (docs/payment-gateway.md), against a mocked network, in English
// and Hindi: the card screen has no card fields and one "Continue to pay" button; paying posts a form to the gateway
// (its action and hidden fields, submitted: jsdom cannot navigate, so submit is stubbed); the UPI id is optional and
// checked like the contract's; netbanking and wallets send their choice as the prefill; coming back with
// ?payment=<id>: pending with the UPI time left, pending without, "Check now", "Go back to the payment page" (the
// form again), a failed 3-D Secure check in words with Try again on a new key, the rider having left the page, the
// gateway not answering, success replacing the history entry, and a refused request shown with its message.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HostedCheckout, OrderStatus, Payment, PaymentMethodsResponse } from '@sawari/contracts';
import { formatPaise } from '@sawari/domain';
import { api, ApiRequestError, cityAtom, sawariStore, setDeployedRemotes } from '@sawari/runtime';
import { draw, signIn, t, type TestLanguage } from '../../test/render';
import { attemptBook } from './attempts';
import { CardCheckoutScreen, NetbankingCheckoutScreen, UpiCheckoutScreen, WalletCheckoutScreen } from './CheckoutScreen';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));
jest.mock('@sawari/runtime', () => ({ ...jest.requireActual('@sawari/runtime'), api: { get: jest.fn(), post: jest.fn() } }));
const mocked = jest.mocked(api);

const text = (en: string, hi: string) => ({ en, hi, mr: en, ml: en, ta: en, kn: en });
const order = { agency: 'KMRL', productType: 'ticket', orderId: 'T42' };
const params = { ...order };
const statusPath = '/payments/orders/ticket/T42/status';
const screenPath = (m: string) => `/app/select-payment/KMRL/ticket/T42/${m}`;
const AMOUNT = 125_000; // ₹1,250: en-IN grouping

const status = (over: Partial<OrderStatus> = {}): OrderStatus => ({
  orderKind: 'ticket',
  orderId: 'T42',
  amountPaise: AMOUNT,
  status: 'PENDING',
  paymentId: null,
  failureReason: null,
  label: 'Vyttila → Aluva',
  returnData: { orderId: 'T42' },
  freeWith: null,
  ...over,
});
const methods: PaymentMethodsResponse = {
  city: 'kochi',
  agency: 'KMRL',
  methods: [
    { method: 'card', label: 'Card', options: [], payAtCounter: false },
    { method: 'upi', label: 'UPI', options: [], payAtCounter: false },
    {
      method: 'netbanking',
      label: 'Netbanking',
      options: [
        { code: 'SBI', label: 'State Bank of India' },
        { code: 'HDFC', label: 'HDFC Bank' },
      ],
      payAtCounter: false,
    },
    { method: 'wallet', label: 'Wallet', options: [{ code: 'PAYTM', label: 'Paytm' }], payAtCounter: false },
    { method: 'cash', label: 'Cash', options: [], payAtCounter: true },
  ],
};
const checkout = (paymentId: string, method: string): HostedCheckout => ({
  gateway: 'razorpay',
  action: 'http://127.0.0.1:18190/v1/checkout/embedded',
  method: 'POST',
  fields: {
    key_id: 'rzp_test_dev',
    order_id: 'order_Q1w2e3',
    callback_url: `http://localhost/api/payments/gateway/razorpay/return/${paymentId}`,
    cancel_url: `http://localhost/api/payments/gateway/razorpay/cancel/${paymentId}`,
    'prefill[method]': method,
    timeout: '600',
  },
  expiresAt: Date.now() + 600_000,
});
const payment = (over: Partial<Payment> = {}): Payment => ({
  paymentId: 'pay_1',
  orderKind: 'ticket',
  orderId: 'T42',
  amountPaise: AMOUNT,
  method: 'card',
  instrument: 'Card',
  status: 'PENDING',
  orderStatus: 'PAYMENT_PROCESSING',
  failureReason: null,
  expiresAt: null,
  createdAt: Date.now(),
  updatedAt: Date.now(),
  ...over,
});

/** Answers GET by path: a value, an error to throw, or a function of the call. */
function answer(routes: Record<string, unknown>) {
  mocked.get.mockImplementation(async (path: string) => {
    const r = routes[path];
    const v = typeof r === 'function' ? (r as () => unknown)() : r;
    if (v instanceof Error) throw v;
    if (v === undefined) throw new Error(`unexpected GET ${path}`);
    return v as never;
  });
}
const getsOf = (path: string) => mocked.get.mock.calls.filter((c) => c[0] === path).length;
const keyOf = (call: number) => (mocked.post.mock.calls[call][2] as { extraHeaders: Record<string, string> }).extraHeaders['idempotency-key'];

let submitted: HTMLFormElement[] = [];
const REMOTES: Parameters<typeof setDeployedRemotes>[0] = [
  {
    name: 'mf_tickets',
    dir: 'mf_tickets',
    version: '1',
    entry: '',
    prefixes: [],
    checkout: {
      ticket: {
        returnPath: '/select-trip/booking-success/:orderId',
        heading: text('Pay for your ticket', 'टिकट का भुगतान'),
        product: text('bus ticket', 'बस टिकट'),
      },
    },
  },
  {
    name: 'mf_passes',
    dir: 'mf_passes',
    version: '1',
    entry: '',
    prefixes: [],
    checkout: {
      pass: {
        returnPath: '/productHooks/bus-pass-purchase/booking-successful/:transactionId',
        heading: text('Pay for your pass', 'पास का भुगतान'),
        product: text('bus pass', 'बस पास'),
      },
    },
  },
];
beforeAll(() => setDeployedRemotes(REMOTES));
beforeEach(() => {
  jest.resetAllMocks();
  sessionStorage.clear();
  document.querySelectorAll('form[data-gateway-checkout]').forEach((f) => f.remove());
  submitted = [];
  // jsdom cannot navigate: the form's submit is recorded instead (the form itself stays in the document to inspect).
  jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    submitted.push(this);
  });
  history.replaceState(null, '', '/app/select-payment/KMRL/ticket/T42');
  act(() => sawariStore.set(cityAtom, 'kochi'));
  signIn();
});
afterEach(() => jest.restoreAllMocks());

/** The waiting panel's live region (not the loading skeleton's status). */
const waitingPanel = (lang: TestLanguage, method: string) =>
  waitFor(() => {
    const live = screen.getAllByRole('status').find((s) => s.textContent?.includes(t(`checkout.waiting.${method}`, {}, lang)));
    if (!live) throw new Error('no waiting panel yet');
    return live;
  });

/** The fields of a submitted form, by name. */
const fieldsOf = (form: HTMLFormElement) => Object.fromEntries([...form.querySelectorAll('input')].map((i) => [i.name, [i.type, i.value]]));

describe.each<TestLanguage>(['en', 'hi'])('gateway checkout (%s)', (lang) => {
  const amount = formatPaise(AMOUNT);
  const continueLabel = t('checkout.continue', { amount }, lang);

  it('card: no card fields, says the card is typed on the gateway page, one Continue button; paying posts the form to the gateway', async () => {
    expect(amount).toBe('₹1,250');
    history.replaceState(null, '', screenPath('card'));
    answer({ [statusPath]: status(), '/payments/methods': methods });
    mocked.post.mockResolvedValue({ paymentId: 'pay_1', status: 'PAYMENT_PROCESSING', failureReason: null, checkout: checkout('pay_1', 'card') });
    draw(<CardCheckoutScreen params={params} />, lang);
    const button = await screen.findByRole('button', { name: continueLabel });
    expect(screen.getByText(t('checkout.card.gateway', {}, lang))).toBeTruthy();
    expect(screen.getAllByRole('button').filter((b) => b.closest('form'))).toEqual([button]);
    expect(document.querySelectorAll('input')).toHaveLength(0); // nothing to type a card number into
    expect(document.querySelector('[autocomplete^="cc-"]')).toBeNull();

    fireEvent.click(button);
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(mocked.post).toHaveBeenCalledTimes(1);
    expect(mocked.post).toHaveBeenCalledWith(
      '/payments/ticket/T42/pay',
      { method: 'card', prefill: {}, returnPath: '/app/select-payment/KMRL/ticket/T42/card' },
      { extraHeaders: { 'idempotency-key': expect.stringMatching(/^[A-Za-z0-9._:-]{8,64}$/) } },
    );
    const form = submitted[0];
    expect(form.getAttribute('method')?.toUpperCase()).toBe('POST');
    expect(form.action).toBe('http://127.0.0.1:18190/v1/checkout/embedded');
    expect(document.body.contains(form)).toBe(true);
    expect(fieldsOf(form)).toEqual({
      key_id: ['hidden', 'rzp_test_dev'],
      order_id: ['hidden', 'order_Q1w2e3'],
      callback_url: ['hidden', 'http://localhost/api/payments/gateway/razorpay/return/pay_1'],
      cancel_url: ['hidden', 'http://localhost/api/payments/gateway/razorpay/cancel/pay_1'],
      'prefill[method]': ['hidden', 'card'],
      timeout: ['hidden', '600'],
    });
    // the attempt is kept, so the return (or a reload) polls this payment and never pays again
    expect(attemptBook().current(order)).toMatchObject({ state: 'pending', paymentId: 'pay_1', method: 'card' });
    expect(await screen.findByRole('button', { name: t('checkout.redirecting', {}, lang) })).toHaveProperty('disabled', true);
  });

  it('UPI: the id is optional (empty sends no prefill), a wrong one is refused before sending, a right one is the prefill', async () => {
    history.replaceState(null, '', screenPath('upi'));
    answer({ [statusPath]: status(), '/payments/methods': methods });
    mocked.post.mockResolvedValue({ paymentId: 'pay_2', status: 'PAYMENT_PROCESSING', failureReason: null, checkout: checkout('pay_2', 'upi') });
    draw(<UpiCheckoutScreen params={params} />, lang);
    const input = await screen.findByLabelText(t('checkout.upi.vpa', {}, lang));
    fireEvent.change(input, { target: { value: 'asha' } });
    fireEvent.click(screen.getByRole('button', { name: continueLabel }));
    expect(screen.getByText(t('checkout.upi.error.noAt', {}, lang))).toBeTruthy();
    expect(document.activeElement).toBe(input);
    expect(mocked.post).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: ' Asha@OKSBI ' } });
    fireEvent.click(screen.getByRole('button', { name: continueLabel }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(mocked.post.mock.calls[0][1]).toEqual({ method: 'upi', prefill: { vpa: 'asha@oksbi' }, returnPath: '/app/select-payment/KMRL/ticket/T42/upi' });
  });

  it('UPI without an id: continues with an empty prefill (typed on the gateway page)', async () => {
    history.replaceState(null, '', screenPath('upi'));
    answer({ [statusPath]: status(), '/payments/methods': methods });
    mocked.post.mockResolvedValue({ paymentId: 'pay_3', status: 'PAYMENT_PROCESSING', failureReason: null, checkout: checkout('pay_3', 'upi') });
    draw(<UpiCheckoutScreen params={params} />, lang);
    fireEvent.click(await screen.findByRole('button', { name: continueLabel }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(mocked.post.mock.calls[0][1]).toEqual({ method: 'upi', prefill: {}, returnPath: '/app/select-payment/KMRL/ticket/T42/upi' });
  });

  it('netbanking and wallet: the choice from the methods answer is required and sent as the prefill', async () => {
    history.replaceState(null, '', screenPath('netbanking'));
    answer({ [statusPath]: status(), '/payments/methods': methods });
    mocked.post.mockResolvedValue({ paymentId: 'pay_4', status: 'PAYMENT_PROCESSING', failureReason: null, checkout: checkout('pay_4', 'netbanking') });
    const view = draw(<NetbankingCheckoutScreen params={params} />, lang);
    fireEvent.click(await screen.findByRole('button', { name: continueLabel }));
    expect(screen.getByText(t('checkout.netbanking.error.required', {}, lang))).toBeTruthy();
    expect(mocked.post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('radio', { name: 'HDFC Bank' }));
    fireEvent.click(screen.getByRole('button', { name: continueLabel }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(mocked.post.mock.calls[0][1]).toEqual({
      method: 'netbanking',
      prefill: { bank: 'HDFC' },
      returnPath: '/app/select-payment/KMRL/ticket/T42/netbanking',
    });
    view.unmount();

    sessionStorage.clear();
    history.replaceState(null, '', screenPath('wallet'));
    mocked.post.mockResolvedValue({ paymentId: 'pay_5', status: 'PAYMENT_PROCESSING', failureReason: null, checkout: checkout('pay_5', 'wallet') });
    draw(<WalletCheckoutScreen params={params} />, lang);
    fireEvent.click(await screen.findByRole('radio', { name: 'Paytm' }));
    fireEvent.click(screen.getByRole('button', { name: continueLabel }));
    await waitFor(() => expect(submitted).toHaveLength(2));
    expect(mocked.post.mock.calls[1][1]).toEqual({ method: 'wallet', prefill: { wallet: 'PAYTM' }, returnPath: '/app/select-payment/KMRL/ticket/T42/wallet' });
  });

  it('back from the gateway, UPI pending: what to do and the time left; Check now asks at once; Go back to the payment page posts the form again', async () => {
    history.replaceState(null, '', `${screenPath('upi')}?payment=pay_6`);
    const expiresAt = Date.now() + 272_900; // 4:33 left
    answer({
      [statusPath]: status({ status: 'PAYMENT_PROCESSING', paymentId: 'pay_6' }),
      '/payments/methods': methods,
      '/payments/pay_6': payment({ paymentId: 'pay_6', method: 'upi', instrument: 'UPI', expiresAt, checkout: checkout('pay_6', 'upi') }),
    });
    draw(<UpiCheckoutScreen params={params} />, lang);
    const live = await waitingPanel(lang, 'upi');
    expect(live.textContent).toContain(t('checkout.waiting.upi', {}, lang));
    expect(live.textContent).toContain(t('checkout.waiting.upi.todo', { amount }, lang));
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toMatch(new RegExp(t('checkout.waiting.timeLeft', { time: '4:3\\d' }, lang)));
    // the return's query is dropped: a reload resumes from this tab's attempt
    expect(location.search).toBe('');
    expect(attemptBook().current(order)).toMatchObject({ state: 'pending', paymentId: 'pay_6' });

    const before = getsOf('/payments/pay_6');
    fireEvent.click(screen.getByRole('button', { name: t('checkout.waiting.checkNow', {}, lang) }));
    await waitFor(() => expect(getsOf('/payments/pay_6')).toBe(before + 1));

    fireEvent.click(screen.getByRole('button', { name: t('checkout.waiting.backToGateway', {}, lang) }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0].action).toBe('http://127.0.0.1:18190/v1/checkout/embedded');
    expect(fieldsOf(submitted[0])['prefill[method]']).toEqual(['hidden', 'upi']);
    expect(mocked.post).not.toHaveBeenCalled(); // the same payment's page again, no new payment
  });

  it('back from the gateway, card pending without a deadline or a page to go back to: no timer, no Go back button, still Check now', async () => {
    history.replaceState(null, '', `${screenPath('card')}?payment=pay_7`);
    answer({
      [statusPath]: status({ status: 'PAYMENT_PROCESSING', paymentId: 'pay_7' }),
      '/payments/methods': methods,
      '/payments/pay_7': payment({ paymentId: 'pay_7' }),
    });
    draw(<CardCheckoutScreen params={params} />, lang);
    const live = await waitingPanel(lang, 'card');
    expect(live.textContent).toContain(t('checkout.waiting.card', {}, lang));
    expect(live.textContent).toContain(t('checkout.waiting.card.todo', {}, lang));
    await waitFor(() => expect(getsOf('/payments/pay_7')).toBeGreaterThan(0));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('button', { name: t('checkout.waiting.backToGateway', {}, lang) })).toBeNull();
    expect(screen.getByRole('button', { name: t('checkout.waiting.checkNow', {}, lang) })).toBeTruthy();
    expect(screen.getByRole('link', { name: t('checkout.methods.other', {}, lang) })).toBeTruthy();
  });

  it('the 3-D Secure check failed: the reason in words, the alert focused; Try again makes a new attempt with a new key', async () => {
    history.replaceState(null, '', screenPath('card'));
    let settled = false;
    answer({
      [statusPath]: status(),
      '/payments/methods': methods,
      '/payments/pay_8': () => payment({ paymentId: 'pay_8', status: settled ? 'FAILED' : 'PENDING', failureReason: settled ? 'AUTHENTICATION_FAILED' : null }),
    });
    mocked.post.mockResolvedValue({ paymentId: 'pay_8', status: 'PAYMENT_PROCESSING', failureReason: null, checkout: checkout('pay_8', 'card') });
    const first = draw(<CardCheckoutScreen params={params} />, lang);
    fireEvent.click(await screen.findByRole('button', { name: continueLabel }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    first.unmount();

    // the gateway's page sent the rider back after a wrong OTP
    settled = true;
    history.replaceState(null, '', `${screenPath('card')}?payment=pay_8`);
    draw(<CardCheckoutScreen params={params} />, lang);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(t('checkout.failure.heading', {}, lang));
    expect(alert.textContent).toContain(t('checkout.failure.AUTHENTICATION_FAILED', {}, lang));
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByRole('link', { name: t('checkout.methods.other', {}, lang) })).toBeTruthy();

    mocked.post.mockResolvedValue({ paymentId: 'pay_9', status: 'PAYMENT_PROCESSING', failureReason: null, checkout: checkout('pay_9', 'card') });
    fireEvent.click(screen.getByRole('button', { name: t('checkout.tryAgain', { amount }, lang) }));
    await waitFor(() => expect(submitted).toHaveLength(2));
    expect(keyOf(1)).not.toBe(keyOf(0));
    expect(attemptBook().current(order)).toMatchObject({ n: 2, state: 'pending', paymentId: 'pay_9' });
  });

  it('left the gateway page: nothing in flight, so the payment says the rider left it and nothing was charged', async () => {
    history.replaceState(null, '', `${screenPath('netbanking')}?payment=pay_10&left=1`);
    answer({
      [statusPath]: status({ status: 'PAYMENT_FAILED', paymentId: 'pay_10', failureReason: 'PAYMENT_CANCELLED' }),
      '/payments/methods': methods,
      '/payments/pay_10': payment({
        paymentId: 'pay_10',
        method: 'netbanking',
        status: 'FAILED',
        orderStatus: 'PAYMENT_FAILED',
        failureReason: 'PAYMENT_CANCELLED',
      }),
    });
    draw(<NetbankingCheckoutScreen params={params} />, lang);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(t('checkout.failure.PAYMENT_CANCELLED', {}, lang));
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByRole('button', { name: t('checkout.tryAgain', { amount }, lang) })).toBeTruthy();
  });

  it('left the gateway page while a UPI request is still open: pending, and it says so', async () => {
    history.replaceState(null, '', `${screenPath('upi')}?payment=pay_11&left=1`);
    answer({
      [statusPath]: status({ status: 'PAYMENT_PROCESSING', paymentId: 'pay_11' }),
      '/payments/methods': methods,
      '/payments/pay_11': payment({ paymentId: 'pay_11', method: 'upi', expiresAt: Date.now() + 60_000 }),
    });
    draw(<UpiCheckoutScreen params={params} />, lang);
    const live = await waitingPanel(lang, 'upi');
    expect(live.textContent).toContain(t('checkout.waiting.left', {}, lang));
  });

  it('the gateway does not answer: nothing was charged, try again in a minute', async () => {
    history.replaceState(null, '', screenPath('card'));
    answer({ [statusPath]: status(), '/payments/methods': methods });
    mocked.post.mockResolvedValue({ paymentId: 'pay_12', status: 'PAYMENT_FAILED', failureReason: 'GATEWAY_UNAVAILABLE' });
    draw(<CardCheckoutScreen params={params} />, lang);
    fireEvent.click(await screen.findByRole('button', { name: continueLabel }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(t('checkout.failure.GATEWAY_UNAVAILABLE', {}, lang));
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(submitted).toHaveLength(0);
  });

  it('back from the gateway, paid: on to the ticket, replacing the checkout in history (Back does not return to it)', async () => {
    history.replaceState(null, '', `${screenPath('card')}?payment=pay_13`);
    let paid = false;
    answer({
      [statusPath]: status({ status: 'PAYMENT_PROCESSING', paymentId: 'pay_13' }),
      '/payments/methods': methods,
      '/payments/pay_13': () => payment({ paymentId: 'pay_13', status: paid ? 'SUCCESS' : 'PENDING', orderStatus: paid ? 'SUCCESS' : 'PAYMENT_PROCESSING' }),
    });
    const push = jest.spyOn(history, 'pushState');
    const length = history.length;
    draw(<CardCheckoutScreen params={params} />, lang);
    await waitingPanel(lang, 'card');
    paid = true;
    fireEvent.click(screen.getByRole('button', { name: t('checkout.waiting.checkNow', {}, lang) }));
    await waitFor(() => expect(location.pathname).toBe('/app/select-trip/booking-success/T42'));
    expect(push).not.toHaveBeenCalled();
    expect(history.length).toBe(length);
    expect(attemptBook().current(order)).toBeNull();
  });

  it('a refused request (400 RAW_CARD_REFUSED) and another refusal are shown with their message', async () => {
    history.replaceState(null, '', screenPath('card'));
    answer({ [statusPath]: status(), '/payments/methods': methods });
    mocked.post.mockRejectedValueOnce(new ApiRequestError(400, 'RAW_CARD_REFUSED', 'Card details are typed only on the gateway page.'));
    const view = draw(<CardCheckoutScreen params={params} />, lang);
    fireEvent.click(await screen.findByRole('button', { name: continueLabel }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(t('checkout.error.RAW_CARD_REFUSED', {}, lang));
    await waitFor(() => expect(document.activeElement).toBe(alert));
    view.unmount();

    mocked.post.mockRejectedValueOnce(new ApiRequestError(400, 'IDEMPOTENCY_KEY_REQUIRED', 'Send an idempotency-key header.'));
    draw(<CardCheckoutScreen params={params} />, lang);
    fireEvent.click(await screen.findByRole('button', { name: continueLabel }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('checkout.error.refused', { reason: 'Send an idempotency-key header.' }, lang));
    expect(submitted).toHaveLength(0);
  });

  it('a pass order with a bank offer: the card screen asks for the card’s bank and sends it as the prefill', async () => {
    history.replaceState(null, '', '/app/select-payment/MBUS/pass/PASS_1/card');
    const passStatus = status({ orderKind: 'pass', orderId: 'PASS_1', amountPaise: 99_000, returnData: { orderId: 'PASS_1', transactionId: 'PASS_1' } });
    answer({
      '/payments/orders/pass/PASS_1/status': passStatus,
      '/passes/orders/PASS_1': {
        transactionId: 'PASS_1',
        city: 'kochi',
        status: 'PENDING',
        fareInfo: {
          actualFare: 110_000,
          discountedFare: 110_000,
          payableAmount: 99_000,
          fareBreakup: [
            { name: 'Pass price', value: 110_000 },
            { name: 'Bank offer (HDFC)', value: -11_000 },
          ],
        },
      },
      '/payments/methods': methods,
    });
    mocked.post.mockResolvedValue({ paymentId: 'pay_14', status: 'PAYMENT_PROCESSING', failureReason: null, checkout: checkout('pay_14', 'card') });
    draw(<CardCheckoutScreen params={{ agency: 'MBUS', productType: 'pass', orderId: 'PASS_1' }} />, lang);
    const label = t('checkout.continue', { amount: '₹990' }, lang);
    fireEvent.click(await screen.findByRole('button', { name: label }));
    expect(screen.getByText(t('checkout.card.error.bankRequired', {}, lang))).toBeTruthy();
    const group = screen.getByRole('group', { name: t('checkout.card.bank', {}, lang) });
    fireEvent.click(within(group).getByRole('radio', { name: t('checkout.card.bankOffer', { bank: 'HDFC' }, lang) }));
    fireEvent.click(screen.getByRole('button', { name: label }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(mocked.post).toHaveBeenCalledWith(
      '/payments/pass/PASS_1/pay',
      { method: 'card', prefill: { bank: 'HDFC' }, returnPath: '/app/select-payment/MBUS/pass/PASS_1/card' },
      expect.anything(),
    );
  });
});
