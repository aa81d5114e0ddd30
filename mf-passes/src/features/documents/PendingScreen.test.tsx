/** @jest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react';
import { chosenFlow, order, refused } from '../../test/fixtures';
import { hiText, location, renderAt, setFlow } from '../../test/render';
import * as api from '../common/api';
import { EMPTY_FLOW } from '../common/model';
import { PendingScreen } from './PendingScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const mocked = jest.mocked(api);
const ROUTE = '/productHooks/bus-pass-purchase/document-verify-pending';
const AT = `${ROUTE}?transactionId=PASS-V`;
beforeEach(() => {
  jest.resetAllMocks();
  setFlow(EMPTY_FLOW);
});

describe('PendingScreen: the verification status', () => {
  it('no order in the address or the flow: says so, the way to the passes', () => {
    renderAt(ROUTE, ROUTE, <PendingScreen />);
    expect(screen.getByText('There is no order waiting for verification.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See passes' })).toBeTruthy();
    expect(mocked.loadOrder).not.toHaveBeenCalled();
  });

  it('the flow’s order when the address has none; loading meanwhile', () => {
    setFlow(chosenFlow({ transactionId: 'PASS-F' }));
    mocked.loadOrder.mockReturnValue(new Promise(() => undefined));
    renderAt(ROUTE, ROUTE, <PendingScreen />);
    expect(screen.getByRole('status').textContent).toContain('Loading…');
    expect(mocked.loadOrder).toHaveBeenCalledWith('PASS-F');
  });

  it('not submitted yet: Submit sends it and shows it submitted', async () => {
    mocked.loadOrder.mockResolvedValue(order({ transactionId: 'PASS-V', status: 'UNVERIFIED' }));
    mocked.submitForVerification.mockResolvedValue(order({ transactionId: 'PASS-V', status: 'UNVERIFIED', submittedForVerification: true }));
    renderAt(AT, ROUTE, <PendingScreen />);
    expect(await screen.findByText('These documents were not submitted yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit for verification' }));
    await screen.findByText('elsewhere');
    expect(location.current).toBe('/productHooks/bus-pass-purchase/submit-for-verification-successful/PASS-V');
  });

  it('approved, and a payment that failed since: still Buy the pass', async () => {
    mocked.loadOrder.mockResolvedValue(order({ transactionId: 'PASS-V', status: 'PAYMENT_FAILED', verificationStatus: 'VERIFIED' }));
    renderAt(AT, ROUTE, <PendingScreen />);
    expect(await screen.findByText('Your documents are approved.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy the pass' })).toBeTruthy();
  });

  it('already bought: the way to the pass', async () => {
    mocked.loadOrder.mockResolvedValue(order({ transactionId: 'PASS-V', status: 'SUCCESS' }));
    renderAt(AT, ROUTE, <PendingScreen />);
    expect((await screen.findByRole('link', { name: 'See your pass' })).getAttribute('href')).toBe('/productHooks/bus-pass-purchase/booking-successful/PASS-V');
  });

  it('not found', async () => {
    mocked.loadOrder.mockRejectedValue(refused(404, 'ORDER_NOT_FOUND'));
    renderAt(AT, ROUTE, <PendingScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('We could not find this order.');
  });

  it('Hindi', async () => {
    mocked.loadOrder.mockResolvedValue(order({ transactionId: 'PASS-V', status: 'REJECTED', rejectionReason: 'x' }));
    renderAt(AT, ROUTE, <PendingScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('pending.heading'));
    expect(await screen.findByText(hiText('pending.rejected'))).toBeTruthy();
  });
});
