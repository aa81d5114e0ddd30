// Component tests of the pass screens (Testing Library, jsdom): a screen drawn with this remote's catalogue (English,
// or Hindi for the one check per screen) inside a router at `path`, with the route's own element tree so useParams
// works. Tests mock '../common/api' (the network) and the gates (`gates` below: a signed-in rider in Mumbai, where
// passes are sold), never the screen itself. The purchase flow lives in jotai's default store (`setFlow`).
import type { ReactElement, ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { flowAtom } from '../features/common/flow';
import type { Flow } from '../features/common/model';
import en from '../i18n/en.json';
import hi from '../i18n/hi.json';

// A loaded machine may take over a second to settle a screen: wait up to 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

const CATALOGS = { en, hi } as Record<'en' | 'hi', Record<string, string>>;

/** Where the router is now (a test reads it after a navigation). */
export const location = { current: '' };
function Where() {
  const l = useLocation();
  location.current = `${l.pathname}${l.search}`;
  return null;
}

export function renderAt(path: string, route: string, element: ReactElement, lang: 'en' | 'hi' = 'en') {
  return render(
    <IntlProvider locale={lang === 'hi' ? 'hi-IN' : 'en-IN'} messages={CATALOGS[lang]} onError={() => undefined}>
      <MemoryRouter initialEntries={[path]}>
        <Where />
        <Routes>
          <Route path={route} element={element} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </IntlProvider>,
  );
}

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
