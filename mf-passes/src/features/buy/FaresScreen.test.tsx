/** @jest-environment jsdom */
import { fireEvent, screen, within } from '@testing-library/react';
import { chosenFlow, offline, product } from '../../test/fixtures';
import { getFlow, hiText, location, renderAt, setFlow } from '../../test/render';
import * as api from '../common/api';
import { FaresScreen } from './FaresScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const mocked = jest.mocked(api);
const ROUTE = '/productHooks/bus-pass-purchase/fares/:configId';
const AT = '/productHooks/bus-pass-purchase/fares/mum-general';
beforeEach(() => {
  jest.resetAllMocks();
  setFlow(chosenFlow({ categoryId: null, fmId: null }));
});

describe('FaresScreen: which fare', () => {
  it('loading', () => {
    mocked.loadProduct.mockReturnValue(new Promise(() => undefined));
    renderAt(AT, ROUTE, <FaresScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a fare' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });

  it('loaded: a group per category, prices (with the price before a discount), proofs marked; the choice is kept', async () => {
    mocked.loadProduct.mockResolvedValue(product());
    renderAt(AT, ROUTE, <FaresScreen />);
    const adult = await screen.findByRole('group', { name: 'Adult' });
    const monthly = within(adult).getByRole('radio', { name: /Monthly/ });
    expect(monthly.closest('label')?.textContent).toContain('₹1,100');
    expect(within(adult).getByLabelText('was ₹1,200')).toBeTruthy();
    expect((within(adult).getByRole('radio', { name: /Weekly/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(screen.getByRole('group', { name: 'Student' })).getByText('Needs documents')).toBeTruthy();
    fireEvent.click(monthly);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('elsewhere');
    expect(location.current).toBe('/productHooks/bus-pass-purchase/fares/mum-general/confirmation');
    expect(getFlow()).toMatchObject({ categoryId: 'adult', fmId: 'gen-30' });
  });

  it('a category not on sale: said in its group, its fares off', async () => {
    const p = product();
    p.categories[1] = { ...p.categories[1], isActive: false };
    mocked.loadProduct.mockResolvedValue(p);
    renderAt(AT, ROUTE, <FaresScreen />);
    const student = await screen.findByRole('group', { name: 'Student' });
    expect(student.textContent).toContain('Passes for this passenger type are not on sale right now.');
    expect((within(student).getByRole('radio') as HTMLInputElement).disabled).toBe(true);
  });

  it('nothing on sale in the plan: the problem with the way to choose again', async () => {
    const p = product();
    p.fareMapping = { adult: p.fareMapping.adult.map((f) => ({ ...f, isActive: false })), student: [] };
    mocked.loadProduct.mockResolvedValue(p);
    renderAt(AT, ROUTE, <FaresScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('This fare is no longer on sale.');
    expect(screen.getByRole('link', { name: 'Choose another fare' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('error: Retry loads again', async () => {
    mocked.loadProduct.mockRejectedValueOnce(offline()).mockResolvedValueOnce(product());
    renderAt(AT, ROUTE, <FaresScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: 'Adult' })).toBeTruthy();
  });

  it('Hindi', async () => {
    mocked.loadProduct.mockResolvedValue(product());
    renderAt(AT, ROUTE, <FaresScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('fares.heading'));
    expect(await screen.findByRole('button', { name: hiText('common.continue') })).toBeTruthy();
  });
});
