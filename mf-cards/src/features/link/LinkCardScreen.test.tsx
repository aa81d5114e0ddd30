/** @jest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react';
import { card, refused } from '../../test/fixtures';
import { hiText, location, renderAt } from '../../test/render';
import { cardsApi } from '../common/api';
import { LinkCardScreen } from './LinkCardScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const api = jest.mocked(cardsApi);
const ROUTE = '/sawari-card/link-card-form';
beforeEach(() => jest.resetAllMocks());

const fill = (kind: RegExp, number: string, name: string) => {
  fireEvent.click(screen.getByRole('radio', { name: kind }));
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Name for this card'), { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: 'Link card' }));
};

describe('LinkCardScreen: link a card by its number', () => {
  it('an empty form: how many fields to correct, each field marked, nothing sent', () => {
    renderAt(ROUTE, ROUTE, <LinkCardScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Link card' }));
    expect(screen.getByRole('alert').textContent).toBe('Correct 2 fields to continue.');
    expect(screen.getByText('Choose the kind of card.')).toBeTruthy();
    expect(screen.getByLabelText('Name for this card').getAttribute('aria-invalid')).toBe('true');
    expect(api.link).not.toHaveBeenCalled();
  });

  it('a wrong number: its own words, nothing sent', () => {
    renderAt(ROUTE, ROUTE, <LinkCardScreen />);
    fill(/NCMC card/, '1234', 'Metro card');
    expect(screen.getByText('The card number has 16 digits.')).toBeTruthy();
    expect(api.link).not.toHaveBeenCalled();
  });

  it('a good card: linked, then the card’s page', async () => {
    api.link.mockResolvedValue(card({ cardRef: 'crd_new' }));
    renderAt(ROUTE, ROUTE, <LinkCardScreen />);
    fill(/NCMC card/, '6070 0000 0000 0002', 'Metro card');
    await screen.findByText('elsewhere');
    expect(api.link).toHaveBeenCalledWith('ncmc', '6070000000000002', 'Metro card');
    expect(location.current).toBe('/sawari-card/summury?card=crd_new');
  });

  it('refused (linked to another account): the reason in words, what was typed stays', async () => {
    api.link.mockRejectedValue(refused(409, 'CARD_LINKED_ELSEWHERE'));
    renderAt(ROUTE, ROUTE, <LinkCardScreen />);
    fill(/NCMC card/, '6070 0000 0000 0002', 'Metro card');
    expect((await screen.findByRole('alert')).textContent).toContain('This card is linked to another account.');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('6070 0000 0000 0002');
    expect((screen.getByRole('button', { name: 'Link card' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('Hindi: heading and the errors in Hindi', () => {
    renderAt(ROUTE, ROUTE, <LinkCardScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('link.heading'));
    fireEvent.click(screen.getByRole('button', { name: hiText('link.submit') }));
    expect(screen.getByText(hiText('link.error.kind'))).toBeTruthy();
  });
});
