// A stop's next departures from the timetable kept on this phone (the offline planner's file): what a stop page shows
// with no network instead of nothing (issue 35, item 8: a saved stop showed no timetable offline). Pure; tested in
// stop-departures.test.ts.
import type { Timetable } from '@sawari/domain/src/planner';

export interface KeptDeparture {
  routeId: string;
  routeName: string;
  color: string | null;
  textColor: string | null;
  headsign: string | null;
  /** Epoch ms (timetable time: no live data). */
  at: number;
}

/** The next `limit` departures from `stopId` at or after `fromMs` on the kept days, soonest first (never its last stop). */
export function keptDepartures(tt: Timetable, stopId: string, fromMs: number, limit = 12): KeptDeparture[] {
  const out: KeptDeparture[] = [];
  const routes = new Map(tt.routes.map((r) => [r.route_id, r]));
  for (const day of tt.days) {
    const n = day.network;
    const s = n.stopIndex.get(stopId);
    if (s === undefined) continue;
    for (let k = n.stopPatternStart[s]; k < n.stopPatternStart[s + 1]; k++) {
      const p = n.stopPatterns[k];
      const pos = n.stopPatternPos[k];
      if (pos >= n.patternStopStart[p + 1] - n.patternStopStart[p] - 1) continue; // its last stop: nobody boards there
      const first = n.patternTripStart[p];
      const trips = n.patternTripStart[p + 1] - first;
      const routeId = n.routeIds[n.patternRoute[p]];
      const r = routes.get(routeId);
      for (let t = 0; t < trips; t++) {
        const at = day.startMs + n.departures[n.patternTimeBase[p] + pos * trips + t] * 1000;
        if (at < fromMs) continue;
        out.push({
          routeId,
          routeName: r?.route_short_name || r?.route_long_name || routeId,
          color: r?.route_color ?? null,
          textColor: r?.route_text_color ?? null,
          headsign: day.headsigns[n.tripSource[first + t]] ?? null,
          at,
        });
      }
    }
  }
  return out.sort((a, b) => a.at - b.at || a.routeName.localeCompare(b.routeName)).slice(0, limit);
}
