/** @jest-environment jsdom */
import { fireEvent, screen, within } from '@testing-library/react';
import { card, ncmc, offline } from '../../test/fixtures';
import { hiText, renderAt } from '../../test/render';
import { cardsApi } from '../common/api';
import { CardsScreen } from './CardsScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const api = jest.mocked(cardsApi);
const ROUTE = '/card-payments';
beforeEach(() => jest.resetAllMocks());

describe('CardsScreen: the rider’s linked cards', () => {
  it('loading: the heading and one "Loading…" status', () => {
    api.list.mockReturnValue(new Promise(() => undefined));
    renderAt(ROUTE, ROUTE, <CardsScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Your transit cards' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });

  it('loaded: one item per card with its actions; a blocked card cannot be recharged; staged NCMC money can be moved', async () => {
    api.list.mockResolvedValue({
      cards: [card(), ncmc({ stagedPaise: 30_000 }), card({ cardRef: 'crd_old', name: 'Old card', status: 'BLOCKED' })],
    });
    renderAt(ROUTE, ROUTE, <CardsScreen />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading', { level: 2 }).textContent)).toEqual(['Office card', 'Metro card', 'Old card']);
    expect(within(items[0]).getByRole('link', { name: 'Recharge Office card' }).getAttribute('href')).toBe('/select-card/amount-selection?card=crd_city1');
    expect(within(items[0]).queryByRole('link', { name: /Move paid money/ })).toBeNull();
    expect(within(items[1]).getByRole('link', { name: 'Recharge Metro card' }).getAttribute('href')).toBe(
      '/ncmc-card-recharge/amount-selection?card=crd_ncmc1',
    );
    expect(
      within(items[1])
        .getByRole('link', { name: /Move paid money/ })
        .getAttribute('href'),
    ).toBe('/ncmc-card-recharge/tranfer-in-offline-wallet?card=crd_ncmc1');
    expect(within(items[2]).queryByRole('link', { name: /^Recharge/ })).toBeNull();
    expect(within(items[2]).getByText('Blocked')).toBeTruthy();
    expect(within(items[2]).getByRole('link', { name: 'History of Old card' }).getAttribute('href')).toBe('/sawari-card/card-history/crd_old');
    expect(screen.getByRole('link', { name: 'Link a card' }).getAttribute('href')).toBe('/sawari-card/link-card-form');
  });

  it('empty: says so, with the way to link a card', async () => {
    api.list.mockResolvedValue({ cards: [] });
    renderAt(ROUTE, ROUTE, <CardsScreen />);
    expect(await screen.findByText('You have not linked a card yet.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByRole('link', { name: 'Link a card' })).toBeTruthy();
  });

  it('error: the problem with Retry, which loads again', async () => {
    api.list.mockRejectedValueOnce(offline()).mockResolvedValueOnce({ cards: [card()] });
    renderAt(ROUTE, ROUTE, <CardsScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Office card' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.list).toHaveBeenCalledTimes(2);
  });

  it('Hindi: heading and empty state in Hindi', async () => {
    api.list.mockResolvedValue({ cards: [] });
    renderAt(ROUTE, ROUTE, <CardsScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('cards.heading'));
    expect(await screen.findByText(hiText('cards.empty'))).toBeTruthy();
  });
});
