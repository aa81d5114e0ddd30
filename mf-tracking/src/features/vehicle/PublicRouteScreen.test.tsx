/** @jest-environment jsdom */
// Component test of /public-route/:vehicleNo (Testing Library): a shared link to a bus no city has reporting says so
// in the rider's words, with the way to look up another bus and back to live tracking; a bus that is found is drawn.
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import en from '../../i18n/en.json';
import { gql } from '../common/transit';
import PublicRouteScreen from './PublicRouteScreen';

jest.mock('../common/transit', () => ({ ...jest.requireActual('../common/transit'), gql: jest.fn() }));
jest.mock('../common/city', () => ({ useCityId: () => 'mumbai' }));
jest.mock('./VehicleView', () => ({ VehicleView: ({ city, vNo }: { city: string; vNo: string }) => <p>{`${vNo} in ${city}`}</p> }));
const query = jest.mocked(gql);

function open(path: string) {
  return render(
    <IntlProvider locale="en-IN" messages={en as Record<string, string>} onError={() => undefined}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/public-route/:vehicleNo" element={<PublicRouteScreen />} />
        </Routes>
      </MemoryRouter>
    </IntlProvider>,
  );
}

beforeEach(() => query.mockReset());

describe('PublicRouteScreen', () => {
  it('a bus no city has: says it is not reporting, with Find my bus and the way back to live tracking', async () => {
    query.mockResolvedValue({ publicVehicle: null });
    open('/public-route/MH00ZZ0000');
    expect(await screen.findByText('Bus MH00ZZ0000 is not reporting its position right now.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Bus MH00ZZ0000');
    expect(screen.getByRole('link', { name: 'Find my bus' }).getAttribute('href')).toBe('/live-tracking/find-my-bus');
    expect(screen.getByRole('link', { name: '← Live tracking' }).getAttribute('href')).toBe('/live-tracking');
    expect(query.mock.calls[0][1]).toEqual({ vehicleNumber: 'MH00ZZ0000', city: 'mumbai' });
  });
  it('while every city is asked: says it is looking, with the way back to live tracking', async () => {
    query.mockReturnValue(new Promise(() => undefined));
    open('/public-route/MH00ZZ0000');
    expect((await screen.findByRole('status')).textContent).toBe('Looking for live buses…');
    expect(screen.getByRole('link', { name: '← Live tracking' })).toBeTruthy();
  });
  it('a bus found in another city: that city’s view of it', async () => {
    query.mockResolvedValue({ publicVehicle: { city: 'kochi', vNo: 'KL07AB1234' } });
    open('/public-route/KL07AB1234');
    expect(await screen.findByText('KL07AB1234 in kochi')).toBeTruthy();
  });
});
