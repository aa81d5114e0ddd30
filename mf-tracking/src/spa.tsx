// The only module the shell imports from this remote: single-spa lifecycles around a root that owns its routes.
import { createRemoteSpa, lazyScreen as lazy, type LazyScreen } from '@sawari/ui/src/remote-spa';
import { TRACKING_CATALOG } from './i18n/catalogs';
import { routes, type Screen } from './routes';
import { OfflinePanel } from './features/common/OfflinePanel';

// One lazily loaded chunk per screen (or group of screens sharing most of their code).
const screens: Record<Screen, LazyScreen> = {
  landing: lazy(() => import(/* webpackChunkName: "screen-landing" */ './features/landing/LandingScreen')),
  results: lazy(() => import(/* webpackChunkName: "screen-search" */ './features/search/ResultsScreen')),
  findMyBus: lazy(() => import(/* webpackChunkName: "screen-search" */ './features/search/FindMyBusScreen')),
  routeMap: lazy(() => import(/* webpackChunkName: "screen-route-map" */ './features/route-map/RouteMapScreen')),
  routeStops: lazy(() => import(/* webpackChunkName: "screen-route-map" */ './features/route-map/RouteStopsScreen')),
  vehicle: lazy(() => import(/* webpackChunkName: "screen-vehicle" */ './features/vehicle/VehicleScreen')),
  publicRoute: lazy(() => import(/* webpackChunkName: "screen-vehicle" */ './features/vehicle/PublicRouteScreen')),
  eta: lazy(() => import(/* webpackChunkName: "screen-eta" */ './features/eta/EtaScreen')),
  timetable: lazy(() => import(/* webpackChunkName: "screen-timetable" */ './features/timetable/TimetableScreen')),
  timings: lazy(() => import(/* webpackChunkName: "screen-timetable" */ './features/timetable/TimingsScreen')),
  planner: lazy(() => import(/* webpackChunkName: "screen-planner" */ './features/planner/PlannerScreen')),
  plannerStops: lazy(() => import(/* webpackChunkName: "screen-planner" */ './features/planner/PlannerStopsScreen')),
  plannerResults: lazy(() => import(/* webpackChunkName: "screen-planner-results" */ './features/planner/ResultsScreen')),
  tripDetails: lazy(() => import(/* webpackChunkName: "screen-planner-results" */ './features/planner/TripDetailsScreen')),
  nearStops: lazy(() => import(/* webpackChunkName: "screen-nearest" */ './features/nearest/NearStopsScreen')),
  allBuses: lazy(() => import(/* webpackChunkName: "screen-all-buses" */ './features/nearest/AllBusesScreen')),
  liveMap: lazy(() => import(/* webpackChunkName: "screen-live-map" */ './features/nearest/LiveMapScreen')),
};

export const { bootstrap, mount, unmount } = createRemoteSpa({
  name: 'mf_tracking',
  catalog: TRACKING_CATALOG,
  routes,
  screens,
  failure: 'Live tracking failed. Reload the page to try again.',
  offline: OfflinePanel,
});
