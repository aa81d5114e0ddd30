// Every route this remote owns (below the /app base path). No imports: scripts/build.mjs reads this file with tsx to
// write remotes.json (prefixes /live-tracking, /public-route, /trip-planner, /nearest-bus-stop), and src/spa.tsx maps
// each `screen` to a lazily loaded component inside its BrowserRouter.
export const routes = [
  { path: '/live-tracking', screen: 'landing' },
  { path: '/live-tracking/results', screen: 'results' },
  { path: '/live-tracking/find-my-bus', screen: 'findMyBus' },
  { path: '/live-tracking/route-map/:routeId', screen: 'routeMap' },
  { path: '/live-tracking/route-map/:routeId/:stopId', screen: 'routeMap' },
  { path: '/live-tracking/route-map-vehicle/:routeId/:vehicleNumber', screen: 'vehicle' },
  { path: '/live-tracking/route-map-vehicle/:routeId/:stopId/:vehicleNo/:transactionId/:scheduleTime', screen: 'vehicle' },
  { path: '/live-tracking/estimate-arrival-time/:routeId/:stopId/:stopName/:routeName', screen: 'eta' },
  { path: '/live-tracking/time-table/:routeId', screen: 'timetable' },
  { path: '/live-tracking/trip-planner', screen: 'planner' },
  { path: '/live-tracking/selected-trip-details', screen: 'tripDetails' },
  { path: '/live-tracking/trip-planner-stops/:id', screen: 'plannerStops' },
  { path: '/public-route/:vehicleNo', screen: 'publicRoute' },
  { path: '/trip-planner', screen: 'planner' },
  { path: '/trip-planner/results', screen: 'plannerResults' },
  { path: '/trip-planner/selected-trip-card-details', screen: 'tripDetails' },
  { path: '/nearest-bus-stop/near-bus-stops', screen: 'nearStops' },
  { path: '/nearest-bus-stop/all-buses/:stopId/:stopName/:distance', screen: 'allBuses' },
  { path: '/nearest-bus-stop/timings', screen: 'timings' },
  { path: '/nearest-bus-stop/live-map', screen: 'liveMap' },
  { path: '/nearest-bus-stop/route-stops', screen: 'routeStops' },
] as const;

export type Screen = (typeof routes)[number]['screen'];
