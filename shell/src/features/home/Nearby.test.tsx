/** @jest-environment jsdom */
// Home's next buses against a mocked transit API (transit.ts) and a mocked browser location: the nearest stops
// when location is already allowed (never asked uninvited), the saved stop otherwise, a prompt when there is neither,
// a clear message when it is turned off, and Try again when the buses cannot be loaded.
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import type { Favourite } from '@sawari/contracts';
import { ApiRequestError } from '@sawari/runtime';
import { transitQuery } from './transit';
import { NearbyStopsDocument, StopArrivalsDocument, StopDocument } from '@sawari/contracts/src/generated/mf-tracking';
import en from '../../i18n/en.json';
import { Nearby } from './Nearby';

configure({ asyncUtilTimeout: 5000 });
jest.mock('./transit', () => ({ transitQuery: jest.fn() }));
jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));
const mocked = jest.mocked(transitQuery as (doc: string, vars: Record<string, unknown>) => Promise<unknown>);

const NOW = Date.now();
const route = { route_id: 'R5', route_name: '5', color: '#FFD200', text_color: '#000000' };
const stop = (id: string, name: string) => ({ stop_id: id, stop_name: name, routes: [route] });
const arrivals = [
  { route_id: 'R5', route_name: '5', headsign: 'Dadar', tripId: 't1', scheduledTime: NOW + 12 * 60_000, vNo: null, tS: null, eta: null, passedAt: null },
  {
    route_id: 'R5',
    route_name: '5',
    headsign: 'Dadar',
    tripId: 't2',
    scheduledTime: NOW + 30 * 60_000,
    vNo: 'MH01',
    tS: NOW - 10_000,
    eta: 240,
    passedAt: null,
  },
];

function answer(doc: string, vars: Record<string, unknown>): Promise<unknown> {
  if (doc === NearbyStopsDocument)
    return Promise.resolve({
      nearbyStops: [
        { distanceMeters: 120.4, walking: '2 min', stop: stop('SION', 'Sion Circle') },
        { distanceMeters: 300, walking: '4 min', stop: { ...stop('EMPTY', 'No routes'), routes: [] } },
        { distanceMeters: 410, walking: '6 min', stop: stop('KING', 'Kings Circle') },
      ],
    });
  if (doc === StopDocument) return Promise.resolve({ stop: stop(String(vars.stopId), `Stop ${vars.stopId}`) });
  if (doc === StopArrivalsDocument) return Promise.resolve({ stopArrivals: arrivals });
  return Promise.reject(new Error(`unexpected ${doc}`));
}

function browser(permission: PermissionState | null, position?: { lat: number; lon: number } | 'denied') {
  const getCurrentPosition = jest.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
    if (position === 'denied') fail?.({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError);
    else if (position) ok({ coords: { latitude: position.lat, longitude: position.lon } } as GeolocationPosition);
  });
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
  Object.defineProperty(navigator, 'permissions', {
    configurable: true,
    value: permission ? { query: jest.fn().mockResolvedValue({ state: permission }) } : undefined,
  });
  return getCurrentPosition;
}

const draw = (favouriteStop: Favourite | null = null) =>
  render(
    <IntlProvider locale="en-IN" messages={en as Record<string, string>} onError={() => undefined}>
      <Nearby city="mumbai" favouriteStop={favouriteStop} />
    </IntlProvider>,
  );

const saved: Favourite = { id: 'f1', kind: 'stop', city: 'mumbai', refId: 'FAV', label: 'My stop', detail: '', createdAt: 1 };

beforeEach(() => {
  jest.resetAllMocks();
  mocked.mockImplementation(answer);
});

describe('Home: next buses near you', () => {
  it('location already allowed: the two nearest stops with routes, each with its next buses, badges and Live/Scheduled', async () => {
    const asked = browser('granted', { lat: 19.04, lon: 72.86 });
    draw();
    const region = screen.getByRole('region', { name: 'Next buses near you' });
    const sion = await within(region).findByRole('link', { name: 'Stop SION' });
    expect(sion.getAttribute('href')).toBe('/app/nearest-bus-stop/all-buses/SION/Stop%20SION/120');
    expect(await within(region).findByRole('link', { name: 'Stop KING' })).toBeTruthy();
    expect(within(region).queryByText('No routes')).toBeNull();
    expect(asked).toHaveBeenCalledTimes(1);
    expect(mocked).toHaveBeenCalledWith(NearbyStopsDocument, { city: 'mumbai', lat: 19.04, lon: 72.86 });
    // one row per line and direction at each stop: route 5 to Dadar
    await waitFor(() => expect(region.querySelectorAll('[data-route-badge]')).toHaveLength(2));
    const rows = region.querySelectorAll('li li');
    // soonest first: the live bus in 4 min, then the scheduled one at 12 min, in minutes too (within the hour)
    expect(rows[0].textContent).toMatch(/to Dadar.*in 4 min.*Live.*then in 12 min/);
    const badge = rows[0].querySelector('[data-route-badge]') as HTMLElement;
    expect(badge.textContent).toBe('5');
    expect(badge.style.backgroundColor).toBe('rgb(255, 210, 0)');
  });
  it('Kochi: long route names (no short names) and long headsigns, a row per line and direction, departed buses never first', async () => {
    browser('granted', { lat: 10.0, lon: 76.3 });
    const long = (id: string, name: string) => ({ route_id: id, route_name: name, color: '0000ff', text_color: 'ffffff' });
    const routes = [
      long('FK', 'Fort Kochi ↔ Palarivattom'),
      long('VMH', 'Vyttila Mobility Hub ↔ Vyttila Mobility Hub (clockwise, via Kadavanthra and Palarivattam bypass)'),
    ];
    const bus = (route: { route_id: string; route_name: string }, headsign: string, tripId: string, min: number, passedAt: number | null = null) => ({
      route_id: route.route_id,
      route_name: route.route_name,
      headsign,
      tripId,
      scheduledTime: NOW + min * 60_000,
      vNo: null,
      tS: null,
      eta: null,
      passedAt,
    });
    const due = [
      bus(routes[0], 'Fort Kochi Boat Jetty', 'gone', -2, NOW - 90_000),
      bus(routes[0], 'Fort Kochi Boat Jetty', 'a1', 6),
      bus(routes[0], 'Fort Kochi Boat Jetty', 'a2', 21),
      bus(routes[0], 'Fort Kochi Boat Jetty', 'a3', 40),
      bus(routes[0], 'Palarivattom Bypass Junction', 'b1', 9),
      bus(routes[1], 'Vyttila Mobility Hub', 'c1', 95),
    ];
    mocked.mockImplementation((doc, vars) =>
      doc === StopDocument
        ? Promise.resolve({ stop: { stop_id: String(vars.stopId), stop_name: 'Kaloor Stadium', routes } })
        : doc === StopArrivalsDocument
          ? Promise.resolve({ stopArrivals: due })
          : answer(doc, vars),
    );
    draw();
    const region = screen.getByRole('region', { name: 'Next buses near you' });
    await waitFor(() => expect(region.querySelectorAll('li li').length).toBeGreaterThan(0));
    const card = region.querySelector('li') as HTMLElement;
    const rows = [...card.querySelectorAll('li')];
    // the bus that left is not first (not listed); a row per line and direction, soonest first
    expect(rows.map((r) => r.querySelector('[data-route-badge]')?.textContent)).toEqual(['FK–PAL', 'FK–PAL', 'VMH↻']);
    expect(rows[0].textContent).toMatch(/to Fort Kochi Boat Jetty.*in 6 min.*Scheduled.*then in 21 min$/);
    expect(rows[1].textContent).toMatch(/to Palarivattom Bypass Junction.*in 9 min/);
    // beyond an hour, the clock time
    expect(rows[2].textContent).toMatch(/to Vyttila Mobility Hub.*\d{1,2}:\d\d [AP]M/);
    // the whole route name is the badge's title; the headsign is its own text beside it, never inside the badge
    expect(rows[0].querySelector('[data-route-badge]')?.getAttribute('title')).toBe('Fort Kochi ↔ Palarivattom');
    expect(card.textContent).not.toContain('Fort Kochi ↔ Palarivattom');
  });
  it('not allowed yet: the saved stop, and the location asked only when the rider taps', async () => {
    const asked = browser('prompt', { lat: 19.04, lon: 72.86 });
    draw(saved);
    const region = await screen.findByRole('region', { name: 'Next buses at your stop' });
    expect(await within(region).findByRole('link', { name: 'Stop FAV' })).toBeTruthy();
    expect(region.textContent).toContain('Use your location to see the stops near you instead.');
    expect(asked).not.toHaveBeenCalled();
    fireEvent.click(within(region).getByRole('button', { name: 'Use my location' }));
    expect(asked).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('region', { name: 'Next buses near you' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Stop SION' })).toBeTruthy();
  });
  it('neither: a prompt with a stop search; turned off: says so, without a button that cannot work', async () => {
    browser('prompt');
    const { unmount } = draw();
    const region = screen.getByRole('region', { name: 'Next buses near you' });
    await within(region).findByRole('button', { name: 'Use my location' });
    expect(within(region).getByRole('link', { name: 'Find a stop' }).getAttribute('href')).toBe('/app/nearest-bus-stop/near-bus-stops');
    unmount();
    browser('denied');
    draw();
    expect(await screen.findByText(/Location is turned off for Sawari/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use my location' })).toBeNull();
  });
  it('buses that cannot be loaded: what happened and Try again, which loads again', async () => {
    browser('prompt');
    mocked.mockImplementation((doc, vars) =>
      doc === StopArrivalsDocument && !mocked.mock.calls.some(([d], i) => d === StopArrivalsDocument && i < mocked.mock.calls.length - 1)
        ? Promise.reject(new ApiRequestError(503, 'UNAVAILABLE', 'upstream'))
        : answer(doc, vars),
    );
    draw(saved);
    expect((await screen.findByRole('alert')).textContent).toContain('The next buses could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await waitFor(() => expect(document.querySelectorAll('[data-route-badge]').length).toBe(1));
  });
});
