/** @jest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react';
import { offline, order, refused } from '../../test/fixtures';
import { hiText, renderAt } from '../../test/render';
import * as api from '../common/api';
import { SubmittedScreen } from './SubmittedScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const mocked = jest.mocked(api);
const ROUTE = '/productHooks/bus-pass-purchase/submit-for-verification-successful/:transactionId';
const AT = '/productHooks/bus-pass-purchase/submit-for-verification-successful/PASS-V';
const waiting = order({ transactionId: 'PASS-V', status: 'UNVERIFIED', submittedForVerification: true });
beforeEach(() => jest.resetAllMocks());

describe('SubmittedScreen: submitted, then the outcome as it comes', () => {
  it('loading the order: a neutral heading (no thanks before the status is known) and the way to the status', () => {
    mocked.loadOrder.mockReturnValue(new Promise(() => undefined));
    renderAt(AT, ROUTE, <SubmittedScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Verification status' })).toBeTruthy();
    expect(screen.queryByText(/Thank you/)).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Loading…');
    expect(screen.getByRole('link', { name: 'See verification status' }).getAttribute('href')).toBe(
      '/productHooks/bus-pass-purchase/document-verify-pending?transactionId=PASS-V',
    );
  });

  it('being checked (pending verification)', async () => {
    mocked.loadOrder.mockResolvedValue(waiting);
    renderAt(AT, ROUTE, <SubmittedScreen />);
    expect(await screen.findByText('Your documents are being checked.')).toBeTruthy();
    expect(mocked.loadOrder).toHaveBeenCalledWith('PASS-V');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Submitted for verification');
    expect(screen.getByText(/^Thank you\./)).toBeTruthy();
  });

  it('rejected: the reason and Resubmit', async () => {
    mocked.loadOrder.mockResolvedValue(
      order({ transactionId: 'PASS-V', status: 'REJECTED', verificationStatus: 'REJECTED', rejectionReason: 'Photo is blurred' }),
    );
    renderAt(AT, ROUTE, <SubmittedScreen />);
    expect(await screen.findByText('Your documents were not accepted.')).toBeTruthy();
    expect(screen.getByText('Reason: Photo is blurred')).toBeTruthy();
    // one status on the page: no "Submitted" heading and no green thanks above the red "not accepted"
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Documents not accepted');
    expect(screen.queryByText(/Thank you/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Resubmit documents' }).getAttribute('href')).toBe(
      '/productHooks/bus-pass-purchase/resubmit-for-verification/PASS-V',
    );
  });

  it('approved: Buy the pass', async () => {
    mocked.loadOrder.mockResolvedValue(order({ transactionId: 'PASS-V', status: 'PENDING', verificationStatus: 'VERIFIED' }));
    renderAt(AT, ROUTE, <SubmittedScreen />);
    expect((await screen.findByRole('link', { name: 'Buy the pass' })).getAttribute('href')).toBe(
      '/productHooks/bus-pass-purchase/purchase-pass-after-verification/PASS-V/false',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Documents approved');
    expect(screen.queryByText(/Thank you/)).toBeNull();
  });

  it('not found: the words, the server not asked again', async () => {
    mocked.loadOrder.mockRejectedValue(refused(404, 'ORDER_NOT_FOUND'));
    renderAt(AT, ROUTE, <SubmittedScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('We could not find this order.');
  });

  it('error: Retry asks again', async () => {
    mocked.loadOrder.mockRejectedValueOnce(offline()).mockResolvedValue(waiting);
    renderAt(AT, ROUTE, <SubmittedScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Your documents are being checked.')).toBeTruthy();
  });

  it('Hindi', async () => {
    mocked.loadOrder.mockResolvedValue(waiting);
    renderAt(AT, ROUTE, <SubmittedScreen />, 'hi');
    expect(await screen.findByText(hiText('pending.waiting'))).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('submitted.heading'));
  });
  it('Hindi, rejected: the heading says so', async () => {
    mocked.loadOrder.mockResolvedValue(order({ transactionId: 'PASS-V', status: 'REJECTED', verificationStatus: 'REJECTED', rejectionReason: 'x' }));
    renderAt(AT, ROUTE, <SubmittedScreen />, 'hi');
    expect(await screen.findByText(hiText('pending.rejected'))).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('verification.heading.rejected'));
  });
});
