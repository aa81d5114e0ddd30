/**
 * The transit module's public face: the timetables (cached per city), the read service the GraphQL resolvers and the
 * planner use, the geometry grid, service calendars and the feed store the live-data module reads.
 */
export { Timetable, type DayTimetable, type HeadwayWindow, type PairCheck } from './timetable';
export { TimetableCache, type CityTimetable } from './timetable-cache';
export {
  TransitService,
  transportType,
  type RouteSummaryView,
  type RouteView,
  type SearchResultView,
  type StopView,
  type TimetableView,
  type TransitCityView,
} from './service';
export { PointGrid, walkingSeconds, type GeoPoint, type PointHit } from './geo';
export { ServiceCalendar } from './service-calendar';
export { TransitReadStore, TransitStore, type CityFeed, type TimetableRows } from './store';
