/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { history, ncmc, ncmcOrder, offline, refused } from '../../test/fixtures';
import { hiText, renderAt } from '../../test/render';
import { cardsApi } from '../common/api';
import { TransferScreen } from './TransferScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const api = jest.mocked(cardsApi);
const ROUTE = '/ncmc-card-recharge/tranfer-in-offline-wallet';
const ONE = `${ROUTE}?orderId=CRO-N1`;
beforeEach(() => jest.resetAllMocks());
/** The status once the screen has settled (the loading skeleton is a status too). */
async function settled() {
  await waitFor(() => expect(screen.getByRole('status').textContent).not.toMatch(/Loading…|लोड हो रहा है…/));
  return screen.getByRole('status');
}
const recharge = (id: string, state: string) => ({
  id,
  type: 'RECHARGE' as const,
  at: 0,
  amountPaise: 30_000,
  state,
  routeName: null,
  balanceAfterPaise: null,
});

describe('TransferScreen: paid NCMC money into the offline wallet', () => {
  it('neither an order nor a card: not found, the way to the cards', () => {
    renderAt(ROUTE, ROUTE, <TransferScreen />);
    expect(screen.getByRole('alert').textContent).toContain('This recharge was not found.');
    expect(screen.getByRole('link', { name: 'Your transit cards' })).toBeTruthy();
  });

  it('loading', () => {
    api.order.mockReturnValue(new Promise(() => undefined));
    renderAt(ONE, ROUTE, <TransferScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Move money to the offline wallet' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });

  it('staged: Move sends it and the recharge is then pending on the card', async () => {
    api.order.mockResolvedValue(ncmcOrder());
    api.transfer.mockResolvedValue(ncmcOrder({ status: 'PENDING_ON_CARD' }));
    renderAt(ONE, ROUTE, <TransferScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Move ₹300 to the card' }));
    expect((await settled()).textContent).toBe('₹300 is pending: tap your card on a bus validator to add it.');
    expect(api.transfer).toHaveBeenCalledWith('CRO-N1');
    expect(screen.queryByRole('button', { name: /Move/ })).toBeNull();
  });

  it('a refused move: the problem with Retry, which moves it', async () => {
    api.order.mockResolvedValue(ncmcOrder());
    api.transfer.mockRejectedValueOnce(offline()).mockResolvedValueOnce(ncmcOrder({ status: 'PENDING_ON_CARD' }));
    renderAt(ONE, ROUTE, <TransferScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Move ₹300 to the card' }));
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect((await settled()).textContent).toContain('is pending');
    expect(api.transfer).toHaveBeenCalledTimes(2);
  });

  it('written and refunded: their own notices, no Move', async () => {
    api.order.mockResolvedValueOnce(ncmcOrder({ status: 'WRITTEN' }));
    const { unmount } = renderAt(ONE, ROUTE, <TransferScreen />);
    expect((await settled()).textContent).toBe('Written to your card.');
    unmount();
    api.order.mockResolvedValueOnce(ncmcOrder({ status: 'REFUNDED' }));
    renderAt(ONE, ROUTE, <TransferScreen />);
    expect((await settled()).textContent).toContain('is being refunded');
    expect(screen.queryByRole('button', { name: /Move/ })).toBeNull();
  });

  it('?card=: one panel per staged recharge of the card', async () => {
    api.history.mockResolvedValue(history({ card: ncmc(), items: [recharge('CRO-A', 'STAGED'), recharge('CRO-B', 'WRITTEN'), recharge('CRO-C', 'STAGED')] }));
    api.order.mockImplementation(async (id) => ncmcOrder({ orderId: id }));
    renderAt(`${ROUTE}?card=crd_ncmc1`, ROUTE, <TransferScreen />);
    expect(await screen.findAllByRole('button', { name: 'Move ₹300 to the card' })).toHaveLength(2);
    expect(api.order.mock.calls.map((c) => c[0]).sort()).toEqual(['CRO-A', 'CRO-C']);
  });

  it('?card= with nothing waiting: empty', async () => {
    api.history.mockResolvedValue(history({ card: ncmc(), items: [recharge('CRO-B', 'WRITTEN')] }));
    renderAt(`${ROUTE}?card=crd_ncmc1`, ROUTE, <TransferScreen />);
    expect(await screen.findByText('There is no paid money waiting to be moved to this card.')).toBeTruthy();
  });

  it('?card= error: Retry loads again', async () => {
    api.history.mockRejectedValueOnce(offline()).mockResolvedValueOnce(history({ card: ncmc() }));
    renderAt(`${ROUTE}?card=crd_ncmc1`, ROUTE, <TransferScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('There is no paid money waiting to be moved to this card.')).toBeTruthy();
  });

  it('an order not found: the words', async () => {
    api.order.mockRejectedValue(refused(404, 'ORDER_NOT_FOUND'));
    renderAt(ONE, ROUTE, <TransferScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('This recharge was not found.');
  });

  it('Hindi', async () => {
    api.order.mockResolvedValue(ncmcOrder());
    renderAt(ONE, ROUTE, <TransferScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('transfer.heading'));
    expect(await screen.findByRole('button', { name: hiText('transfer.move').replace('{amount}', '₹300') })).toBeTruthy();
  });
});
