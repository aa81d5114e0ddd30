import fs from 'node:fs/promises';
import { transit_realtime as rt } from 'gtfs-realtime-bindings';
import type { DisruptionKind } from '@sawari/domain';
import type { RealtimeFeed } from './feed';
import type { RealtimeDisruption, RealtimeSnapshot, RealtimeSource, StopDelay, TripRef, TripUpdate, VehiclePosition } from './source';

/**
 * The GTFS-realtime reader for real deployments: VehiclePositions, TripUpdates and Alerts (protobuf), each from an
 * http(s) URL or a file path, for one city. A feed may carry any mix of entity kinds (many agencies publish one
 * combined feed), so every location is read for every kind. Snapshots are cached for the poll interval; a failed read
 * keeps the last good data (its timestamps age, so the 15 min ETA rule retires it) and is logged.
 */

type Long = { toNumber(): number } | number;
const num = (v: Long | null | undefined): number | null => (v === null || v === undefined ? null : typeof v === 'number' ? v : v.toNumber());

export interface GtfsRtOptions {
  cityId: string;
  locations: string[];
  pollMs: number;
  timeoutMs: number;
  now?: () => number;
  log?: { warn(obj: object, msg: string): void };
}

/** GTFS-RT occupancy status to a spec §4 occupancy value (2 or less overcrowded, 3 to 9 standing, above 9 seats). */
const OCCUPANCY_VALUE: Record<number, number | null> = {
  [rt.VehiclePosition.OccupancyStatus.EMPTY]: 40,
  [rt.VehiclePosition.OccupancyStatus.MANY_SEATS_AVAILABLE]: 25,
  [rt.VehiclePosition.OccupancyStatus.FEW_SEATS_AVAILABLE]: 12,
  [rt.VehiclePosition.OccupancyStatus.STANDING_ROOM_ONLY]: 6,
  [rt.VehiclePosition.OccupancyStatus.CRUSHED_STANDING_ROOM_ONLY]: 2,
  [rt.VehiclePosition.OccupancyStatus.FULL]: 0,
  [rt.VehiclePosition.OccupancyStatus.NOT_ACCEPTING_PASSENGERS]: 0,
  [rt.VehiclePosition.OccupancyStatus.NO_DATA_AVAILABLE]: null,
  [rt.VehiclePosition.OccupancyStatus.NOT_BOARDABLE]: null,
};

function disruptionKind(cause: number | null | undefined): DisruptionKind {
  const C = rt.Alert.Cause;
  if (cause === C.WEATHER) return 'WEATHER';
  if (cause === C.TECHNICAL_PROBLEM || cause === C.ACCIDENT || cause === C.MAINTENANCE) return 'BREAKDOWN';
  return 'TRAFFIC';
}

function text(t: rt.ITranslatedString | null | undefined): string {
  const list = t?.translation ?? [];
  return (list.find((x) => !x.language || x.language.startsWith('en')) ?? list[0])?.text ?? '';
}

function tripRef(t: rt.ITripDescriptor | null | undefined): TripRef | null {
  if (!t?.tripId) return null;
  return { tripId: t.tripId, routeId: t.routeId || null, startDate: t.startDate || null, startTime: t.startTime || null };
}

/** Maps a decoded FeedMessage to a snapshot. Entity timestamps fall back to the header's; all become epoch ms. */
export function snapshotFromFeed(message: rt.IFeedMessage): RealtimeSnapshot {
  const headerTs = (num(message.header?.timestamp) ?? 0) * 1000;
  const out: RealtimeSnapshot = { vehicles: [], tripUpdates: [], disruptions: [] };
  for (const e of message.entity ?? []) {
    if (e.isDeleted) continue;
    const v = e.vehicle;
    if (v?.position) {
      const vNo = v.vehicle?.label || v.vehicle?.licensePlate || v.vehicle?.id || e.id;
      const trip = tripRef(v.trip);
      out.vehicles.push({
        vNo,
        trip,
        routeId: v.trip?.routeId || null,
        lat: v.position.latitude,
        lon: v.position.longitude,
        bearing: v.position.bearing ?? null,
        tS: (num(v.timestamp) ?? 0) * 1000 || headerTs,
        occupancyLevel: v.occupancyStatus === null || v.occupancyStatus === undefined ? null : (OCCUPANCY_VALUE[v.occupancyStatus] ?? null),
        currentStopSequence: v.currentStopSequence ?? null,
        stopId: v.stopId || null,
      } satisfies VehiclePosition);
    }
    const u = e.tripUpdate;
    const uTrip = tripRef(u?.trip);
    if (u && uTrip && u.trip.scheduleRelationship === rt.TripDescriptor.ScheduleRelationship.CANCELED) {
      // A cancelled run: no stop times, only that it does not run (the planner and the ETAs leave it out).
      out.tripUpdates.push({ trip: uTrip, vNo: null, tS: (num(u.timestamp) ?? 0) * 1000 || headerTs, stops: [], cancelled: true } satisfies TripUpdate);
    } else if (u && uTrip) {
      const stops: StopDelay[] = (u.stopTimeUpdate ?? []).map((s) => {
        const ev = s.arrival ?? s.departure;
        const skipped = s.scheduleRelationship === rt.TripUpdate.StopTimeUpdate.ScheduleRelationship.SKIPPED;
        const noData = s.scheduleRelationship === rt.TripUpdate.StopTimeUpdate.ScheduleRelationship.NO_DATA || skipped;
        const time = num(ev?.time);
        return {
          stopSequence: s.stopSequence ?? null,
          stopId: s.stopId || null,
          delaySeconds: noData || ev?.delay === null || ev?.delay === undefined ? null : ev.delay,
          arrivalTime: noData || !time ? null : time * 1000,
          ...(skipped ? { skipped: true } : {}),
        };
      });
      if (stops.length === 0 && u.delay !== null && u.delay !== undefined) stops.push({ stopSequence: null, stopId: null, delaySeconds: u.delay });
      out.tripUpdates.push({
        trip: uTrip,
        vNo: u.vehicle?.label || u.vehicle?.id || null,
        tS: (num(u.timestamp) ?? 0) * 1000 || headerTs,
        stops,
      } satisfies TripUpdate);
    }
    const a = e.alert;
    if (a) {
      const periods = a.activePeriod ?? [];
      const starts = periods.map((p) => (num(p.start) ?? 0) * 1000);
      const ends = periods.map((p) => num(p.end));
      const informed = a.informedEntity ?? [];
      out.disruptions.push({
        id: e.id,
        kind: disruptionKind(a.cause),
        title: text(a.headerText),
        description: text(a.descriptionText),
        routeIds: [...new Set(informed.map((i) => i.routeId ?? i.trip?.routeId).filter((x): x is string => !!x))],
        stopIds: [...new Set(informed.map((i) => i.stopId).filter((x): x is string => !!x))],
        startsAt: starts.length ? Math.min(...starts) : headerTs,
        endsAt: ends.length && ends.every((x) => x) ? Math.max(...(ends as number[])) * 1000 : null,
      } satisfies RealtimeDisruption);
    }
  }
  return out;
}

export function decodeFeed(bytes: Uint8Array): RealtimeSnapshot {
  return snapshotFromFeed(rt.FeedMessage.decode(bytes));
}

/** Bytes of a URL (with a timeout) or a file. */
export async function readLocation(location: string, timeoutMs: number): Promise<Uint8Array> {
  if (!/^https?:\/\//.test(location)) return new Uint8Array(await fs.readFile(location));
  const res = await fetch(location, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/x-protobuf, application/octet-stream' } });
  if (!res.ok) throw new Error(`GTFS-realtime ${location} answered ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

function merge(parts: RealtimeSnapshot[]): RealtimeSnapshot {
  return { vehicles: parts.flatMap((p) => p.vehicles), tripUpdates: parts.flatMap((p) => p.tripUpdates), disruptions: parts.flatMap((p) => p.disruptions) };
}

export class GtfsRtSource implements RealtimeSource {
  readonly kind = 'gtfs-rt' as const;
  private last: RealtimeSnapshot | null = null;
  private readAt = -Infinity;
  private reading: Promise<RealtimeSnapshot> | null = null;
  private readonly now: () => number;

  constructor(private readonly opts: GtfsRtOptions) {
    this.now = opts.now ?? Date.now;
  }

  async snapshot(feed: RealtimeFeed): Promise<RealtimeSnapshot> {
    if (feed.cityId !== this.opts.cityId) return { vehicles: [], tripUpdates: [], disruptions: [] };
    if (this.last && this.now() - this.readAt < this.opts.pollMs) return this.last;
    this.reading ??= this.read().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async read(): Promise<RealtimeSnapshot> {
    const parts = await Promise.all(
      this.opts.locations.map((loc) =>
        readLocation(loc, this.opts.timeoutMs)
          .then(decodeFeed)
          .catch((err: unknown) => {
            this.opts.log?.warn({ err, location: loc }, 'GTFS-realtime read failed; keeping the last data');
            return null;
          }),
      ),
    );
    this.readAt = this.now();
    if (parts.every((p) => p === null) && this.last) return this.last;
    const prev = this.last;
    // A location that failed keeps its share of the previous read: per kind, as the kinds usually come from one URL each.
    const fresh = merge(parts.filter((p): p is RealtimeSnapshot => p !== null));
    const failed = parts.some((p) => p === null);
    this.last =
      failed && prev
        ? {
            vehicles: fresh.vehicles.length ? fresh.vehicles : prev.vehicles,
            tripUpdates: fresh.tripUpdates.length ? fresh.tripUpdates : prev.tripUpdates,
            disruptions: fresh.disruptions.length ? fresh.disruptions : prev.disruptions,
          }
        : fresh;
    return this.last;
  }
}
