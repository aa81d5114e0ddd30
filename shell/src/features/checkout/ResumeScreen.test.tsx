/** @jest-environment jsdom */
// /select-payment without an order: the last unfinished checkout of this tab, checked against the server (to pay, being
// confirmed, paid already, gone), nothing to pay, an error with Try again, signed out, and Hindi.
import { act, fireEvent, screen } from '@testing-library/react';
import type { OrderStatus } from '@sawari/contracts';
import { api, ApiRequestError, sawariStore, sessionLoadedAtom, setDeployedRemotes } from '@sawari/runtime';
import { draw, signIn, signOut, t } from '../../test/render';
import { attemptBook } from './attempts';
import ResumeScreen from './ResumeScreen';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));
jest.mock('@sawari/runtime', () => ({ ...jest.requireActual('@sawari/runtime'), api: { get: jest.fn() } }));
const mocked = jest.mocked(api);

const text = (en: string) => ({ en, hi: en, mr: en, ml: en, ta: en, kn: en });
const order = { agency: 'KMRL', productType: 'ticket', orderId: 'T42' };
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

beforeAll(() =>
  setDeployedRemotes([
    {
      name: 'mf_tickets',
      dir: 'mf_tickets',
      version: '1',
      entry: '',
      prefixes: [],
      checkout: { ticket: { returnPath: '/select-trip/booking-success/:orderId', heading: text('Pay'), product: text('bus ticket') } },
    },
  ]),
);

beforeEach(() => {
  jest.resetAllMocks();
  sessionStorage.clear();
  history.replaceState(null, '', '/app/select-payment');
  signIn();
});

const resumeLink = () => screen.queryByRole('link', { name: new RegExp(t('checkout.resume.link')) });

describe('ResumeScreen', () => {
  it('loading: a skeleton while the stored session is read', () => {
    act(() => sawariStore.set(sessionLoadedAtom, false));
    draw(<ResumeScreen />);
    expect(screen.getByRole('status').textContent).toContain(t('common.loading'));
  });
  it('loading: a skeleton while the last order is checked', () => {
    attemptBook().remember(order);
    mocked.get.mockReturnValue(new Promise(() => undefined));
    draw(<ResumeScreen />);
    expect(screen.getByRole('status').textContent).toContain(t('common.loading'));
    expect(mocked.get).toHaveBeenCalledWith('/payments/orders/ticket/T42/status');
  });
  it('an unpaid last order: offered with its amount, linking to its checkout', async () => {
    attemptBook().remember(order);
    mocked.get.mockResolvedValue(status());
    draw(<ResumeScreen />);
    expect(await screen.findByRole('heading', { name: t('checkout.resume.continue') })).toBeTruthy();
    const link = resumeLink();
    expect(link?.getAttribute('href')).toBe('/app/select-payment/KMRL/ticket/T42');
    expect(link?.textContent).toContain('₹45');
  });
  it('a payment being confirmed: offered as such', async () => {
    attemptBook().remember(order);
    mocked.get.mockResolvedValue(status({ status: 'PAYMENT_PROCESSING', paymentId: 'p1' }));
    draw(<ResumeScreen />);
    expect(await screen.findByText(new RegExp(t('checkout.resume.processing')))).toBeTruthy();
  });
  it('paid already: nothing to pay, says the last order is paid, and forgets it', async () => {
    attemptBook().remember(order);
    mocked.get.mockResolvedValue(status({ status: 'SUCCESS', paymentId: 'p1' }));
    draw(<ResumeScreen />);
    expect(await screen.findByText(t('checkout.resume.paid'))).toBeTruthy();
    expect(screen.getByRole('heading', { name: t('checkout.resume.none') })).toBeTruthy();
    expect(attemptBook().last()).toBeNull();
  });
  it('an order the server no longer knows: nothing to pay', async () => {
    attemptBook().remember(order);
    mocked.get.mockRejectedValue(new ApiRequestError(404, 'ORDER_NOT_FOUND', 'gone'));
    draw(<ResumeScreen />);
    expect(await screen.findByRole('heading', { name: t('checkout.resume.none') })).toBeTruthy();
    expect(resumeLink()).toBeNull();
  });
  it('no unfinished checkout: nothing to pay, without asking the server', () => {
    draw(<ResumeScreen />);
    expect(screen.getByRole('heading', { name: t('checkout.resume.none') })).toBeTruthy();
    expect(screen.queryByText(t('checkout.resume.paid'))).toBeNull();
    expect(mocked.get).not.toHaveBeenCalled();
  });
  it('signed out: the last order is not offered', () => {
    attemptBook().remember(order);
    signOut();
    draw(<ResumeScreen />);
    expect(screen.getByRole('heading', { name: t('checkout.resume.none') })).toBeTruthy();
    expect(mocked.get).not.toHaveBeenCalled();
  });
  it('error: offline said as offline, and Try again checks the order again', async () => {
    attemptBook().remember(order);
    mocked.get.mockRejectedValueOnce(new ApiRequestError(0, 'NETWORK_ERROR', 'Network Error')).mockResolvedValueOnce(status());
    draw(<ResumeScreen />);
    expect((await screen.findByRole('alert')).getAttribute('data-error-kind')).toBe('offline');
    fireEvent.click(screen.getByRole('button', { name: t('common.retry') }));
    expect(await screen.findByRole('heading', { name: t('checkout.resume.continue') })).toBeTruthy();
  });
  it('Hindi: nothing to pay in Hindi', () => {
    draw(<ResumeScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t('checkout.resume.heading', {}, 'hi'));
    expect(screen.getByRole('heading', { name: t('checkout.resume.none', {}, 'hi') })).toBeTruthy();
  });
});
