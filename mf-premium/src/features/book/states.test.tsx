/** @jest-environment jsdom */
// The booking screens in the states screens.test.tsx and FareScreen.test.tsx leave out: loading (a busy list under the
// heading), refused with Retry, an unknown or lapsed booking, a booking already paid, an empty event list, and a Hindi
// check per family; read by roles, headings and actions.
import { fireEvent, screen } from '@testing-library/react';
import { renderAt } from '../../test/render';
import { booking, line, pair, refused, slots } from '../../test/fixtures';
import en from '../../i18n/en.json';
import hi from '../../i18n/hi.json';
import * as api from '../common/api';
import { EscapeScreen, FareScreen, LandingScreen, PayScreen, ProductScreen, SearchScreen, SlotsScreen, SuccessScreen, UsePassScreen } from './index';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));
const mocked = jest.mocked(api);
const never = () => new Promise<never>(() => undefined);
const loading = () => expect(screen.getAllByRole('status').some((s) => s.textContent === en['common.loading'])).toBe(true);
const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });
const retry = () => screen.findByRole('button', { name: /Retry|Try again/ });
/** A seat a day ahead of the test's clock (the fixture's slot is a fixed date, which passes). */
const ahead = () => ({ tripSlotStartTime: Date.now() + 86_400_000, arrivalTime: Date.now() + 90_000_000 });

beforeEach(() => {
  jest.resetAllMocks();
  mocked.loadLines.mockResolvedValue([line]);
  mocked.loadPairs.mockResolvedValue([pair]);
  mocked.loadBookings.mockResolvedValue({ bookings: [], serverTime: 0 });
  mocked.loadDays.mockResolvedValue(['20261128']);
  mocked.loadSlots.mockResolvedValue(slots());
  mocked.loadPremiumPasses.mockResolvedValue([]);
});

describe('LandingScreen and EscapeScreen', () => {
  it('loading: the heading and a busy list', async () => {
    mocked.loadLines.mockImplementation(never);
    renderAt('/premium-buses', '/premium-buses', <LandingScreen />);
    expect(await h1(en['landing.heading'])).toBeTruthy();
    loading();
  });
  it('the rider’s seats that cannot be loaded: the problem with Retry, the lines still shown', async () => {
    mocked.loadBookings.mockRejectedValueOnce(refused('NETWORK_ERROR'));
    renderAt('/premium-buses', '/premium-buses', <LandingScreen />);
    fireEvent.click(await retry());
    expect(await screen.findByText('You have no reserved seats yet.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'P2 · Kharghar – Andheri' })).toBeTruthy();
  });
  it('event trips: none on sale says so; refused gives Retry', async () => {
    mocked.loadLines.mockResolvedValueOnce([]);
    const { unmount } = renderAt('/great-escape', '/great-escape', <EscapeScreen />);
    expect(await screen.findByText(en['landing.none'])).toBeTruthy();
    unmount();
    mocked.loadLines.mockRejectedValueOnce(refused('NETWORK_ERROR'));
    renderAt('/great-escape', '/great-escape', <EscapeScreen />);
    fireEvent.click(await retry());
    expect(await screen.findByRole('heading', { name: /P2/ })).toBeTruthy();
  });
  it('in Hindi: the heading', async () => {
    renderAt('/premium-buses', '/premium-buses', <LandingScreen />, 'hi');
    expect(await h1(hi['landing.heading'])).toBeTruthy();
  });
});

describe('SearchScreen, ProductScreen and UsePassScreen: loading and refused', () => {
  it.each([
    ['SearchScreen', '/premium-buses/search-stops-premium-buses', <SearchScreen key="s" />, 'search.heading'],
    ['ProductScreen', '/premium-buses/view-premium-product?lineId=PRM-2', <ProductScreen key="p" />, 'product.heading'],
    ['UsePassScreen', '/premium-buses/premiumTicketPurchaseUsingPass', <UsePassScreen key="u" />, 'pass.heading'],
  ])('%s: loading, then refused with Retry which loads it', async (_name, path, element, heading) => {
    mocked.loadPairs.mockImplementationOnce(never);
    const { unmount } = renderAt(path, path.split('?')[0], element);
    expect(await h1(en[heading as keyof typeof en])).toBeTruthy();
    loading();
    unmount();
    mocked.loadPairs.mockRejectedValueOnce(refused('NETWORK_ERROR'));
    renderAt(path, path.split('?')[0], element);
    fireEvent.click(await retry());
    await screen.findByRole('heading', { level: 1 });
    expect(await screen.findAllByRole('link')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Retry|Try again/ })).toBeNull();
  });
});

describe('SlotsScreen and FareScreen: loading', () => {
  it('slots: the heading and a busy list', async () => {
    mocked.loadSlots.mockImplementation(never);
    renderAt('/premium-buses/select-slot?lineId=PRM-2&fromStopId=K&toStopId=A', '/premium-buses/select-slot', <SlotsScreen product="PREMIUM" />);
    expect(await h1(en['slots.heading'])).toBeTruthy();
    loading();
  });
  it('fare: the heading and a busy list', async () => {
    mocked.loadFare.mockImplementation(never);
    mocked.loadSeatAvailability.mockImplementation(never);
    renderAt(
      '/premium-buses/fare-details?tripId=PRM-2.202611282000&fromStopId=K&toStopId=A&adult=1&lineId=PRM-2&date=20261128',
      '/premium-buses/fare-details',
      <FareScreen product="PREMIUM" />,
    );
    expect(await h1(en['fare.heading'])).toBeTruthy();
    loading();
  });
});

describe('PayScreen and SuccessScreen: loading, unknown, already paid, failed', () => {
  const PAY = '/premium-buses/pay-for-ticket';
  const SUCCESS = '/premium-buses/ticket-successful-booking/:transactionId';
  it('pay: loading, then an unknown booking with Retry', async () => {
    mocked.loadBooking.mockImplementationOnce(never);
    const { unmount } = renderAt(`${PAY}?bookingId=RSV-2`, PAY, <PayScreen />);
    expect(await h1(en['pay.heading'])).toBeTruthy();
    loading();
    unmount();
    mocked.loadBooking.mockRejectedValue(refused('BOOKING_NOT_FOUND'));
    renderAt(`${PAY}?bookingId=RSV-2`, PAY, <PayScreen />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(await retry()).toBeTruthy();
  });
  it('pay: a booking already paid goes on to its confirmation, nothing to pay', async () => {
    mocked.loadBooking.mockResolvedValue(booking(ahead()));
    renderAt(`${PAY}?bookingId=RSV-2`, PAY, <PayScreen />);
    expect((await screen.findByRole('link')).getAttribute('href')).toContain('/premium-buses/ticket-successful-booking/');
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });
  it('success: loading, then an unknown booking with Retry', async () => {
    mocked.loadBooking.mockImplementationOnce(never);
    const { unmount } = renderAt('/premium-buses/ticket-successful-booking/RSV-1', SUCCESS, <SuccessScreen />);
    // not "Seat booked" before the booking says so
    expect(await h1(en['success.heading.closed'])).toBeTruthy();
    loading();
    unmount();
    mocked.loadBooking.mockRejectedValue(refused('BOOKING_NOT_FOUND'));
    renderAt('/premium-buses/ticket-successful-booking/RSV-1', SUCCESS, <SuccessScreen />);
    expect(await retry()).toBeTruthy();
  });
  it('success: a hold that lapsed says the booking failed with a way to another slot', async () => {
    mocked.loadBooking.mockResolvedValue(booking({ status: 'BOOKING_FAILED' }));
    renderAt('/premium-buses/ticket-successful-booking/RSV-1', SUCCESS, <SuccessScreen />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('link', { name: /another slot/i })).toBeTruthy();
  });
  it('in Hindi: the booked seat', async () => {
    mocked.loadBooking.mockResolvedValue(booking(ahead()));
    renderAt('/premium-buses/ticket-successful-booking/RSV-1', SUCCESS, <SuccessScreen />, 'hi');
    expect(await h1(hi['success.heading'])).toBeTruthy();
    expect(await screen.findByRole('status')).toBeTruthy();
  });
});
