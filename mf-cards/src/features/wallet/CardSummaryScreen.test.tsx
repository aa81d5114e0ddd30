/** @jest-environment jsdom */
import { fireEvent, screen, within } from '@testing-library/react';
import { card, offline, refused } from '../../test/fixtures';
import { hiText, location, renderAt } from '../../test/render';
import { cardsApi } from '../common/api';
import { CardSummaryScreen } from './CardSummaryScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const api = jest.mocked(cardsApi);
const ROUTE = '/sawari-card/summury';
const AT = `${ROUTE}?card=crd_city1`;
beforeEach(() => jest.resetAllMocks());

describe('CardSummaryScreen: one card, rename and unlink', () => {
  it('without ?card=: not found with the way to the cards, the server not asked', () => {
    renderAt(ROUTE, ROUTE, <CardSummaryScreen />);
    expect(screen.getByRole('alert').textContent).toContain('This card is not in your account.');
    expect(screen.getByRole('link', { name: 'Your transit cards' })).toBeTruthy();
    expect(api.info).not.toHaveBeenCalled();
  });

  it('loading, then the card with its facts and actions', async () => {
    let answer: (c: ReturnType<typeof card>) => void = () => undefined;
    api.info.mockReturnValue(new Promise((r) => (answer = r)));
    renderAt(AT, ROUTE, <CardSummaryScreen />);
    expect(screen.getByRole('status').textContent).toContain('Loading…');
    answer(card());
    expect(await screen.findByRole('heading', { level: 2, name: 'Office card' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Recharge' }).getAttribute('href')).toBe('/select-card/amount-selection?card=crd_city1');
    expect(await screen.findByDisplayValue('Office card')).toBe(screen.getByLabelText('Name for this card'));
    expect(api.info).toHaveBeenCalledWith('crd_city1');
  });

  it('a blocked card: its status, and no Recharge', async () => {
    api.info.mockResolvedValue(card({ status: 'BLOCKED' }));
    renderAt(AT, ROUTE, <CardSummaryScreen />);
    await screen.findByRole('heading', { level: 2, name: 'Office card' });
    expect(screen.getByText('Blocked')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Recharge' })).toBeNull();
  });

  it('not found (a card of another rider): the words and the way to the cards', async () => {
    api.info.mockRejectedValue(refused(404, 'CARD_NOT_FOUND'));
    renderAt(AT, ROUTE, <CardSummaryScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('This card is not in your account.');
    expect(screen.queryByText(/developer text/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('error: Retry loads again', async () => {
    api.info.mockRejectedValueOnce(offline()).mockResolvedValueOnce(card());
    renderAt(AT, ROUTE, <CardSummaryScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Office card' })).toBeTruthy();
  });

  it('rename: an empty name is refused here; a good one is saved', async () => {
    api.info.mockResolvedValue(card());
    api.rename.mockResolvedValue(card({ name: 'Home card' }));
    renderAt(AT, ROUTE, <CardSummaryScreen />);
    const input = (await screen.findByLabelText('Name for this card')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Give the card a name.')).toBeTruthy();
    expect(api.rename).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'Home card ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect((await screen.findByRole('status')).textContent).toBe('Name saved.');
    expect(api.rename).toHaveBeenCalledWith('crd_city1', 'Home card');
    expect(screen.getByRole('heading', { level: 2, name: 'Home card' })).toBeTruthy();
  });

  it('unlink asks first; Keep it keeps; Yes unlinks and goes to the cards', async () => {
    api.info.mockResolvedValue(card());
    api.unlink.mockResolvedValue(undefined);
    renderAt(AT, ROUTE, <CardSummaryScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink card' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Unlink Office card from your account?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Unlink card' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, unlink' }));
    await screen.findByText('elsewhere');
    expect(location.current).toBe('/card-payments');
    expect(api.unlink).toHaveBeenCalledWith('crd_city1');
  });

  it('Hindi: heading in Hindi', async () => {
    api.info.mockResolvedValue(card());
    renderAt(AT, ROUTE, <CardSummaryScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('summary.heading'));
    expect(await screen.findByRole('button', { name: hiText('summary.save') })).toBeTruthy();
  });
});
