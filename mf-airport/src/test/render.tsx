// Component tests of the airport rider screens (Testing Library, jsdom): a screen drawn as reactRoot.tsx draws it (the
// shared store, the screen's own catalog through SawariIntlProvider, in the language of languageAtom), at a path
// (location is what SelectSlots reads). Tests mock './api' (the network), single-spa's navigateToUrl and the city
// config (`cityConfig` below), never the screen itself.
import type { ReactElement } from 'react';
import { act, configure, render } from '@testing-library/react';
import { Provider } from 'jotai';
import { cityAtom, languageAtom, sawariStore, SIGNED_OUT, sessionAtom, sessionLoadedAtom } from '@sawari/runtime';

// A loaded machine (the whole suite in parallel) may take over a second to settle a screen: wait up to 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

/** What useCityConfig answers (the tests' stand-in for the cities API): Mumbai with the airport express by default. */
export const cityConfig: { city: { id: string; name: string; features: Record<string, boolean> } | null; status: string } = { city: null, status: 'ready' };
export const MUMBAI = { id: 'mumbai', name: 'Mumbai', features: { airport: true, premium: true } };

/** The runtime with the city config and the stored session under the test's control (jest.mock factory). */
export function runtimeMock() {
  const actual = jest.requireActual('@sawari/runtime');
  return {
    ...actual,
    loadSession: jest.fn(async () => undefined),
    useCityConfig: () => ({ cityId: cityConfig.city?.id ?? null, city: cityConfig.city, status: cityConfig.status, setCity: () => undefined }),
  };
}

export function resetWorld({ city = MUMBAI as typeof cityConfig.city, signedIn = true, lang = 'en' } = {}) {
  cityConfig.city = city;
  cityConfig.status = 'ready';
  act(() => {
    sawariStore.set(cityAtom, city?.id ?? null);
    sawariStore.set(languageAtom, lang);
    sawariStore.set(sessionAtom, signedIn ? { phoneNumber: '9876543210', userId: 'u1', accessToken: 'a', refreshToken: 'r' } : SIGNED_OUT);
    sawariStore.set(sessionLoadedAtom, true);
  });
}

/** Draws `element` with the browser at /app`path`. */
export function renderAt(path: string, element: ReactElement) {
  history.replaceState(null, '', `/app${path}`);
  return render(<Provider store={sawariStore}>{element}</Provider>);
}
