/** @jest-environment jsdom */
import { fireEvent, screen, within } from '@testing-library/react';
import { card, ncmc, offline } from '../../test/fixtures';
import { hiText, renderAt } from '../../test/render';
import { cardsApi } from '../common/api';
import { SelectCardScreen } from './SelectCardScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const api = jest.mocked(cardsApi);
beforeEach(() => jest.resetAllMocks());

describe('SelectCardScreen: which card to recharge', () => {
  it('loading', () => {
    api.list.mockReturnValue(new Promise(() => undefined));
    renderAt('/select-card', '/select-card', <SelectCardScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Recharge your city card' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });

  it('/select-card: only city cards; an expired one says why it cannot be recharged', async () => {
    api.list.mockResolvedValue({ cards: [card(), ncmc(), card({ cardRef: 'crd_old', name: 'Old card', expired: true })] });
    renderAt('/select-card', '/select-card', <SelectCardScreen />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual(['Office card', 'Old card']);
    expect(within(items[0]).getByRole('link', { name: 'Recharge Office card' }).getAttribute('href')).toBe('/select-card/amount-selection?card=crd_city1');
    expect(within(items[1]).queryByRole('link', { name: /Recharge/ })).toBeNull();
    expect(items[1].textContent).toContain('This card has expired and cannot be recharged.');
  });

  it('/ncmc-card-recharge: only NCMC cards, into the NCMC flow', async () => {
    api.list.mockResolvedValue({ cards: [card(), ncmc()] });
    renderAt('/ncmc-card-recharge', '/ncmc-card-recharge', <SelectCardScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Recharge your NCMC card' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Recharge Metro card' });
    expect(link.getAttribute('href')).toBe('/ncmc-card-recharge/amount-selection?card=crd_ncmc1');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('empty: no card of this kind, with the way to link one', async () => {
    api.list.mockResolvedValue({ cards: [card()] });
    renderAt('/ncmc-card-recharge', '/ncmc-card-recharge', <SelectCardScreen />);
    expect(await screen.findByText('You have no NCMC card linked.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Link a card' })).toBeTruthy();
  });

  it('error: Retry loads again', async () => {
    api.list.mockRejectedValueOnce(offline()).mockResolvedValueOnce({ cards: [card()] });
    renderAt('/select-card', '/select-card', <SelectCardScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Recharge Office card' })).toBeTruthy();
  });

  it('Hindi', async () => {
    api.list.mockResolvedValue({ cards: [] });
    renderAt('/select-card', '/select-card', <SelectCardScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('select.heading'));
    expect(await screen.findByText(hiText('select.empty'))).toBeTruthy();
  });
});
