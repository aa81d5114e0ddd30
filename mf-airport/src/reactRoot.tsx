// The React screens of this remote (the airport express rider screens), loaded by spa.tsx only for their paths: a
// board never downloads React's DOM renderer.
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { Provider } from 'jotai';
import { appPath, matchPath, sawariStore, usePathname } from '@sawari/runtime';
import { routes, type Screen } from './routes';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import type { ScreenProps } from './screen';

const experience = () => import(/* webpackChunkName: "experience" */ './experience');

const screens: Record<Exclude<Screen, 'board'>, React.LazyExoticComponent<React.ComponentType<ScreenProps>>> = {
  // The airport rider screens: one chunk (with react-intl and its catalog), never loaded by a board.
  experience: React.lazy(() => experience().then((m) => ({ default: m.ExperienceScreen }))),
  eta: React.lazy(() => experience().then((m) => ({ default: m.EtaScreen }))),
  selectSlots: React.lazy(() => experience().then((m) => ({ default: m.SelectSlotsScreen }))),
};
const NotFound = React.lazy(() => experience().then((m) => ({ default: m.ExperienceNotFound })));

/** Renders the screen of the first route (below /app) matching the location; boards are drawn by spa.tsx. */
function Root() {
  const pathname = usePathname();
  const path = appPath(pathname) ?? '/';
  // No route of this remote answers the address (a cut or mistyped link): the not-found screen, never a blank page.
  let content: React.ReactNode = <NotFound />;
  for (const r of routes) {
    const params = matchPath(r.path, path);
    if (params) {
      if (r.screen === 'board') content = null;
      else {
        const Screen = screens[r.screen];
        content = <Screen params={params} pathname={pathname} />;
      }
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

export const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: Root,
  // The shell passes the element to mount into (#sawari-outlet) as a prop, which single-spa-react prefers.
  domElementGetter: () => document.getElementById('sawari-outlet') ?? document.body,
  // Root already has an error boundary per screen; this one catches anything above it.
  errorBoundary: () => <p role="alert">This screen failed. Reload the page to try again.</p>,
});
