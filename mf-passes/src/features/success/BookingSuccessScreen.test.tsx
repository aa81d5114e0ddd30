/** @jest-environment jsdom */
// Where the checkout returns a paid pass order: every outcome the order can have, in the rider's words.
import { fireEvent, screen } from '@testing-library/react';
import { chosenFlow, offline, order, pass, product, refused } from '../../test/fixtures';
import { getFlow, hiText, location, renderAt, setFlow } from '../../test/render';
import * as api from '../common/api';
import { EMPTY_FLOW } from '../common/model';
import BookingSuccessScreen from './BookingSuccessScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const mocked = jest.mocked(api);
const ROUTE = '/productHooks/bus-pass-purchase/booking-successful/:transactionId';
const AT = '/productHooks/bus-pass-purchase/booking-successful/PASS-1';
beforeEach(() => {
  jest.resetAllMocks();
  setFlow(EMPTY_FLOW);
});

describe('BookingSuccessScreen: the pass after the checkout', () => {
  it('loading', () => {
    mocked.loadOrder.mockReturnValue(new Promise(() => undefined));
    renderAt(AT, ROUTE, <BookingSuccessScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Your pass' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });

  it('paid: the pass with its validity and reference, the paid breakup; the flow starts fresh', async () => {
    setFlow(chosenFlow({ transactionId: 'PASS-1' }));
    mocked.loadOrder.mockResolvedValue(order({ status: 'SUCCESS' }));
    mocked.loadMyPasses.mockResolvedValue([pass()]);
    renderAt(AT, ROUTE, <BookingSuccessScreen />);
    expect(await screen.findByRole('article', { name: /Adult pass, 30 days/ })).toBeTruthy();
    expect(screen.getByText('Payment received. Your pass is ready.')).toBeTruthy();
    expect(screen.getByText('Reference').nextElementSibling?.textContent).toBe('PASS-1');
    expect(screen.getByRole('row', { name: 'Paid ₹1,100' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your tickets and passes' })).toBeTruthy();
    expect(getFlow()).toEqual(EMPTY_FLOW);
  });

  it('free with an offer: said so', async () => {
    mocked.loadOrder.mockResolvedValue(order({ status: 'SUCCESS', freeWith: { offerId: 'w', label: 'Welcome ride' } }));
    mocked.loadMyPasses.mockResolvedValue([pass()]);
    renderAt(AT, ROUTE, <BookingSuccessScreen />);
    expect(await screen.findByText('Free with Welcome ride. Your pass is ready; no payment was taken.')).toBeTruthy();
  });

  it('paid, the pass not listed yet: it is being issued', async () => {
    mocked.loadOrder.mockResolvedValue(order({ status: 'SUCCESS' }));
    mocked.loadMyPasses.mockResolvedValue([]);
    renderAt(AT, ROUTE, <BookingSuccessScreen />);
    expect(await screen.findByText(/Your pass is being issued/)).toBeTruthy();
  });

  it('payment pending: confirming, then the pass when it settles', async () => {
    mocked.loadOrder.mockResolvedValueOnce(order({ status: 'PAYMENT_PROCESSING' })).mockResolvedValue(order({ status: 'SUCCESS' }));
    mocked.loadMyPasses.mockResolvedValue([pass()]);
    renderAt(AT, ROUTE, <BookingSuccessScreen />);
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    expect(await screen.findByRole('article', { name: /Adult pass, 30 days/ })).toBeTruthy();
  });

  it('failed: an alert that nothing was charged, Pay again into the checkout', async () => {
    mocked.loadOrder.mockResolvedValue(order({ status: 'PAYMENT_FAILED' }));
    mocked.loadProduct.mockResolvedValue(product());
    renderAt(AT, ROUTE, <BookingSuccessScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('The payment did not go through. Nothing was charged for this pass.');
    fireEvent.click(screen.getByRole('button', { name: 'Pay again' }));
    await screen.findByText('elsewhere');
    expect(location.current).toBe('/select-payment/MBUS/pass/PASS-1');
  });

  it('not found: the words, no Retry', async () => {
    mocked.loadOrder.mockRejectedValue(refused(404, 'ORDER_NOT_FOUND'));
    renderAt(AT, ROUTE, <BookingSuccessScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('We could not find this order.');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('error: Retry asks again', async () => {
    mocked.loadOrder.mockRejectedValueOnce(offline()).mockResolvedValue(order({ status: 'SUCCESS' }));
    mocked.loadMyPasses.mockResolvedValue([pass()]);
    renderAt(AT, ROUTE, <BookingSuccessScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: /Adult pass, 30 days/ })).toBeTruthy();
  });

  it('Hindi', async () => {
    mocked.loadOrder.mockResolvedValue(order({ status: 'PAYMENT_FAILED' }));
    renderAt(AT, ROUTE, <BookingSuccessScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('success.heading'));
    expect((await screen.findByRole('alert')).textContent).toContain(hiText('success.failed'));
  });
});
