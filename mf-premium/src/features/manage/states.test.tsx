/** @jest-environment jsdom */
// The after-booking screens in the states screens.test.tsx leaves out: loading, an unknown booking (the problem with
// Retry), every outcome of shared/domain's status model on the summary (cancelled, cancelled by the operator, replaced,
// moved, refunded, payment pending, failed, on board, expired: its headline and tone, no change, cancel or boarding for
// an outcome, even when the API's list offers them: seatParts in common/model.ts), a refused cancel, the pop-ups' and the stops' loading and refusal, the before-boarding variant, and Hindi.
import { fireEvent, screen } from '@testing-library/react';
import { renderAt } from '../../test/render';
import { booking, line, refused, SLOT } from '../../test/fixtures';
import en from '../../i18n/en.json';
import hi from '../../i18n/hi.json';
import * as api from '../common/api';
import { ManageScreen, PopupsScreen, StopsScreen, SummaryScreen } from './index';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));
jest.mock('../live/LiveBus', () => ({ __esModule: true, default: () => null }));
jest.mock('../live/StopMap', () => ({ __esModule: true, default: () => null }));
const mocked = jest.mocked(api);
const never = () => new Promise<never>(() => undefined);
const loading = () => expect(screen.getAllByRole('status').some((s) => s.textContent === en['common.loading'])).toBe(true);

beforeEach(() => {
  jest.resetAllMocks();
  mocked.loadSupport.mockResolvedValue({ phone: '+91 22 1234 5678', email: 'help@example.in' });
});

const SUMMARY = '/premium-buses/premium-bus-summary/:transactionId';
const BEFORE = '/premium-buses/before-activation/:transactionId';

describe('SummaryScreen: every state', () => {
  it('loading: the heading and a busy list', async () => {
    mocked.loadBooking.mockImplementation(never);
    renderAt('/premium-buses/premium-bus-summary/RSV-1', SUMMARY, <SummaryScreen />);
    expect(await screen.findByRole('heading', { level: 1, name: en['summary.heading'] })).toBeTruthy();
    loading();
  });
  it.each([
    ['USER_CANCELLED', 'cancelled', {}],
    ['SYSTEM_CANCELLED', 'cancelledByOperator', {}],
    ['USER_RESCHEDULED', 'replaced', {}],
    ['SYSTEM_RESCHEDULED', 'moved', {}],
    ['REFUNDED', 'refunded', {}],
    ['PAYMENT_PROCESSING', 'paymentPending', {}],
    ['PAYMENT_FAILED', 'failed', {}],
    ['ACTIVE', 'expired', { tripSlotStartTime: Date.now() - 5 * 3_600_000, arrivalTime: Date.now() - 4 * 3_600_000 }],
  ])('%s: the %s headline, never "ok", no change or cancel', async (status, headline, over) => {
    // the API offers no change or cancel for an outcome (actions: support only); the links follow its actions
    mocked.loadBooking.mockResolvedValue(booking({ status, actions: ['CHAT_SUPPORT', 'CALL_SUPPORT'], ...over }));
    renderAt('/premium-buses/premium-bus-summary/RSV-1', SUMMARY, <SummaryScreen />);
    expect((await screen.findByTestId('seat-headline')).getAttribute('data-headline')).toBe(headline);
    expect(screen.getByTestId('status-pill').getAttribute('data-tone')).not.toBe('ok');
    expect(screen.queryByRole('link', { name: 'Change the slot' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Cancel the booking' })).toBeNull();
    // no boarding for an outcome, nor for a seat whose trip is over (the status model decides, not the raw status)
    expect(screen.queryByRole('heading', { name: en['before.board'] })).toBeNull();
    expect(screen.queryByRole('link', { name: en['success.qr'] })).toBeNull();
    expect(screen.queryByRole('link', { name: en['actions.FIND_MY_STOP'] })).toBeNull();
  });
  it.each([
    ['USER_CANCELLED', 'cancelled', {}],
    ['SYSTEM_CANCELLED', 'cancelledByOperator', {}],
    ['USER_RESCHEDULED', 'replaced', {}],
    ['SYSTEM_RESCHEDULED', 'moved', {}],
    ['REFUNDED', 'refunded', {}],
    ['PAYMENT_FAILED', 'failed', {}],
    ['ACTIVE', 'expired', { tripSlotStartTime: Date.now() - 5 * 3_600_000, arrivalTime: Date.now() - 4 * 3_600_000 }],
    ['PUNCHED', 'expired', { tripSlotStartTime: Date.now() - 5 * 3_600_000, arrivalTime: Date.now() - 4 * 3_600_000 }],
  ])('%s (%s) with every action in the API’s list: the model allows none of change, cancel, boarding', async (status, headline, over) => {
    mocked.loadBooking.mockResolvedValue(booking({ status, ...over })); // actions: all five
    renderAt('/premium-buses/premium-bus-summary/RSV-1', SUMMARY, <SummaryScreen />);
    expect((await screen.findByTestId('seat-headline')).getAttribute('data-headline')).toBe(headline);
    expect(screen.queryByRole('link', { name: en['actions.RESCHEDULE_RIDE'] })).toBeNull();
    expect(screen.queryByRole('link', { name: en['actions.CANCEL_RIDE'] })).toBeNull();
    expect(screen.queryByRole('link', { name: en['actions.FIND_MY_STOP'] })).toBeNull();
    expect(screen.queryByRole('heading', { name: en['before.board'] })).toBeNull();
    // help stays: the API offers it in every state
    expect(screen.getByRole('link', { name: en['actions.CHAT_SUPPORT'] })).toBeTruthy();
  });
  it('a seat a day ahead: boarding with its QR, change, cancel and find my stop, as the API offers them', async () => {
    mocked.loadBooking.mockResolvedValue(booking({ tripSlotStartTime: Date.now() + 86_400_000, arrivalTime: Date.now() + 90_000_000 }));
    renderAt('/premium-buses/premium-bus-summary/RSV-1', SUMMARY, <SummaryScreen />);
    expect((await screen.findByTestId('status-pill')).getAttribute('data-tone')).toBe('ok');
    expect(screen.getByRole('heading', { name: en['before.board'] })).toBeTruthy();
    expect(screen.getByRole('link', { name: en['success.qr'] })).toBeTruthy();
    for (const a of ['RESCHEDULE_RIDE', 'CANCEL_RIDE', 'FIND_MY_STOP'] as const) expect(screen.getByRole('link', { name: en[`actions.${a}`] })).toBeTruthy();
  });
  it('a seat whose slot started: no change or cancel even if the API still lists them', async () => {
    mocked.loadBooking.mockResolvedValue(booking({ tripSlotStartTime: Date.now() - 600_000, arrivalTime: Date.now() + 3_000_000 }));
    renderAt('/premium-buses/premium-bus-summary/RSV-1', SUMMARY, <SummaryScreen />);
    expect(await screen.findByRole('heading', { name: en['before.board'] })).toBeTruthy();
    expect(screen.queryByRole('link', { name: en['actions.RESCHEDULE_RIDE'] })).toBeNull();
    expect(screen.queryByRole('link', { name: en['actions.CANCEL_RIDE'] })).toBeNull();
  });
  it('on board (punched during its trip): the boarded headline and the boarding section, no QR to show again', async () => {
    mocked.loadBooking.mockResolvedValue(booking({ status: 'PUNCHED', tripSlotStartTime: Date.now() - 600_000, arrivalTime: Date.now() + 3_600_000 }));
    renderAt('/premium-buses/premium-bus-summary/RSV-1', SUMMARY, <SummaryScreen />);
    expect((await screen.findByTestId('seat-headline')).getAttribute('data-headline')).toBe('boarded');
    expect(screen.getByRole('heading', { name: en['before.board'] })).toBeTruthy();
    expect(screen.queryByRole('link', { name: en['success.qr'] })).toBeNull();
    expect(screen.getByRole('link', { name: en['actions.FIND_MY_STOP'] })).toBeTruthy();
  });
  it('an unknown booking: the problem with Retry, which loads it', async () => {
    mocked.loadBooking.mockRejectedValueOnce(refused('NETWORK_ERROR')).mockResolvedValue(booking());
    renderAt('/premium-buses/premium-bus-summary/RSV-1', SUMMARY, <SummaryScreen />);
    fireEvent.click(await screen.findByRole('button', { name: /Retry|Try again/ }));
    expect(await screen.findByTestId('status-pill')).toBeTruthy();
  });
  it('before boarding: its own heading, with the booking’s state', async () => {
    mocked.loadBooking.mockResolvedValue(booking());
    renderAt('/premium-buses/before-activation/RSV-1', BEFORE, <SummaryScreen before />);
    expect(await screen.findByRole('heading', { level: 1, name: en['before.heading'] })).toBeTruthy();
    expect(await screen.findByTestId('status-pill')).toBeTruthy();
  });
  it('in Hindi: the heading and the actions', async () => {
    mocked.loadBooking.mockResolvedValue(booking({ tripSlotStartTime: SLOT }));
    renderAt('/premium-buses/premium-bus-summary/RSV-1', SUMMARY, <SummaryScreen />, 'hi');
    expect(await screen.findByRole('heading', { level: 1, name: hi['summary.heading'] })).toBeTruthy();
    expect(await screen.findByTestId('status-pill')).toBeTruthy();
  });
});

describe('ManageScreen: loading, unknown, refused, cancelled already', () => {
  const ROUTE = '/premium-buses/cancellationRescheduleCard/:transactionId';
  it('loading: the heading and a busy list', async () => {
    mocked.loadBooking.mockImplementation(never);
    renderAt('/premium-buses/cancellationRescheduleCard/RSV-1?mode=cancel', ROUTE, <ManageScreen />);
    expect(await screen.findByRole('heading', { level: 1, name: en['cancel.heading'] })).toBeTruthy();
    loading();
  });
  it('an unknown booking: the problem with Retry', async () => {
    mocked.loadBooking.mockRejectedValue(refused('BOOKING_NOT_FOUND'));
    renderAt('/premium-buses/cancellationRescheduleCard/RSV-1?mode=reschedule', ROUTE, <ManageScreen />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Retry|Try again/ })).toBeTruthy();
  });
  it('a cancel the server refuses: the problem, the booking not cancelled', async () => {
    mocked.loadBooking.mockResolvedValue(booking({ tripSlotStartTime: Date.now() + 86_400_000, arrivalTime: Date.now() + 90_000_000 }));
    mocked.cancelBooking.mockRejectedValue(refused('NOT_CANCELLABLE'));
    renderAt('/premium-buses/cancellationRescheduleCard/RSV-1?mode=cancel', ROUTE, <ManageScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel and get ₹450 back' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByText(/Booking cancelled/)).toBeNull();
  });
  it("the refund a cancel gives is a sentence that wraps at 360 px (not an amount's no-wrap price)", async () => {
    mocked.loadBooking.mockResolvedValue(booking({ tripSlotStartTime: Date.now() + 86_400_000, arrivalTime: Date.now() + 90_000_000 }));
    renderAt('/premium-buses/cancellationRescheduleCard/RSV-1?mode=cancel', ROUTE, <ManageScreen />);
    const line = await screen.findByTestId('cancel-refund');
    expect(line.textContent).toMatch(/If you cancel now you get ₹450 back \(100%\)/);
    expect(line.className.split(' ')).not.toContain('price');
  });
  it('a booking already cancelled: says so with the way to its refund', async () => {
    mocked.loadBooking.mockResolvedValue(booking({ status: 'USER_CANCELLED', refunds: [] }));
    renderAt('/premium-buses/cancellationRescheduleCard/RSV-1?mode=cancel', ROUTE, <ManageScreen />);
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Cancel and get/ })).toBeNull();
  });
});

describe('PopupsScreen and StopsScreen: loading and refused', () => {
  it('pop-ups loading, then refused with Retry', async () => {
    mocked.loadBookings.mockImplementationOnce(never);
    const { unmount } = renderAt('/premium-buses/tripCancellationCard', '/premium-buses/tripCancellationCard', <PopupsScreen />);
    expect(await screen.findByRole('heading', { level: 1, name: en['popups.heading'] })).toBeTruthy();
    loading();
    unmount();
    mocked.loadBookings.mockRejectedValueOnce(refused('NETWORK_ERROR')).mockResolvedValue({ bookings: [], serverTime: 0 });
    renderAt('/premium-buses/tripCancellationCard', '/premium-buses/tripCancellationCard', <PopupsScreen />);
    fireEvent.click(await screen.findByRole('button', { name: /Retry|Try again/ }));
    expect(await screen.findByText('None of your trips has changed.')).toBeTruthy();
  });
  it('stops loading, then refused with Retry', async () => {
    const route = '/premium-buses/viewODStopDetails/:routeId/:fromStopId/:toStopId';
    mocked.loadLines.mockImplementation(never);
    const { unmount } = renderAt('/premium-buses/viewODStopDetails/PRM-2/K/A', route, <StopsScreen />);
    expect(await screen.findByRole('heading', { level: 1, name: en['stops.heading'] })).toBeTruthy();
    loading();
    unmount();
    mocked.loadLines.mockReset();
    mocked.loadLines.mockRejectedValueOnce(refused('NETWORK_ERROR')).mockImplementation(async (_c, p) => (p === 'PREMIUM' ? [line] : []));
    renderAt('/premium-buses/viewODStopDetails/PRM-2/K/A', route, <StopsScreen />);
    fireEvent.click(await screen.findByRole('button', { name: /Retry|Try again/ }));
    expect(await screen.findByText(/Kharghar — /)).toBeTruthy();
  });
});
