/** @jest-environment jsdom */
// Component test of the trip details screen (Testing Library): the plan is checked again every minute, and each leg's
// shown times become the predicted ones, marked Live with the timetable's time beside them; the summary's times follow;
// a leg the check finds missed or cancelled says so on the leg. English and Hindi.
import { act, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import en from '../../i18n/en.json';
import hi from '../../i18n/hi.json';
import { CheckItineraryDocument, gql, type Itinerary, type Leg } from '../common/transit';
import { RECHECK_MS, withCheck, type Check } from './LiveCheck';
import { saveSelectedTrip } from './plan';
import TripDetailsScreen from './TripDetailsScreen';

jest.mock('../common/transit', () => ({ ...jest.requireActual('../common/transit'), gql: jest.fn() }));
jest.mock('../common/city', () => ({ useCityId: () => 'kochi', Attribution: () => null }));
jest.mock('./ItineraryMap', () => ({ __esModule: true, default: () => null }));
jest.mock('./Fare', () => ({ ItineraryFare: () => null }));
jest.mock('./BuyJourney', () => ({ BuyJourney: () => null }));
const query = jest.mocked(gql);

const ist = (hhmm: string) => Date.parse(`2026-01-15T${hhmm}:00+05:30`);
const stop = (id: string, name: string) => ({ stop_id: id, stop_name: name, stop_lat: 19, stop_lon: 72.8, result_type: 'STOP' as const });
const ride = (tripId: string, from: string, to: string, dep: string, arr: string): Leg =>
  ({
    mode: 'BUS',
    tripId,
    from: stop(from, `Stop ${from}`),
    to: stop(to, `Stop ${to}`),
    departure: ist(dep),
    arrival: ist(arr),
    live: false,
    scheduledDeparture: ist(dep),
    scheduledArrival: ist(arr),
    headsign: null,
    stopCount: 3,
    distanceMeters: 2000,
    route: null,
  }) as unknown as Leg;
const plan = {
  departure: ist('08:00'),
  arrival: ist('08:25'),
  durationSeconds: 25 * 60,
  transfers: 1,
  walkSeconds: 0,
  legs: [ride('T1', 'A', 'B', '08:00', '08:10'), ride('T2', 'B', 'C', '08:15', '08:25')],
} as unknown as Itinerary;

const check = (status: Check['status'], legs: Check['legs']): { checkItinerary: Check } => ({ checkItinerary: { checkedAt: ist('07:58'), status, legs } });
const late = check('OK', [
  { departure: ist('08:02'), arrival: ist('08:12'), live: true, status: 'OK', changeSeconds: null },
  { departure: ist('08:15'), arrival: ist('08:25'), live: false, status: 'OK', changeSeconds: 180 },
]);
const missed = check('MISSED', [
  { departure: ist('08:07'), arrival: ist('08:17'), live: true, status: 'OK', changeSeconds: null },
  { departure: ist('08:15'), arrival: ist('08:25'), live: false, status: 'MISSED', changeSeconds: -120 },
]);

function open(lang: 'en' | 'hi' = 'en') {
  return render(
    <IntlProvider locale={lang === 'en' ? 'en-IN' : 'hi-IN'} messages={(lang === 'en' ? en : hi) as Record<string, string>} onError={() => undefined}>
      <MemoryRouter>
        <TripDetailsScreen />
      </MemoryRouter>
    </IntlProvider>,
  );
}
const steps = () => screen.getAllByRole('listitem').filter((li) => li.closest('ol'));

beforeEach(() => {
  query.mockReset();
  sessionStorage.clear();
  saveSelectedTrip({ itinerary: plan, from: 'Stop A', to: 'Stop C' });
});
afterEach(() => jest.useRealTimers());

describe('TripDetailsScreen after a live re-check', () => {
  it('shows the timetable until the first check, then each leg’s predicted times, marked Live, and the summary’s', async () => {
    let answer: (v: unknown) => void = () => undefined;
    query.mockReturnValueOnce(new Promise((r) => (answer = r)));
    open();
    expect(steps()[0].textContent).toContain('Board at Stop A at 8:00 AM');
    expect(screen.getAllByTestId('leg-live').map((m) => m.textContent)).toEqual(['Scheduled', 'Scheduled']);
    expect(query.mock.calls[0][0]).toBe(CheckItineraryDocument);
    await act(async () => answer(late));
    const [first, second] = steps();
    expect(first.textContent).toContain('Board at Stop A at 8:02 AM');
    expect(first.textContent).toContain('Get off at Stop B at 8:12 AM');
    expect(first.querySelector('[data-testid="leg-live"]')!.textContent).toBe('Live timetable 8:00 AM');
    expect(second.textContent).toContain('Board at Stop B at 8:15 AM');
    expect(second.querySelector('[data-testid="leg-live"]')!.textContent).toBe('Scheduled');
    expect(screen.getByText('8:02 AM → 8:25 AM')).toBeTruthy();
    expect(screen.queryByTestId('leg-status')).toBeNull();
  });

  it('a minute later: the new predictions replace the times, and the leg whose change is missed says so', async () => {
    jest.useFakeTimers();
    query.mockResolvedValueOnce(late);
    open();
    await act(async () => undefined);
    expect(steps()[0].textContent).toContain('Get off at Stop B at 8:12 AM');
    query.mockResolvedValueOnce(missed);
    await act(async () => {
      jest.advanceTimersByTime(RECHECK_MS);
    });
    const [first, second] = steps();
    expect(first.textContent).toContain('Get off at Stop B at 8:17 AM');
    expect(first.querySelector('[data-testid="leg-live"]')!.textContent).toBe('Live timetable 8:00 AM');
    expect(second.querySelector('[data-testid="leg-status"]')!.textContent).toBe(' You will probably miss this bus: the bus before it is running late.');
    expect(screen.getByRole('alert').textContent).toBe('A bus is running late: you will probably miss your change. Plan again.');
  });

  it('in Hindi', async () => {
    query.mockResolvedValueOnce(missed);
    open('hi');
    await act(async () => undefined);
    const [first, second] = steps();
    expect(first.querySelector('[data-testid="leg-live"]')!.textContent).toBe(`लाइव समय-सारणी ${first.textContent!.match(/8:00 [ap]m/i)![0]}`);
    expect(second.querySelector('[data-testid="leg-status"]')!.textContent).toBe(' यह बस शायद छूट जाएगी: पहले वाली बस देर से चल रही है।');
  });

  it('keeps the plan as it was when a check does not match its legs', () => {
    expect(withCheck(plan, null)).toEqual({ itinerary: plan, statuses: null });
    expect(withCheck(plan, { ...late.checkItinerary, legs: late.checkItinerary.legs.slice(0, 1) })).toEqual({ itinerary: plan, statuses: null });
    expect(withCheck(plan, missed.checkItinerary)).toMatchObject({
      itinerary: { departure: ist('08:07'), arrival: ist('08:25'), durationSeconds: 18 * 60 },
      statuses: ['OK', 'MISSED'],
    });
  });
});
