// Component tests of the card screens (Testing Library, jsdom): a screen drawn with this remote's catalogue (English,
// or Hindi for the one check per screen) inside a router at `path`, with the route's own element tree so useParams
// works. Tests mock '../common/api' (the network) and the sign-in gate (`gates` below), never the screen itself.
import type { ReactElement, ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
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

/** The sign-in gate's stand-in: a signed-in rider. */
export const gates = {
  RequireSignIn: ({ children }: { children: ReactNode }) => <>{children}</>,
};

/** A message of the Hindi catalogue (a test asserts the screen speaks Hindi, not a copy of the words). */
export const hiText = (id: string) => (hi as Record<string, string>)[id];
