// What to show for each bus due at a stop (spec §9 ETA rules): a live ETA only when it is usable (not -1, position no
// older than 15 min), "passed N min ago" for a bus that has just left, else the scheduled time. Pure; tested.
import { usableEtas } from '@sawari/domain';
import type { Arrival } from '../common/transit';

export type ArrivalView =
  | { kind: 'passed'; minutesAgo: number; arrival: Arrival }
  | { kind: 'live'; minutes: number; arrival: Arrival }
  | { kind: 'scheduled'; at: number; arrival: Arrival };

export function arrivalViews(arrivals: readonly Arrival[], now: number): ArrivalView[] {
  const views = arrivals.map((a): ArrivalView => {
    if (a.passedAt != null) return { kind: 'passed', minutesAgo: Math.max(0, Math.round((now - a.passedAt) / 60_000)), arrival: a };
    const live = a.vNo && a.tS != null && a.eta != null ? usableEtas([{ vNo: a.vNo, tS: a.tS, eta: a.eta }], now)[0] : undefined;
    if (live) return { kind: 'live', minutes: Math.max(0, Math.round(live.eta / 60)), arrival: a };
    return { kind: 'scheduled', at: a.scheduledTime, arrival: a };
  });
  const order = (v: ArrivalView) => (v.kind === 'passed' ? -1e15 + v.minutesAgo * -1 : v.kind === 'live' ? now + v.minutes * 60_000 : v.at);
  return views.sort((x, y) => order(x) - order(y));
}
