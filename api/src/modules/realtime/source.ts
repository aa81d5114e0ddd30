import type { DisruptionKind } from '@sawari/domain';
import type { RealtimeFeed } from './feed';

/**
 * What a realtime source says about one city at one instant, whatever it comes from (the simulator or a
 * GTFS-realtime feed). Times are epoch milliseconds; delays are seconds (actual minus scheduled, negative when early).
 */

/** Which run of a scheduled trip: GTFS-RT's TripDescriptor. startDate/startTime tell frequency-trip runs apart. */
export interface TripRef {
  tripId: string;
  routeId?: string | null;
  /** Service date, YYYYMMDD. */
  startDate?: string | null;
  /** First departure of the run, "HH:MM:SS" (may pass 24:00:00). */
  startTime?: string | null;
}

export interface VehiclePosition {
  /** Vehicle number as painted on the bus (registration), e.g. KL-07-BX-1234. */
  vNo: string;
  trip: TripRef | null;
  routeId: string | null;
  lat: number;
  lon: number;
  /** Degrees clockwise from north. */
  bearing: number | null;
  /** When the position was measured. */
  tS: number;
  /** Spec §4 occupancy value (0..40; 2 or less overcrowded, 3 to 9 standing, above 9 seats). */
  occupancyLevel: number | null;
  /** GTFS-RT semantics: the stop the bus is at or travelling to. */
  currentStopSequence?: number | null;
  stopId?: string | null;
}

/** Delay at one stop of a trip; it also applies to the later stops until the next update (GTFS-RT propagation). */
export interface StopDelay {
  stopSequence: number | null;
  stopId: string | null;
  /** Null: the source does not know (spec §3: an ETA of -1). */
  delaySeconds: number | null;
  /** Predicted arrival (epoch ms) when the source gives a time instead of a delay. */
  arrivalTime?: number | null;
  /** GTFS-RT schedule_relationship SKIPPED: the vehicle passes this stop without stopping. */
  skipped?: boolean;
}

export interface TripUpdate {
  trip: TripRef;
  vNo: string | null;
  /** When the prediction was made. */
  tS: number;
  stops: StopDelay[];
  /** GTFS-RT trip schedule_relationship CANCELED: this run does not run. */
  cancelled?: boolean;
}

export interface RealtimeDisruption {
  id: string;
  kind: DisruptionKind;
  title: string;
  description: string;
  routeIds: string[];
  stopIds: string[];
  startsAt: number;
  endsAt: number | null;
}

export interface RealtimeSnapshot {
  vehicles: VehiclePosition[];
  tripUpdates: TripUpdate[];
  disruptions: RealtimeDisruption[];
}

export const EMPTY_SNAPSHOT: RealtimeSnapshot = Object.freeze({ vehicles: [], tripUpdates: [], disruptions: [] }) as RealtimeSnapshot;

/** A realtime feed for the cities it serves. `feed` is the city's compiled schedule (the simulator runs on it). */
export interface RealtimeSource {
  readonly kind: 'simulator' | 'gtfs-rt' | 'none';
  snapshot(feed: RealtimeFeed, now: number): Promise<RealtimeSnapshot>;
  close?(): void;
}

/**
 * One departure of a reserved-seat line (premium bus, airport express, event trip: docs/reservations.md). These lines
 * are not in any GTFS feed: their path is their stops' coordinates in order, their schedule the stops' offsets.
 */
export interface ReservedRun {
  /** Stable id of the departure (the reservations trip id). */
  runId: string;
  cityId: string;
  /** The bus an operator assigned, else null (the source names the trip's default bus). */
  vehicleNo: string | null;
  startMs: number;
  stops: { stopId: string; lat: number; lon: number; offsetSecs: number }[];
}

/** Where a reserved departure's bus was last seen. */
export interface ReservedVehicle {
  vNo: string;
  lat: number;
  lon: number;
  bearing: number | null;
  /** When the position was measured. */
  tS: number;
  /** Actual minus scheduled, seconds; null when the device sends no prediction. */
  delaySeconds: number | null;
  /** Seconds after the first departure the bus has reached on its schedule (0 while it waits at the first stop). */
  scheduleSecs: number;
  /** Index in `stops` of the stop the bus is at or travelling to. */
  nextIndex: number;
}

/** Live buses of reserved departures: from 30 minutes before the departure until its last stop; null otherwise. */
export interface ReservedVehicleSource {
  reservedVehicle(run: ReservedRun, now: number): Promise<ReservedVehicle | null>;
}
