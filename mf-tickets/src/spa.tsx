// The only module the shell imports from this remote: single-spa lifecycles around a root that owns its routes.
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { Provider } from 'jotai';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { SawariIntlProvider, sawariStore } from '@sawari/runtime';
import { Skeleton } from '@sawari/ui';
import { TICKETS_CATALOG } from './i18n/catalogs';
import { routes, type Screen } from './routes';
import { ScreenErrorBoundary } from '@sawari/ui/src/intl';

// One lazily loaded chunk per screen (or group of screens sharing most of their code).
const screens: Record<Screen, React.LazyExoticComponent<React.ComponentType>> = {
  wallet: React.lazy(() => import(/* webpackChunkName: "screen-wallet" */ './features/wallet/WalletScreen')),
};

function Loading() {
  return (
    <div style={{ maxWidth: '44rem', margin: '0 auto', padding: '1.25rem 1rem', display: 'grid', gap: '0.75rem' }} role="status" aria-label="Loading">
      <Skeleton width="60%" height="2rem" />
      <Skeleton height="3.25rem" />
      <Skeleton height="3.25rem" />
    </div>
  );
}

function Root() {
  return (
    <Provider store={sawariStore}>
      <SawariIntlProvider remote={TICKETS_CATALOG} fallback={<Loading />}>
        <BrowserRouter basename="/app">
          <ScreenErrorBoundary remote="mf_tickets">
            <React.Suspense fallback={<Loading />}>
              <Routes>
                {routes.map((r) => {
                  const Screen = screens[r.screen];
                  return <Route key={r.path} path={r.path} element={<Screen />} />;
                })}
              </Routes>
            </React.Suspense>
          </ScreenErrorBoundary>
        </BrowserRouter>
      </SawariIntlProvider>
    </Provider>
  );
}

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: Root,
  // The shell passes the element to mount into (#sawari-outlet) as a prop; this is only the fallback.
  domElementGetter: () => document.getElementById('sawari-outlet') ?? document.body,
  errorBoundary: () => <p role="alert">This part of Sawari failed. Reload the page to try again.</p>,
});

export const { bootstrap, mount, unmount } = lifecycles;
