// The transit GraphQL contract (shared/contracts/src/transit-schema.ts) as the screens use it: typed answers and one
// `gql` call. The client (graphql-request + graphql's parser) is its own chunk, fetched with the first query, so the
// landing's first paint does not wait for it.

export type ResultType = 'STOP' | 'PLACE';
export type TimelinessCode = 'ARRIVING_EARLY' | 'ON_TIME' | 'RUNNING_BEHIND' | 'DELAYED';
export type OccupancyCode = 'OVERCROWDED' | 'STANDING' | 'SEATS';
export type DisruptionKind = 'WEATHER' | 'TRAFFIC' | 'BREAKDOWN';

export type TransitCity = { id: string; name: string; attribution: string | null; bounds: number[] | null; stopBasedPlanner: boolean };
export type Frequency = { start_time: number; end_time: number; frequency: number };
export type RouteSummary = {
  route_id: string;
  route_name: string;
  route_long_name: string | null;
  agency_name: string | null;
  route_type: number;
  color: string | null;
  text_color: string | null;
  arrival_time: number | null;
  ttStatus: number;
  isFrequencyTrip: boolean;
  frequency_data_array: Frequency[];
};
export type Disruption = { id: string; kind: DisruptionKind; title: string; description: string; routeIds: string[]; stopIds: string[]; startsAt: number; endsAt: number | null };
export type Stop = { stop_id: string; stop_name: string; stop_lat: number; stop_lon: number; result_type: ResultType; station_type: string | null; transport_type: string | null };
export type StopWithRoutes = Stop & { routes: RouteSummary[]; disruptions: Disruption[] };
export type RouteDirection = { directionId: number; headsign: string; stops: Stop[]; shape: [number, number][] };
export type Route = Omit<RouteSummary, 'arrival_time' | 'ttStatus' | 'isFrequencyTrip' | 'frequency_data_array'> & { directions: RouteDirection[]; disruptions: Disruption[] };
export type Timetable = { route_id: string; stop_id: string; date: string; ttStatus: number; isFrequencyTrip: boolean; departures: number[]; frequencies: Frequency[] };
export type Arrival = {
  route_id: string;
  route_name: string;
  headsign: string | null;
  tripId: string;
  scheduledTime: number;
  expectedTime: number | null;
  vNo: string | null;
  tS: number | null;
  eta: number | null;
  delaySeconds: number | null;
  timeliness: TimelinessCode | null;
  occupancy: OccupancyCode | null;
  passedAt: number | null;
};
export type NearbyStop = { stop: StopWithRoutes; distanceMeters: number; walking: string };
export type SearchResult = { result_type: ResultType; stop_id: string | null; name: string; lat: number | null; lon: number | null; route: RouteSummary | null; stop_code?: string | null; towards?: string[]; routeNames?: string[] };
export type Vehicle = {
  vNo: string;
  route_id: string;
  route_name: string;
  tripId: string | null;
  headsign: string | null;
  lat: number;
  lon: number;
  bearing: number | null;
  tS: number;
  ageSeconds: number;
  delaySeconds: number | null;
  timeliness: TimelinessCode | null;
  occupancyLevel: number | null;
  occupancy: OccupancyCode | null;
  nextStopId: string | null;
  nextStopName: string | null;
};
export type LegMode = 'WALK' | 'BUS' | 'FERRY';
export type Leg = {
  mode: LegMode;
  from: Stop;
  to: Stop;
  departure: number;
  arrival: number;
  route: RouteSummary | null;
  headsign: string | null;
  tripId: string | null;
  stopCount: number | null;
  distanceMeters: number | null;
};
export type Itinerary = { departure: number; arrival: number; durationSeconds: number; transfers: number; walkSeconds: number; legs: Leg[] };
export type NoTripReason = 'NO_SERVICE_ON_DATE' | 'NO_TRIP_WITHIN_TRANSFERS' | 'OUTSIDE_CITY' | 'TOO_FAR_TO_WALK';
export type TripPlan = { itineraries: Itinerary[]; departAt: number; reason: NoTripReason | null; serviceDate: string; maxTransfers: number };
export type PlaceInput = { stopId?: string; lat?: number; lon?: number };

// Fragments as plain strings: no graphql-tag, no parse at import time.
const STOP = 'stop_id stop_name stop_lat stop_lon result_type station_type transport_type';
const SUMMARY = 'route_id route_name route_long_name agency_name route_type color text_color arrival_time ttStatus isFrequencyTrip frequency_data_array { start_time end_time frequency }';
const DISRUPTION = 'id kind title description routeIds stopIds startsAt endsAt';
const ARRIVAL = 'route_id route_name headsign tripId scheduledTime expectedTime vNo tS eta delaySeconds timeliness occupancy passedAt';
const VEHICLE = 'vNo route_id route_name tripId headsign lat lon bearing tS ageSeconds delaySeconds timeliness occupancyLevel occupancy nextStopId nextStopName';

export const Q = {
  city: `query City($city: ID!) { transitCity(city: $city) { id name attribution bounds stopBasedPlanner } }`,
  searchRoutes: `query SearchRoutes($city: ID!, $query: String!) { searchRoutes(city: $city, query: $query, limit: 20) { ${SUMMARY} } }`,
  search: `query Search($city: ID!, $query: String!) { search(city: $city, query: $query, limit: 20) { result_type stop_id name lat lon stop_code towards routeNames route { ${SUMMARY} } } }`,
  route: `query Route($city: ID!, $routeId: ID!) { route(city: $city, routeId: $routeId) { route_id route_name route_long_name agency_name route_type color text_color directions { directionId headsign shape stops { ${STOP} } } disruptions { ${DISRUPTION} } } }`,
  routeVehicles: `query RouteVehicles($city: ID!, $routeId: ID!) { routeVehicles(city: $city, routeId: $routeId) { ${VEHICLE} } }`,
  vehicle: `query Vehicle($city: ID!, $vehicleNumber: String!) { vehicle(city: $city, vehicleNumber: $vehicleNumber) { ${VEHICLE} } }`,
  /** A shared bus by number, in whichever city runs it (`city`: where to look first); answers its city. */
  publicVehicle: `query PublicVehicle($vehicleNumber: String!, $city: ID) { publicVehicle(vehicleNumber: $vehicleNumber, city: $city) { city vNo } }`,
  timetable: `query Timetable($city: ID!, $routeId: ID!, $stopId: ID!) { timetable(city: $city, routeId: $routeId, stopId: $stopId) { route_id stop_id date ttStatus isFrequencyTrip departures frequencies { start_time end_time frequency } } }`,
  stop: `query Stop($city: ID!, $stopId: ID!) { stop(city: $city, stopId: $stopId) { ${STOP} routes { ${SUMMARY} } disruptions { ${DISRUPTION} } } }`,
  stopArrivals: `query StopArrivals($city: ID!, $stopId: ID!) { stopArrivals(city: $city, stopId: $stopId, limit: 20) { ${ARRIVAL} } }`,
  /** One route's next arrivals at a stop (asked of the server: a busy stop's first 20 of all routes may hold none of it). */
  routeArrivals: `query RouteArrivals($city: ID!, $stopId: ID!, $routeId: ID!) { stopArrivals(city: $city, stopId: $stopId, routeId: $routeId, limit: 10) { ${ARRIVAL} } }`,
  nearbyStops: `query NearbyStops($city: ID!, $lat: Float!, $lon: Float!) { nearbyStops(city: $city, lat: $lat, lon: $lon, radiusMeters: 1500, limit: 20) { distanceMeters walking stop { ${STOP} routes { ${SUMMARY} } disruptions { ${DISRUPTION} } } } }`,
  planTrip: `query PlanTrip($city: ID!, $from: PlaceInput!, $to: PlaceInput!, $departAt: Float, $windowMinutes: Int) { planTrip(city: $city, from: $from, to: $to, departAt: $departAt, windowMinutes: $windowMinutes) { departAt reason serviceDate maxTransfers itineraries { departure arrival durationSeconds transfers walkSeconds legs { mode departure arrival headsign tripId stopCount distanceMeters from { ${STOP} } to { ${STOP} } route { ${SUMMARY} } } } } }`,
} as const;

export { gql, toApiError } from '@sawari/runtime/src/gql';
