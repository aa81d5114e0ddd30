/** @jest-environment jsdom */
import { fireEvent, screen, within } from '@testing-library/react';
import { SEEN, history, offline, refused } from '../../test/fixtures';
import { hiText, renderAt } from '../../test/render';
import { cardsApi } from '../common/api';
import HistoryScreen from './HistoryScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const api = jest.mocked(cardsApi);
const ROUTE = '/sawari-card/card-history/:cardNumber';
const AT = '/sawari-card/card-history/crd_city1';
beforeEach(() => jest.resetAllMocks());

const items = [
  { id: 'T1', type: 'TAP' as const, at: SEEN, amountPaise: 2_000, state: 'ACCEPTED', routeName: 'AS-1', balanceAfterPaise: 13_000 },
  { id: 'T2', type: 'TAP' as const, at: SEEN - 60_000, amountPaise: 2_000, state: 'DECLINED', routeName: null, balanceAfterPaise: null },
  { id: 'R1', type: 'RECHARGE' as const, at: SEEN - 120_000, amountPaise: 30_000, state: 'PENDING_ON_CARD', routeName: null, balanceAfterPaise: null },
];

describe('HistoryScreen: a card’s taps and recharges', () => {
  it('loading', () => {
    api.history.mockReturnValue(new Promise(() => undefined));
    renderAt(AT, ROUTE, <HistoryScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Card history' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });

  it('loaded: one line per entry with its state and amount; the first page asked for', async () => {
    api.history.mockResolvedValue(history({ items }));
    renderAt(AT, ROUTE, <HistoryScreen />);
    const list = await screen.findByRole('list', { name: 'Taps and recharges' });
    const lines = within(list).getAllByRole('listitem');
    expect(lines).toHaveLength(3);
    expect(lines[0].textContent).toContain('Bus fare, AS-1');
    expect(lines[0].textContent).toContain('paid from card');
    expect(lines[0].textContent).toContain('−₹20');
    expect(lines[1].textContent).toContain('declined at the validator');
    expect(lines[2].textContent).toContain('+₹300');
    expect(lines[2].textContent).toContain('pending on card');
    expect(api.history).toHaveBeenCalledWith('crd_city1', 0, 20);
    expect(screen.queryByRole('button', { name: 'Older' })).toBeNull();
  });

  it('more pages: Older asks for the next one', async () => {
    api.history.mockResolvedValueOnce(history({ items, hasMore: true })).mockResolvedValueOnce(history({ items: [], pageIndex: 1 }));
    renderAt(AT, ROUTE, <HistoryScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Older' }));
    expect(await screen.findByText('No older entries.')).toBeTruthy();
    expect(api.history).toHaveBeenLastCalledWith('crd_city1', 1, 20);
    expect(screen.getByRole('button', { name: 'Newer' })).toBeTruthy();
  });

  it('empty', async () => {
    api.history.mockResolvedValue(history());
    renderAt(AT, ROUTE, <HistoryScreen />);
    expect(await screen.findByText('No taps or recharges yet.')).toBeTruthy();
  });

  it('not found (another rider’s card, or a card number in the address): the words and the way to the cards', async () => {
    api.history.mockRejectedValue(refused(400, 'VALIDATION_FAILED'));
    renderAt('/sawari-card/card-history/6070000000000002', ROUTE, <HistoryScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('This card is not in your account.');
    expect(screen.getByRole('link', { name: 'Your transit cards' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('error: Retry loads again', async () => {
    api.history.mockRejectedValueOnce(offline()).mockResolvedValueOnce(history({ items }));
    renderAt(AT, ROUTE, <HistoryScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Taps and recharges' })).toBeTruthy();
  });

  it('Hindi: heading and states in Hindi', async () => {
    api.history.mockResolvedValue(history({ items }));
    renderAt(AT, ROUTE, <HistoryScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('history.heading'));
    expect((await screen.findByRole('list')).textContent).toContain(hiText('history.tapDeclined'));
  });
});
