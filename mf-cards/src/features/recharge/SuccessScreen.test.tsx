/** @jest-environment jsdom */
// The checkout's return for a city card recharge: what happened to the money, in every state the order can be in.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { offline, order, refused } from '../../test/fixtures';
import { hiText, renderAt } from '../../test/render';
import { cardsApi } from '../common/api';
import { SuccessScreen } from './SuccessScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const api = jest.mocked(cardsApi);
const ROUTE = '/select-card/card-recharge-successful/:transectionId';
const AT = '/select-card/card-recharge-successful/CRO-1';
beforeEach(() => jest.resetAllMocks());
/** The status once the screen has settled (the loading skeleton is a status too). */
async function settled() {
  await waitFor(() => expect(screen.getByRole('status').textContent).not.toMatch(/Loading…|लोड हो रहा है…/));
  return screen.getByRole('status');
}

describe('SuccessScreen: the recharge after the checkout', () => {
  it('loading', () => {
    api.order.mockReturnValue(new Promise(() => undefined));
    renderAt(AT, ROUTE, <SuccessScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Recharge' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });

  it('pending on the card: what was paid and when it reaches the card', async () => {
    api.order.mockResolvedValue(order());
    renderAt(AT, ROUTE, <SuccessScreen />);
    const s = await settled();
    expect(s.textContent).toContain('₹300 paid');
    expect(s.textContent).toContain('reaches your card the next time you tap it');
    expect(api.order).toHaveBeenCalledWith('CRO-1');
  });

  it('still being paid: "Confirming…", then the answer when the order is paid', async () => {
    api.order.mockResolvedValueOnce(order({ status: 'PAYMENT_PROCESSING' })).mockResolvedValue(order({ status: 'WRITTEN' }));
    renderAt(AT, ROUTE, <SuccessScreen />);
    expect((await settled()).textContent).toBe('Confirming your payment…');
    expect(await screen.findByText('₹300 is on your card.')).toBeTruthy();
    expect(api.order).toHaveBeenCalledTimes(2);
  });

  it('failed: an alert that nothing was charged, with Pay again', async () => {
    api.order.mockResolvedValue(order({ status: 'PAYMENT_FAILED' }));
    renderAt(AT, ROUTE, <SuccessScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('The payment did not go through.');
    expect(screen.getByRole('link', { name: 'Pay again' }).getAttribute('href')).toBe('/select-payment/CITYBUS/cardRecharge/CRO-1');
  });

  it('refunded (the card was blocked after paying): the refund, as a warning', async () => {
    api.order.mockResolvedValue(order({ status: 'REFUNDED' }));
    renderAt(AT, ROUTE, <SuccessScreen />);
    const s = await settled();
    expect(s.textContent).toContain('₹300 refunded');
    expect(s.textContent).toContain('is being refunded');
    expect(s.textContent).not.toContain('₹300 paid');
  });

  it('an order the server does not know: not found, with the way to the cards', async () => {
    api.order.mockRejectedValue(refused(404, 'ORDER_NOT_FOUND'));
    renderAt('/select-card/card-recharge-successful/TXN0', ROUTE, <SuccessScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('This recharge was not found.');
    expect(screen.getByRole('link', { name: 'Your transit cards' }).getAttribute('href')).toBe('/card-payments');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('error: Retry asks again', async () => {
    api.order.mockRejectedValueOnce(offline()).mockResolvedValueOnce(order());
    renderAt(AT, ROUTE, <SuccessScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect((await settled()).textContent).toContain('₹300 paid');
  });

  it('Hindi', async () => {
    api.order.mockResolvedValue(order({ status: 'WRITTEN' }));
    renderAt(AT, ROUTE, <SuccessScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('success.heading'));
    expect((await settled()).textContent).toContain(hiText('success.written').replace('{amount}', '₹300'));
  });
});
