// The single-spa root of a React remote (mf-tracking, mf-passes, mf-tickets): the shared jotai store, the remote's
// react-intl catalog, a router below /app, an error boundary, Suspense and one route per entry of its route table.
// Deliberately NOT exported from the package index: kiosk boards import @sawari/ui and must not pull react-router or
// react-intl (mf-airport keeps its own router-less root).
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { Provider } from 'jotai';
import { BrowserRouter, matchPath, Route, Routes, useLocation } from 'react-router-dom';
import { appPath, languageAtom, loadCatalog, SawariIntlProvider, sawariStore } from '@sawari/runtime';
import { Skeleton } from './components';
import { NotFoundScreen, ScreenErrorBoundary } from './intl';
import { loadedOrLater, PRELOAD_WAIT_MS, type LazyScreen } from './lazy-screen';

export { lazyScreen, loadedOrLater, PRELOAD_WAIT_MS, type LazyScreen } from './lazy-screen';

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
  /** One lazily loaded screen per entry of the route table ({@link lazyScreen}): the current one is fetched before mount. */
  screens: Record<S, LazyScreen>;
  /** Shown by single-spa when the root itself fails (English: the catalog may be what failed). */
  failure?: string;
  loading?: React.ReactNode;
  /** Shown instead of a screen whose code could not be fetched while offline (it must not be lazily loaded). */
  offline?: React.ComponentType;
}

/**
 * Fetches the screen that `pathname` opens (of `routes`, below /app) and `catalog` in the rider's language together,
 * waiting at most `waitMs`: a mount after it renders the screen at once. A failed fetch is left to the screen (its
 * offline panel, the error boundary).
 */
export async function preloadScreen<S extends string>(
  routes: readonly { path: string; screen: S }[],
  screens: Record<S, LazyScreen>,
  catalog: string,
  pathname: string = location.pathname,
  waitMs: number = PRELOAD_WAIT_MS,
): Promise<void> {
  const path = appPath(pathname);
  const route = path === null ? undefined : routes.find((r) => matchPath(r.path, path));
  await loadedOrLater([route ? screens[route.screen].preload() : null, loadCatalog(catalog, sawariStore.get(languageAtom))], waitMs);
}

/**
 * The catch-all of a remote's routes: "not found" for an address below the remote's own areas (the first segments of
 * its routes) that no route answers, nothing for another app's address. A screen that sends the rider elsewhere (to
 * sign in) changes the address before single-spa unmounts this root: that address is not this remote's to refuse.
 */
export function NotFoundHere({ areas }: { areas: ReadonlySet<string> }) {
  const { pathname } = useLocation();
  return areas.has(firstSegment(pathname)) ? <NotFoundScreen /> : null;
}
const firstSegment = (path: string) => `/${path.split('/')[1] ?? ''}`;

/** single-spa lifecycles (bootstrap, mount, unmount) around the remote's root. */
export function createRemoteSpa<S extends string>({ name, catalog, routes, screens, failure, loading = <RemoteLoading />, offline }: RemoteSpaOptions<S>) {
  const areas = new Set(routes.map((r) => firstSegment(r.path)));
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
                  <Route path="*" element={<NotFoundHere areas={areas} />} />
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
    errorBoundary: () => <p role="alert">{failure ?? 'This part of Sawari failed. Reload the page to try again.'}</p>,
  });
  const { bootstrap, unmount } = lifecycles;
  /** The current route's screen and the catalog first (preloadScreen), then the root: its first render suspends on nothing. */
  const mount: typeof lifecycles.mount = async (props) => {
    await preloadScreen(routes, screens, catalog);
    return (lifecycles.mount as (p: typeof props) => Promise<unknown>)(props);
  };
  return { bootstrap, mount, unmount, preload: (pathname?: string) => preloadScreen(routes, screens, catalog, pathname) };
}
