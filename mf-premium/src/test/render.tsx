// Component tests of the premium screens (Testing Library, jsdom): a screen drawn with the English catalogue inside a
// router at `path`, and the route's own element tree (Routes) so useParams works. Tests mock '../common/api' (the
// network) and the sign-in and city gates (`gates` below), never the screen itself.
import type { ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import en from '../i18n/en.json';
import hi from '../i18n/hi.json';

// A loaded machine (the whole suite in parallel) may take over a second to settle a screen: wait up to 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

/** Where the router is now (a test reads it after a navigation). */
export const location = { current: '' };
function Where() {
  const l = useLocation();
  location.current = `${l.pathname}${l.search}`;
  return null;
}

/** Draws `element` at `path` (matched by `route`), in English or (one check per screen family) in Hindi. */
export function renderAt(path: string, route: string, element: ReactElement, lang: 'en' | 'hi' = 'en') {
  return render(
    <IntlProvider locale={lang === 'hi' ? 'hi-IN' : 'en-IN'} messages={(lang === 'hi' ? hi : en) as Record<string, string>} onError={() => undefined}>
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

/** The gates' stand-ins: a signed-in rider in Mumbai (the premium city). */
export const gates = {
  RequireSignIn: ({ children }: { children: React.ReactNode }) => <>{children}</>,
  PremiumGate: ({ children }: { children: (city: string) => React.ReactNode }) => <>{children('mumbai')}</>,
};
