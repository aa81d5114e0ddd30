// The only module the shell imports from this remote: single-spa lifecycles around a root that owns its routes.
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { Provider } from 'jotai';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { SawariIntlProvider, sawariStore } from '@sawari/runtime';
import { Skeleton } from '@sawari/ui';
import { TRACKING_CATALOG } from './i18n/catalogs';
import { routes, type Screen } from './routes';
import { ScreenErrorBoundary } from '@sawari/ui/src/intl';

// One lazily loaded chunk per screen (or group of screens sharing most of their code).
const screens: Record<Screen, React.LazyExoticComponent<React.ComponentType>> = {
  landing: React.lazy(() => import(/* webpackChunkName: "screen-landing" */ './features/landing/LandingScreen')),
  results: React.lazy(() => import(/* webpackChunkName: "screen-search" */ './features/search/ResultsScreen')),
  findMyBus: React.lazy(() => import(/* webpackChunkName: "screen-search" */ './features/search/FindMyBusScreen')),
  routeMap: React.lazy(() => import(/* webpackChunkName: "screen-route-map" */ './features/route-map/RouteMapScreen')),
  routeStops: React.lazy(() => import(/* webpackChunkName: "screen-route-map" */ './features/route-map/RouteStopsScreen')),
  vehicle: React.lazy(() => import(/* webpackChunkName: "screen-vehicle" */ './features/vehicle/VehicleScreen')),
  publicRoute: React.lazy(() => import(/* webpackChunkName: "screen-vehicle" */ './features/vehicle/PublicRouteScreen')),
  eta: React.lazy(() => import(/* webpackChunkName: "screen-eta" */ './features/eta/EtaScreen')),
  timetable: React.lazy(() => import(/* webpackChunkName: "screen-timetable" */ './features/timetable/TimetableScreen')),
  timings: React.lazy(() => import(/* webpackChunkName: "screen-timetable" */ './features/timetable/TimingsScreen')),
  planner: React.lazy(() => import(/* webpackChunkName: "screen-planner" */ './features/planner/PlannerScreen')),
  plannerStops: React.lazy(() => import(/* webpackChunkName: "screen-planner" */ './features/planner/PlannerStopsScreen')),
  plannerResults: React.lazy(() => import(/* webpackChunkName: "screen-planner-results" */ './features/planner/ResultsScreen')),
  tripDetails: React.lazy(() => import(/* webpackChunkName: "screen-planner-results" */ './features/planner/TripDetailsScreen')),
  nearStops: React.lazy(() => import(/* webpackChunkName: "screen-nearest" */ './features/nearest/NearStopsScreen')),
  allBuses: React.lazy(() => import(/* webpackChunkName: "screen-all-buses" */ './features/nearest/AllBusesScreen')),
  liveMap: React.lazy(() => import(/* webpackChunkName: "screen-live-map" */ './features/nearest/LiveMapScreen')),
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
      <SawariIntlProvider remote={TRACKING_CATALOG} fallback={<Loading />}>
        <BrowserRouter basename="/app">
          <ScreenErrorBoundary remote="mf_tracking">
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
  errorBoundary: () => <p role="alert">Live tracking failed. Reload the page to try again.</p>,
});

export const { bootstrap, mount, unmount } = lifecycles;
