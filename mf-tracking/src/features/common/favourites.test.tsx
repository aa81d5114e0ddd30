/** @jest-environment jsdom */
// The favourite button offline (issue 35, item 8): a stop saved while online still reads saved with no network (the
// copy this device kept from the last answer), and with nothing kept the button never offers "Add to favourites" for
// a stop that may be saved.
import { render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { IntlProvider } from 'react-intl';
import { api, ApiRequestError, sessionAtom, sessionLoadedAtom } from '@sawari/runtime';
import en from '../../i18n/en.json';
import hi from '../../i18n/hi.json';
import { FavouriteButton, favouriteState } from './favourites';

jest.mock('@sawari/runtime', () => ({
  ...jest.requireActual('@sawari/runtime'),
  loadSession: jest.fn(() => Promise.resolve()),
  api: { get: jest.fn(), post: jest.fn(), delete: jest.fn() },
}));
const get = jest.mocked(api.get);
const offline = new ApiRequestError(0, 'NETWORK_ERROR', 'offline');
const SAVED = { id: 'f1', kind: 'stop' as const, city: 'kochi', refId: 'KAL', label: 'Kaloor', detail: '', createdAt: 1 };

function button(lang: 'en' | 'hi' = 'en') {
  const store = createStore();
  store.set(sessionLoadedAtom, true);
  store.set(sessionAtom, { phoneNumber: '9876543210', userId: 'rider-1', accessToken: 'a', refreshToken: 'r' });
  return render(
    <Provider store={store}>
      <IntlProvider locale={lang} messages={(lang === 'en' ? en : hi) as Record<string, string>} onError={() => undefined}>
        <FavouriteButton kind="stop" city="kochi" refId="KAL" label="Kaloor" />
      </IntlProvider>
    </Provider>,
  );
}

beforeEach(() => {
  jest.resetAllMocks();
  localStorage.clear();
});

describe('FavouriteButton offline', () => {
  it('a stop saved while online still reads saved offline', async () => {
    get.mockResolvedValue({ favourites: [SAVED] });
    const online = button();
    expect(await screen.findByRole('button', { name: '★ Remove from favourites' })).toBeTruthy();
    online.unmount();
    get.mockRejectedValue(offline);
    button();
    expect((await screen.findByRole('button', { name: '★ Remove from favourites' })).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('button', { name: /Add to favourites/ })).toBeNull();
  });
  it('offline with nothing kept on this device: says so, never "Add to favourites"', async () => {
    get.mockRejectedValue(offline);
    button();
    expect(await screen.findByText(en['favourites.offline'])).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add to favourites/ })).toBeNull();
  });
  it('in Hindi', async () => {
    get.mockRejectedValue(offline);
    button('hi');
    expect(await screen.findByText(hi['favourites.offline'])).toBeTruthy();
  });
  it('favouriteState: saved, not saved, or not known', () => {
    expect(favouriteState({ status: 'kept', items: [SAVED] }, 'stop', 'KAL', 'kochi')).toBe('saved');
    expect(favouriteState({ status: 'ready', items: [SAVED] }, 'stop', 'KAL', 'mumbai')).toBe('notSaved');
    expect(favouriteState({ status: 'error', items: [] }, 'stop', 'KAL', 'kochi')).toBe('unknown');
  });
});
