// The single-spa root of a React remote (mf-tracking, mf-passes, mf-tickets): the shared jotai store, the remote's
// react-intl catalog, a router below /app, an error boundary, Suspense and one route per entry of its route table.
// Deliberately NOT exported from the package index: kiosk boards import @sawari/ui and must not pull react-router or
// react-intl (mf-airport keeps its own router-less root).
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { Provider } from 'jotai';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { SawariIntlProvider, sawariStore } from '@sawari/runtime';
import { Skeleton } from './components';
import { NotFoundScreen, ScreenErrorBoundary } from './intl';

/** A heading and two rows of grey while the catalog or a screen's chunk loads. */
export function RemoteLoading() {
  return (
    <div style={{ maxWidth: '44rem', margin: '0 auto', padding: '1.25rem 1rem', display: 'grid', gap: '0.75rem' }} role="status" aria-label="Loading">
      <Skeleton width="60%" height="2rem" />
      <Skeleton height="3.25rem" />
      <Skeleton height="3.25rem" />
    </div>
  );
}

export interface RemoteSpaOptions<S extends string> {
  /** The federation name (mf_passes); the error boundary names it in the console. */
  name: string;
  /** The catalog name its i18n/catalogs.ts registered (importing that file registers the loaders). */
  catalog: string;
  routes: readonly { path: string; screen: S }[];
  /** One (lazily loaded) component per screen of the route table. */
  screens: Record<S, React.ComponentType>;
  /** Shown by single-spa when the root itself fails (English: the catalog may be what failed). */
  failure?: string;
  loading?: React.ReactNode;
  /** Shown instead of a screen whose code could not be fetched while offline (it must not be lazily loaded). */
  offline?: React.ComponentType;
}

/** Lazy component from a named export of a chunk shared by several screens. */
export const lazyNamed = <M,>(load: () => Promise<M>, pick: (m: M) => React.ComponentType) => React.lazy(() => load().then((m) => ({ default: pick(m) })));

/** single-spa lifecycles (bootstrap, mount, unmount) around the remote's root. */
export function createRemoteSpa<S extends string>({ name, catalog, routes, screens, failure, loading = <RemoteLoading />, offline }: RemoteSpaOptions<S>) {
  function Root() {
    return (
      <Provider store={sawariStore}>
        <SawariIntlProvider remote={catalog} fallback={loading}>
          <BrowserRouter basename="/app">
            <ScreenErrorBoundary remote={name} offline={offline}>
              <React.Suspense fallback={loading}>
                <Routes>
                  {routes.map((r) => {
                    const Screen: React.ComponentType = screens[r.screen];
                    return <Route key={r.path} path={r.path} element={<Screen />} />;
                  })}
                  {/* An address below the remote's prefixes that no route answers (a cut or mistyped link). */}
                  <Route path="*" element={<NotFoundScreen />} />
                </Routes>
              </React.Suspense>
            </ScreenErrorBoundary>
          </BrowserRouter>
        </SawariIntlProvider>
      </Provider>
    );
  }
  const { bootstrap, mount, unmount } = singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: Root,
    // The shell passes the element to mount into (#sawari-outlet) as a prop; this is only the fallback.
    domElementGetter: () => document.getElementById('sawari-outlet') ?? document.body,
    errorBoundary: () => <p role="alert">{failure ?? 'This part of Sawari failed. Reload the page to try again.'}</p>,
  });
  return { bootstrap, mount, unmount };
}
