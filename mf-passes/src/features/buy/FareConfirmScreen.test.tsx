/** @jest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react';
import { chosenFlow, product } from '../../test/fixtures';
import { hiText, location, renderAt, setFlow } from '../../test/render';
import * as api from '../common/api';
import { EMPTY_FLOW } from '../common/model';
import { FareConfirmScreen } from './FareConfirmScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const mocked = jest.mocked(api);
const ROUTE = '/productHooks/bus-pass-purchase/fares/:configId/confirmation';
const AT = '/productHooks/bus-pass-purchase/fares/mum-general/confirmation';
const facts = () => Object.fromEntries([...document.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
beforeEach(() => {
  jest.resetAllMocks();
  setFlow(chosenFlow());
});

describe('FareConfirmScreen: the choice before the details', () => {
  it('loading', () => {
    mocked.loadProduct.mockReturnValue(new Promise(() => undefined));
    renderAt(AT, ROUTE, <FareConfirmScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your choice' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });

  it('loaded: pass, passenger, plan, fare and price, features and terms; Confirm goes to the details', async () => {
    mocked.loadProduct.mockResolvedValue(product());
    renderAt(AT, ROUTE, <FareConfirmScreen />);
    const confirm = await screen.findByRole('button', { name: 'Confirm and continue' });
    expect(facts()).toEqual({ Pass: 'General pass', Passenger: 'Adult', Plan: 'City-wide', Fare: 'Monthly · 30 days', Price: '₹1,100' });
    expect(screen.getByRole('heading', { level: 2, name: 'What you get' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Terms' })).toBeTruthy();
    fireEvent.click(confirm);
    await screen.findByText('elsewhere');
    expect(location.current).toBe('/productHooks/bus-pass-purchase/personal-details');
  });

  it('a fare that needs proofs says so before the rider goes on', async () => {
    mocked.loadProduct.mockResolvedValue(product());
    setFlow(chosenFlow({ categoryId: 'student', fmId: 'stu-30' }));
    renderAt(AT, ROUTE, <FareConfirmScreen />);
    expect(await screen.findByText(/This pass needs your photograph and a proof document/)).toBeTruthy();
  });

  it('a fare no longer on sale: why, the way to choose again, no Confirm', async () => {
    const p = product();
    p.fareMapping.adult[1] = { ...p.fareMapping.adult[1], isActive: false };
    mocked.loadProduct.mockResolvedValue(p);
    renderAt(AT, ROUTE, <FareConfirmScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('This fare is no longer on sale.');
    expect((screen.getByRole('button', { name: 'Confirm and continue' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a fare the catalogue no longer has: "no longer offered" with the way to start again', async () => {
    mocked.loadProduct.mockResolvedValue(product());
    setFlow(chosenFlow({ fmId: 'gone' }));
    renderAt(AT, ROUTE, <FareConfirmScreen />);
    expect((await screen.findByText('The fare you chose is no longer offered. Choose again.')).closest('[role=status]')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See passes' }).getAttribute('href')).toBe('/productHooks');
  });

  it('a lost flow (a new tab): start again, the catalogue not asked', () => {
    setFlow(EMPTY_FLOW);
    renderAt(AT, ROUTE, <FareConfirmScreen />);
    expect(screen.getByRole('status').textContent).toContain('We could not find the pass you were buying.');
    expect(mocked.loadProduct).not.toHaveBeenCalled();
  });

  it('Hindi', async () => {
    mocked.loadProduct.mockResolvedValue(product());
    renderAt(AT, ROUTE, <FareConfirmScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('confirmFare.heading'));
    expect(await screen.findByRole('button', { name: hiText('confirmFare.confirm') })).toBeTruthy();
  });
});
