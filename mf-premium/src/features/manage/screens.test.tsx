/** @jest-environment jsdom */
// Component tests of the after-booking screens: the summary tells a booking's status through
// the shared status model, where a refund goes and by when; cancel shows the refund before confirming; the change of
// slot lists what each slot costs against the booking; the pop-ups and the stops.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { formatCityDate, SEAT_BOARDING_OPENS_BEFORE_MS } from '@sawari/domain';
import { renderAt } from '../../test/render';
import { booking, line, slots, SLOT } from '../../test/fixtures';
import * as api from '../common/api';
import en from '../../i18n/en.json';
import hi from '../../i18n/hi.json';
import { ManageScreen, PopupsScreen, StopsScreen, SummaryScreen } from './index';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));
jest.mock('../live/LiveBus', () => ({ __esModule: true, default: () => null }));
jest.mock('../live/StopMap', () => ({ __esModule: true, default: () => null }));
const mocked = jest.mocked(api);

beforeEach(() => {
  jest.resetAllMocks();
  mocked.loadSupport.mockResolvedValue({ phone: '+91 22 1234 5678', email: 'help@example.in' });
  mocked.loadDays.mockResolvedValue(['20261128']);
  mocked.loadSlots.mockResolvedValue(slots([{}, { adultPaise: 53000 }, { adultPaise: 45000 }]));
});

const SUMMARY = '/premium-buses/premium-bus-summary/:transactionId';

describe('SummaryScreen', () => {
  it('a confirmed seat before its day: not valid yet, starts from its date, with change and cancel', async () => {
    // two days ahead of whatever day the test runs (the fixture's fixed slot is in the past once its day has gone)
    const slot = Date.now() + 2 * 86_400_000;
    mocked.loadBooking.mockResolvedValue(booking({ tripSlotStartTime: slot, estimatedStopTime: slot + 5 * 60_000, arrivalTime: slot + 65 * 60_000 }));
    renderAt('/premium-buses/premium-bus-summary/RSV-1', SUMMARY, <SummaryScreen />);
    expect((await screen.findByTestId('status-pill')).textContent).toBe(`starts from ${formatCityDate(slot - SEAT_BOARDING_OPENS_BEFORE_MS)}`);
    expect(screen.getByRole('link', { name: 'Change the slot' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cancel the booking' })).toBeTruthy();
  });
  it('cancelled by the operator: says so, and where the refund goes and by when', async () => {
    mocked.loadBooking.mockResolvedValue(
      booking({
        status: 'SYSTEM_CANCELLED',
        disruption: 'WEATHER',
        actions: ['CHAT_SUPPORT'],
        refunds: [
          { id: 'r1', reason: 'SYSTEM_CANCEL', amountPaise: 45000, status: 'PENDING', failureReason: null, createdAt: Date.parse('2026-11-27T10:00:00+05:30') },
        ],
      }),
    );
    renderAt('/premium-buses/premium-bus-summary/RSV-1', SUMMARY, <SummaryScreen />);
    expect((await screen.findByTestId('seat-headline')).textContent).toContain('Cancelled by the operator');
    expect(screen.getByTestId('status-pill').getAttribute('data-tone')).toBe('bad');
    expect(screen.getByTestId('refund-where').textContent).toBe('Back to the card, account or UPI you paid with, by 08 Dec 2026 (within 7 working days).');
    expect(screen.queryByRole('link', { name: 'Change the slot' })).toBeNull();
  });
  // Issue 35 item 13: the disruption's words (made to follow "because of") stood alone after the status pill, so the
  // page read "Cancelled by the operator cancelled a bus breakdown", and offered nothing to do next.
  it.each([
    ['en', en],
    ['hi', hi],
  ] as const)('cancelled by the operator for a breakdown (%s): a sentence saying why, the refund, and a way to book another slot', async (lang, words) => {
    mocked.loadBooking.mockResolvedValue(
      booking({
        status: 'SYSTEM_CANCELLED',
        disruption: 'BREAKDOWN',
        actions: ['CHAT_SUPPORT'],
        refunds: [{ id: 'r1', reason: 'SYSTEM_CANCEL', amountPaise: 45000, status: 'PENDING', failureReason: null, createdAt: Date.now() }],
      }),
    );
    renderAt('/premium-buses/premium-bus-summary/RSV-1', SUMMARY, <SummaryScreen />, lang);
    const why = await screen.findByTestId('operator-cancelled');
    const fill = (id: keyof typeof words, values: Record<string, string>) => String(words[id]).replace(/\{(\w+)\}/g, (_, k: string) => values[k]);
    expect(why.textContent).toContain(fill('summary.cancelledBecause', { reason: words['disruption.BREAKDOWN'] }));
    expect(why.textContent).toContain(fill('summary.cancelledRefund', { refund: '₹450' }));
    const again = screen.getByRole('link', { name: words['summary.bookAgain'] });
    expect(again.getAttribute('href')).toMatch(/\/premium-buses\/select-slot\?lineId=PRM-2&fromStopId=K&toStopId=A$/);
    // never the disruption's words standing alone next to the status
    const status = screen.getByTestId('seat-headline').parentElement!;
    expect(status.textContent).not.toContain(words['disruption.BREAKDOWN']);
    if (lang === 'en') expect(document.body.textContent).not.toMatch(/cancelled\s*a bus breakdown/i);
  });
  it('the old booking of a change of slot: replaced, no boarding section', async () => {
    mocked.loadBooking.mockResolvedValue(booking({ status: 'USER_RESCHEDULED', actions: [] }));
    renderAt('/premium-buses/premium-bus-summary/RSV-1', SUMMARY, <SummaryScreen />);
    expect((await screen.findByTestId('seat-headline')).textContent).toContain('Replaced by your change of slot');
    expect(screen.queryByRole('heading', { name: /board/i })).toBeNull();
  });
  it('an unknown booking: the problem with Retry', async () => {
    mocked.loadBooking.mockRejectedValue(Object.assign(new Error('x'), { code: 'BOOKING_NOT_FOUND', message: 'x' }));
    renderAt('/premium-buses/premium-bus-summary/RSV-1', SUMMARY, <SummaryScreen />);
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});

describe('ManageScreen', () => {
  const ROUTE = '/premium-buses/cancellationRescheduleCard/:transactionId';
  // the day before the fixture's slot (a fixed date): a change or cancel is allowed only before the slot starts
  let clock: jest.SpyInstance;
  beforeEach(() => (clock = jest.spyOn(Date, 'now').mockReturnValue(SLOT - 86_400_000)));
  afterEach(() => clock.mockRestore());
  it('cancel: the refund before confirming, then the booking cancelled', async () => {
    mocked.loadBooking.mockResolvedValue(booking());
    mocked.cancelBooking.mockResolvedValue(
      booking({
        status: 'USER_CANCELLED',
        refunds: [{ id: 'r', reason: 'USER_CANCEL', amountPaise: 45000, status: 'SUCCESS', failureReason: null, createdAt: 0 }],
      }),
    );
    renderAt('/premium-buses/cancellationRescheduleCard/RSV-1?mode=cancel', ROUTE, <ManageScreen />);
    expect(await screen.findByText('If you cancel now you get ₹450 back (100%).')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel and get ₹450 back' }));
    expect(await screen.findByText('Booking cancelled. ₹450 is coming back to you.')).toBeTruthy();
    expect(mocked.cancelBooking).toHaveBeenCalledWith(booking().bookingId, 45000);
  });
  it('change of slot: each other slot with what it costs against this booking', async () => {
    mocked.loadBooking.mockResolvedValue(booking());
    renderAt('/premium-buses/cancellationRescheduleCard/RSV-1?mode=reschedule', ROUTE, <ManageScreen />);
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Move to the .* slot$/ })).toHaveLength(2));
    expect(screen.getByText(/pay ₹80 more/)).toBeTruthy();
    expect(screen.getByText(/same fare/)).toBeTruthy();
  });
  it('a booking that can no longer be changed says so', async () => {
    mocked.loadBooking.mockResolvedValue(booking({ actions: ['CHAT_SUPPORT'] }));
    renderAt('/premium-buses/cancellationRescheduleCard/RSV-1?mode=reschedule', ROUTE, <ManageScreen />);
    expect(await screen.findByText('Only an upcoming confirmed booking can be moved.')).toBeTruthy();
  });
});

describe('PopupsScreen and StopsScreen', () => {
  it('no pop-up waiting: says so', async () => {
    mocked.loadBookings.mockResolvedValue({ bookings: [booking()], serverTime: 0 });
    renderAt('/premium-buses/tripCancellationCard', '/premium-buses/tripCancellationCard', <PopupsScreen />);
    expect(await screen.findByText('None of your trips has changed.')).toBeTruthy();
  });
  it('a pop-up waiting: the dialog', async () => {
    mocked.loadBookings.mockResolvedValue({ bookings: [booking({ status: 'SYSTEM_CANCELLED', popUp: 'cancellation', disruption: 'WEATHER' })], serverTime: 0 });
    renderAt('/premium-buses/tripCancellationCard', '/premium-buses/tripCancellationCard', <PopupsScreen />);
    expect(await screen.findByRole('alertdialog', { name: 'Your trip was cancelled' })).toBeTruthy();
  });
  it('the stops of a line with the boarding and drop stops marked; an unknown line says so', async () => {
    mocked.loadLines.mockImplementation(async (_c, p) => (p === 'PREMIUM' ? [line] : []));
    const { unmount } = renderAt(
      '/premium-buses/viewODStopDetails/PRM-2/K/A',
      '/premium-buses/viewODStopDetails/:routeId/:fromStopId/:toStopId',
      <StopsScreen />,
    );
    expect(await screen.findByText(/Kharghar — /)).toBeTruthy();
    unmount();
    renderAt('/premium-buses/viewODStopDetails/NOPE/K/A', '/premium-buses/viewODStopDetails/:routeId/:fromStopId/:toStopId', <StopsScreen />);
    expect(await screen.findByText('This route is not on sale.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Premium routes' }).getAttribute('href')).toBe('/premium-buses');
  });
});
