/** @jest-environment jsdom */
// The three deep-link screens: each waits for its gates (the link's city switched to), then replaces itself with the
// purchase step (or the tickets remote) and starts the flow.
import { screen } from '@testing-library/react';
import { useCityConfig } from '@sawari/runtime';
import { getFlow, hiText, location, renderAt, setFlow } from '../../test/render';
import { EMPTY_FLOW } from '../common/model';
import { BookProductScreen } from './BookProductScreen';
import { BookTicketScreen } from './BookTicketScreen';
import { BuyPassScreen } from './BuyPassScreen';

jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
jest.mock('@sawari/runtime', () => ({ ...jest.requireActual('@sawari/runtime'), useCityConfig: jest.fn() }));
const city = jest.mocked(useCityConfig);
const setCity = jest.fn();
const cities = (cityId: string | null, status = 'ready', error: unknown = null) =>
  ({ cityId, status, error, retry: jest.fn(), setCity, cities: [{ id: 'mumbai' }, { id: 'kochi' }] }) as unknown as ReturnType<typeof useCityConfig>;
beforeEach(() => {
  jest.resetAllMocks();
  setFlow(EMPTY_FLOW);
  city.mockReturnValue(cities('mumbai'));
});

describe('BookProductScreen: /book/bookProduct/:city/:configId', () => {
  const ROUTE = '/book/bookProduct/:city/:configId';
  it('in the link’s city: the purchase of that product starts', async () => {
    renderAt('/book/bookProduct/mumbai/mum-general', ROUTE, <BookProductScreen />);
    await screen.findByText('elsewhere');
    expect(location.current).toBe('/productHooks/bus-pass-purchase/sub-category-selection/mum-general');
    expect(getFlow()).toMatchObject({ city: 'mumbai', configId: 'mum-general' });
  });
  it('another city: switched to first, loading meanwhile', () => {
    renderAt('/book/bookProduct/kochi/k-1', ROUTE, <BookProductScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Opening your pass…' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading…');
    expect(setCity).toHaveBeenCalledWith('kochi');
  });
  it('the city list cannot be loaded: the problem with Retry', () => {
    city.mockReturnValue(cities(null, 'error', { code: 'NETWORK_ERROR', status: 0 }));
    renderAt('/book/bookProduct/kochi/k-1', ROUTE, <BookProductScreen />);
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
  it('Hindi', () => {
    renderAt('/book/bookProduct/kochi/k-1', ROUTE, <BookProductScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('link.heading'));
  });
});

describe('BuyPassScreen: /buy-pass/:city/:configId/:category/:subCategory/:fmId', () => {
  const ROUTE = '/buy-pass/:city/:configId/:category/:subCategory/:fmId';
  it('straight to the fare confirmation with the fare chosen', async () => {
    renderAt('/buy-pass/mumbai/mum-general/adult/citywide/gen-30', ROUTE, <BuyPassScreen />);
    await screen.findByText('elsewhere');
    expect(location.current).toBe('/productHooks/bus-pass-purchase/fares/mum-general/confirmation');
    expect(getFlow()).toMatchObject({ city: 'mumbai', configId: 'mum-general', categoryId: 'adult', subCatId: 'citywide', fmId: 'gen-30' });
  });
  it('an unknown city: said, the flow untouched', () => {
    renderAt('/buy-pass/atlantis/x/adult/citywide/gen-30', ROUTE, <BuyPassScreen />);
    expect(screen.getByText('We do not know this city. Choose one from the list.')).toBeTruthy();
    expect(getFlow()).toEqual(EMPTY_FLOW);
  });
});

describe('BookTicketScreen: /book/bookTicket/:city/:routeId', () => {
  const ROUTE = '/book/bookTicket/:city/:routeId';
  it('handed to the tickets remote with its city and route', async () => {
    renderAt('/book/bookTicket/mumbai/AS-1', ROUTE, <BookTicketScreen />);
    await screen.findByText('elsewhere');
    expect(location.current).toBe('/one-way-ticket?city=mumbai&routeId=AS-1');
  });
  it('loading while the city list loads', () => {
    city.mockReturnValue(cities('mumbai', 'loading'));
    renderAt('/book/bookTicket/mumbai/AS-1', ROUTE, <BookTicketScreen />);
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });
});
