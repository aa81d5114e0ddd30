/** @jest-environment jsdom */
// The favourites screen against a mocked network: loading, the saved stops/routes/trips grouped by kind, nothing saved
// yet, a search with no match, a remove, a list that cannot be read (offline said as offline) with Try again, a
// signed-out rider sent to sign in, and the Hindi catalogue.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { api, ApiRequestError } from '@sawari/runtime';
import type { Favourite } from '@sawari/contracts';
import { draw, signIn, signOut, t } from '../../test/render';
import FavouritesScreen from './FavouritesScreen';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));
jest.mock('@sawari/runtime', () => ({ ...jest.requireActual('@sawari/runtime'), api: { get: jest.fn(), delete: jest.fn() } }));
const mocked = jest.mocked(api);

const stop = { id: 'f1', kind: 'stop', label: 'Vyttila Hub', detail: 'Stop 1203', data: { stopId: '1203' } } as unknown as Favourite;
const route = { id: 'f2', kind: 'route', label: 'Route 5C', data: { routeId: '5C' } } as unknown as Favourite;

beforeEach(() => {
  jest.resetAllMocks();
  history.replaceState(null, '', '/app/Favorites');
  signIn();
});

describe('FavouritesScreen', () => {
  it('loading: a skeleton until the list arrives', async () => {
    mocked.get.mockReturnValue(new Promise(() => undefined));
    draw(<FavouritesScreen params={{}} />);
    expect(screen.getByRole('status').textContent).toContain(t('common.loading'));
    expect(screen.queryByRole('list')).toBeNull();
  });
  it('loaded: grouped by kind, each with a remove button; remove takes it off the list', async () => {
    mocked.get.mockResolvedValue({ favourites: [stop, route] });
    mocked.delete.mockResolvedValue(undefined);
    draw(<FavouritesScreen params={{}} />);
    expect(await screen.findByRole('heading', { name: t('favourites.kind.stop') })).toBeTruthy();
    expect(screen.getByRole('heading', { name: t('favourites.kind.route') })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: t('favourites.kind.trip') })).toBeNull();
    expect(mocked.get).toHaveBeenCalledWith('/favourites', { params: { q: undefined } });
    fireEvent.click(screen.getByRole('button', { name: t('favourites.remove', { label: 'Vyttila Hub' }) }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: t('favourites.kind.stop') })).toBeNull());
    expect(mocked.delete).toHaveBeenCalledWith('/favourites/f1');
    expect(screen.getByText(t('favourites.removed', { label: 'Vyttila Hub' }))).toBeTruthy();
  });
  it('a remove that fails keeps the favourite and says so', async () => {
    mocked.get.mockResolvedValue({ favourites: [stop] });
    mocked.delete.mockRejectedValue(new ApiRequestError(0, 'NETWORK_ERROR', 'Network Error'));
    draw(<FavouritesScreen params={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: t('favourites.remove', { label: 'Vyttila Hub' }) }));
    expect(await screen.findByText(t('favourites.removeFailed', { label: 'Vyttila Hub' }))).toBeTruthy();
    expect(screen.getByRole('button', { name: t('favourites.remove', { label: 'Vyttila Hub' }) })).toBeTruthy();
  });
  it('empty: says nothing is saved yet and how to save one', async () => {
    mocked.get.mockResolvedValue({ favourites: [] });
    draw(<FavouritesScreen params={{}} />);
    expect(await screen.findByRole('heading', { name: t('favourites.empty.heading') })).toBeTruthy();
  });
  it('a search with no match: says so and links to all favourites', async () => {
    mocked.get.mockResolvedValue({ favourites: [] });
    draw(<FavouritesScreen params={{ data: 'airport' }} />);
    expect(await screen.findByText(t('favourites.results.empty', { query: 'airport' }), { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: t('favourites.results.all') }).getAttribute('href')).toBe('/app/Favorites');
    expect(mocked.get).toHaveBeenCalledWith('/favourites', { params: { q: 'airport' } });
    expect(screen.queryByRole('heading', { name: t('favourites.empty.heading') })).toBeNull();
  });
  it('error: offline said as offline, and Try again loads again', async () => {
    mocked.get.mockRejectedValueOnce(new ApiRequestError(0, 'NETWORK_ERROR', 'Network Error')).mockResolvedValueOnce({ favourites: [route] });
    draw(<FavouritesScreen params={{}} />);
    const alert = await screen.findByRole('alert');
    expect(alert.getAttribute('data-error-kind')).toBe('offline');
    fireEvent.click(screen.getByRole('button', { name: t('common.retry') }));
    expect(await screen.findByRole('heading', { name: t('favourites.kind.route') })).toBeTruthy();
    expect(mocked.get).toHaveBeenCalledTimes(2);
  });
  it('signed out: sent to sign in, keeping the search', async () => {
    signOut();
    history.replaceState(null, '', '/app/Favorites/search/airport');
    draw(<FavouritesScreen params={{ data: 'airport' }} />);
    await waitFor(() => expect(location.pathname).toBe(`/app/login/${encodeURIComponent('/Favorites/search/airport')}`));
    expect(mocked.get).not.toHaveBeenCalled();
  });
  it('Hindi: the error with Try again in Hindi', async () => {
    mocked.get.mockRejectedValue(new ApiRequestError(500, 'INTERNAL', 'boom'));
    draw(<FavouritesScreen params={{}} />, 'hi');
    expect((await screen.findByRole('alert')).getAttribute('data-error-kind')).toBe('generic');
    expect(screen.getByRole('button', { name: t('common.retry', {}, 'hi') })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t('favourites.heading', {}, 'hi'));
  });
});
