/** @jest-environment jsdom */
// The checkout of one order against a mocked network (the runtime's `api`), in its payment states: loading, payable
// (the amount and the ways to pay), a payment being confirmed (pending) that is then paid or lapses (the cash reference
// expired), declined (a UPI request that expired: Pay becomes Try again), an order no longer payable, already paid
// (straight on to the product), nothing to pay, order not found, an error with Try again (offline said as offline), a
// kind no app sells, signed out, and Hindi.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { OrderStatus, PaymentMethodsResponse } from '@sawari/contracts';
import { formatPaise } from '@sawari/domain';
import { api, ApiRequestError, cityAtom, sawariStore, setDeployedRemotes } from '@sawari/runtime';
import { draw, signIn, signOut, t } from '../../test/render';
import { attemptBook } from './attempts';
import CheckoutScreen, { CashCheckoutScreen, UpiCheckoutScreen } from './CheckoutScreen';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));
jest.mock('@sawari/runtime', () => ({ ...jest.requireActual('@sawari/runtime'), api: { get: jest.fn(), post: jest.fn() } }));
const mocked = jest.mocked(api);

const text = (en: string, hi: string) => ({ en, hi, mr: en, ml: en, ta: en, kn: en });
const order = { agency: 'KMRL', productType: 'ticket', orderId: 'T42' };
const params = { agency: 'KMRL', productType: 'ticket', orderId: 'T42' };
const statusPath = '/payments/orders/ticket/T42/status';

const status = (over: Partial<OrderStatus> = {}): OrderStatus => ({
  orderKind: 'ticket',
  orderId: 'T42',
  amountPaise: 4500,
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
    { method: 'upi', label: 'UPI', options: [], payAtCounter: false },
    { method: 'cash', label: 'Cash', options: [], payAtCounter: true },
  ],
};

/** Answers GET by path: a value, an error to throw, or a function of the call count. */
function answer(routes: Record<string, unknown>) {
  mocked.get.mockImplementation(async (path: string) => {
    const r = routes[path];
    const v = typeof r === 'function' ? (r as () => unknown)() : r;
    if (v instanceof Error) throw v;
    if (v === undefined) throw new Error(`unexpected GET ${path}`);
    return v as never;
  });
}

const never = () => new Promise(() => undefined);

beforeAll(() =>
  setDeployedRemotes([
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
  ]),
);

beforeEach(() => {
  jest.resetAllMocks();
  sessionStorage.clear();
  history.replaceState(null, '', '/app/select-payment/KMRL/ticket/T42');
  act(() => sawariStore.set(cityAtom, 'kochi'));
  signIn();
});

describe('CheckoutScreen', () => {
  it('loading: a skeleton until the order arrives', () => {
    mocked.get.mockImplementation(never);
    draw(<CheckoutScreen params={params} />);
    expect(screen.getByRole('status').textContent).toContain(t('common.loading'));
    expect(screen.queryByRole('navigation')).toBeNull();
  });
  it('payable: the amount, the order and a link to each way to pay offered in the city', async () => {
    answer({ [statusPath]: status(), '/payments/methods': methods });
    draw(<CheckoutScreen params={params} />);
    const list = await screen.findByRole('navigation', { name: t('checkout.methods.heading') });
    expect(list.querySelectorAll('a')).toHaveLength(2);
    expect(list.querySelector('a')?.getAttribute('href')).toBe('/app/select-payment/KMRL/ticket/T42/upi');
    expect(document.body.textContent).toContain('₹45');
    expect(mocked.get).toHaveBeenCalledWith('/payments/methods', { params: { city: 'kochi', agency: 'KMRL' } });
    // the order is this tab's unfinished checkout (offered again at /select-payment)
    expect(attemptBook().last()).toMatchObject(order);
  });
  it('pending: a payment being confirmed shows the waiting state, then goes on to the ticket once paid', async () => {
    let paid = false;
    answer({
      [statusPath]: status({ status: 'PAYMENT_PROCESSING', paymentId: 'p1' }),
      '/payments/methods': methods,
      '/payments/p1': () => (paid ? { paymentId: 'p1', method: 'upi', status: 'SUCCESS', failureReason: null } : never()),
    });
    const view = draw(<CheckoutScreen params={params} />);
    expect(await screen.findByRole('button', { name: t('checkout.waiting.checkNow') })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    paid = true;
    fireEvent.click(screen.getByRole('button', { name: t('checkout.waiting.checkNow') }));
    await waitFor(() => expect(location.pathname).toBe('/app/select-trip/booking-success/T42'));
    view.unmount();
  });
  it('cash: the short counter reference, large, in its two groups and spelled out for a screen reader, never the payment id (en and hi)', async () => {
    for (const lang of ['en', 'hi'] as const) {
      sessionStorage.clear();
      answer({ [statusPath]: status(), '/payments/methods': methods, '/payments/pay_cWqmaHlQ8Y9Tfmqh': never });
      mocked.post.mockResolvedValue({ paymentId: 'pay_cWqmaHlQ8Y9Tfmqh', status: 'PAYMENT_PROCESSING', failureReason: null, counterReference: 'K7QX-M4TP' });
      const view = draw(<CashCheckoutScreen params={params} />, lang);
      fireEvent.click(await screen.findByRole('button', { name: t('checkout.cash.button', {}, lang) }));
      const shown = await screen.findByTestId('counter-reference');
      expect([...shown.querySelectorAll('[data-group]')].map((g) => g.textContent)).toEqual(['K7QX', 'M4TP']);
      expect(screen.getByText(t('checkout.cash.spoken', { spelled: 'K 7 Q X, M 4 T P' }, lang))).toBeTruthy();
      expect(screen.getByText(t('checkout.cash.reference', {}, lang))).toBeTruthy();
      expect(document.body.textContent).not.toContain('pay_cWqmaHlQ8Y9Tfmqh');
      view.unmount();
    }
  });
  it('cash, opened again: the reference read from the payment; a payment without one (made before references) shows its id', async () => {
    answer({
      [statusPath]: status({ status: 'PAYMENT_PROCESSING', paymentId: 'c7' }),
      '/payments/methods': methods,
      '/payments/c7': { paymentId: 'c7', method: 'cash', status: 'PENDING', failureReason: null, counterReference: 'AB23-CD45' },
    });
    attemptBook().begin(order, 'cash', 'cash');
    attemptBook().pending(order, 'c7', 'cash');
    const view = draw(<CashCheckoutScreen params={params} />);
    const shown = await screen.findByTestId('counter-reference');
    expect(shown.textContent?.replace(/\s/g, '')).toContain('AB23');
    expect([...shown.querySelectorAll('[data-group]')].map((g) => g.textContent)).toEqual(['AB23', 'CD45']);
    view.unmount();
    sessionStorage.clear();
    answer({
      [statusPath]: status({ status: 'PAYMENT_PROCESSING', paymentId: 'pay_old1' }),
      '/payments/methods': methods,
      '/payments/pay_old1': { paymentId: 'pay_old1', method: 'cash', status: 'PENDING', failureReason: null },
    });
    attemptBook().begin(order, 'cash', 'cash');
    attemptBook().pending(order, 'pay_old1', 'cash');
    draw(<CashCheckoutScreen params={params} />);
    expect((await screen.findByTestId('counter-reference')).textContent).toContain('pay_old1');
  });
  it('expired: a cash reference that lapsed unpaid ends as declined, with its reason', async () => {
    answer({
      [statusPath]: status({ status: 'PAYMENT_PROCESSING', paymentId: 'c9' }),
      '/payments/methods': methods,
      '/payments/c9': { paymentId: 'c9', method: 'cash', status: 'FAILED', failureReason: 'NOT_PAID_AT_COUNTER' },
    });
    attemptBook().begin(order, 'cash', 'cash');
    attemptBook().pending(order, 'c9', 'cash');
    draw(<CashCheckoutScreen params={params} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(t('checkout.failure.heading'));
    expect(alert.textContent).toContain(t('checkout.failure.NOT_PAID_AT_COUNTER'));
    expect(attemptBook().current(order)).toMatchObject({ state: 'failed', failureReason: 'NOT_PAID_AT_COUNTER' });
  });
  it('declined before: the decline and its reason above the ways to pay', async () => {
    answer({ [statusPath]: status({ status: 'PAYMENT_FAILED', paymentId: 'p0', failureReason: 'UPI_DECLINED' }), '/payments/methods': methods });
    attemptBook().begin(order, 'upi', 'upi:a@b');
    attemptBook().failed(order, 'UPI_DECLINED', 'p0');
    draw(<CheckoutScreen params={params} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(t('checkout.failure.UPI_DECLINED'));
    expect(screen.getByRole('navigation', { name: t('checkout.methods.heading') })).toBeTruthy();
  });
  it('UPI request timed out on the gateway: the decline with its reason, and Pay becomes Try again with the same amount', async () => {
    answer({ [statusPath]: status(), '/payments/methods': methods });
    mocked.post.mockResolvedValue({ paymentId: 'p5', status: 'PAYMENT_FAILED', failureReason: 'PAYMENT_TIMED_OUT' });
    draw(<UpiCheckoutScreen params={params} />);
    fireEvent.change(await screen.findByLabelText(t('checkout.upi.vpa')), { target: { value: 'anjali@okaxis' } });
    fireEvent.click(screen.getByRole('button', { name: t('checkout.continue', { amount: formatPaise(4500) }) }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(t('checkout.failure.PAYMENT_TIMED_OUT'));
    expect(document.activeElement).toBe(alert);
    expect(screen.getByRole('button', { name: t('checkout.tryAgain', { amount: formatPaise(4500) }) })).toBeTruthy();
    expect(mocked.post).toHaveBeenCalledWith('/payments/ticket/T42/pay', expect.objectContaining({ method: 'upi' }), {
      extraHeaders: { 'idempotency-key': expect.stringMatching(/^[A-Za-z0-9._:-]{8,64}$/) },
    });
  });
  it('an order no longer payable (expired while the page was open): the pay answer says so', async () => {
    answer({ [statusPath]: status(), '/payments/methods': methods });
    mocked.post.mockRejectedValue(new ApiRequestError(409, 'ORDER_NOT_PAYABLE', 'expired'));
    draw(<UpiCheckoutScreen params={params} />);
    fireEvent.change(await screen.findByLabelText(t('checkout.upi.vpa')), { target: { value: 'anjali@okaxis' } });
    fireEvent.click(screen.getByRole('button', { name: t('checkout.continue', { amount: formatPaise(4500) }) }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('checkout.error.notPayable'));
    expect(location.pathname).toBe('/app/select-payment/KMRL/ticket/T42');
  });
  it('paid already: straight on to the ticket, replacing the checkout in history', async () => {
    answer({ [statusPath]: status({ status: 'SUCCESS', paymentId: 'p1' }), '/payments/methods': methods });
    const replace = jest.spyOn(history, 'replaceState');
    draw(<CheckoutScreen params={params} />);
    await waitFor(() => expect(location.pathname).toBe('/app/select-trip/booking-success/T42'));
    expect(replace).toHaveBeenCalledTimes(1);
    expect(mocked.post).not.toHaveBeenCalled();
    replace.mockRestore();
  });
  it('nothing to pay: says so, with no way to pay', async () => {
    answer({ [statusPath]: status({ amountPaise: 0 }), '/payments/methods': methods });
    draw(<CheckoutScreen params={params} />);
    expect(await screen.findByText(t('checkout.notPayable.nothing'))).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
  it('not found: the order is not in this account, with links to buy instead, no Try again', async () => {
    answer({ [statusPath]: new ApiRequestError(404, 'ORDER_NOT_FOUND', 'no order') });
    draw(<CheckoutScreen params={params} />);
    expect(await screen.findByRole('heading', { name: t('checkout.notFound.heading') })).toBeTruthy();
    expect(screen.queryByRole('button', { name: t('common.retry') })).toBeNull();
  });
  it('error: offline said as offline, and Try again loads the order again', async () => {
    let calls = 0;
    answer({
      [statusPath]: () => (++calls === 1 ? new ApiRequestError(0, 'NETWORK_ERROR', 'Network Error') : status()),
      '/payments/methods': methods,
    });
    draw(<CheckoutScreen params={params} />);
    expect((await screen.findByRole('alert')).getAttribute('data-error-kind')).toBe('offline');
    fireEvent.click(screen.getByRole('button', { name: t('common.retry') }));
    expect(await screen.findByRole('navigation', { name: t('checkout.methods.heading') })).toBeTruthy();
    expect(calls).toBe(2);
  });
  it('a kind no app sells: says so without asking the server', () => {
    draw(<CheckoutScreen params={{ ...params, productType: 'hovercraft' }} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t('checkout.unknownType.heading'));
    expect(mocked.get).not.toHaveBeenCalled();
  });
  it('signed out: sent to sign in, coming back to this checkout', async () => {
    signOut();
    draw(<CheckoutScreen params={params} />);
    await waitFor(() => expect(location.pathname).toBe(`/app/login/${encodeURIComponent('/select-payment/KMRL/ticket/T42')}`));
    expect(mocked.get).not.toHaveBeenCalled();
  });
  it('Hindi: the heading from the seller app and the not-found state in Hindi', async () => {
    answer({ [statusPath]: new ApiRequestError(404, 'ORDER_NOT_FOUND', 'no order') });
    draw(<CheckoutScreen params={params} />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('टिकट का भुगतान');
    expect(await screen.findByRole('heading', { name: t('checkout.notFound.heading', {}, 'hi') })).toBeTruthy();
  });
});
