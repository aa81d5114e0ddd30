/** @jest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react';
import { offline, order, refused } from '../../test/fixtures';
import { hiText, location, renderAt } from '../../test/render';
import * as api from '../common/api';
import { ResubmitScreen } from './ResubmitScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const mocked = jest.mocked(api);
const ROUTE = '/productHooks/bus-pass-purchase/resubmit-for-verification/:transactionId';
const AT = '/productHooks/bus-pass-purchase/resubmit-for-verification/PASS-R';
const rejected = order({
  transactionId: 'PASS-R',
  categoryId: 'student',
  status: 'REJECTED',
  verificationStatus: 'REJECTED',
  rejectionReason: 'Photo is blurred',
});
beforeEach(() => jest.resetAllMocks());

describe('ResubmitScreen: new documents or another check', () => {
  it('loading', () => {
    mocked.loadOrder.mockReturnValue(new Promise(() => undefined));
    renderAt(AT, ROUTE, <ResubmitScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Resubmit documents' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });

  it('rejected: the reason; new documents needed before that Submit; Check again sends the same ones', async () => {
    mocked.loadOrder.mockResolvedValue(rejected);
    mocked.resubmit.mockResolvedValue(order({ transactionId: 'PASS-R', status: 'UNVERIFIED', submittedForVerification: true }));
    renderAt(AT, ROUTE, <ResubmitScreen />);
    expect(await screen.findByText('Reason: Photo is blurred')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Submit new documents' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Kind of proof') as HTMLSelectElement).value).toBe('STUDENT_ID');
    fireEvent.click(screen.getByRole('button', { name: 'Check the same documents again' }));
    await screen.findByText('elsewhere');
    expect(mocked.resubmit).toHaveBeenCalledWith('PASS-R', 'REAPPLY', undefined);
    expect(location.current).toBe('/productHooks/bus-pass-purchase/submit-for-verification-successful/PASS-R');
  });

  it('refused: the reason, the rider stays', async () => {
    mocked.loadOrder.mockResolvedValue(rejected);
    mocked.resubmit.mockRejectedValue(refused(409, 'ILLEGAL_TRANSITION'));
    renderAt(AT, ROUTE, <ResubmitScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Check the same documents again' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This order has moved on already.');
  });

  it('an order not rejected: nothing to resubmit, the way to its status', async () => {
    mocked.loadOrder.mockResolvedValue(order({ transactionId: 'PASS-R', status: 'UNVERIFIED', submittedForVerification: true }));
    renderAt(AT, ROUTE, <ResubmitScreen />);
    expect(await screen.findByText('This order is not waiting for new documents.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See status' })).toBeTruthy();
  });

  it('not found', async () => {
    mocked.loadOrder.mockRejectedValue(refused(404, 'ORDER_NOT_FOUND'));
    renderAt(AT, ROUTE, <ResubmitScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('We could not find this order.');
  });

  it('error: Retry loads again', async () => {
    mocked.loadOrder.mockRejectedValueOnce(offline()).mockResolvedValueOnce(rejected);
    renderAt(AT, ROUTE, <ResubmitScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Reason: Photo is blurred')).toBeTruthy();
  });

  it('Hindi', async () => {
    mocked.loadOrder.mockResolvedValue(rejected);
    renderAt(AT, ROUTE, <ResubmitScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('resubmit.heading'));
    expect(await screen.findByRole('button', { name: hiText('resubmit.reapply') })).toBeTruthy();
  });
});
