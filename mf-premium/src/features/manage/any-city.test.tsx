/** @jest-environment jsdom */
// A rider's own bookings are managed from any city: with the app set to a city that sells no reserved seats (Kochi),
// a Mumbai booking is still cancelled or changed from its own page, against its own city's slots (issue 35, item 9:
// "Reserved seats are not sold in Kochi yet" stood in front of a booking whose page opened).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt } from '../../test/render';
import { booking } from '../../test/fixtures';
import * as api from '../common/api';
import { ManageScreen, PopupsScreen, StopsScreen } from './index';

jest.mock('../common/api');
// The city chosen is Kochi, where no reserved seats are sold: the booking gate refuses (as the real one does there).
jest.mock('../common/ui', () => ({
  ...jest.requireActual('../common/ui'),
  RequireSignIn: ({ children }: { children: React.ReactNode }) => <>{children}</>,
  PremiumGate: () => <h2>Reserved seats are not sold in Kochi yet</h2>,
}));
jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));
jest.mock('../live/StopMap', () => ({ __esModule: true, default: () => null }));
const mocked = jest.mocked(api);
const ROUTE = '/premium-buses/cancellationRescheduleCard/:transactionId';
const DAY = 86_400_000;

beforeEach(() => jest.resetAllMocks());

describe('ManageScreen with another city chosen', () => {
  it('cancels a Mumbai booking while the app is set to Kochi', async () => {
    const b = booking({ tripSlotStartTime: Date.now() + DAY, arrivalTime: Date.now() + DAY + 3_600_000 });
    mocked.loadBooking.mockResolvedValue(b);
    mocked.cancelBooking.mockResolvedValue({ ...b, status: 'USER_CANCELLED', refunds: [] } as never);
    renderAt(`/premium-buses/cancellationRescheduleCard/${b.bookingId}?mode=cancel`, ROUTE, <ManageScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel and get ₹450 back' }));
    expect(mocked.cancelBooking).toHaveBeenCalledWith(b.bookingId, 45000);
    expect(screen.queryByText(/not sold in Kochi/)).toBeNull();
  });
  it('changes its slot against the booking’s own city (Mumbai), not the city chosen', async () => {
    const b = booking({ tripSlotStartTime: Date.now() + DAY, arrivalTime: Date.now() + DAY + 3_600_000 });
    mocked.loadBooking.mockResolvedValue(b);
    mocked.loadDays.mockResolvedValue(['20261203']);
    mocked.loadSlots.mockResolvedValue({ slots: [] } as never);
    renderAt(`/premium-buses/cancellationRescheduleCard/${b.bookingId}?mode=reschedule`, ROUTE, <ManageScreen />);
    await waitFor(() => expect(mocked.loadSlots).toHaveBeenCalled());
    expect(mocked.loadDays).toHaveBeenCalledWith('mumbai', b.lineId);
    expect(mocked.loadSlots).toHaveBeenCalledWith('mumbai', expect.objectContaining({ lineId: b.lineId }));
    expect(screen.queryByText(/not sold in Kochi/)).toBeNull();
  });
  it('the pop-ups of a trip the operator cancelled come from every city, not only the one chosen', async () => {
    mocked.loadBookings.mockResolvedValue({ bookings: [] } as never);
    renderAt('/premium-buses/tripCancellationCard', '/premium-buses/tripCancellationCard', <PopupsScreen />);
    await waitFor(() => expect(mocked.loadBookings).toHaveBeenCalled());
    expect(mocked.loadBookings).toHaveBeenCalledWith();
    expect(screen.queryByText(/not sold in Kochi/)).toBeNull();
  });
  it('a booking’s stops (Find my stop) open in the booking’s city', async () => {
    mocked.loadLines.mockResolvedValue([]);
    const R = '/premium-buses/viewODStopDetails/:routeId/:fromStopId/:toStopId';
    renderAt('/premium-buses/viewODStopDetails/PRM-2/KHR/AND?city=mumbai', R, <StopsScreen />);
    await waitFor(() => expect(mocked.loadLines).toHaveBeenCalledWith('mumbai', 'PREMIUM'));
    expect(screen.queryByText(/not sold in Kochi/)).toBeNull();
  });
});
