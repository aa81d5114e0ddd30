import type { BookingTracking } from '@sawari/contracts';
import { bookedBusStatus, isTrackingWindowOpen } from '@sawari/domain';
import { ApiError } from '../../platform/errors';
import type { ReservationService } from './service';

/**
 * Where the bus of a reserved departure is, as the realtime module's reserved-vehicle source answers it (the
 * development simulator moves every reserved departure's bus along its stops on schedule, with seeded delays and
 * GPS gaps; docs/realtime.md). Structural: the composition root hands the simulator source in.
 */
export interface LiveBusPort {
  reservedVehicle(
    run: {
      runId: string;
      cityId: string;
      vehicleNo: string | null;
      startMs: number;
      stops: { stopId: string; lat: number; lon: number; offsetSecs: number }[];
    },
    now: number,
  ): Promise<{
    vNo: string;
    lat: number;
    lon: number;
    bearing: number | null;
    tS: number;
    delaySeconds: number | null;
    scheduleSecs: number;
    nextIndex: number;
  } | null>;
}

/** Bookings whose bus is tracked: confirmed (ACTIVE) or boarded (PUNCHED). */
const TRACKED = ['ACTIVE', 'PUNCHED'];
/** Tracking lasts until this long after the scheduled arrival at the drop stop (a late bus is still followed). */
export const TRACKING_AFTER_ARRIVAL_MS = 30 * 60_000;

/**
 * GET /api/reservations/v1/bookings/:id/tracking: the booked bus (the operator's vehicleNo, else the departure's own
 * bus) against the rider's boarding stop: when tracking opens, then its position, ETA and timeliness (domain
 * `bookedBusStatus`). Someone else's booking is 404; a booking without a seat (a hold, cancelled, moved) is 409.
 */
export async function bookingTracking(
  service: ReservationService,
  live: LiveBusPort | null,
  userId: string,
  id: string,
  now: number,
): Promise<BookingTracking> {
  const b = await service.booking(userId, id);
  if (!TRACKED.includes(b.status) || b.tripStatus === 'CANCELLED')
    throw new ApiError(409, 'NOT_TRACKABLE', 'This booking has no seat on a bus to track (it is not confirmed, or it was cancelled or moved).');
  const line = await service.store.line(b.lineId);
  if (!line) throw new ApiError(404, 'BOOKING_NOT_FOUND', 'There is no such booking.');
  const path = line.stops;
  const boarding = path.find((s) => s.stopId === b.from.stopId) ?? b.from;
  const until = b.arrivalTime + TRACKING_AFTER_ARRIVAL_MS;
  const inWindow = isTrackingWindowOpen(b.tripSlotStartTime, now, until);
  const bus =
    inWindow && live
      ? await live.reservedVehicle(
          {
            runId: b.tripId,
            cityId: b.city,
            vehicleNo: b.vehicleNo,
            startMs: b.tripSlotStartTime,
            stops: path.map((s) => ({ stopId: s.stopId, lat: s.lat, lon: s.lon, offsetSecs: s.offsetMin * 60 })),
          },
          now,
        )
      : null;
  const status = bookedBusStatus({ slotStart: b.tripSlotStartTime, boardingAt: b.estimatedStopTime, until, bus }, now);
  const next = bus ? path[Math.min(path.length - 1, bus.nextIndex)] : null;
  return {
    bookingId: b.bookingId,
    lineId: b.lineId,
    lineCode: b.lineCode,
    lineName: b.lineName,
    state: status.state,
    opensAt: status.opensAt,
    until,
    pollAfterMs: status.pollAfterMs,
    serverTime: now,
    vehicleNo: bus?.vNo ?? b.vehicleNo,
    boarding: { ...boarding, scheduledAt: b.estimatedStopTime },
    drop: b.to,
    path,
    vehicle:
      bus && status.state !== 'OVER'
        ? {
            lat: bus.lat,
            lon: bus.lon,
            bearing: bus.bearing,
            tS: bus.tS,
            nextStopId: next?.stopId ?? null,
            nextStopName: next?.name ?? null,
            departed: bus.scheduleSecs > 0,
          }
        : null,
    expectedAt: status.expectedAt,
    etaSeconds: status.etaSeconds,
    delaySeconds: status.delaySeconds,
    timeliness: status.timeliness,
  };
}
