// Component tests of the tickets screens (Testing Library, jsdom): a screen drawn with a catalogue (English, or Hindi
// for the one check per screen family) inside a router at `path`, the route's own element tree (Routes) so useParams
// works, and a fresh jotai store holding a signed-in rider and the buying flow. Tests mock '../common/api' (the
// network), '../common/local' (the device's database) and the sign-in and city gates (`gates` below), never the
// screen itself.
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { ApiRequestError, sessionAtom, type CityConfig } from '@sawari/runtime';
import { screenTree, type Catalogs } from '@sawari/ui/src/testing/render-at';
import { flowAtom } from '../features/common/flow';
import { EMPTY_FLOW, type Flow } from '../features/common/model';
import en from '../i18n/en.json';
import hi from '../i18n/hi.json';

export { location } from '@sawari/ui/src/testing/render-at';

const CATALOGS = { en, hi } as Catalogs;

export const KOCHI = { id: 'kochi', name: 'Kochi', state: 'Kerala', lat: 9.98, lon: 76.28, features: { tickets: true } } as unknown as CityConfig;

/** The gates' stand-ins: a signed-in rider in Kochi (a tickets city). */
export const gates = {
  RequireSignIn: ({ children }: { children: ReactNode }) => <>{children}</>,
  CityGate: ({ children }: { children: (city: CityConfig) => ReactNode }) => <>{children(KOCHI)}</>,
};

let riders = 0;
export type Drawn = ReturnType<typeof render> & { store: ReturnType<typeof createStore> };

/**
 * Draws `element` at `path` (matched by `route`). Each call is a new rider (the wallet keeps one copy per rider in
 * memory) with `flow` as what they chose so far.
 */
export function renderAt(path: string, route: string, element: ReactElement, { flow, lang = 'en' }: { flow?: Partial<Flow>; lang?: 'en' | 'hi' } = {}): Drawn {
  const store = createStore();
  riders += 1;
  store.set(sessionAtom, { phoneNumber: '9876543210', userId: `rider-${riders}`, accessToken: 'a', refreshToken: 'r' });
  store.set(flowAtom, { ...EMPTY_FLOW, ...flow });
  const drawn = render(<Provider store={store}>{screenTree(CATALOGS, path, route, element, lang)}</Provider>);
  return Object.assign(drawn, { store });
}

/** An API refusal as the runtime's client throws it. */
export const refused = (code: string, status = 400) => new ApiRequestError(status, code, code);
/** A request that never answers (the loading state). */
export const never = () => new Promise<never>(() => undefined);
