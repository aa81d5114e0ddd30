/** @jest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react';
import { chosenFlow, details, offline, product, refused, today } from '../../test/fixtures';
import { getFlow, hiText, location, renderAt, setFlow } from '../../test/render';
import * as api from '../common/api';
import { DetailsScreen } from './DetailsScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const mocked = jest.mocked(api);
const ROUTE = '/productHooks/bus-pass-purchase/personal-details';
const profile = { userId: 'u-1', firstName: 'Asha', lastName: 'Rao', mailId: null, mobileNumber: '9876543210', gender: null, dobInMillis: null };
beforeEach(() => {
  jest.resetAllMocks();
  setFlow(chosenFlow());
  mocked.loadProduct.mockResolvedValue(product());
});

describe('DetailsScreen: who the pass is for', () => {
  it('loading the profile', async () => {
    mocked.loadProfile.mockReturnValue(new Promise(() => undefined));
    renderAt(ROUTE, ROUTE, <DetailsScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Your details' })).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'Steps' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });

  it('filled from the profile, start today; Continue (no proofs) goes to confirm and pay with the details kept', async () => {
    mocked.loadProfile.mockResolvedValue(profile);
    renderAt(ROUTE, ROUTE, <DetailsScreen />);
    expect(await screen.findByDisplayValue('Asha Rao')).toBe(screen.getByLabelText(/Full name/));
    expect((screen.getByLabelText(/Pass start date/) as HTMLInputElement).value).toBe(today());
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('elsewhere');
    expect(location.current).toBe('/productHooks/bus-pass-purchase/confirm-details-and-pay');
    expect(getFlow().details).toMatchObject({ userName: 'Asha Rao', mobileNumber: '9876543210', passStartDate: today() });
  });

  it('a fare with proofs: the steps show Documents and Continue goes to them', async () => {
    setFlow(chosenFlow({ categoryId: 'student', fmId: 'stu-30', details: details() }));
    renderAt(ROUTE, ROUTE, <DetailsScreen />);
    expect((await screen.findByRole('list', { name: 'Steps' })).textContent).toContain('Documents');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('elsewhere');
    expect(location.current).toBe('/productHooks/bus-pass-purchase/document');
  });

  it('what is wrong: the count, each field marked, the first focused, nothing goes on', async () => {
    setFlow(chosenFlow({ details: details({ userName: '', mobileNumber: '12' }) }));
    renderAt(ROUTE, ROUTE, <DetailsScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe('2 fields need a change.');
    expect(screen.getByLabelText(/Full name/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText(/Full name/));
    expect(screen.getByText('Enter a 10-digit mobile number.')).toBeTruthy();
    expect(location.current).toBe(ROUTE);
  });

  it('a profile that cannot be loaded: said, the form empty to type', async () => {
    mocked.loadProfile.mockRejectedValue(offline());
    renderAt(ROUTE, ROUTE, <DetailsScreen />);
    expect(await screen.findByText(/Your profile could not be loaded/)).toBeTruthy();
    expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe('');
  });

  it('no profile yet (a new rider): an empty form, no warning', async () => {
    mocked.loadProfile.mockRejectedValue(refused(404, 'USER_DOES_NOT_EXIST'));
    renderAt(ROUTE, ROUTE, <DetailsScreen />);
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(screen.queryByText(/Your profile could not be loaded/)).toBeNull();
  });

  it('Hindi', async () => {
    setFlow(chosenFlow({ details: details({ userName: '' }) }));
    renderAt(ROUTE, ROUTE, <DetailsScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('details.heading'));
    fireEvent.click(await screen.findByRole('button', { name: hiText('common.continue') }));
    expect(screen.getByText(hiText('details.error.nameRequired'))).toBeTruthy();
  });
});
