/** @jest-environment jsdom */
// The pay step, the page the checkout returns to, and cancel / change of slot, in every state of a booking that is not
// simply "held" or "booked": what each says follows payStep / successStep / seatParts (common/model.ts), never the raw
// status. A seat cancelled by the operator, replaced, moved, refunded or expired is never "booked", never offered Pay,
// a cancel or a change; it says what it is and leads to the booking's page.
import { screen } from '@testing-library/react';
import { renderAt } from '../../test/render';
import { booking } from '../../test/fixtures';
import en from '../../i18n/en.json';
import hi from '../../i18n/hi.json';
import * as api from '../common/api';
import { PayScreen, SuccessScreen } from './index';
import { ManageScreen } from '../manage/index';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));
const mocked = jest.mocked(api);
const DAY = 86_400_000;
const H = 3_600_000;
const ahead = () => ({ tripSlotStartTime: Date.now() + DAY, arrivalTime: Date.now() + DAY + H });
const over = () => ({ tripSlotStartTime: Date.now() - 5 * H, arrivalTime: Date.now() - 4 * H });
const SUCCESS = '/premium-buses/ticket-successful-booking/:transactionId';
const PAY = '/premium-buses/pay-for-ticket';
const MANAGE = '/premium-buses/cancellationRescheduleCard/:transactionId';
const h1 = () => screen.findByRole('heading', { level: 1 });
const summaryLink = () => screen.getByRole('link', { name: en['booking.see'] });

beforeEach(() => jest.resetAllMocks());

// status, what, times, the headline the seat shows
const CLOSED: [string, string, () => object, string][] = [
  ['SYSTEM_CANCELLED', 'cancelled by the operator', ahead, en['headline.cancelledByOperator']],
  ['USER_CANCELLED', 'cancelled by the rider', ahead, en['headline.cancelled']],
  ['USER_RESCHEDULED', 'replaced by a change of slot', ahead, en['headline.replaced']],
  ['SYSTEM_RESCHEDULED', 'moved by the operator', ahead, en['headline.moved']],
  ['REFUNDED', 'refunded', ahead, en['headline.refunded']],
  ['ACTIVE', 'its trip over (expired)', over, en['headline.expired']],
];

describe('SuccessScreen (the page the checkout returns to)', () => {
  it.each(CLOSED)('%s (%s): not "booked", no QR; its status and the way to the booking', async (status, _what, times, headline) => {
    mocked.loadBooking.mockResolvedValue(booking({ status, ...times() }));
    renderAt('/premium-buses/ticket-successful-booking/RSV-1', SUCCESS, <SuccessScreen />);
    expect((await screen.findByTestId('success-step')).dataset.step).toBe('closed');
    expect((await h1()).textContent).toBe(en['success.heading.closed']);
    expect(screen.getByTestId('seat-headline').textContent?.trim()).toBe(headline);
    expect(screen.queryByText(/is booked/)).toBeNull();
    expect(screen.queryByRole('link', { name: en['success.qr'] })).toBeNull();
    expect(summaryLink().getAttribute('href')).toContain('/premium-buses/premium-bus-summary/');
  });
  it('booked a day ahead: "Seat booked", the seats and the QR', async () => {
    mocked.loadBooking.mockResolvedValue(booking(ahead()));
    renderAt('/premium-buses/ticket-successful-booking/RSV-1', SUCCESS, <SuccessScreen />);
    expect((await screen.findByTestId('success-step')).dataset.step).toBe('booked');
    expect((await h1()).textContent).toBe(en['success.heading']);
    expect(screen.getByRole('link', { name: en['success.qr'] })).toBeTruthy();
  });
  it('never paid (still held): not "confirming" forever; the way back to paying', async () => {
    mocked.loadBooking.mockResolvedValue(booking({ status: 'BOOKING_UNDER_PROCESS', holdSecondsLeft: 300, ...ahead() }));
    renderAt('/premium-buses/ticket-successful-booking/RSV-1', SUCCESS, <SuccessScreen />);
    expect(await screen.findByText(en['success.unpaid'])).toBeTruthy();
    expect((await h1()).textContent).toBe(en['success.heading.unpaid']);
    expect(screen.getByRole('link', { name: en['success.payNow'] }).getAttribute('href')).toContain('/premium-buses/pay-for-ticket?bookingId=');
  });
  it('a payment that failed, slot ahead: nothing charged, pay again or another slot', async () => {
    mocked.loadBooking.mockResolvedValue(booking({ status: 'PAYMENT_FAILED', ...ahead() }));
    renderAt('/premium-buses/ticket-successful-booking/RSV-1', SUCCESS, <SuccessScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain(en['success.paymentFailed']);
    expect((await h1()).textContent).toBe(en['success.heading.failed']);
    expect(screen.getByRole('link', { name: en['success.payNow'] })).toBeTruthy();
    expect(screen.getByRole('link', { name: en['slots.another'] })).toBeTruthy();
  });
  it('in Hindi: cancelled by the operator', async () => {
    mocked.loadBooking.mockResolvedValue(booking({ status: 'SYSTEM_CANCELLED', ...ahead() }));
    renderAt('/premium-buses/ticket-successful-booking/RSV-1', SUCCESS, <SuccessScreen />, 'hi');
    expect(await screen.findByText(hi['success.closed'])).toBeTruthy();
    expect((await h1()).textContent).toBe(hi['success.heading.closed']);
    expect(screen.getByTestId('seat-headline').textContent?.trim()).toBe(hi['headline.cancelledByOperator']);
    expect(screen.getByRole('link', { name: hi['booking.see'] })).toBeTruthy();
  });
});

describe('PayScreen', () => {
  it.each(CLOSED)('%s (%s): no Pay; its status and the way to the booking', async (status, _what, times, headline) => {
    mocked.loadBooking.mockResolvedValue(booking({ status, ...times() }));
    renderAt(`${PAY}?bookingId=RSV-2`, PAY, <PayScreen />);
    expect((await screen.findByTestId('pay-step')).dataset.step).toBe('closed');
    expect((await h1()).textContent).toBe(en['success.heading.closed']);
    expect(screen.getByTestId('seat-headline').textContent?.trim()).toBe(headline);
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(summaryLink()).toBeTruthy();
  });
  it('a payment under way: no second Pay; the way to where it stands', async () => {
    mocked.loadBooking.mockResolvedValue(booking({ status: 'PAYMENT_PROCESSING', ...ahead() }));
    renderAt(`${PAY}?bookingId=RSV-2`, PAY, <PayScreen />);
    expect(await screen.findByText(en['pay.confirming'])).toBeTruthy();
    expect((await h1()).textContent).toBe(en['success.heading.waiting']);
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(screen.getByRole('link', { name: en['pay.confirmingLink'] }).getAttribute('href')).toContain('/premium-buses/ticket-successful-booking/');
  });
  it('a payment that failed: says nothing was charged, Pay again, no "let the seats go" (nothing is held)', async () => {
    mocked.loadBooking.mockResolvedValue(booking({ status: 'PAYMENT_FAILED', ...ahead() }));
    renderAt(`${PAY}?bookingId=RSV-2`, PAY, <PayScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe(en['pay.retry']);
    expect(screen.getByRole('button', { name: 'Pay ₹450' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: en['pay.release'] })).toBeNull();
  });
  it('in Hindi: a payment under way', async () => {
    mocked.loadBooking.mockResolvedValue(booking({ status: 'PAYMENT_PROCESSING', ...ahead() }));
    renderAt(`${PAY}?bookingId=RSV-2`, PAY, <PayScreen />, 'hi');
    expect(await screen.findByText(hi['pay.confirming'])).toBeTruthy();
  });
});

describe('ManageScreen: cancel and change of slot for a seat that is not the rider’s to change', () => {
  const everything = { actions: ['CANCEL_RIDE', 'RESCHEDULE_RIDE', 'FIND_MY_STOP', 'CHAT_SUPPORT'] };
  it.each(CLOSED.filter(([s]) => s !== 'USER_CANCELLED'))(
    '%s (%s), even with every action in the API’s list: no cancel; its status and the booking',
    async (status, _what, times, headline) => {
      mocked.loadBooking.mockResolvedValue(
        booking({ status, ...times(), ...everything, cancellation: { canCancel: true, refundPaise: 45000, refundPercent: 100 } }),
      );
      renderAt('/premium-buses/cancellationRescheduleCard/RSV-1?mode=cancel', MANAGE, <ManageScreen />);
      expect(await screen.findByTestId('manage-not-allowed')).toBeTruthy();
      expect(screen.getByTestId('seat-headline').textContent?.trim()).toBe(headline);
      expect(screen.queryByRole('button', { name: /Cancel and get/ })).toBeNull();
      expect(summaryLink()).toBeTruthy();
    },
  );
  it.each(CLOSED)('%s (%s), even with every action in the API’s list: no change of slot', async (status, _what, times, headline) => {
    mocked.loadDays.mockResolvedValue([]);
    mocked.loadSlots.mockResolvedValue({ slots: [] } as never);
    mocked.loadBooking.mockResolvedValue(booking({ status, ...times(), ...everything }));
    renderAt('/premium-buses/cancellationRescheduleCard/RSV-1?mode=reschedule', MANAGE, <ManageScreen />);
    expect(await screen.findByTestId('manage-not-allowed')).toBeTruthy();
    expect(screen.getByTestId('seat-headline').textContent?.trim()).toBe(headline);
    expect(screen.queryByRole('button', { name: /^Move to/ })).toBeNull();
  });
});
