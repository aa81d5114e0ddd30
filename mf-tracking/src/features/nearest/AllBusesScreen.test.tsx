/** @jest-environment jsdom */
// Component test of every bus at a stop (Testing Library): loading, the buses due (a cancelled one marked, never as
// the next) and the routes calling there, a stop the timetable does not have (said as not found, not as offline), and a
// failed load of the buses with Retry. English and Hindi.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiRequestError } from '@sawari/runtime';
import en from '../../i18n/en.json';
import hi from '../../i18n/hi.json';
import { gql, StopArrivalsDocument, StopDocument, type Arrival } from '../common/transit';
import AllBusesScreen from './AllBusesScreen';

jest.mock('../common/transit', () => ({ ...jest.requireActual('../common/transit'), gql: jest.fn() }));
jest.mock('../common/city', () => ({ WithCity: ({ children }: { children: (c: string) => React.ReactNode }) => children('kochi'), Attribution: () => null }));
jest.mock('../common/favourites', () => ({ FavouriteButton: () => null }));
jest.mock('../route-map/RouteView', () => ({ Disruptions: () => null }));
const query = jest.mocked(gql);

const NOW = Date.now();
const stop = {
  stop_id: 'A',
  stop_name: 'Amber Square',
  stop_lat: 10,
  stop_lon: 76.3,
  result_type: 'STOP',
  stop_code: null,
  towards: [],
  disruptions: [],
  routes: [{ route_id: 'R1', route_name: '11', route_long_name: 'Amber - Beryl', color: null, text_color: null }],
};
const arrival = (tripId: string, min: number, cancellation: Arrival['cancellation'] = null): Arrival => ({
  route_id: 'R1',
  route_name: '11',
  route_color: null,
  route_text_color: null,
  headsign: 'Beryl Market',
  tripId,
  scheduledTime: NOW + min * 60_000,
  expectedTime: null,
  vNo: null,
  tS: null,
  eta: null,
  delaySeconds: null,
  timeliness: null,
  occupancy: null,
  passedAt: null,
  live: false,
  cancellation,
});

type Answers = { stop?: Promise<unknown>; arrivals?: Promise<unknown> };
function answer({ stop: s, arrivals: a }: Answers) {
  query.mockImplementation(((doc: unknown) =>
    doc === StopDocument ? s : doc === StopArrivalsDocument ? a : Promise.reject(new Error('unexpected'))) as typeof gql);
}
function open(lang: 'en' | 'hi' = 'en') {
  return render(
    <IntlProvider locale={lang === 'en' ? 'en-IN' : 'hi-IN'} messages={(lang === 'en' ? en : hi) as Record<string, string>} onError={() => undefined}>
      <MemoryRouter initialEntries={['/nearest-bus-stop/all-buses/A/Amber%20Square/120']}>
        <Routes>
          <Route path="/nearest-bus-stop/all-buses/:stopId/:stopName/:distance" element={<AllBusesScreen />} />
        </Routes>
      </MemoryRouter>
    </IntlProvider>,
  );
}
const rows = () => [...document.querySelectorAll('li[data-arrival]')];

beforeEach(() => query.mockReset());

describe('AllBusesScreen', () => {
  it('while loading: the stop as heading and loading statuses', () => {
    answer({ stop: new Promise(() => undefined), arrivals: new Promise(() => undefined) });
    open();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Amber Square');
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Loading…', 'Loading…']);
  });

  it('the buses due, a cancelled one marked, and the routes calling there', async () => {
    answer({ stop: Promise.resolve({ stop }), arrivals: Promise.resolve({ stopArrivals: [arrival('T1', 5, 'TRIP_CANCELLED'), arrival('T2', 15)] }) });
    open();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((r) => r.getAttribute('data-arrival'))).toEqual(['cancelled', 'scheduled']);
    expect(rows()[0].textContent).toContain('Cancelled · this bus will not run');
    // the route calling there: its badge and name, one link to when it comes here
    expect(screen.getByRole('link', { name: '11 Amber - Beryl' }).getAttribute('href')).toBe('/live-tracking/estimate-arrival-time/R1/A/Amber%20Square/11');
  });

  it('a busy stop (Kochi: about a hundred routes, no short names): grouped by who runs them, folded, a row and a link each', async () => {
    const kochiRoute = (i: number, agency: string) => {
      const name = `Place ${String.fromCharCode(65 + (i % 26))}${i} ↔ Far End ${i} (via Somewhere Long)`;
      return { route_id: `r${i}`, route_name: name, route_long_name: name, agency_name: agency, color: '0000ff', text_color: 'ffffff' };
    };
    const routes = [
      ...Array.from({ length: 60 }, (_, i) => kochiRoute(i, 'Kochi city bus')),
      ...Array.from({ length: 35 }, (_, i) => kochiRoute(100 + i, 'Mofussil Kochi bus')),
      ...Array.from({ length: 5 }, (_, i) => kochiRoute(200 + i, 'Kochi city boat')),
    ];
    answer({ stop: Promise.resolve({ stop: { ...stop, routes } }), arrivals: Promise.resolve({ stopArrivals: [] }) });
    open();
    const city = await screen.findByRole('region', { name: 'Kochi city bus · 60 routes' });
    expect(screen.getByRole('region', { name: 'Mofussil Kochi bus · 35 routes' })).toBeTruthy();
    // folded: the first five of each group, a row each with one link (was: every route a card with three links)
    const links = () => [...document.querySelectorAll('[data-route-group] li a')];
    expect(links()).toHaveLength(15);
    expect(city.querySelectorAll('li')).toHaveLength(5);
    // the badge is a readable abbreviation; the whole name beside it
    const first = city.querySelector('li a') as HTMLElement;
    expect(first.querySelector('[data-route-badge]')?.textContent).toMatch(/^[A-Z0-9]+–[A-Z0-9]+$/);
    expect(first.textContent).toContain('(via Somewhere Long)');
    const more = within(city).getByRole('button', { name: 'Show all 60 routes' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(city.querySelectorAll('li')).toHaveLength(60);
    expect(within(city).getByRole('button', { name: 'Show fewer routes' }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(within(city).getByRole('button', { name: 'Show fewer routes' }));
    expect(city.querySelectorAll('li')).toHaveLength(5);
  });

  it('a stop the timetable does not have: not found, in Hindi too', async () => {
    answer({ stop: Promise.resolve({ stop: null }), arrivals: Promise.resolve({ stopArrivals: [] }) });
    const { unmount } = open();
    expect((await screen.findByRole('alert')).getAttribute('data-error-kind')).toBe('notFound');
    expect(screen.getByRole('alert').textContent).toContain('We could not find this');
    unmount();
    open('hi');
    expect((await screen.findByRole('alert')).getAttribute('data-error-kind')).toBe('notFound');
  });

  it('the buses failed to load: an alert with Retry, which loads them again', async () => {
    answer({ stop: Promise.resolve({ stop }), arrivals: Promise.reject(new ApiRequestError(0, 'NETWORK_ERROR', 'offline')) });
    open();
    expect((await screen.findByRole('alert')).getAttribute('data-error-kind')).toBe('offline');
    answer({ stop: Promise.resolve({ stop }), arrivals: Promise.resolve({ stopArrivals: [arrival('T2', 15)] }) });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
