// Component tests of the card screens (Testing Library, jsdom): a screen drawn with this remote's catalogue (English,
// or Hindi for the one check per screen) inside a router at `path`, with the route's own element tree so useParams
// works. Tests mock '../common/api' (the network) and the sign-in gate (`gates` below), never the screen itself.
import type { ReactElement, ReactNode } from 'react';
import { renderScreen, type Catalogs, type TestLanguage } from '@sawari/ui/src/testing/render-at';
import en from '../i18n/en.json';
import hi from '../i18n/hi.json';

export { location } from '@sawari/ui/src/testing/render-at';

const CATALOGS = { en, hi } as Catalogs;

export const renderAt = (path: string, route: string, element: ReactElement, lang: TestLanguage = 'en') => renderScreen(CATALOGS, path, route, element, lang);

/** The sign-in gate's stand-in: a signed-in rider. */
export const gates = {
  RequireSignIn: ({ children }: { children: ReactNode }) => <>{children}</>,
};

/** A message of the Hindi catalogue (a test asserts the screen speaks Hindi, not a copy of the words). */
export const hiText = (id: string) => (hi as Record<string, string>)[id];
