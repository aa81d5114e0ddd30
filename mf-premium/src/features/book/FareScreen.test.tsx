/** @jest-environment jsdom */
import { screen, within } from '@testing-library/react';
import type { ReservationFareResponse, SeatAvailabilityResponse, StopPair, TripSlotsResponse } from '@sawari/contracts';
import { renderAt, gates } from '../../test/render';
import * as api from '../common/api';
import { FareScreen } from './FareScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
void gates;
const mocked = jest.mocked(api);

const SLOT = Date.parse('2026-11-28T20:00:00+05:30');
const line = {
  id: 'PRM-2',
  code: 'P2',
  name: 'Kharghar – Andheri',
  isAc: true,
  busType: 'ac',
  description: '',
  capacity: 40,
  fromPaise: 8500,
  stops: [],
  product: 'PREMIUM',
};
const slots = {
  city: 'mumbai',
  date: '20261128',
  line,
  from: { stopId: 'K', name: 'Kharghar', offsetMin: 0 },
  to: { stopId: 'A', name: 'Andheri', offsetMin: 60 },
  fares: { adult: 45000, child: 25000 },
  slots: [
    {
      tripId: 'PRM-2.202611282000',
      lineId: 'PRM-2',
      startTime: SLOT,
      boardingTime: SLOT + 5 * 60_000,
      arrivalTime: SLOT + 65 * 60_000,
      seatsLeft: 12,
      capacity: 40,
      availability: null,
      status: 'PLANNED',
      dayLabel: 'tomorrow',
      bookable: true,
      adultPaise: 45000,
      peak: false,
    },
  ],
} as unknown as TripSlotsResponse;
const fare = {
  passengerDetails: [
    { id: 'adult', name: 'Adult', isDiscountApplicable: false, payableAmount: 90000, actualAmount: 90000, fareBreakup: [], categorySeatLimit: 6 },
    { id: 'child', name: 'Child', isDiscountApplicable: true, payableAmount: 25000, actualAmount: 45000, fareBreakup: [], categorySeatLimit: 6 },
  ],
  totalAvailableSeats: 12,
  payableAmount: 115000,
  actualAmount: 135000,
  options: [],
} as ReservationFareResponse;
const seats = {
  tripId: 'PRM-2.202611282000',
  mode: 2,
  startTime: SLOT,
  capacity: 40,
  seatsLeft: 12,
  status: 'PLANNED',
  availability: null,
} as unknown as SeatAvailabilityResponse;

beforeEach(() => {
  jest.resetAllMocks();
  mocked.loadFare.mockResolvedValue(fare);
  mocked.loadSeatAvailability.mockResolvedValue(seats);
  mocked.loadSlots.mockResolvedValue(slots);
  mocked.loadPairs.mockResolvedValue([{ line, from: slots.from, to: slots.to, fares: {} } as unknown as StopPair]);
});

const ROUTE = '/premium-buses/fare-details';
const q = 'tripId=PRM-2.202611282000&fromStopId=K&toStopId=A&adult=2&child=1&senior=0';

describe('FareScreen: what the rider buys, before paying', () => {
  it('shows the line, date, departure and arrival with stops, passengers by category and one named fare line each', async () => {
    renderAt(`${ROUTE}?${q}&lineId=PRM-2&date=20261128`, ROUTE, <FareScreen product="PREMIUM" />);
    const facts = await screen.findByTestId('fare-facts');
    expect(facts.textContent).toContain('P2 · Kharghar – Andheri (AC)');
    expect(facts.textContent).toContain('28 Nov 2026');
    expect(facts.textContent).toContain('8:05 PM from Kharghar');
    expect(facts.textContent).toContain('9:05 PM at Andheri');
    expect(facts.textContent).toContain('2 adults, 1 child');
    const rows = within(screen.getByTestId('fare-lines')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['Adult 1₹450', 'Adult 2₹450', 'Child 1₹450 seat fare less ₹200 Child concession₹250', 'To pay₹1,150']);
    expect((screen.getByRole('button', { name: 'Keep my seats and pay ₹1,150' }) as HTMLButtonElement).disabled).toBe(false);
    expect(mocked.loadPairs).not.toHaveBeenCalled();
  });

  it('"← Choose a slot" keeps the line; a link without its line finds it from the stop pair', async () => {
    renderAt(`${ROUTE}?${q}`, ROUTE, <FareScreen product="PREMIUM" />);
    await screen.findByTestId('fare-facts');
    expect(screen.getByRole('link', { name: /Choose a slot/ }).getAttribute('href')).toBe(
      '/premium-buses/select-slot?lineId=PRM-2&fromStopId=K&toStopId=A&date=20261128&adult=2&child=1&senior=0',
    );
    expect(mocked.loadSlots).toHaveBeenCalledWith('mumbai', { lineId: 'PRM-2', fromStopId: 'K', toStopId: 'A', date: '20261128' });
  });

  it('too many passengers in the link: a problem and a way to start again, no fare asked', async () => {
    renderAt(`${ROUTE}?tripId=X&fromStopId=K&toStopId=A&adult=7`, ROUTE, <FareScreen product="PREMIUM" />);
    expect(await screen.findByRole('link', { name: /Start again/i })).toBeTruthy();
    expect(mocked.loadFare).not.toHaveBeenCalled();
  });

  it('a fare that cannot be loaded: the problem with Retry', async () => {
    mocked.loadFare.mockRejectedValue(Object.assign(new Error('no'), { code: 'TRIP_NOT_FOUND', message: 'no' }));
    renderAt(`${ROUTE}?${q}&lineId=PRM-2`, ROUTE, <FareScreen product="PREMIUM" />);
    expect(await screen.findByRole('button', { name: /Retry|Try again/ })).toBeTruthy();
  });
});
