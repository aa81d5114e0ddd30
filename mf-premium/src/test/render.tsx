// Component tests of the premium screens (Testing Library, jsdom): a screen drawn with the English catalogue inside a
// router at `path`, and the route's own element tree (Routes) so useParams works. Tests mock '../common/api' (the
// network) and the sign-in and city gates (`gates` below), never the screen itself.
import type { ReactElement } from 'react';
import { renderScreen, type Catalogs, type TestLanguage } from '@sawari/ui/src/testing/render-at';
import en from '../i18n/en.json';
import hi from '../i18n/hi.json';

export { location } from '@sawari/ui/src/testing/render-at';

const CATALOGS = { en, hi } as Catalogs;

/** Draws `element` at `path` (matched by `route`), in English or (one check per screen family) in Hindi. */
export const renderAt = (path: string, route: string, element: ReactElement, lang: TestLanguage = 'en') => renderScreen(CATALOGS, path, route, element, lang);

/** The gates' stand-ins: a signed-in rider in Mumbai (the premium city). */
export const gates = {
  RequireSignIn: ({ children }: { children: React.ReactNode }) => <>{children}</>,
  PremiumGate: ({ children }: { children: (city: string) => React.ReactNode }) => <>{children('mumbai')}</>,
};
