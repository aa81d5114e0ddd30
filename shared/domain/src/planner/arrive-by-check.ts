import { INF, type RoutingArrays } from './network';
import { raptor, type Journey, type RaptorQuery } from './raptor';

/**
 * The arrive-by answer checked against the forward search (tests and the bench): what must hold of
 * `raptorArriveBy(net, q)` for it to be right, in words, one string per problem found (none: right).
 *  - each journey leaves at or after `departAt`, arrives by `arriveBy`, its legs follow one another in time and its
 *    rides are the timetable's;
 *  - a forward search leaving at its departure, with as many changes, arrives by `arriveBy` (it can be ridden);
 *  - for every number of changes k up to the maximum, a forward search leaving one second after the latest answer with
 *    at most k changes (or at `departAt` when there is none) does not arrive by `arriveBy`: no later departure exists.
 */
export function arriveByProblems(net: RoutingArrays, q: RaptorQuery & { arriveBy: number }, found: readonly Journey[]): string[] {
  const problems: string[] = [];
  const earliest = (departAt: number, maxTransfers: number) => {
    const set = raptor(net, { ...q, departAt, maxTransfers });
    return set.length ? Math.min(...set.map((j) => j.arrival)) : INF;
  };
  for (const j of found) {
    const name = `journey leaving ${j.departure} with ${j.transfers} changes`;
    if (j.departure < q.departAt) problems.push(`${name}: leaves before ${q.departAt}`);
    if (j.arrival > q.arriveBy) problems.push(`${name}: arrives at ${j.arrival}, after ${q.arriveBy}`);
    if (j.transfers > q.maxTransfers) problems.push(`${name}: more than ${q.maxTransfers} changes`);
    let t = j.departure;
    let rides = 0;
    let walk = 0;
    for (const l of j.legs) {
      if (l.departure < t || l.arrival < l.departure) problems.push(`${name}: a leg leaves at ${l.departure} before ${t} or arrives before it leaves`);
      t = l.arrival;
      if (l.kind === 'walk') {
        walk += l.arrival - l.departure;
        continue;
      }
      rides++;
      const p = l.pattern;
      const nTrips = net.patternTripStart[p + 1] - net.patternTripStart[p];
      const tr = l.trip - net.patternTripStart[p];
      const s0 = net.patternStopStart[p];
      const at = (pos: number) => net.patternTimeBase[p] + pos * nTrips + tr;
      if (
        tr < 0 ||
        tr >= nTrips ||
        net.patternStops[s0 + l.boardPos] !== l.from ||
        net.patternStops[s0 + l.alightPos] !== l.to ||
        l.boardPos >= l.alightPos ||
        net.departures[at(l.boardPos)] !== l.departure ||
        net.arrivals[at(l.alightPos)] !== l.arrival
      )
        problems.push(`${name}: a ride that is not the timetable's`);
    }
    if (j.legs.length && t !== j.arrival) problems.push(`${name}: its legs end at ${t}, not at its arrival ${j.arrival}`);
    if (walk !== j.walkSecs) problems.push(`${name}: walks ${walk} s, says ${j.walkSecs} s`);
    if (Math.max(0, rides - 1) !== j.transfers) problems.push(`${name}: ${rides} rides`);
    const forward = earliest(j.departure, j.transfers);
    if (forward > q.arriveBy) problems.push(`${name}: a forward search leaving then arrives at ${forward === INF ? 'nothing' : forward}`);
  }
  for (let k = 0; k <= q.maxTransfers; k++) {
    const latest = Math.max(-INF, ...found.filter((j) => j.transfers <= k).map((j) => j.departure));
    const from = latest === -INF ? q.departAt : latest + 1;
    const forward = earliest(from, k);
    if (forward <= q.arriveBy)
      problems.push(`with at most ${k} changes: a forward search leaving at ${from} arrives at ${forward}, by ${q.arriveBy}, later than every answer`);
  }
  return problems;
}
