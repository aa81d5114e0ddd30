/**
 * The transit read API (issue "Transit data and live tracking"): ONE GraphQL endpoint, POST /api/graphql, public (no
 * login: the public route map works by vehicle number). Field names follow the spec where it names them (§3 Stop,
 * Trip or route summary, Live bus ETA entry: snake_case there), camelCase elsewhere. Times: `*_time` and `departures`
 * are seconds after the service day's start (may exceed 86400); everything else called time is epoch milliseconds.
 * Coordinates are WGS84 degrees; shapes are [lon, lat] pairs.
 */
export const transitTypeDefs = /* GraphQL */ `
  enum ResultType {
    STOP
    PLACE
  }
  enum Timeliness {
    ARRIVING_EARLY
    ON_TIME
    RUNNING_BEHIND
    DELAYED
  }
  enum Occupancy {
    OVERCROWDED
    STANDING
    SEATS
  }
  enum DisruptionKind {
    WEATHER
    TRAFFIC
    BREAKDOWN
  }
  enum LegMode {
    WALK
    BUS
    FERRY
  }
  "A leg on re-check: OK; AT_RISK (less time to change than the plan's change time); MISSED (the bus leaves before the rider can reach it); CANCELLED (the trip does not run, or skips a stop of the leg)."
  enum LegStatus {
    OK
    AT_RISK
    MISSED
    CANCELLED
  }

  type Query {
    "A city's transit data: its name and the credit line to show with its data."
    transitCity(city: ID!): TransitCity
    "Routes by number or name (case-insensitive, typo-tolerant, best first); offset: results to skip (paging, 0-1000)."
    searchRoutes(city: ID!, query: String!, limit: Int = 20, offset: Int = 0): [RouteSummary!]!
    "Routes that serve fromStopId and later toStopId on the same trip."
    routesBetween(city: ID!, fromStopId: ID!, toStopId: ID!): [RouteSummary!]!
    route(city: ID!, routeId: ID!): Route
    "Timetable of a route at a stop on a date (YYYYMMDD, default today in city time)."
    timetable(city: ID!, routeId: ID!, stopId: ID!, date: String): Timetable!
    stop(city: ID!, stopId: ID!): Stop
    "Next arrivals at a stop: scheduled, with live data where a vehicle reports (ETA rules of spec §9); routeId: that route's only."
    stopArrivals(city: ID!, stopId: ID!, routeId: ID, limit: Int = 10): [Arrival!]!
    nearbyStops(city: ID!, lat: Float!, lon: Float!, radiusMeters: Int = 1000, limit: Int = 20): [NearbyStop!]!
    "Stops and places by name (result_type STOP or PLACE; typo-tolerant, best first); offset: results to skip (paging, 0-1000)."
    search(city: ID!, query: String!, limit: Int = 20, offset: Int = 0): [SearchResult!]!
    vehicle(city: ID!, vehicleNumber: String!): Vehicle
    "A vehicle by number in whichever city runs it (a shared link works for anyone); city: where to look first."
    publicVehicle(vehicleNumber: String!, city: ID): Vehicle
    routeVehicles(city: ID!, routeId: ID!): [Vehicle!]!
    "Itineraries leaving at or after departAt (epoch ms; windowMinutes: any departure in that window), or with arriveBy arriving by it (departures in the windowMinutes before it, 120 when 0); the calendar of that date; the Pareto set over departure, arrival, changes and walking."
    planTrip(
      city: ID!
      from: PlaceInput!
      to: PlaceInput!
      departAt: Float
      windowMinutes: Int = 0
      maxTransfers: Int = 3
      arriveBy: Boolean = false
    ): TripPlan!
    disruptions(city: ID!): [Disruption!]!
    "A returned itinerary re-checked against the current trip updates (its legs as planTrip gave them): predicted times and whether each change still works."
    checkItinerary(city: ID!, legs: [LegCheckInput!]!): ItineraryCheck!
  }

  "One leg of a returned itinerary to re-check: its mode, trip and stops, and its timetable times (scheduledDeparture, scheduledArrival: epoch ms)."
  input LegCheckInput {
    mode: LegMode!
    tripId: ID
    fromStopId: ID
    toStopId: ID
    scheduledDeparture: Float!
    scheduledArrival: Float!
  }
  "checkedAt: when (epoch ms); status: the worst of its legs'."
  type ItineraryCheck {
    checkedAt: Float!
    status: LegStatus!
    legs: [LegCheck!]!
  }
  "A leg's predicted (live) or timetable times now; changeSeconds: time between reaching its first stop and its bus leaving (null for the first ride and walks)."
  type LegCheck {
    departure: Float!
    arrival: Float!
    live: Boolean!
    status: LegStatus!
    changeSeconds: Int
  }

  "A stop (with the stops of the same name around it), or a coordinate (walking to stops nearby); name: what the rider calls it (a walk's end)."
  input PlaceInput {
    stopId: ID
    lat: Float
    lon: Float
    name: String
  }

  type TransitCity {
    id: ID!
    name: String!
    attribution: String
    bounds: [Float!]
    stopBasedPlanner: Boolean!
  }

  type Frequency {
    start_time: Int!
    end_time: Int!
    frequency: Int!
  }

  "Spec §3 Trip or route summary. arrival_time: next scheduled arrival at the stop in question, when there is one."
  type RouteSummary {
    route_id: ID!
    route_name: String!
    route_long_name: String
    agency_name: String
    route_type: Int!
    color: String
    text_color: String
    arrival_time: Int
    ttStatus: Int!
    isFrequencyTrip: Boolean!
    frequency_data_array: [Frequency!]!
  }

  type Route {
    route_id: ID!
    route_name: String!
    route_long_name: String
    agency_name: String
    route_type: Int!
    color: String
    text_color: String
    directions: [RouteDirection!]!
    disruptions: [Disruption!]!
  }
  type RouteDirection {
    directionId: Int!
    headsign: String!
    stops: [Stop!]!
    shape: [[Float!]!]!
  }

  "ttStatus 1: timings not available. Frequency trips are given as start, end, headway; departures are exact times."
  type Timetable {
    route_id: ID!
    stop_id: ID!
    date: String!
    ttStatus: Int!
    isFrequencyTrip: Boolean!
    departures: [Int!]!
    frequencies: [Frequency!]!
  }

  "Spec §3 Stop."
  type Stop {
    stop_id: ID!
    stop_name: String!
    stop_lat: Float!
    stop_lon: Float!
    result_type: ResultType!
    station_type: String
    transport_type: String
    "The feed's stop code (painted at the stop), when it has one: tells same-named stops apart."
    stop_code: String
    "Where buses from here go (the most used headsigns, at most 3; none for a last stop): tells same-named stops apart."
    towards: [String!]!
    routes: [RouteSummary!]!
    disruptions: [Disruption!]!
  }

  "One bus due at a stop. eta in seconds (-1 unknown), tS the live position's time; passedAt set when it has just left."
  type Arrival {
    route_id: ID!
    route_name: String!
    "The route's colours from the feed (route_color, route_text_color as '#RRGGBB'); null where the feed has none."
    route_color: String
    route_text_color: String
    headsign: String
    tripId: ID!
    scheduledTime: Float!
    expectedTime: Float
    vNo: String
    tS: Float
    eta: Int
    delaySeconds: Int
    timeliness: Timeliness
    occupancy: Occupancy
    passedAt: Float
    "expectedTime comes from a live prediction (else the arrival is the timetable's)."
    live: Boolean!
    "Set when a trip update says this bus will not pick up here: the run is cancelled, or it passes the stop without stopping. Such an arrival is listed at its timetable time and is never the next bus."
    cancellation: ArrivalCancellation
  }
  "Why a listed bus will not pick up at the stop: TRIP_CANCELLED (the run does not run), STOP_SKIPPED (it drives past this stop)."
  enum ArrivalCancellation {
    TRIP_CANCELLED
    STOP_SKIPPED
  }

  type NearbyStop {
    stop: Stop!
    distanceMeters: Float!
    walking: String!
  }

  "A stop or place found by name. For stops, what tells same-named ones apart: stop_code, towards (where its buses go), routeNames."
  type SearchResult {
    result_type: ResultType!
    stop_id: ID
    name: String!
    lat: Float
    lon: Float
    route: RouteSummary
    stop_code: String
    towards: [String!]!
    routeNames: [String!]!
  }

  type Vehicle {
    vNo: String!
    "The vehicle's city (given by publicVehicle)."
    city: ID
    route_id: ID!
    route_name: String!
    "The route's colours from the feed (route_color, route_text_color as '#RRGGBB'); null where the feed has none."
    route_color: String
    route_text_color: String
    tripId: ID
    headsign: String
    lat: Float!
    lon: Float!
    bearing: Float
    tS: Float!
    ageSeconds: Int!
    delaySeconds: Int
    timeliness: Timeliness
    occupancyLevel: Int
    occupancy: Occupancy
    nextStopId: ID
    nextStopName: String
  }

  "Why a plan has no itinerary: no bus runs that day; nothing within maxTransfers changes; a place outside the city's network; no stop within walking distance of a place."
  enum NoTripReason {
    NO_SERVICE_ON_DATE
    NO_TRIP_WITHIN_TRANSFERS
    OUTSIDE_CITY
    TOO_FAR_TO_WALK
  }
  "reason: set when itineraries is empty; serviceDate: the day planned (YYYYMMDD, city time); maxTransfers: the changes allowed; arriveBy: departAt is the arrival time; maxWalkMeters: the longest walk to or from a stop."
  type TripPlan {
    itineraries: [Itinerary!]!
    departAt: Float!
    reason: NoTripReason
    serviceDate: String!
    maxTransfers: Int!
    arriveBy: Boolean!
    maxWalkMeters: Int!
  }
  type Itinerary {
    departure: Float!
    arrival: Float!
    durationSeconds: Int!
    transfers: Int!
    walkSeconds: Int!
    legs: [Leg!]!
  }
  type Leg {
    mode: LegMode!
    from: Stop!
    to: Stop!
    departure: Float!
    arrival: Float!
    route: RouteSummary
    headsign: String
    tripId: ID
    stopCount: Int
    distanceMeters: Float
    "departure and arrival are predicted from a trip update (live), else the timetable's; scheduledDeparture and scheduledArrival are the timetable's."
    live: Boolean!
    scheduledDeparture: Float!
    scheduledArrival: Float!
  }

  type Disruption {
    id: ID!
    kind: DisruptionKind!
    title: String!
    description: String!
    routeIds: [ID!]!
    stopIds: [ID!]!
    startsAt: Float!
    endsAt: Float
  }
`;
