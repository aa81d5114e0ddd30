/** @jest-environment jsdom */
// Component tests of the booking screens: each screen's states with the API mocked (loading → ready,
// empty, refused), read as a rider reads them (roles and names), through Testing Library.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { location, renderAt } from '../../test/render';
import { booking, line, pair, refused, slots } from '../../test/fixtures';
import * as api from '../common/api';
import { EscapeScreen, LandingScreen, PayScreen, ProductScreen, SearchScreen, SlotsScreen, SuccessScreen, UsePassScreen } from './index';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));
const mocked = jest.mocked(api);

beforeEach(() => {
  jest.resetAllMocks();
  mocked.loadLines.mockResolvedValue([line]);
  mocked.loadPairs.mockResolvedValue([pair]);
  mocked.loadBookings.mockResolvedValue({ bookings: [], serverTime: 0 });
  mocked.loadDays.mockResolvedValue(['20261128', '20261129']);
  mocked.loadSlots.mockResolvedValue(
    slots([{}, { seatsLeft: 3, availability: 'FEW_SEATS_LEFT' }, { bookable: false, seatsLeft: 0, availability: 'SOLD_OUT' }]),
  );
});

describe('LandingScreen', () => {
  it('lists the lines with a way to their slots, and says when the rider has no seats', async () => {
    renderAt('/premium-buses', '/premium-buses', <LandingScreen />);
    expect(await screen.findByRole('heading', { name: 'P2 · Kharghar – Andheri' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Choose a slot on P2/ }).getAttribute('href')).toBe(
      '/premium-buses/select-slot?lineId=PRM-2&fromStopId=K&toStopId=A',
    );
    expect(await screen.findByText('You have no reserved seats yet.')).toBeTruthy();
  });
  it('shows the rider’s seats with the shared status model’s pill (a cancelled one never "valid")', async () => {
    mocked.loadBookings.mockResolvedValue({ bookings: [booking({ status: 'USER_CANCELLED', label: 'cancelled' })], serverTime: 0 });
    renderAt('/premium-buses', '/premium-buses', <LandingScreen />);
    const pill = await screen.findByTestId('status-pill');
    expect(pill.textContent).toBe('cancelled');
    expect(pill.getAttribute('data-tone')).toBe('plain');
  });
  it('no lines: says so; lines that cannot be loaded: Retry', async () => {
    mocked.loadLines.mockResolvedValueOnce([]);
    const { unmount } = renderAt('/premium-buses', '/premium-buses', <LandingScreen />);
    expect(await screen.findByText('No reserved-seat trips are on sale here right now.')).toBeTruthy();
    unmount();
    mocked.loadLines.mockRejectedValueOnce(refused('NETWORK_ERROR'));
    renderAt('/premium-buses', '/premium-buses', <LandingScreen />);
    expect(await screen.findByRole('button', { name: /Retry|Try again/ })).toBeTruthy();
  });
});

describe('EscapeScreen', () => {
  it('lists the event trips', async () => {
    renderAt('/great-escape', '/great-escape', <EscapeScreen />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Great escape' })).toBeTruthy();
    expect(mocked.loadLines).toHaveBeenCalledWith('mumbai', 'EVENT');
  });
});

describe('SearchScreen', () => {
  it('finds the trips between two stops; none between others', async () => {
    renderAt('/premium-buses/search-stops-premium-buses?from=K&to=A', '/premium-buses/search-stops-premium-buses', <SearchScreen />);
    expect(await screen.findByRole('heading', { name: '1 trip found' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Drop stop'), { target: { value: 'K' } });
    expect(await screen.findByRole('heading', { name: '0 trips found' })).toBeTruthy();
  });
});

describe('durations in hours and minutes (one formatter for every screen)', () => {
  const LONAVALA = { stopId: 'L', name: 'Lonavala', lat: 18.75, lon: 73.4, offsetMin: 155 };
  const far = { ...pair, to: LONAVALA, line: { ...pair.line, stops: [pair.from, LONAVALA] } } as typeof pair;
  it('a 155-minute ride reads "2 h 35 min ride", a stop "+2 h 35 min", never "155 min"', async () => {
    mocked.loadPairs.mockResolvedValue([far]);
    mocked.loadLines.mockResolvedValue([far.line]);
    const { unmount } = renderAt('/premium-buses/search-stops-premium-buses?from=K&to=L', '/premium-buses/search-stops-premium-buses', <SearchScreen />);
    expect(await screen.findByText(/2 h 35 min ride/)).toBeTruthy();
    unmount();
    renderAt('/premium-buses/view-premium-product?lineId=PRM-2', '/premium-buses/view-premium-product', <ProductScreen />);
    expect(await screen.findByText('+2 h 35 min')).toBeTruthy();
    expect(screen.queryByText(/155 min/)).toBeNull();
  });
  it('in Hindi', async () => {
    mocked.loadPairs.mockResolvedValue([far]);
    renderAt('/premium-buses/search-stops-premium-buses?from=K&to=L', '/premium-buses/search-stops-premium-buses', <SearchScreen />, 'hi');
    expect(await screen.findByText(/2 घं 35 मिनट की यात्रा/)).toBeTruthy();
  });
});

describe('a line’s description in the rider’s language (the translations the API sends with it)', () => {
  const translated = { ...line, translations: { hi: { [line.description]: 'वातानुकूलित, हर एक की एक सीट।' } } };
  it('in Hindi on the line’s page and the landing; in English the English', async () => {
    mocked.loadPairs.mockResolvedValue([{ ...pair, line: translated }]);
    mocked.loadLines.mockResolvedValue([translated]);
    const { unmount } = renderAt('/premium-buses/view-premium-product?lineId=PRM-2', '/premium-buses/view-premium-product', <ProductScreen />, 'hi');
    expect(await screen.findByText('वातानुकूलित, हर एक की एक सीट।')).toBeTruthy();
    expect(screen.queryByText(line.description)).toBeNull();
    unmount();
    const landing = renderAt('/premium-buses', '/premium-buses', <LandingScreen />, 'hi');
    expect(await screen.findByText('वातानुकूलित, हर एक की एक सीट।')).toBeTruthy();
    landing.unmount();
    renderAt('/premium-buses/view-premium-product?lineId=PRM-2', '/premium-buses/view-premium-product', <ProductScreen />);
    expect(await screen.findByText(line.description)).toBeTruthy();
  });
});

describe('ProductScreen', () => {
  it('a line’s stops and fares; an unknown line says so', async () => {
    const { unmount } = renderAt('/premium-buses/view-premium-product?lineId=PRM-2', '/premium-buses/view-premium-product', <ProductScreen />);
    expect(await screen.findByRole('link', { name: 'Kharghar → Andheri' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '₹450' })).toBeTruthy();
    unmount();
    renderAt('/premium-buses/view-premium-product?lineId=NOPE', '/premium-buses/view-premium-product', <ProductScreen />);
    expect(await screen.findByText(/not|unknown/i)).toBeTruthy();
  });
});

describe('SlotsScreen', () => {
  const path = '/premium-buses/select-slot?lineId=PRM-2&fromStopId=K&toStopId=A';
  it('shows the day’s slots (few seats, sold out) and goes to the fare WITH the line and day', async () => {
    renderAt(path, '/premium-buses/select-slot', <SlotsScreen product="PREMIUM" />);
    const choose = await screen.findAllByRole('button', { name: /^Choose the .* slot$/ });
    expect(choose).toHaveLength(2);
    expect(screen.getByText('Sold out')).toBeTruthy();
    fireEvent.click(choose[0]);
    expect(location.current).toBe(
      '/premium-buses/fare-details?tripId=PRM-2.202611282000&fromStopId=K&toStopId=A&adult=1&child=0&senior=0&lineId=PRM-2&date=20261128',
    );
  });
  it('more passengers than seats left: a problem, no navigation', async () => {
    renderAt(`${path}&adult=4`, '/premium-buses/select-slot', <SlotsScreen product="PREMIUM" />);
    const choose = await screen.findAllByRole('button', { name: /^Choose the .* slot$/ });
    fireEvent.click(choose[1]);
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
    expect(location.current.startsWith('/premium-buses/select-slot')).toBe(true);
  });
  it('slots that cannot be loaded: the problem and a way to start again', async () => {
    mocked.loadSlots.mockRejectedValue(refused('TRIP_NOT_FOUND'));
    renderAt(path, '/premium-buses/select-slot', <SlotsScreen product="PREMIUM" />);
    expect(await screen.findByRole('link', { name: /Start again/i })).toBeTruthy();
  });
  it('a route whose days cannot be loaded: the problem and a way to start again, not a list loading for ever', async () => {
    mocked.loadDays.mockRejectedValue(refused('LINE_NOT_FOUND'));
    renderAt(path, '/premium-buses/select-slot', <SlotsScreen product="PREMIUM" />);
    expect(await screen.findByRole('link', { name: /Start again/i })).toBeTruthy();
    expect(mocked.loadSlots).not.toHaveBeenCalled();
  });
  it('opened without its route: says to choose one first, with the way to find a bus (premium) or a trip (great escape)', async () => {
    const { unmount } = renderAt('/premium-buses/select-slot', '/premium-buses/select-slot', <SlotsScreen product="PREMIUM" />);
    expect(await screen.findByText('First choose where you are going: the slots of that route show here.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a bus between two stops' }).getAttribute('href')).toBe('/premium-buses/search-stops-premium-buses');
    unmount();
    renderAt('/great-escape/select-slots', '/great-escape/select-slots', <SlotsScreen product="EVENT" />);
    expect((await screen.findByRole('link', { name: 'Trips on sale' })).getAttribute('href')).toBe('/great-escape');
    expect(mocked.loadDays).not.toHaveBeenCalled();
    expect(mocked.loadSlots).not.toHaveBeenCalled();
  });
});

describe('PayScreen', () => {
  const path = '/premium-buses/pay-for-ticket?bookingId=RSV-2';
  it('a hold: the countdown and the amount to pay', async () => {
    mocked.loadBooking.mockResolvedValue(booking({ status: 'BOOKING_UNDER_PROCESS', holdSecondsLeft: 540 }));
    renderAt(path, '/premium-buses/pay-for-ticket', <PayScreen />);
    expect((await screen.findByRole('timer')).textContent).toMatch(/9:00|8:59/);
    expect(screen.getByRole('button', { name: 'Pay ₹450' })).toBeTruthy();
  });
  it('a change of slot says it is the difference from which booking', async () => {
    const prev = booking({ bookingId: 'RSV-00000000-0000-4000-8000-000000000001', status: 'USER_RESCHEDULED' });
    mocked.loadBooking.mockImplementation(async (id: string) =>
      id === prev.bookingId
        ? prev
        : booking({ status: 'BOOKING_UNDER_PROCESS', holdSecondsLeft: 540, amountPaise: 8000, prevBookingId: prev.bookingId, paidWith: 'RESCHEDULE' }),
    );
    renderAt(path, '/premium-buses/pay-for-ticket', <PayScreen />);
    await waitFor(() => expect(screen.getByTestId('change-of-slot').textContent).toMatch(/booking no\. \w{4} \w{4} of 28 Nov 2026, 8:05 PM/));
    expect(screen.getByTestId('change-of-slot').textContent).toContain('₹80');
  });
  it('a lapsed hold: says so with a way to another slot', async () => {
    mocked.loadBooking.mockResolvedValue(booking({ status: 'BOOKING_FAILED' }));
    renderAt(path, '/premium-buses/pay-for-ticket', <PayScreen />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('link', { name: /another slot/i })).toBeTruthy();
  });
});

describe('SuccessScreen', () => {
  const path = '/premium-buses/ticket-successful-booking/RSV-1';
  const route = '/premium-buses/ticket-successful-booking/:transactionId';
  it('booked: the seats and the way to the QR', async () => {
    mocked.loadBooking.mockResolvedValue(booking({ tripSlotStartTime: Date.now() + 86_400_000, arrivalTime: Date.now() + 90_000_000 }));
    renderAt(path, route, <SuccessScreen />);
    expect(await screen.findByText('Your seat is booked.')).toBeTruthy();
  });
  it('still being paid: waits; failed: says so', async () => {
    mocked.loadBooking.mockResolvedValueOnce(booking({ status: 'PAYMENT_PROCESSING' }));
    const { unmount } = renderAt(path, route, <SuccessScreen />);
    expect(await screen.findByRole('status')).toBeTruthy();
    unmount();
    mocked.loadBooking.mockResolvedValue(booking({ status: 'PAYMENT_FAILED' }));
    renderAt(path, route, <SuccessScreen />);
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});

describe('UsePassScreen', () => {
  it('no premium pass: a way to buy one; with one: the stop pairs to book on', async () => {
    mocked.loadPremiumPasses.mockResolvedValueOnce([]);
    const { unmount } = renderAt('/premium-buses/premiumTicketPurchaseUsingPass', '/premium-buses/premiumTicketPurchaseUsingPass', <UsePassScreen />);
    expect(await screen.findByRole('link', { name: /pass/i })).toBeTruthy();
    unmount();
    mocked.loadPremiumPasses.mockResolvedValue([
      {
        passId: 'P1',
        city: 'mumbai',
        name: 'Magic pass',
        maxTripsPerDay: 2,
        validUntil: Date.parse('2026-12-27T00:00:00+05:30'),
        date: '20261128',
        bookedThatDay: 0,
        ridesLeftThatDay: 2,
      },
    ]);
    renderAt('/premium-buses/premiumTicketPurchaseUsingPass', '/premium-buses/premiumTicketPurchaseUsingPass', <UsePassScreen />);
    const link = await screen.findByRole('link', { name: 'P2: Kharghar → Andheri' });
    expect(link.getAttribute('href')).toContain('passId=P1');
    await act(async () => undefined);
  });
});
