// What to show for each bus due at a stop: the one rule of shared/domain (arrivalStatus): live only from data at most
// 90 s old, "last seen" beyond, spec §9's 15-minute limit, "just left" rather than "passed 0 min ago". A bus a trip
// update says will not pick up here (cancelled, or driving past the stop) is listed at its timetable time, marked, and
// never counted as the next bus. Pure; tested.
import { arrivalOrder, arrivalStatus, type ArrivalStatus } from '@sawari/domain';
import type { Arrival } from '../common/transit';

/** A listed bus that will not pick up here: its run is cancelled, or it passes this stop without stopping. */
export type NotComing = { kind: 'cancelled'; at: number } | { kind: 'skipsStop'; at: number };

export type ArrivalView = (ArrivalStatus | NotComing) & { arrival: Arrival };

/** Whether the rider's time comes from the bus (live or an older estimate) rather than the timetable. */
export const fromTheBus = (v: ArrivalView): boolean => v.kind === 'live' || v.kind === 'estimated';

/** Whether the bus is one that comes (not cancelled, not skipping the stop, not gone). */
export const comes = (v: ArrivalView): boolean => v.kind !== 'cancelled' && v.kind !== 'skipsStop' && v.kind !== 'justLeft' && v.kind !== 'passed';

function viewOf(a: Arrival, now: number): ArrivalView {
  if (a.cancellation === 'TRIP_CANCELLED') return { kind: 'cancelled', at: a.scheduledTime, arrival: a };
  if (a.cancellation === 'STOP_SKIPPED') return { kind: 'skipsStop', at: a.scheduledTime, arrival: a };
  return { ...arrivalStatus(a, now), arrival: a };
}

const order = (v: ArrivalView, now: number): number => (v.kind === 'cancelled' || v.kind === 'skipsStop' ? v.at : arrivalOrder(v, now));

/** Every listed bus, buses that left first, then by the time the rider is told (a bus that will not come at its timetable time). */
export function arrivalViews(arrivals: readonly Arrival[], now: number): ArrivalView[] {
  return arrivals.map((a) => viewOf(a, now)).sort((x, y) => order(x, now) - order(y, now));
}
