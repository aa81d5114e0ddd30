// What to show for each bus due at a stop: the one rule of shared/domain (arrivalStatus): live only from data at most
// 90 s old, "last seen" beyond, spec §9's 15-minute limit, "just left" rather than "passed 0 min ago". Pure; tested.
import { arrivalOrder, arrivalStatus, type ArrivalStatus } from '@sawari/domain';
import type { Arrival } from '../common/transit';

export type ArrivalView = ArrivalStatus & { arrival: Arrival };

export function arrivalViews(arrivals: readonly Arrival[], now: number): ArrivalView[] {
  return arrivals.map((a): ArrivalView => ({ ...arrivalStatus(a, now), arrival: a })).sort((x, y) => arrivalOrder(x, now) - arrivalOrder(y, now));
}
