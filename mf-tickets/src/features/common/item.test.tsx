/** @jest-environment jsdom */
// Component tests of what every wallet screen shows about an item: the pill, the headline, the
// validity line and the actions come from shared/domain productStatus, so a cancelled, replaced or moved seat never reads
// "Not valid yet · Valid in 2 h", and an active seat shows its departure with change and cancel.
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import type { WalletItem } from '@sawari/contracts';
import type { CityConfig } from '@sawari/runtime';
import en from '../../i18n/en.json';
import { ItemSummary } from './item-page';

const NOW = Date.now();
const SLOT = NOW + 2 * 3_600_000;
const seat = (over: Partial<WalletItem> = {}): WalletItem =>
  ({
    transactionId: 'RSV-1',
    ticketId: 'RSV-1',
    configurationId: 'reservation-premium',
    productType: 'singleJourneyTicket',
    productSubType: 'premiumReserveTicket',
    city: 'mumbai',
    agency: 'P2',
    categoryId: 'seat',
    categoryName: '1 Adult',
    fmId: 'PRM-2',
    fare: 450,
    discountedFare: 450,
    farePaise: 45000,
    numOfDays: null,
    passStartDate: '2026-11-28',
    startTime: SLOT - 30 * 60_000,
    expiryTime: SLOT + 2 * 3_600_000,
    activationExpiryTime: SLOT + 2 * 3_600_000,
    bookingTime: NOW - 3_600_000,
    status: 'ACTIVE',
    punches: [],
    rideCount: 0,
    maxTripsPerDay: 1,
    numOfTrips: 1,
    activeDuration: null,
    fareInfo: { actualFare: 45000, discountedFare: 45000, payableAmount: 45000, fareBreakup: [] },
    isRenewable: false,
    specialFeatures: [],
    infoNote: null,
    conditions: [],
    desc: null,
    routeName: 'P2',
    fromStopName: 'Kharghar',
    toStopName: 'Andheri',
    ...over,
  }) as WalletItem;
const city = { id: 'mumbai', name: 'Mumbai', features: {} } as unknown as CityConfig;

const draw = (item: WalletItem) =>
  render(
    <IntlProvider locale="en-IN" messages={en as Record<string, string>} onError={() => undefined}>
      <MemoryRouter>
        <ItemSummary item={item} city={city} />
      </MemoryRouter>
    </IntlProvider>,
  );

describe('ItemSummary of a reserved seat', () => {
  it('active before its slot: not valid yet, its departure, change and cancel in the premium screens', () => {
    draw(seat());
    expect(screen.getByTestId('item-headline').textContent).toBe('Not valid yet');
    expect(screen.getByTestId('seat-departure').textContent).toMatch(/^Departs \d{2} \w{3} \d{4}, \d{1,2}:\d{2} [AP]M$/);
    expect(screen.getByRole('link', { name: 'Change slot' }).getAttribute('href')).toBe('/app/premium-buses/cancellationRescheduleCard/RSV-1?mode=reschedule');
    expect(screen.getByRole('link', { name: 'Cancel booking' }).getAttribute('href')).toBe('/app/premium-buses/cancellationRescheduleCard/RSV-1?mode=cancel');
    expect(screen.getByTestId('status-pill').getAttribute('data-tone')).toBe('ok');
  });
  it.each([
    ['USER_CANCELLED', 'Cancelled by you', 'cancelled'],
    ['SYSTEM_CANCELLED', 'Cancelled by the operator', 'cancelled'],
    ['USER_RESCHEDULED', 'Replaced by your change of slot', 'rescheduled'],
    ['SYSTEM_RESCHEDULED', 'Moved by the operator to another bus', 'rescheduled'],
  ])('%s: says "%s", pill "%s", nothing counts down, no code, no change', (status, headline, pill) => {
    draw(seat({ status }));
    expect(screen.getByTestId('item-headline').textContent).toBe(headline);
    expect(screen.getByTestId('status-pill').textContent).toBe(pill);
    expect(screen.getByTestId('status-pill').getAttribute('data-tone')).not.toBe('ok');
    expect(screen.queryByTestId('expires-in')).toBeNull();
    expect(screen.queryByText(/Valid in/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Show ticket' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Change slot' })).toBeNull();
  });
  it('inside its boarding window: valid, the code, and how long is left', () => {
    draw(seat({ startTime: NOW - 60_000 }));
    expect(screen.queryByTestId('item-headline')).toBeNull();
    expect(screen.getByRole('link', { name: 'Show ticket' })).toBeTruthy();
    expect(screen.getByTestId('expires-in').textContent).toMatch(/expires in/);
  });
});
