// Component tests of the pass screens (Testing Library, jsdom): a screen drawn with this remote's catalogue (English,
// or Hindi for the one check per screen) inside a router at `path`, with the route's own element tree so useParams
// works. Tests mock '../common/api' (the network) and the gates (`gates` below: a signed-in rider in Mumbai, where
// passes are sold), never the screen itself. The purchase flow lives in jotai's default store (`setFlow`).
import type { ReactElement, ReactNode } from 'react';
import { getDefaultStore } from 'jotai';
import { renderScreen, type Catalogs, type TestLanguage } from '@sawari/ui/src/testing/render-at';
import { flowAtom } from '../features/common/flow';
import type { Flow } from '../features/common/model';
import en from '../i18n/en.json';
import hi from '../i18n/hi.json';

export { location } from '@sawari/ui/src/testing/render-at';

const CATALOGS = { en, hi } as Catalogs;

export const renderAt = (path: string, route: string, element: ReactElement, lang: TestLanguage = 'en') => renderScreen(CATALOGS, path, route, element, lang);

/** The gates' stand-ins: a signed-in rider (u-1) in Mumbai, where passes are sold. */
export const gates = {
  RequireSignIn: ({ children }: { children: ReactNode }) => <>{children}</>,
  CityGate: ({ children }: { children: (city: string, cityName: string) => ReactNode }) => <>{children('mumbai', 'Mumbai')}</>,
  useUserId: () => 'u-1',
};

/** The purchase flow as the screens read it. */
export const setFlow = (flow: Flow) => getDefaultStore().set(flowAtom, flow);
export const getFlow = () => getDefaultStore().get(flowAtom);

/** A message of the Hindi catalogue (a test asserts the screen speaks Hindi, not a copy of the words). */
export const hiText = (id: string) => (hi as Record<string, string>)[id];
