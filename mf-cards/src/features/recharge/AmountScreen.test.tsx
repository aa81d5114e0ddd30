/** @jest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react';
import { card, eligible, ncmc, offline, refused } from '../../test/fixtures';
import { hiText, location, renderAt } from '../../test/render';
import { cardsApi } from '../common/api';
import { AmountScreen } from './AmountScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const api = jest.mocked(cardsApi);
const ROUTE = '/select-card/amount-selection';
const AT = `${ROUTE}?card=crd_city1`;
beforeEach(() => jest.resetAllMocks());

const typeAndGo = (text: string) => {
  fireEvent.change(screen.getByLabelText('Or type an amount in rupees'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
};

describe('AmountScreen: how much to add', () => {
  it('without ?card=: not found, the way to the cards', () => {
    renderAt(ROUTE, ROUTE, <AmountScreen />);
    expect(screen.getByRole('alert').textContent).toContain('This card is not in your account.');
    expect(screen.getByRole('link', { name: 'Your transit cards' })).toBeTruthy();
    expect(api.info).not.toHaveBeenCalled();
  });

  it('loading', () => {
    api.info.mockReturnValue(new Promise(() => undefined));
    renderAt(AT, ROUTE, <AmountScreen />);
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });

  it('a card of another rider: not found', async () => {
    api.info.mockRejectedValue(refused(404, 'CARD_NOT_FOUND'));
    renderAt(AT, ROUTE, <AmountScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('This card is not in your account.');
  });

  it('error: Retry loads again', async () => {
    api.info.mockRejectedValueOnce(offline()).mockResolvedValueOnce(card());
    renderAt(AT, ROUTE, <AmountScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('loaded: presets above what the card can take are off; a preset is marked chosen', async () => {
    api.info.mockResolvedValue(card({ maxRechargePaise: 60_000 }));
    renderAt(AT, ROUTE, <AmountScreen />);
    const p500 = await screen.findByRole('button', { name: '₹500' });
    expect((screen.getByRole('button', { name: '₹1,000' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(p500);
    expect(p500.getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByLabelText('Or type an amount in rupees') as HTMLInputElement).value).toBe('500');
  });

  it('an amount the card cannot take: the field says why and nothing is asked', async () => {
    api.info.mockResolvedValue(card({ maxRechargePaise: 60_000 }));
    renderAt(AT, ROUTE, <AmountScreen />);
    await screen.findByRole('button', { name: 'Continue' });
    typeAndGo('5');
    expect(screen.getByRole('alert').textContent).toBe('The smallest recharge is ₹10.');
    typeAndGo('601');
    expect(screen.getByRole('alert').textContent).toBe('This card can take at most ₹600 more now.');
    expect(screen.getByLabelText('Or type an amount in rupees').getAttribute('aria-invalid')).toBe('true');
    expect(api.eligibility).not.toHaveBeenCalled();
  });

  it('a good amount the server accepts: on to confirm, in the card’s own flow', async () => {
    api.info.mockResolvedValue(ncmc());
    api.eligibility.mockResolvedValue(eligible(30_000));
    renderAt('/ncmc-card-recharge/amount-selection?card=crd_ncmc1', '/ncmc-card-recharge/amount-selection', <AmountScreen />);
    await screen.findByRole('button', { name: 'Continue' });
    typeAndGo('300');
    await screen.findByText('elsewhere');
    expect(api.eligibility).toHaveBeenCalledWith('crd_ncmc1', 30_000);
    expect(location.current).toBe('/ncmc-card-recharge/payment-details?card=crd_ncmc1&amount=30000');
  });

  it('refused by the server: the reason in words, the rider stays', async () => {
    api.info.mockResolvedValue(card());
    api.eligibility.mockResolvedValue({ ...eligible(30_000), eligible: false, reason: 'OVER_CHIP_LIMIT', message: 'developer text' });
    renderAt(AT, ROUTE, <AmountScreen />);
    await screen.findByRole('button', { name: 'Continue' });
    typeAndGo('300');
    expect((await screen.findByRole('alert')).textContent).toContain('This amount would take the card over ₹2,000');
    expect(location.current).toBe(AT);
  });

  it('a blocked card: why it cannot be recharged, no form', async () => {
    api.info.mockResolvedValue(card({ status: 'BLOCKED' }));
    renderAt(AT, ROUTE, <AmountScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('This card is blocked and cannot be recharged.');
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('Hindi', async () => {
    api.info.mockResolvedValue(card());
    renderAt(AT, ROUTE, <AmountScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('amount.heading'));
    fireEvent.click(await screen.findByRole('button', { name: hiText('common.continue') }));
    expect(screen.getByRole('alert').textContent).toBe(hiText('amount.error.empty'));
  });
});
