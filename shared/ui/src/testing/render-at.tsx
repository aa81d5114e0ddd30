// Component tests of the remotes' screens (Testing Library, jsdom): a screen drawn with a remote's catalogue (English,
// or Hindi for the one check per screen family) inside a router at `path`, with the route's own element tree so
// useParams works. Each remote's src/test/render.tsx passes its catalogues and adds its own gates and stores. Test-only:
// imported from tests as '@sawari/ui/src/testing/render-at', never from a screen.
import type { ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

// A loaded machine (the whole suite in parallel) may take over a second to settle a screen: wait up to 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

export type TestLanguage = 'en' | 'hi';
export type Catalogs = Record<TestLanguage, Record<string, string>>;

/** Where the router is now (a test reads it after a navigation). */
export const location = { current: '' };
function Where() {
  const l = useLocation();
  location.current = `${l.pathname}${l.search}`;
  return null;
}

/** The screen at `path` (matched by `route`) in the catalogue of `lang` and a memory router; any other path draws "elsewhere". */
export function screenTree(catalogs: Catalogs, path: string, route: string, element: ReactElement, lang: TestLanguage = 'en') {
  return (
    <IntlProvider locale={lang} messages={catalogs[lang]} onError={() => undefined}>
      <MemoryRouter initialEntries={[path]}>
        <Where />
        <Routes>
          <Route path={route} element={element} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </IntlProvider>
  );
}

/** Draws screenTree(...) with Testing Library. */
export const renderScreen = (catalogs: Catalogs, path: string, route: string, element: ReactElement, lang: TestLanguage = 'en') =>
  render(screenTree(catalogs, path, route, element, lang));
