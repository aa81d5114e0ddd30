/** @jest-environment jsdom */
// Component test of one followed bus (Testing Library): loading, its facts (route, next stop, timeliness, occupancy),
// a bus not reporting, a failed load with Retry, and a failed refresh that keeps the facts with a notice. English and
// Hindi. The map and the route's stops are left out (MapView draws with WebGL).
import { act, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiRequestError } from '@sawari/runtime';
import en from '../../i18n/en.json';
import hi from '../../i18n/hi.json';
import { POLL_BASE_MS } from '../common/polling';
import { gql, VehicleDocument, type VehicleFieldsFragment } from '../common/transit';
import VehicleScreen from './VehicleScreen';

jest.mock('../common/transit', () => ({ ...jest.requireActual('../common/transit'), gql: jest.fn() }));
jest.mock('../common/city', () => ({ WithCity: ({ children }: { children: (c: string) => React.ReactNode }) => children('kochi'), Attribution: () => null }));
jest.mock('../map/MapView', () => ({ __esModule: true, default: ({ focusBus }: { focusBus: string }) => <p>{`map of ${focusBus}`}</p> }));
jest.mock('../route-map/RouteView', () => ({ useRoute: () => ({ data: null }), Age: ({ seconds }: { seconds: number }) => <span>{`${seconds} s old`}</span> }));
const query = jest.mocked(gql);

const bus: VehicleFieldsFragment = {
  vNo: 'KL-07-BX-1234',
  route_id: 'R1',
  route_name: '11',
  route_color: null,
  route_text_color: null,
  tripId: 'T1',
  headsign: 'Beryl Market',
  lat: 10,
  lon: 76.3,
  bearing: 90,
  tS: Date.now() - 20_000,
  ageSeconds: 20,
  delaySeconds: 400,
  timeliness: 'DELAYED',
  occupancyLevel: 5,
  occupancy: 'STANDING',
  nextStopId: 'B',
  nextStopName: 'Beryl Market',
};

function open(lang: 'en' | 'hi' = 'en') {
  return render(
    <IntlProvider locale={lang === 'en' ? 'en-IN' : 'hi-IN'} messages={(lang === 'en' ? en : hi) as Record<string, string>} onError={() => undefined}>
      <MemoryRouter initialEntries={['/live-tracking/route-map-vehicle/R1/KL-07-BX-1234']}>
        <Routes>
          <Route path="/live-tracking/route-map-vehicle/:routeId/:vehicleNumber" element={<VehicleScreen />} />
        </Routes>
      </MemoryRouter>
    </IntlProvider>,
  );
}
const facts = () => Object.fromEntries([...document.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]));

beforeEach(() => query.mockReset());
afterEach(() => jest.useRealTimers());

describe('VehicleScreen', () => {
  it('while loading: its heading, the way back to the route, and a loading status', () => {
    query.mockReturnValue(new Promise(() => undefined));
    open();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Bus KL-07-BX-1234');
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(query.mock.calls[0]).toEqual([VehicleDocument, { city: 'kochi', vehicleNumber: 'KL-07-BX-1234' }, expect.anything()]);
  });

  it('a reporting bus: route, how old its position is, next stop, timeliness and occupancy in words, and its map', async () => {
    query.mockResolvedValue({ vehicle: bus });
    open();
    expect(await screen.findByText('map of KL-07-BX-1234')).toBeTruthy();
    expect(facts()).toEqual({
      Route: '11 → Beryl Market',
      Position: '20 s old',
      'Next stop': 'Beryl Market',
      Running: 'Delayed',
      Occupancy: ' Standing available',
    });
  });

  it('in Hindi, with what is not known said so', async () => {
    query.mockResolvedValue({ vehicle: { ...bus, timeliness: null, occupancy: null, occupancyLevel: null, nextStopName: null } });
    open('hi');
    await screen.findByText('map of KL-07-BX-1234');
    const values = Object.values(facts());
    expect(values.filter((v) => v === hi['vehicle.unknown'])).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hi['vehicle.heading'].replace('{vNo}', 'KL-07-BX-1234'));
  });

  it('a bus not reporting: says so in words', async () => {
    query.mockResolvedValue({ vehicle: null });
    open();
    expect(await screen.findByText('Bus KL-07-BX-1234 is not reporting its position right now.')).toBeTruthy();
  });

  it('a failed load: an alert with Retry, which loads again', async () => {
    query.mockRejectedValueOnce(new ApiRequestError(503, 'UNAVAILABLE', 'down'));
    open();
    await screen.findByRole('alert');
    query.mockResolvedValue({ vehicle: bus });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('map of KL-07-BX-1234')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offline on a refresh: the last facts stay, with a notice that live updates are paused', async () => {
    jest.useFakeTimers();
    query.mockResolvedValueOnce({ vehicle: bus });
    open();
    await act(async () => undefined);
    query.mockRejectedValueOnce(new ApiRequestError(0, 'NETWORK_ERROR', 'offline'));
    await act(async () => {
      jest.advanceTimersByTime(POLL_BASE_MS);
    });
    expect(screen.getByRole('status').textContent).toBe('Live updates are paused: the last refresh failed. Trying again soon.');
    expect(facts()['Next stop']).toBe('Beryl Market');
  });
});
