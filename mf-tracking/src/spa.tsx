// The only module the shell imports from this remote: single-spa lifecycles around a root that owns its routes.
import * as React from 'react';
import { createRemoteSpa } from '@sawari/ui/src/remote-spa';
import { TRACKING_CATALOG } from './i18n/catalogs';
import { routes, type Screen } from './routes';
import { OfflinePanel } from './features/common/OfflinePanel';

// One lazily loaded chunk per screen (or group of screens sharing most of their code).
const screens: Record<Screen, React.ComponentType> = {
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

export const { bootstrap, mount, unmount } = createRemoteSpa({
  name: 'mf_tracking',
  catalog: TRACKING_CATALOG,
  routes,
  screens,
  failure: 'Live tracking failed. Reload the page to try again.',
  offline: OfflinePanel,
});
