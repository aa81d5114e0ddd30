// The only module the shell imports from this remote: single-spa lifecycles around a root that owns its routes.
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { Provider } from 'jotai';
import { appPath, matchPath, sawariStore, usePathname } from '@sawari/runtime';
import { routes, type Screen } from './routes';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import type { ScreenProps } from './screen';

const experience = () => import(/* webpackChunkName: "experience" */ './experience/ExperienceScreens');

const screens: Record<Screen, React.LazyExoticComponent<React.ComponentType<ScreenProps>>> = {
  board: React.lazy(() => import('./features/board/BoardScreen')),
  // The airport rider screens: one chunk (with react-intl and its catalog), never loaded by a board.
  experience: React.lazy(() => experience().then((m) => ({ default: m.ExperienceScreen }))),
  eta: React.lazy(() => experience().then((m) => ({ default: m.EtaScreen }))),
  selectSlots: React.lazy(() => experience().then((m) => ({ default: m.SelectSlotsScreen }))),
};

/**
 * Renders the screen of the first route (below /app) matching the location. No react-router here: the boards are
 * kiosk screens with a strict JS budget, and react-router alone would cost them ~55 KB gzip.
 */
function Root() {
  const pathname = usePathname();
  const path = appPath(pathname) ?? '/';
  let content: React.ReactNode = null;
  for (const r of routes) {
    const params = matchPath(r.path, path);
    if (params) {
      const Screen = screens[r.screen];
      content = <Screen params={params} pathname={pathname} />;
      break;
    }
  }
  return (
    <Provider store={sawariStore}>
      <ScreenErrorBoundary>
        <React.Suspense fallback={null}>{content}</React.Suspense>
      </ScreenErrorBoundary>
    </Provider>
  );
}

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: Root,
  // The shell passes the element to mount into (#sawari-outlet, or the kiosk's full-screen root) as a prop, which
  // single-spa-react prefers; this is only the fallback.
  domElementGetter: () => document.getElementById('sawari-outlet') ?? document.body,
  // Root already has an error boundary per screen; this one catches anything above it.
  errorBoundary: () => <p role="alert">This board failed. Reload the page to try again.</p>,
});

export const { bootstrap, mount, unmount } = lifecycles;
