/** @jest-environment jsdom */
import { fireEvent, screen, within } from '@testing-library/react';
import { offline, order, product, refused } from '../../test/fixtures';
import { hiText, location, renderAt } from '../../test/render';
import * as api from '../common/api';
import { AfterVerificationScreen } from './AfterVerificationScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
const mocked = jest.mocked(api);
const ROUTE = '/productHooks/bus-pass-purchase/purchase-pass-after-verification/:transactionId/:isRenew';
const AT = '/productHooks/bus-pass-purchase/purchase-pass-after-verification/PASS-V/false';
const verified = order({ transactionId: 'PASS-V', categoryId: 'student', fmId: 'stu-30', status: 'PENDING', verificationStatus: 'VERIFIED' });
beforeEach(() => {
  jest.resetAllMocks();
  mocked.loadProduct.mockResolvedValue(product());
});

describe('AfterVerificationScreen: buy the verified pass', () => {
  it('loading', () => {
    mocked.loadOrder.mockReturnValue(new Promise(() => undefined));
    renderAt(AT, ROUTE, <AfterVerificationScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Buy your verified pass' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });

  it('verified: approved, what is bought, the server’s breakup; Pay goes to the checkout', async () => {
    mocked.loadOrder.mockResolvedValue(verified);
    renderAt(AT, ROUTE, <AfterVerificationScreen />);
    const pay = await screen.findByRole('button', { name: 'Pay ₹1,100' });
    expect(screen.getByText('Your documents are approved.')).toBeTruthy();
    expect(screen.getByText('Passenger').nextElementSibling?.textContent).toBe('Student');
    expect(within(screen.getByRole('table')).getAllByRole('row').at(-1)?.textContent).toBe('To pay₹1,100');
    fireEvent.click(pay);
    await screen.findByText('elsewhere');
    expect(location.current).toBe('/select-payment/MBUS/pass/PASS-V');
  });

  it('a renewal: its own heading', async () => {
    mocked.loadOrder.mockResolvedValue(verified);
    renderAt('/productHooks/bus-pass-purchase/purchase-pass-after-verification/PASS-V/true', ROUTE, <AfterVerificationScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Renew your pass' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Pay ₹1,100' })).toBeTruthy();
  });

  it('a payment that failed before: said, Pay again offered', async () => {
    mocked.loadOrder.mockResolvedValue({ ...verified, status: 'PAYMENT_FAILED' });
    renderAt(AT, ROUTE, <AfterVerificationScreen />);
    expect(await screen.findByText('The last payment did not go through. You can pay again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay ₹1,100' })).toBeTruthy();
  });

  it('not verified yet, or rejected: no Pay, the way to the status or to resubmit', async () => {
    mocked.loadOrder.mockResolvedValueOnce({ ...verified, status: 'UNVERIFIED', verificationStatus: 'UNVERIFIED' });
    const { unmount } = renderAt(AT, ROUTE, <AfterVerificationScreen />);
    expect(await screen.findByText('This pass is not verified yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See status' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    unmount();
    mocked.loadOrder.mockResolvedValueOnce({ ...verified, status: 'REJECTED', verificationStatus: 'REJECTED' });
    renderAt(AT, ROUTE, <AfterVerificationScreen />);
    expect(await screen.findByRole('link', { name: 'Resubmit documents' })).toBeTruthy();
  });

  it('already bought: the way to the pass', async () => {
    mocked.loadOrder.mockResolvedValue({ ...verified, status: 'SUCCESS' });
    renderAt(AT, ROUTE, <AfterVerificationScreen />);
    expect(await screen.findByRole('link', { name: 'See your pass' })).toBeTruthy();
  });

  it('not found', async () => {
    mocked.loadOrder.mockRejectedValue(refused(404, 'ORDER_NOT_FOUND'));
    renderAt(AT, ROUTE, <AfterVerificationScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('We could not find this order.');
  });

  it('error: Retry loads again', async () => {
    mocked.loadOrder.mockRejectedValueOnce(offline()).mockResolvedValueOnce(verified);
    renderAt(AT, ROUTE, <AfterVerificationScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Pay ₹1,100' })).toBeTruthy();
  });

  it('Hindi', async () => {
    mocked.loadOrder.mockResolvedValue(verified);
    renderAt(AT, ROUTE, <AfterVerificationScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('after.heading'));
    expect(await screen.findByText(hiText('after.verified'))).toBeTruthy();
  });
});
