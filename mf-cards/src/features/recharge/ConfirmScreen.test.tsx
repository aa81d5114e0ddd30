/** @jest-environment jsdom */
import { fireEvent, screen, within } from '@testing-library/react';
import { card, ncmc, ncmcOrder, offline, refused } from '../../test/fixtures';
import { hiText, location, renderAt } from '../../test/render';
import { cardsApi } from '../common/api';
import { ConfirmScreen } from './ConfirmScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
jest.mock('@sawari/runtime', () => ({ ...jest.requireActual('@sawari/runtime'), useCityConfig: () => ({ cityId: 'kochi' }) }));
const api = jest.mocked(cardsApi);
const ROUTE = '/ncmc-card-recharge/payment-details';
const AT = `${ROUTE}?card=crd_ncmc1&amount=30000`;
beforeEach(() => jest.resetAllMocks());

describe('ConfirmScreen: check and pay', () => {
  it('without ?card=: not found', () => {
    renderAt(`${ROUTE}?amount=30000`, ROUTE, <ConfirmScreen />);
    expect(screen.getByRole('alert').textContent).toContain('This card is not in your account.');
  });

  it('loading', () => {
    api.info.mockReturnValue(new Promise(() => undefined));
    renderAt(AT, ROUTE, <ConfirmScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Check and pay' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });

  it('loaded: the card, each fee line named, the total on the Pay button; Pay makes one order and goes to the checkout', async () => {
    api.info.mockResolvedValue(ncmc());
    api.recharge.mockResolvedValue(ncmcOrder({ status: 'CREATED' }));
    renderAt(AT, ROUTE, <ConfirmScreen />);
    const pay = await screen.findByRole('button', { name: 'Pay ₹305' });
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['Recharge amount₹300', 'Card load fee₹5', 'To pay₹305']);
    fireEvent.click(pay);
    await screen.findByText('elsewhere');
    expect(api.recharge).toHaveBeenCalledTimes(1);
    expect(api.recharge.mock.calls[0].slice(0, 3)).toEqual(['crd_ncmc1', 30_000, 'kochi']);
    expect(location.current).toBe('/select-payment/CITYBUS/ncmcCardRecharge/CRO-N1');
  });

  it('no amount in the address: the problem and the way to choose one', async () => {
    api.info.mockResolvedValue(card());
    renderAt('/select-card/confirm-details-and-pay?card=crd_city1', '/select-card/confirm-details-and-pay', <ConfirmScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('The smallest recharge is ₹10.');
    expect(screen.getByRole('link', { name: 'Change amount' }).getAttribute('href')).toBe('/select-card/amount-selection?card=crd_city1');
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it('refused: the reason in words and the way back to the amount; Pay again sends the same order key', async () => {
    api.info.mockResolvedValue(ncmc());
    api.recharge.mockRejectedValueOnce(refused(409, 'OVER_CHIP_LIMIT')).mockRejectedValueOnce(offline());
    renderAt(AT, ROUTE, <ConfirmScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₹305' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This amount would take the card over ₹2,000');
    expect(within(alert).getByRole('link', { name: 'Change amount' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₹305' }));
    await screen.findByText(/offline/);
    expect(api.recharge.mock.calls[1][3]).toBe(api.recharge.mock.calls[0][3]);
  });

  it('a card that is not the rider’s: not found', async () => {
    api.info.mockRejectedValue(refused(404, 'CARD_NOT_FOUND'));
    renderAt(AT, ROUTE, <ConfirmScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('This card is not in your account.');
  });

  it('error: Retry loads again', async () => {
    api.info.mockRejectedValueOnce(offline()).mockResolvedValueOnce(ncmc());
    renderAt(AT, ROUTE, <ConfirmScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Pay ₹305' })).toBeTruthy();
  });

  it('Hindi', async () => {
    api.info.mockResolvedValue(ncmc());
    renderAt(AT, ROUTE, <ConfirmScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('confirm.heading'));
    expect(await screen.findByText(hiText('confirm.whenNcmc'))).toBeTruthy();
  });
});
