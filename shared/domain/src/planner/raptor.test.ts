import { haversineKm } from '../transit';
import { buildNetwork, INF, walkSecondsForKm, type Network, type NetworkInput, type StopInput, type TransferInput, type TripInput } from './network';
import { arriveByProblems } from './arrive-by-check';
import { dominates, paretoFilter, raptor, raptorArriveBy, raptorRange, type Endpoint, type Journey } from './raptor';

const hm = (h: number, m: number) => h * 3600 + m * 60;

/** A trip whose arrival equals its departure at each stop. */
function trip(id: string, routeId: string, stops: string[], times: number[], extra: Partial<TripInput> = {}): TripInput {
  return { id, routeId, stopIds: stops, arrivals: times, departures: times, ...extra };
}

const STOPS = ['A', 'B', 'C', 'D', 'E', 'F'].map((id, i) => ({ id, lat: 10 + i * 0.01, lon: 76 }));

function net(trips: TripInput[], transfers: NetworkInput['transfers'] = []): Network {
  return buildNetwork({ stops: STOPS, trips, transfers });
}

function plan(n: Network, from: string, to: string, departAt: number, maxTransfers = 3): Journey[] {
  return raptor(n, {
    origins: [{ stop: n.stopIndex.get(from)!, walkSecs: 0 }],
    destinations: [{ stop: n.stopIndex.get(to)!, walkSecs: 0 }],
    departAt,
    maxTransfers,
  });
}

/** Legs as short strings: "ride R1 A 08:00 -> C 08:20", "walk B -> D". */
function describe_(n: Network, j: Journey): string[] {
  const clock = (s: number) => `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}`;
  const name = (s: number) => (s < 0 ? 'place' : n.stopIds[s]);
  return j.legs.map((l) =>
    l.kind === 'ride'
      ? `ride ${n.routeIds[n.patternRoute[l.pattern]]} ${name(l.from)} ${clock(l.departure)} -> ${name(l.to)} ${clock(l.arrival)}`
      : `walk ${name(l.from)} ${clock(l.departure)} -> ${name(l.to)} ${clock(l.arrival)}`,
  );
}

describe('planner core: network', () => {
  it('expands frequency trips into concrete trips and splits patterns where trips overtake', () => {
    const n = net([
      trip('F', 'R', ['A', 'B'], [0, 600], { frequencies: [{ startSecs: hm(6, 0), endSecs: hm(7, 0), headwaySecs: 1200 }] }),
      // Same stops, slower: leaves after F's 06:00 trip and arrives after its 06:20 trip; the express below overtakes.
      trip('S', 'R', ['A', 'B'], [hm(6, 5), hm(6, 50)]),
      trip('X', 'R', ['A', 'B'], [hm(6, 6), hm(6, 10)]),
    ]);
    expect(n.tripCount).toBe(5);
    expect(n.stopEventCount).toBe(10);
    // Every pattern's departure and arrival columns are sorted.
    for (let p = 0; p < n.patternCount; p++) {
      const trips = n.patternTripStart[p + 1] - n.patternTripStart[p];
      const stops = n.patternStopStart[p + 1] - n.patternStopStart[p];
      for (let i = 0; i < stops; i++) {
        for (let t = 1; t < trips; t++) {
          const at = n.patternTimeBase[p] + i * trips + t;
          expect(n.departures[at]).toBeGreaterThanOrEqual(n.departures[at - 1]);
          expect(n.arrivals[at]).toBeGreaterThanOrEqual(n.arrivals[at - 1]);
        }
      }
    }
    expect(n.patternCount).toBe(2);
  });
});

describe('planner core: RAPTOR', () => {
  it('finds a direct trip', () => {
    const n = net([trip('T1', 'R1', ['A', 'B', 'C'], [hm(8, 0), hm(8, 10), hm(8, 20)]), trip('T2', 'R1', ['A', 'B', 'C'], [hm(9, 0), hm(9, 10), hm(9, 20)])]);
    const [j, ...more] = plan(n, 'A', 'C', hm(7, 55));
    expect(more).toEqual([]);
    expect(j).toMatchObject({ departure: hm(8, 0), arrival: hm(8, 20), transfers: 0 });
    expect(describe_(n, j)).toEqual(['ride R1 A 08:00 -> C 08:20']);
    expect(plan(n, 'B', 'C', hm(8, 10))[0].arrival).toBe(hm(8, 20));
    expect(plan(n, 'B', 'C', hm(8, 11))[0].arrival).toBe(hm(9, 20));
  });

  it('transfers once over a footpath', () => {
    const n = net(
      [
        trip('T1', 'R1', ['A', 'B'], [hm(8, 0), hm(8, 10)]),
        trip('T2', 'R2', ['D', 'E'], [hm(8, 15), hm(8, 30)]),
        trip('T3', 'R2', ['D', 'E'], [hm(8, 11), hm(8, 26)]),
      ],
      [{ fromStopId: 'B', toStopId: 'D', minSecs: 120 }],
    );
    const [j, ...more] = plan(n, 'A', 'E', hm(7, 50));
    expect(more).toEqual([]);
    expect(j).toMatchObject({ departure: hm(8, 0), arrival: hm(8, 30), transfers: 1 });
    expect(describe_(n, j)).toEqual(['ride R1 A 08:00 -> B 08:10', 'walk B 08:10 -> D 08:12', 'ride R2 D 08:15 -> E 08:30']);
    // Only one transfer allowed at most... and none at all: unreachable.
    expect(plan(n, 'A', 'E', hm(7, 50), 0)).toEqual([]);
  });

  it('chains walking links between two vehicles (footpaths closed up to 15 min of walking)', () => {
    const trips = [trip('T1', 'R1', ['A', 'B'], [hm(8, 0), hm(8, 10)]), trip('T2', 'R2', ['D', 'F'], [hm(8, 15), hm(8, 30)])];
    const links = [
      { fromStopId: 'B', toStopId: 'E', minSecs: 100 },
      { fromStopId: 'E', toStopId: 'D', minSecs: 100 },
    ];
    const n = net(trips, links);
    const [j] = plan(n, 'A', 'F', hm(8, 0));
    expect(describe_(n, j)).toEqual(['ride R1 A 08:00 -> B 08:10', 'walk B 08:10 -> D 08:13', 'ride R2 D 08:15 -> F 08:30']);
    expect(plan(buildNetwork({ stops: STOPS, trips, transfers: links, maxChainedWalkSecs: 150 }), 'A', 'F', hm(8, 0))).toEqual([]);
  });

  it('respects a minimum transfer time at the same stop', () => {
    const trips = [
      trip('T1', 'R1', ['A', 'B'], [hm(8, 0), hm(8, 10)]),
      trip('T2', 'R2', ['B', 'C'], [hm(8, 11), hm(8, 20)]),
      trip('T3', 'R2', ['B', 'C'], [hm(8, 21), hm(8, 30)]),
    ];
    expect(plan(net(trips), 'A', 'C', hm(8, 0))[0].arrival).toBe(hm(8, 20));
    const strict = net(trips, [{ fromStopId: 'B', toStopId: 'B', minSecs: 300 }]);
    const [j] = plan(strict, 'A', 'C', hm(8, 0));
    expect(j.arrival).toBe(hm(8, 30));
    expect(describe_(strict, j)).toEqual(['ride R1 A 08:00 -> B 08:10', 'ride R2 B 08:21 -> C 08:30']);
    // A rider starting at B needs no change time.
    expect(plan(strict, 'B', 'C', hm(8, 11))[0].arrival).toBe(hm(8, 20));
  });

  it('boards frequency-based trips (start..end by headway, offsets from the first stop)', () => {
    const n = net([trip('F', 'R1', ['A', 'B', 'C'], [0, 600, 900], { frequencies: [{ startSecs: hm(6, 0), endSecs: hm(9, 0), headwaySecs: 1200 }] })]);
    const [j] = plan(n, 'B', 'C', hm(7, 5));
    // Trips leave A at 06:00, 06:20, ... 08:40; pass B 10 min later: 07:10 is the first at or after 07:05.
    expect(describe_(n, j)).toEqual(['ride R1 B 07:10 -> C 07:15']);
    expect(plan(n, 'A', 'C', hm(8, 41))).toEqual([]); // 09:00 is the end, exclusive
  });

  it("sees the previous service day's trips after midnight (query at 00:30)", () => {
    const late = { stopIds: ['A', 'B', 'C'], arrivals: [hm(23, 50), hm(24, 40), hm(25, 0)], departures: [hm(23, 50), hm(24, 40), hm(25, 0)] };
    const n = net([
      { id: 'N-prev', routeId: 'N', dayOffset: -1, ...late },
      { id: 'N-today', routeId: 'N', dayOffset: 0, ...late },
    ]);
    const [j, ...more] = plan(n, 'B', 'C', hm(0, 30));
    expect(more).toEqual([]);
    expect(j).toMatchObject({ departure: hm(0, 40), arrival: hm(1, 0) });
    expect(n.sourceTripIds[n.tripSource[(j.legs[0] as { trip: number }).trip]]).toBe('N-prev');
    // Later in the evening the same service day's own trip is found, with its time past 24:00:00.
    expect(plan(n, 'B', 'C', hm(23, 0))[0].arrival).toBe(hm(25, 0));
  });

  it('answers nothing on a day without service (the calendar excluded every trip)', () => {
    const n = net([]);
    expect(n.tripCount).toBe(0);
    expect(plan(n, 'A', 'C', hm(8, 0))).toEqual([]);
  });

  it('answers an empty set for an unreachable stop', () => {
    const n = net([trip('T1', 'R1', ['A', 'B', 'C'], [hm(8, 0), hm(8, 10), hm(8, 20)])]);
    expect(plan(n, 'A', 'F', hm(7, 0))).toEqual([]);
    expect(plan(n, 'C', 'A', hm(7, 0))).toEqual([]); // wrong direction
    expect(plan(n, 'A', 'C', hm(8, 1))).toEqual([]); // missed the last trip
  });

  it('keeps a slower direct option next to a faster one with a transfer (Pareto set)', () => {
    const n = net([
      trip('S', 'SLOW', ['A', 'C'], [hm(8, 0), hm(9, 0)]),
      trip('T1', 'R1', ['A', 'B'], [hm(8, 0), hm(8, 10)]),
      trip('T2', 'R2', ['B', 'C'], [hm(8, 15), hm(8, 25)]),
    ]);
    const set = plan(n, 'A', 'C', hm(7, 55));
    expect(set.map((j) => [j.transfers, j.arrival])).toEqual([
      [0, hm(9, 0)],
      [1, hm(8, 25)],
    ]);
    expect(describe_(n, set[1])).toEqual(['ride R1 A 08:00 -> B 08:10', 'ride R2 B 08:15 -> C 08:25']);
  });

  it('walks from a coordinate to stops and from stops to a coordinate', () => {
    const n = net([trip('T1', 'R1', ['A', 'B', 'C'], [hm(8, 0), hm(8, 10), hm(8, 20)]), trip('T2', 'R1', ['A', 'B', 'C'], [hm(8, 30), hm(8, 40), hm(8, 50)])]);
    const idx = (s: string) => n.stopIndex.get(s)!;
    const [j] = raptor(n, {
      origins: [
        { stop: idx('A'), walkSecs: 600 },
        { stop: idx('B'), walkSecs: 300 },
      ],
      destinations: [{ stop: idx('C'), walkSecs: 120 }],
      departAt: hm(7, 55),
      maxTransfers: 2,
    });
    // Walking 10 min to A (08:05) misses the 08:00 there; walking 5 min to B catches it at 08:10.
    expect(j.arrival).toBe(hm(8, 22));
    expect(j.legs[0]).toMatchObject({ kind: 'walk', from: -1, to: idx('B'), arrival: hm(8, 10) });
    expect(j.legs[j.legs.length - 1]).toMatchObject({ kind: 'walk', from: idx('C'), to: -1, departure: hm(8, 20), arrival: hm(8, 22) });
  });

  it('range query: every departure in the window that is not beaten, latest departure per arrival', () => {
    const n = net([
      trip('T1', 'R1', ['A', 'C'], [hm(8, 0), hm(8, 40)]),
      trip('T2', 'R1', ['A', 'C'], [hm(8, 30), hm(9, 10)]),
      trip('T3', 'R1', ['A', 'C'], [hm(9, 0), hm(9, 40)]),
      trip('T4', 'R1', ['A', 'C'], [hm(10, 0), hm(10, 40)]),
      // Leaving at 08:05 with a change arrives 08:35: beats T1 (08:40) but leaves later.
      trip('U1', 'R2', ['A', 'B'], [hm(8, 5), hm(8, 15)]),
      trip('U2', 'R3', ['B', 'C'], [hm(8, 20), hm(8, 35)]),
    ]);
    const A = n.stopIndex.get('A')!;
    const C = n.stopIndex.get('C')!;
    const q = { origins: [{ stop: A, walkSecs: 0 }], destinations: [{ stop: C, walkSecs: 0 }], departAt: hm(7, 50), maxTransfers: 3, windowSecs: 90 * 60 };
    const set = raptorRange(n, q);
    expect(set.map((j) => [j.departure, j.arrival, j.transfers])).toEqual([
      [hm(8, 0), hm(8, 40), 0],
      [hm(8, 5), hm(8, 35), 1],
      [hm(8, 30), hm(9, 10), 0],
      [hm(9, 0), hm(9, 40), 0],
    ]);
    // Each answer is what a single query at its departure time finds.
    for (const j of set) expect(raptor(n, { ...q, departAt: j.departure }).some((o) => o.arrival === j.arrival && o.transfers === j.transfers)).toBe(true);
    // A window of 0 is a plain query.
    expect(raptorRange(n, { ...q, windowSecs: 0 }).map((j) => j.arrival)).toEqual([hm(8, 40), hm(8, 35)]);
  });

  it('arrive-by: the latest departure arriving in time per number of changes, nothing arriving later', () => {
    const n = net([
      trip('T1', 'R1', ['A', 'C'], [hm(8, 0), hm(8, 40)]),
      trip('T2', 'R1', ['A', 'C'], [hm(8, 30), hm(9, 10)]),
      trip('T3', 'R1', ['A', 'C'], [hm(9, 0), hm(9, 40)]),
      trip('U1', 'R2', ['A', 'B'], [hm(8, 20), hm(8, 30)]),
      trip('U2', 'R3', ['B', 'C'], [hm(8, 35), hm(8, 55)]),
    ]);
    const A = n.stopIndex.get('A')!;
    const C = n.stopIndex.get('C')!;
    const arriveBy = hm(9, 0);
    const q = {
      origins: [{ stop: A, walkSecs: 0 }],
      destinations: [{ stop: C, walkSecs: 0 }],
      departAt: arriveBy - 120 * 60,
      windowSecs: 0,
      maxTransfers: 3,
      arriveBy,
    };
    const set = raptorRange(n, q);
    // The backward search (window 0) and rRAPTOR over the two hours before agree here.
    expect(raptorRange(n, { ...q, windowSecs: 120 * 60 })).toEqual(set);
    // T2 (arrives 09:10) and T3 are too late; T1 is the latest direct bus; U1+U2 leaves 20 min later with a change.
    expect(set.map((j) => [j.departure, j.arrival, j.transfers])).toEqual([
      [hm(8, 0), hm(8, 40), 0],
      [hm(8, 20), hm(8, 55), 1],
    ]);
    expect(set.every((j) => j.arrival <= arriveBy)).toBe(true);
    // Arriving by 08:50: only the direct bus.
    const early = raptorRange(n, {
      origins: [{ stop: A, walkSecs: 0 }],
      destinations: [{ stop: C, walkSecs: 0 }],
      departAt: hm(6, 50),
      windowSecs: 0,
      maxTransfers: 3,
      arriveBy: hm(8, 50),
    });
    expect(early.map((j) => [j.departure, j.transfers])).toEqual([[hm(8, 0), 0]]);
  });

  it('walking is a Pareto criterion: same times and changes with more walking is dominated, less walking arriving later is kept', () => {
    const j = (departure: number, arrival: number, transfers: number, walkSecs: number): Journey => ({ departure, arrival, transfers, walkSecs, legs: [] });
    const direct = j(hm(8, 0), hm(8, 40), 0, 60);
    const moreWalk = j(hm(8, 0), hm(8, 40), 0, 600);
    const lessWalkLater = j(hm(8, 0), hm(8, 45), 0, 0);
    const sameTimesOneChange = j(hm(8, 0), hm(8, 40), 1, 60);
    expect(dominates(direct, moreWalk)).toBe(true);
    expect(dominates(direct, sameTimesOneChange)).toBe(true);
    expect(dominates(direct, lessWalkLater)).toBe(false);
    expect(dominates(lessWalkLater, direct)).toBe(false);
    // Arrive-by: a later arrival (still in time) does not count against a journey, so less walking wins.
    expect(dominates(lessWalkLater, direct, true)).toBe(true);
    expect(dominates(direct, lessWalkLater, true)).toBe(false);
    expect(dominates(j(hm(8, 5), hm(8, 55), 0, 60), direct, true)).toBe(true);
    expect(paretoFilter([moreWalk, direct, sameTimesOneChange, lessWalkLater, direct])).toEqual([direct, lessWalkLater]);
  });

  it('counts walking: to the first stop, between vehicles and from the last stop', () => {
    const n = net(
      [trip('T1', 'R1', ['A', 'B'], [hm(8, 0), hm(8, 10)]), trip('T2', 'R2', ['C', 'D'], [hm(8, 30), hm(8, 40)])],
      [{ fromStopId: 'B', toStopId: 'C', minSecs: 240 }],
    );
    const idx = (s: string) => n.stopIndex.get(s)!;
    const [best] = raptor(n, {
      origins: [{ stop: idx('A'), walkSecs: 100 }],
      destinations: [{ stop: idx('D'), walkSecs: 50 }],
      departAt: hm(7, 0),
      maxTransfers: 2,
    });
    expect(best.walkSecs).toBe(100 + 240 + 50);
    expect(best.legs.filter((l) => l.kind === 'walk').length).toBe(3);
  });
});

/** Walking links between all stops at most `meters` apart (what the importer generates when a feed has none). */
function walkingLinks(stops: StopInput[], meters: number): TransferInput[] {
  const out: TransferInput[] = [];
  for (const a of stops) {
    for (const b of stops) {
      const km = haversineKm(a.lat!, a.lon!, b.lat!, b.lon!);
      if (a !== b && km * 1000 <= meters) out.push({ fromStopId: a.id, toStopId: b.id, minSecs: walkSecondsForKm(km) });
    }
  }
  return out;
}

/**
 * Earliest arrival by a plain connection scan (unlimited transfers; footpaths one hop after every improving ride, even
 * to a stop already reached on foot): the oracle.
 */
function connectionScan(n: Network, from: number, to: number, departAt: number): number {
  const conns: [number, number, number, number, number][] = [];
  for (let p = 0; p < n.patternCount; p++) {
    const trips = n.patternTripStart[p + 1] - n.patternTripStart[p];
    const s0 = n.patternStopStart[p];
    const stops = n.patternStopStart[p + 1] - s0;
    for (let t = 0; t < trips; t++) {
      for (let i = 0; i + 1 < stops; i++) {
        const b = n.patternTimeBase[p];
        conns.push([
          n.departures[b + i * trips + t],
          n.arrivals[b + (i + 1) * trips + t],
          n.patternStops[s0 + i],
          n.patternStops[s0 + i + 1],
          n.patternTripStart[p] + t,
        ]);
      }
    }
  }
  conns.sort((a, b) => a[0] - b[0]);
  const arr = new Array(n.stopCount).fill(INF);
  const ready = new Array(n.stopCount).fill(INF);
  const rideArr = new Array(n.stopCount).fill(INF);
  const onTrip = new Set<number>();
  const reach = (s: number, t: number, afterRide: boolean) => {
    if (t < arr[s]) arr[s] = t;
    const r = t + (afterRide ? n.changeSecs[s] : 0);
    if (r < ready[s]) ready[s] = r;
    for (let f = n.footStart[s]; f < n.footStart[s + 1]; f++) {
      const o = n.footTo[f];
      const w = t + n.footSecs[f];
      if (w < arr[o]) arr[o] = w;
      if (w < ready[o]) ready[o] = w;
    }
  };
  arr[from] = departAt;
  reach(from, departAt, false);
  for (const [dep, a, s, e, tr] of conns) {
    if (onTrip.has(tr) || ready[s] <= dep) {
      onTrip.add(tr);
      if (a < rideArr[e]) {
        rideArr[e] = a;
        reach(e, a, true);
      }
    }
  }
  return arr[to];
}

/** A seeded generator in [0, 1). */
function seeded(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

/** 14 stops, 6 routes of 1-6 trips (some frequency-based) between 07:00 and 10:00, walking links up to 700 m, a 4-min change at s3. */
function randomNetwork(rnd: () => number, extra: Partial<NetworkInput> = {}): Network {
  const stops = Array.from({ length: 14 }, (_, i) => ({ id: `s${i}`, lat: 10 + rnd() * 0.02, lon: 76 + rnd() * 0.02 }));
  const trips: TripInput[] = [];
  for (let r = 0; r < 6; r++) {
    const len = 2 + Math.floor(rnd() * 5);
    const seq = [...stops]
      .sort(() => rnd() - 0.5)
      .slice(0, len)
      .map((s) => s.id);
    const hops = seq.map(() => 60 + Math.floor(rnd() * 600));
    const count = 1 + Math.floor(rnd() * 6);
    for (let t = 0; t < count; t++) {
      let clock = hm(7, 0) + Math.floor(rnd() * 3 * 3600);
      const times = seq.map((_, i) => (clock += i === 0 ? 0 : hops[i]));
      const freq: Partial<TripInput> =
        rnd() < 0.3 ? { frequencies: [{ startSecs: times[0], endSecs: times[0] + 3600, headwaySecs: 600 + Math.floor(rnd() * 1200) }] } : {};
      trips.push(trip(`r${r}t${t}`, `r${r}`, seq, times, freq));
    }
  }
  return buildNetwork({ stops, trips, transfers: [...walkingLinks(stops, 700), { fromStopId: 's3', toStopId: 's3', minSecs: 240 }], ...extra });
}

describe('planner core: random networks against a connection scan', () => {
  it('finds the same earliest arrival on 150 random networks', () => {
    const rnd = seeded(7);
    for (let case_ = 0; case_ < 150; case_++) {
      const n = randomNetwork(rnd);
      for (let pair = 0; pair < 10; pair++) {
        const a = Math.floor(rnd() * 14);
        const b = Math.floor(rnd() * 14);
        if (a === b) continue;
        const at = hm(7, 0) + Math.floor(rnd() * 2 * 3600);
        const expected = connectionScan(n, a, b, at);
        const got = raptor(n, { origins: [{ stop: a, walkSecs: 0 }], destinations: [{ stop: b, walkSecs: 0 }], departAt: at, maxTransfers: 8 });
        const earliest = got.length ? got[got.length - 1].arrival : INF;
        expect([case_, pair, earliest]).toEqual([case_, pair, expected]);
        for (const j of got) {
          // Legs chain in time and the ride legs match the timetable.
          let t = j.departure;
          for (const l of j.legs) {
            expect(l.departure).toBeGreaterThanOrEqual(t);
            expect(l.arrival).toBeGreaterThanOrEqual(l.departure);
            t = l.arrival;
          }
          expect(t).toBe(j.arrival);
        }
        // The range query's answers are each what a single query at their departure finds, and none beats another.
        const q = { origins: [{ stop: a, walkSecs: 0 }], destinations: [{ stop: b, walkSecs: 0 }], departAt: at, maxTransfers: 8, windowSecs: 3600 };
        const range = raptorRange(n, q);
        for (const j of range) {
          const single = raptor(n, { ...q, departAt: j.departure });
          expect(single.some((o) => o.arrival === j.arrival && o.transfers <= j.transfers)).toBe(true);
        }
        // Whatever leaves first in the window arrives no later than the plain query's earliest arrival.
        if (got.length) expect(Math.min(...range.map((j) => j.arrival))).toBe(earliest);
      }
    }
  });
});

/**
 * Earliest arrival with at most v vehicles, for v = 0 .. maxVehicles, by a connection scan that counts vehicles (the
 * oracle of the transfer limit): a trip is ridden with the fewest vehicles it can be caught with; after each ride, the
 * stop's change time before boarding there and one footpath (with the walk's slack before boarding); from the origin,
 * one footpath without slack.
 */
function connectionScanByVehicles(n: Network, from: number, to: number, departAt: number, maxVehicles: number): number[] {
  const conns: [number, number, number, number, number][] = [];
  for (let p = 0; p < n.patternCount; p++) {
    const trips = n.patternTripStart[p + 1] - n.patternTripStart[p];
    const s0 = n.patternStopStart[p];
    const stops = n.patternStopStart[p + 1] - s0;
    const b = n.patternTimeBase[p];
    for (let t = 0; t < trips; t++)
      for (let i = 0; i + 1 < stops; i++)
        conns.push([
          n.departures[b + i * trips + t],
          n.arrivals[b + (i + 1) * trips + t],
          n.patternStops[s0 + i],
          n.patternStops[s0 + i + 1],
          n.patternTripStart[p] + t,
        ]);
  }
  conns.sort((a, b) => a[0] - b[0]);
  const rows = () => Array.from({ length: maxVehicles + 1 }, () => new Array<number>(n.stopCount).fill(INF));
  const arr = rows();
  const ready = rows();
  const rideArr = rows();
  const vehicles = new Map<number, number>();
  const lower = (row: number[][], v: number, s: number, t: number) => {
    for (let j = v; j <= maxVehicles; j++) if (t < row[j][s]) row[j][s] = t;
  };
  lower(arr, 0, from, departAt);
  lower(ready, 0, from, departAt);
  for (let f = n.footStart[from]; f < n.footStart[from + 1]; f++) {
    lower(arr, 0, n.footTo[f], departAt + n.footSecs[f]);
    lower(ready, 0, n.footTo[f], departAt + n.footSecs[f]);
  }
  for (const [dep, a, u, v, trip] of conns) {
    let on = vehicles.get(trip) ?? INF;
    for (let j = 0; j < maxVehicles && j + 1 < on; j++) if (ready[j][u] <= dep) on = j + 1;
    if (on > maxVehicles) continue;
    vehicles.set(trip, on);
    if (a >= rideArr[on][v]) continue;
    lower(rideArr, on, v, a);
    lower(arr, on, v, a);
    lower(ready, on, v, a + n.changeSecs[v]);
    for (let f = n.footStart[v]; f < n.footStart[v + 1]; f++) {
      lower(arr, on, n.footTo[f], a + n.footSecs[f]);
      lower(ready, on, n.footTo[f], a + n.footSecs[f] + n.footSlack[f]);
    }
  }
  return arr.map((row) => row[to]);
}

describe('planner core: the transfer limit against a connection scan that counts vehicles', () => {
  it('on 150 random networks with dwell times and transfer slack, every limit from 0 to 4 changes', () => {
    const rnd = seeded(23);
    let compared = 0;
    for (let case_ = 0; case_ < 150; case_++) {
      // Every trip waits 0-90 s at each stop (arrival before departure), so the search reads departures apart from
      // arrivals; every other network adds 2 min of transfer slack.
      const base = randomNetwork(rnd);
      const dwell = Math.floor(rnd() * 90);
      const stops = base.stopIds.map((id, i) => ({ id, lat: base.stopLat[i], lon: base.stopLon[i] }));
      const trips: TripInput[] = [];
      for (let p = 0; p < base.patternCount; p++) {
        const nTrips = base.patternTripStart[p + 1] - base.patternTripStart[p];
        const s0 = base.patternStopStart[p];
        const nStops = base.patternStopStart[p + 1] - s0;
        for (let t = 0; t < nTrips; t++) {
          const at = (i: number) => base.arrivals[base.patternTimeBase[p] + i * nTrips + t];
          const ids = Array.from({ length: nStops }, (_, i) => base.stopIds[base.patternStops[s0 + i]]);
          trips.push({
            id: `p${p}t${t}`,
            routeId: `p${p}`,
            stopIds: ids,
            arrivals: ids.map((_, i) => at(i)),
            departures: ids.map((_, i) => at(i) + (i + 1 < nStops ? Math.min(dwell, Math.max(0, at(i + 1) - at(i) - 1)) : 0)),
          });
        }
      }
      const n = buildNetwork({ stops, trips, transfers: walkingLinks(stops, 700), transferSlackSecs: case_ % 2 ? 120 : 0 });
      for (let pair = 0; pair < 8; pair++) {
        const a = Math.floor(rnd() * 14);
        const b = Math.floor(rnd() * 14);
        if (a === b) continue;
        const at = hm(7, 0) + Math.floor(rnd() * 2 * 3600);
        const maxTransfers = Math.floor(rnd() * 5);
        const expected = connectionScanByVehicles(n, a, b, at, maxTransfers + 1);
        // The Pareto set: per number of vehicles, the earliest arrival when it beats every option with fewer.
        const staircase: number[] = [];
        for (const t of expected) if (t < INF && (staircase.length === 0 || t < staircase[staircase.length - 1])) staircase.push(t);
        const got = raptor(n, { origins: [{ stop: a, walkSecs: 0 }], destinations: [{ stop: b, walkSecs: 0 }], departAt: at, maxTransfers });
        expect([case_, pair, got.map((j) => j.arrival)]).toEqual([case_, pair, staircase]);
        compared += staircase.length;
      }
    }
    expect(compared).toBeGreaterThan(300);
  });
});

describe('planner core: arrive-by (the reversed search) against the forward search', () => {
  it('on 150 random networks, with and without transfer slack, from stops and from places walking to several stops', () => {
    const rnd = seeded(11);
    let answered = 0;
    let walked = 0;
    for (let case_ = 0; case_ < 150; case_++) {
      // Every other network: 2 min of transfer slack (a walk between two vehicles waits it too).
      const slack = case_ % 2 === 1;
      const n = randomNetwork(rnd, slack ? { transferSlackSecs: 120 } : {});
      const ends = (): Endpoint[] => {
        const first = Math.floor(rnd() * 14);
        if (rnd() < 0.5) return [{ stop: first, walkSecs: 0 }];
        const second = (first + 1 + Math.floor(rnd() * 13)) % 14;
        return [
          { stop: first, walkSecs: Math.floor(rnd() * 400) },
          { stop: second, walkSecs: Math.floor(rnd() * 400) },
        ];
      };
      for (let pair = 0; pair < 10; pair++) {
        const origins = ends();
        const destinations = ends();
        const arriveBy = hm(7, 30) + Math.floor(rnd() * 3 * 3600);
        const q = { origins, destinations, departAt: arriveBy - 7200, windowSecs: 0, maxTransfers: Math.floor(rnd() * 4), arriveBy };
        const found = raptorRange(n, q);
        expect([case_, pair, arriveByProblems(n, q, found)]).toEqual([case_, pair, []]);
        if (found.length) answered++;
        if (found.some((j) => j.walkSecs > 0)) walked++;
        for (const j of found) expect(found.some((o) => o !== j && dominates(o, j, true))).toBe(false);
        // The window's rRAPTOR passes the same check, so both have the same latest departure for each number of
        // changes; it may add earlier departures that walk less. (Not where the places share a stop: it leaves out a
        // journey without legs.)
        if (origins.some((o) => destinations.some((d) => d.stop === o.stop))) continue;
        const ranged = raptorRange(n, { ...q, windowSecs: 7200 });
        expect([case_, pair, arriveByProblems(n, q, ranged)]).toEqual([case_, pair, []]);
      }
    }
    // The cases were not all empty.
    expect(answered).toBeGreaterThan(300);
    expect(walked).toBeGreaterThan(100);
  });

  it('walks: leaves as late as the walk to the stop allows, and from the last stop to the place', () => {
    const n = net([trip('T1', 'R1', ['A', 'B', 'C'], [hm(8, 0), hm(8, 10), hm(8, 20)]), trip('T2', 'R1', ['A', 'B', 'C'], [hm(8, 30), hm(8, 40), hm(8, 50)])]);
    const idx = (s: string) => n.stopIndex.get(s)!;
    const q = {
      origins: [
        { stop: idx('A'), walkSecs: 600 },
        { stop: idx('B'), walkSecs: 300 },
      ],
      destinations: [{ stop: idx('C'), walkSecs: 120 }],
      departAt: hm(6, 0),
      maxTransfers: 2,
    };
    // By 08:52: the 08:30 from A (walk 10 min: leave 08:20) or the 08:40 from B (walk 5 min: leave 08:35): the later.
    const [j, ...more] = raptorArriveBy(n, { ...q, arriveBy: hm(8, 52) });
    expect(more).toEqual([]);
    expect(j).toMatchObject({ departure: hm(8, 35), arrival: hm(8, 52), transfers: 0, walkSecs: 420 });
    expect(describe_(n, j)).toEqual(['walk place 08:35 -> B 08:40', 'ride R1 B 08:40 -> C 08:50', 'walk C 08:50 -> place 08:52']);
    // By 08:51 the 08:40 is a minute late: the 08:10 from B.
    expect(raptorArriveBy(n, { ...q, arriveBy: hm(8, 51) }).map((x) => x.departure)).toEqual([hm(8, 5)]);
    // Nothing leaves after departAt and arrives in time.
    expect(raptorArriveBy(n, { ...q, departAt: hm(8, 6), arriveBy: hm(8, 51) })).toEqual([]);
  });
});
