// Paths of the tracking screens (below /app), built in one place so every screen links the same way.
const seg = (s: string | number) => encodeURIComponent(String(s));

export const paths = {
  landing: '/live-tracking',
  results: (q: string) => `/live-tracking/results?q=${seg(q)}`,
  findMyBus: '/live-tracking/find-my-bus',
  routeMap: (routeId: string, stopId?: string | null) => `/live-tracking/route-map/${seg(routeId)}${stopId ? `/${seg(stopId)}` : ''}`,
  vehicle: (routeId: string, vNo: string) => `/live-tracking/route-map-vehicle/${seg(routeId)}/${seg(vNo)}`,
  eta: (routeId: string, stopId: string, stopName: string, routeName: string) =>
    `/live-tracking/estimate-arrival-time/${seg(routeId)}/${seg(stopId)}/${seg(stopName)}/${seg(routeName)}`,
  timetable: (routeId: string, stopId?: string | null) => `/live-tracking/time-table/${seg(routeId)}${stopId ? `?stop=${seg(stopId)}` : ''}`,
  planner: '/trip-planner',
  plannerResults: (query: string) => `/trip-planner/results?${query}`,
  tripDetails: '/trip-planner/selected-trip-card-details',
  nearStops: '/nearest-bus-stop/near-bus-stops',
  allBuses: (stopId: string, stopName: string, distanceMeters?: number | null) =>
    `/nearest-bus-stop/all-buses/${seg(stopId)}/${seg(stopName)}/${distanceMeters == null ? '-' : Math.round(distanceMeters)}`,
  liveMap: '/nearest-bus-stop/live-map',
};
