/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import { ncmcOrder, refused } from '../../test/fixtures';
import { hiText, renderAt } from '../../test/render';
import { cardsApi } from '../common/api';
import { NcmcSuccessScreen } from './NcmcSuccessScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const api = jest.mocked(cardsApi);
const ROUTE = '/ncmc-card-recharge/successful/:cardType';
const AT = '/ncmc-card-recharge/successful/ncmc?orderId=CRO-N1';
beforeEach(() => jest.resetAllMocks());
/** The status once the screen has settled (the loading skeleton is a status too). */
async function settled() {
  await waitFor(() => expect(screen.getByRole('status').textContent).not.toMatch(/Loading…|लोड हो रहा है…/));
  return screen.getByRole('status');
}

describe('NcmcSuccessScreen: the NCMC recharge after the checkout', () => {
  it('opened without its order: not found and the way to the cards, without asking the server', () => {
    renderAt('/ncmc-card-recharge/successful/NCMC', ROUTE, <NcmcSuccessScreen />);
    expect(screen.getByRole('alert').textContent).toContain('This recharge was not found.');
    expect(screen.getByRole('link', { name: 'Your transit cards' }).getAttribute('href')).toBe('/card-payments');
    expect(screen.queryByRole('status')).toBeNull();
    expect(api.order).not.toHaveBeenCalled();
  });

  it('loading', () => {
    api.order.mockReturnValue(new Promise(() => undefined));
    renderAt(AT, ROUTE, <NcmcSuccessScreen />);
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });

  it('paid, not yet moved: what was charged with its fee, and the way to move it to the chip', async () => {
    api.order.mockResolvedValue(ncmcOrder());
    renderAt(AT, ROUTE, <NcmcSuccessScreen />);
    const s = await settled();
    expect(s.textContent).toContain('₹305 paid');
    expect(s.textContent).toContain('₹300 for the card + ₹5 fee');
    expect(screen.getByRole('link', { name: 'Move ₹300 to the card' }).getAttribute('href')).toBe(
      '/ncmc-card-recharge/tranfer-in-offline-wallet?orderId=CRO-N1',
    );
    expect(api.order).toHaveBeenCalledWith('CRO-N1');
  });

  it('refunded: the whole charge back, no Move', async () => {
    api.order.mockResolvedValue(ncmcOrder({ status: 'REFUNDED' }));
    renderAt(AT, ROUTE, <NcmcSuccessScreen />);
    expect((await settled()).textContent).toContain('₹305 refunded');
    expect(screen.queryByRole('link', { name: /Move/ })).toBeNull();
  });

  it('not found', async () => {
    api.order.mockRejectedValue(refused(404, 'ORDER_NOT_FOUND'));
    renderAt(AT, ROUTE, <NcmcSuccessScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('This recharge was not found.');
  });

  it('Hindi', async () => {
    api.order.mockResolvedValue(ncmcOrder());
    renderAt(AT, ROUTE, <NcmcSuccessScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('success.heading'));
    expect((await settled()).textContent).toContain(hiText('success.title').replace('{amount}', '₹305'));
  });
});
