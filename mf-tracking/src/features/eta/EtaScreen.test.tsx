/** @jest-environment jsdom */
// Component test of the ETA screen (Testing Library): loading, the buses due with where each time comes from (Live
// from the bus, Scheduled from the timetable, Cancelled, Does not stop here), none due, a failed load with Retry, and
// a failed refresh that keeps the last list with a notice. English and Hindi.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiRequestError } from '@sawari/runtime';
import en from '../../i18n/en.json';
import hi from '../../i18n/hi.json';
import { POLL_BASE_MS } from '../common/polling';
import { gql, RouteArrivalsDocument, type Arrival } from '../common/transit';
import EtaScreen from './EtaScreen';

jest.mock('../common/transit', () => ({ ...jest.requireActual('../common/transit'), gql: jest.fn() }));
jest.mock('../common/city', () => ({ WithCity: ({ children }: { children: (c: string) => React.ReactNode }) => children('kochi'), Attribution: () => null }));
jest.mock('../common/favourites', () => ({ FavouriteButton: () => null }));
const query = jest.mocked(gql);

const NOW = Date.now();
const base: Arrival = {
  route_id: 'R1',
  route_name: '11',
  route_color: null,
  route_text_color: null,
  headsign: 'Beryl Market',
  tripId: 'T',
  scheduledTime: NOW + 10 * 60_000,
  expectedTime: null,
  vNo: null,
  tS: null,
  eta: null,
  delaySeconds: null,
  timeliness: null,
  occupancy: null,
  passedAt: null,
  live: false,
  cancellation: null,
};
const four: Arrival[] = [
  { ...base, tripId: 'T1', vNo: 'MH-01-AB-1234', tS: NOW, eta: 12 * 60, expectedTime: NOW + 12 * 60_000, delaySeconds: 120, timeliness: 'ON_TIME', live: true },
  { ...base, tripId: 'T2', scheduledTime: NOW + 20 * 60_000 },
  { ...base, tripId: 'T3', scheduledTime: NOW + 30 * 60_000, cancellation: 'TRIP_CANCELLED' },
  { ...base, tripId: 'T4', scheduledTime: NOW + 40 * 60_000, cancellation: 'STOP_SKIPPED' },
];

function open(lang: 'en' | 'hi' = 'en') {
  return render(
    <IntlProvider locale={lang === 'en' ? 'en-IN' : 'hi-IN'} messages={(lang === 'en' ? en : hi) as Record<string, string>} onError={() => undefined}>
      <MemoryRouter initialEntries={['/live-tracking/estimate-arrival-time/R1/A/Amber%20Square/11']}>
        <Routes>
          <Route path="/live-tracking/estimate-arrival-time/:routeId/:stopId/:stopName/:routeName" element={<EtaScreen />} />
        </Routes>
      </MemoryRouter>
    </IntlProvider>,
  );
}
const rows = () => [...document.querySelectorAll('li[data-arrival]')];

beforeEach(() => query.mockReset());
afterEach(() => jest.useRealTimers());

describe('EtaScreen', () => {
  it('while loading: its heading and a loading status', () => {
    query.mockReturnValue(new Promise(() => undefined));
    open();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('11 at Amber Square');
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(query.mock.calls[0]).toEqual([RouteArrivalsDocument, { city: 'kochi', stopId: 'A', routeId: 'R1' }, expect.anything()]);
  });

  it('says where each time comes from, and which buses will not pick up here', async () => {
    query.mockResolvedValue({ stopArrivals: four });
    open();
    await waitFor(() => expect(rows()).toHaveLength(4));
    const [live, scheduled, cancelled, skips] = rows();
    expect(rows().map((r) => r.getAttribute('data-arrival'))).toEqual(['live', 'scheduled', 'cancelled', 'skipsStop']);
    expect(live.textContent).toContain('in 12 min');
    expect(live.textContent).toContain('Live · predicted from the bus');
    expect(live.querySelector('a')!.textContent).toBe('follow bus MH-01-AB-1234');
    expect(scheduled.textContent).toContain('Scheduled · timetable only');
    expect(scheduled.textContent).not.toContain('Live');
    expect(cancelled.textContent).toContain('Cancelled · this bus will not run');
    expect(cancelled.querySelector('s')!.textContent).toMatch(/^was due \d{1,2}:\d\d [AP]M$/);
    expect(skips.textContent).toContain('Does not stop here · this bus will pass the stop without stopping');
    for (const r of [live, scheduled, cancelled, skips]) expect(r.querySelector('[data-source] svg')).not.toBeNull();
  });

  it('in Hindi', async () => {
    query.mockResolvedValue({ stopArrivals: four });
    open('hi');
    await waitFor(() => expect(rows()).toHaveLength(4));
    const [live, scheduled, cancelled, skips] = rows();
    expect(live.textContent).toContain('लाइव · बस से अनुमान');
    expect(scheduled.textContent).toContain('निर्धारित समय · सिर्फ़ समय-सारणी');
    expect(cancelled.textContent).toContain('रद्द · यह बस नहीं चलेगी');
    expect(skips.textContent).toContain('यहाँ नहीं रुकेगी');
  });

  it('no bus due: says so', async () => {
    query.mockResolvedValue({ stopArrivals: [] });
    open();
    expect(await screen.findByText('No more buses are due here today.')).toBeTruthy();
  });

  it('a failed load: an alert with Retry, which loads again', async () => {
    query.mockRejectedValueOnce(new ApiRequestError(0, 'NETWORK_ERROR', 'offline'));
    open();
    const alert = await screen.findByRole('alert');
    query.mockResolvedValue({ stopArrivals: four.slice(1, 2) });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Scheduled · timetable only', { exact: false })).toBeTruthy();
    expect(alert.isConnected).toBe(false);
    expect(query).toHaveBeenCalledTimes(2);
  });

  it('a failed refresh keeps the last list, with a notice that live updates are paused', async () => {
    jest.useFakeTimers({ now: NOW });
    query.mockResolvedValueOnce({ stopArrivals: four });
    open();
    await act(async () => undefined);
    expect(rows()).toHaveLength(4);
    query.mockRejectedValueOnce(new ApiRequestError(0, 'NETWORK_ERROR', 'offline'));
    await act(async () => {
      jest.advanceTimersByTime(POLL_BASE_MS);
    });
    expect(query).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('status').textContent).toBe('Live updates are paused: the last refresh failed. Trying again soon.');
    expect(rows()).toHaveLength(4);
  });
});
