/** @jest-environment jsdom */
// Component test of the stops near the rider (Testing Library): locating, a position refused (said, with Try again and
// a search by name), stops around a located rider nearest first with their walk, none nearby, and a failed load with
// Retry. English and Hindi.
import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { ApiRequestError } from '@sawari/runtime';
import en from '../../i18n/en.json';
import hi from '../../i18n/hi.json';
import { gql, NearbyStopsDocument, type NearbyStop } from '../common/transit';
import type { GeoState } from '../common/useGeolocation';
import NearStopsScreen from './NearStopsScreen';

jest.mock('../common/transit', () => ({ ...jest.requireActual('../common/transit'), gql: jest.fn() }));
jest.mock('../common/city', () => ({ WithCity: ({ children }: { children: (c: string) => React.ReactNode }) => children('kochi'), Attribution: () => null }));
let geo: GeoState = { status: 'locating' };
const locate = jest.fn();
jest.mock('../common/useGeolocation', () => ({ useGeolocation: () => [geo, locate] }));
const query = jest.mocked(gql);

const near = (id: string, name: string, m: number): NearbyStop =>
  ({
    stop: { stop_id: id, stop_name: name, stop_lat: 10, stop_lon: 76.3, result_type: 'STOP', stop_code: null, towards: [], routes: [] },
    distanceMeters: m,
    walking: '',
  }) as unknown as NearbyStop;

function open(lang: 'en' | 'hi' = 'en', path = '/nearest-bus-stop/near-bus-stops') {
  return render(
    <IntlProvider locale={lang === 'en' ? 'en-IN' : 'hi-IN'} messages={(lang === 'en' ? en : hi) as Record<string, string>} onError={() => undefined}>
      <MemoryRouter initialEntries={[path]}>
        <NearStopsScreen />
      </MemoryRouter>
    </IntlProvider>,
  );
}

beforeEach(() => {
  query.mockReset();
  locate.mockReset();
});

describe('NearStopsScreen', () => {
  it('asks for the position at once and says it is locating', () => {
    geo = { status: 'locating' };
    open();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en['nearby.heading']);
    expect(screen.getByRole('status').textContent).toBe(en['nearby.locating']);
    expect(locate).toHaveBeenCalledTimes(1);
    expect(query).not.toHaveBeenCalled();
  });

  it('a refused position: says so in Hindi, with Try again and a search by name', () => {
    geo = { status: 'denied' };
    open('hi');
    expect(screen.getByRole('alert').textContent).toContain(hi['nearby.denied']);
    fireEvent.click(screen.getByRole('button', { name: hi['nearby.tryAgain'] }));
    expect(locate).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('search')).toBeTruthy();
  });

  it('stops around the rider, nearest first, each a link to its buses', async () => {
    geo = { status: 'located', lat: 10, lon: 76.3 };
    query.mockResolvedValue({ nearbyStops: [near('A', 'Amber Square', 120), near('B', 'Beryl Market', 480)] });
    open();
    const links = await screen.findAllByRole('link', { name: /Amber Square|Beryl Market/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/nearest-bus-stop/all-buses/A/Amber%20Square/120',
      '/nearest-bus-stop/all-buses/B/Beryl%20Market/480',
    ]);
    expect(query.mock.calls[0]).toEqual([NearbyStopsDocument, { city: 'kochi', lat: 10, lon: 76.3 }, expect.anything()]);
  });

  it('a chosen place with no stop nearby: says so, without asking for the position', async () => {
    geo = { status: 'idle' };
    query.mockResolvedValue({ nearbyStops: [] });
    open('en', '/nearest-bus-stop/near-bus-stops?lat=9.9&lon=76.2&name=Fort%20Kochi');
    expect(await screen.findByText(en['nearby.none'])).toBeTruthy();
    expect(locate).not.toHaveBeenCalled();
  });

  it('a failed load: an alert with Retry, which loads again', async () => {
    geo = { status: 'located', lat: 10, lon: 76.3 };
    query.mockRejectedValueOnce(new ApiRequestError(0, 'NETWORK_ERROR', 'offline'));
    open();
    expect((await screen.findByRole('alert')).getAttribute('data-error-kind')).toBe('offline');
    query.mockResolvedValue({ nearbyStops: [near('A', 'Amber Square', 120)] });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /Amber Square/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
