/** @jest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react';
import { useCityConfig } from '@sawari/runtime';
import { catalogue, offline, product } from '../../test/fixtures';
import { hiText, renderAt } from '../../test/render';
import * as api from '../common/api';
import { OffersScreen } from './OffersScreen';

jest.mock('../common/api');
jest.mock('../common/ui', () => ({ ...jest.requireActual('../common/ui'), ...jest.requireActual('../../test/render').gates }));
jest.mock('@sawari/runtime', () => ({ ...jest.requireActual('@sawari/runtime'), useCityConfig: jest.fn() }));
const mocked = jest.mocked(api);
const city = jest.mocked(useCityConfig);
const setCity = jest.fn();
const cities = (cityId: string | null, status = 'ready') =>
  ({ cityId, status, error: null, retry: jest.fn(), setCity, cities: [{ id: 'mumbai' }, { id: 'kochi' }] }) as unknown as ReturnType<typeof useCityConfig>;
const ROUTE = '/offers/:bank/:city';
const AT = '/offers/hdfc/mumbai';
beforeEach(() => {
  jest.resetAllMocks();
  city.mockReturnValue(cities('mumbai'));
});

describe('OffersScreen: a bank’s offers in a city', () => {
  it('loading', () => {
    mocked.loadCatalogue.mockReturnValue(new Promise(() => undefined));
    renderAt(AT, ROUTE, <OffersScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'HDFC bank offers' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });

  it('loaded: only the products with this bank’s offer', async () => {
    mocked.loadCatalogue.mockResolvedValue(catalogue([product({ bankOffers: [{ bank: 'HDFC', percentOff: 10 }] }), product({ id: 'x', name: 'Other pass' })]));
    renderAt(AT, ROUTE, <OffersScreen />);
    expect(await screen.findByRole('article', { name: 'General pass' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Other pass' })).toBeNull();
    expect(screen.getByText('HDFC: 10% off')).toBeTruthy();
  });

  it('empty: no offer of this bank here', async () => {
    mocked.loadCatalogue.mockResolvedValue(catalogue());
    renderAt(AT, ROUTE, <OffersScreen />);
    expect(await screen.findByText('There is no HDFC offer on passes in this city right now.')).toBeTruthy();
  });

  it('a link for another city switches the rider’s city first', () => {
    city.mockReturnValue(cities('mumbai'));
    renderAt('/offers/hdfc/kochi', ROUTE, <OffersScreen />);
    expect(setCity).toHaveBeenCalledWith('kochi');
    expect(mocked.loadCatalogue).not.toHaveBeenCalled();
  });

  it('a city that does not exist: said, with the way to choose one', () => {
    renderAt('/offers/hdfc/atlantis', ROUTE, <OffersScreen />);
    expect(screen.getByText('We do not know this city. Choose one from the list.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a city' })).toBeTruthy();
    expect(setCity).not.toHaveBeenCalled();
  });

  it('error: Retry loads again', async () => {
    mocked.loadCatalogue.mockRejectedValueOnce(offline()).mockResolvedValueOnce(catalogue());
    renderAt(AT, ROUTE, <OffersScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/There is no HDFC offer/)).toBeTruthy();
  });

  it('Hindi', async () => {
    mocked.loadCatalogue.mockResolvedValue(catalogue());
    renderAt(AT, ROUTE, <OffersScreen />, 'hi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(hiText('offers.heading').replace('{bank}', 'HDFC'));
    expect(await screen.findByText(hiText('offers.none').replace('{bank}', 'HDFC'))).toBeTruthy();
  });
});
