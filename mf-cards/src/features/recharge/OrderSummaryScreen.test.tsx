/** @jest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react';
import { ncmcOrder, offline, order, refused } from '../../test/fixtures';
import { hiText, renderAt } from '../../test/render';
import { cardsApi } from '../common/api';
import { OrderSummaryScreen } from './OrderSummaryScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const api = jest.mocked(cardsApi);
const ROUTE = '/select-card/card-payment-summary';
const AT = `${ROUTE}?order=CRO-1`;
beforeEach(() => jest.resetAllMocks());
const status = () => screen.getByText('Status').nextElementSibling?.textContent;

describe('OrderSummaryScreen: one recharge order', () => {
  it('without ?order=: not found, the way to the cards', () => {
    renderAt(ROUTE, ROUTE, <OrderSummaryScreen />);
    expect(screen.getByRole('alert').textContent).toContain('This recharge was not found.');
    expect(screen.getByRole('link', { name: 'Your transit cards' })).toBeTruthy();
    expect(api.order).not.toHaveBeenCalled();
  });

  it('loading', () => {
    api.order.mockReturnValue(new Promise(() => undefined));
    renderAt(AT, ROUTE, <OrderSummaryScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Recharge' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });

  it('pending on the card: its state, the paid total and the ways to the card', async () => {
    api.order.mockResolvedValue(order());
    renderAt(AT, ROUTE, <OrderSummaryScreen />);
    await screen.findByRole('table');
    expect(status()).toBe('pending on card');
    expect(screen.getByRole('row', { name: 'Paid ₹300' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'History' }).getAttribute('href')).toBe('/sawari-card/card-history/crd_city1');
    expect(screen.getByRole('link', { name: 'Card details' }).getAttribute('href')).toBe('/sawari-card/summury?card=crd_city1');
    expect(screen.queryByRole('link', { name: 'Pay again' })).toBeNull();
  });

  it('failed: still "to pay", with Pay again into the checkout', async () => {
    api.order.mockResolvedValue(order({ status: 'PAYMENT_FAILED', paidAt: null }));
    renderAt(AT, ROUTE, <OrderSummaryScreen />);
    expect((await screen.findByRole('link', { name: 'Pay again' })).getAttribute('href')).toBe('/select-payment/CITYBUS/cardRecharge/CRO-1');
    expect(status()).toBe('payment failed');
    expect(screen.getByRole('row', { name: 'To pay ₹300' })).toBeTruthy();
  });

  it('paid NCMC money not yet moved: the way to move it', async () => {
    api.order.mockResolvedValue(ncmcOrder());
    renderAt(`${ROUTE}?order=CRO-N1`, ROUTE, <OrderSummaryScreen />);
    expect((await screen.findByRole('link', { name: 'Move ₹300 to the card' })).getAttribute('href')).toBe(
      '/ncmc-card-recharge/tranfer-in-offline-wallet?orderId=CRO-N1',
    );
  });

  it('refunded: its state', async () => {
    api.order.mockResolvedValue(order({ status: 'REFUNDED' }));
    renderAt(AT, ROUTE, <OrderSummaryScreen />);
    await screen.findByRole('table');
    expect(status()).toBe('refunded');
  });

  it('not found: the words, no Retry', async () => {
    api.order.mockRejectedValue(refused(404, 'ORDER_NOT_FOUND'));
    renderAt(AT, ROUTE, <OrderSummaryScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('This recharge was not found.');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('error: Retry loads again', async () => {
    api.order.mockRejectedValueOnce(offline()).mockResolvedValueOnce(order());
    renderAt(AT, ROUTE, <OrderSummaryScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it('Hindi', async () => {
    api.order.mockResolvedValue(order());
    renderAt(AT, ROUTE, <OrderSummaryScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('order.heading'));
    expect(await screen.findByText(hiText('state.PENDING_ON_CARD'))).toBeTruthy();
  });
});
