import { buildNetwork, raptor, raptorArriveBy, type NetworkInput } from './index';

// A minimum transfer slack (default 3 min, per city), GTFS transfers.txt honoured. The network of a
// test: R1 O → X (arrives 08:10); R2 leaves X at 08:11 and 08:20 for D; R3 leaves Y (a walk from X) at 08:13 and
// 08:30 for E.
const h = (hh: number, mm: number) => hh * 3600 + mm * 60;
const base = (extra: Partial<NetworkInput> = {}): NetworkInput => ({
  stops: [
    { id: 'O', lat: 10, lon: 76 },
    { id: 'X', lat: 10.01, lon: 76 },
    { id: 'Y', lat: 10.0105, lon: 76 },
    { id: 'D', lat: 10.05, lon: 76 },
    { id: 'E', lat: 10.06, lon: 76 },
  ],
  trips: [
    { id: 'r1', routeId: 'R1', stopIds: ['O', 'X'], arrivals: [h(8, 0), h(8, 10)], departures: [h(8, 0), h(8, 10)] },
    { id: 'r2a', routeId: 'R2', stopIds: ['X', 'D'], arrivals: [h(8, 11), h(8, 25)], departures: [h(8, 11), h(8, 25)] },
    { id: 'r2b', routeId: 'R2', stopIds: ['X', 'D'], arrivals: [h(8, 20), h(8, 34)], departures: [h(8, 20), h(8, 34)] },
    { id: 'r3a', routeId: 'R3', stopIds: ['Y', 'E'], arrivals: [h(8, 13), h(8, 25)], departures: [h(8, 13), h(8, 25)] },
    { id: 'r3b', routeId: 'R3', stopIds: ['Y', 'E'], arrivals: [h(8, 30), h(8, 42)], departures: [h(8, 30), h(8, 42)] },
  ],
  ...extra,
});
const arrive = (input: NetworkInput, to: string, from = 'O') => {
  const net = buildNetwork(input);
  const found = raptor(net, {
    origins: [{ stop: net.stopIndex.get(from)!, walkSecs: 0 }],
    destinations: [{ stop: net.stopIndex.get(to)!, walkSecs: 0 }],
    departAt: h(7, 55),
    maxTransfers: 2,
  });
  return found.length ? found[found.length - 1].arrival : null;
};

/** Arrive-by (the backward search): the departure from `from` of the latest journey reaching `to` by `by`, or null. */
const leave = (input: NetworkInput, to: string, by: number, from = 'O') => {
  const net = buildNetwork(input);
  const found = raptorArriveBy(net, {
    origins: [{ stop: net.stopIndex.get(from)!, walkSecs: 0 }],
    destinations: [{ stop: net.stopIndex.get(to)!, walkSecs: 0 }],
    departAt: h(6, 0),
    maxTransfers: 2,
    arriveBy: by,
  });
  return found.length ? Math.max(...found.map((j) => j.departure)) : null;
};

describe('transfer slack', () => {
  it('changing at the same stop: no slack catches the 08:11, 3 min of slack waits for the 08:20', () => {
    expect(arrive(base(), 'D')).toBe(h(8, 25));
    expect(arrive(base({ transferSlackSecs: 180 }), 'D')).toBe(h(8, 34));
  });
  it("a stop's own change time in transfers.txt replaces the slack", () => {
    expect(arrive(base({ transferSlackSecs: 180, transfers: [{ fromStopId: 'X', toStopId: 'X', minSecs: 60, exact: true }] }), 'D')).toBe(h(8, 25));
  });
  it('a walk between two vehicles gets the slack; a transfers.txt link with its own time does not', () => {
    const walk = { fromStopId: 'X', toStopId: 'Y', minSecs: 120 };
    // 08:10 + 2 min walk = 08:12: the 08:13 is caught without slack, missed with it (08:12 + 3 min).
    expect(arrive(base({ transfers: [walk] }), 'E')).toBe(h(8, 25));
    expect(arrive(base({ transfers: [walk], transferSlackSecs: 180 }), 'E')).toBe(h(8, 42));
    expect(arrive(base({ transfers: [{ ...walk, exact: true }], transferSlackSecs: 180 }), 'E')).toBe(h(8, 25));
  });
  it('the walk from the origin to the first vehicle gets no slack', () => {
    // From X, walking 2 min to Y at 07:55 easily; from O the ride is first. Here: start at X at 08:10, walk to Y.
    const net = buildNetwork(base({ transfers: [{ fromStopId: 'X', toStopId: 'Y', minSecs: 120 }], transferSlackSecs: 600 }));
    const found = raptor(net, {
      origins: [{ stop: net.stopIndex.get('X')!, walkSecs: 0 }],
      destinations: [{ stop: net.stopIndex.get('E')!, walkSecs: 0 }],
      departAt: h(8, 10),
      maxTransfers: 1,
    });
    expect(found.map((j) => j.arrival)).toEqual([h(8, 25)]);
  });
  it('arrive-by keeps the same rules, backwards: the change and the walk between two vehicles wait the slack, transfers.txt times as given', () => {
    expect(leave(base(), 'D', h(8, 25))).toBe(h(8, 0));
    expect(leave(base({ transferSlackSecs: 180 }), 'D', h(8, 25))).toBeNull();
    expect(leave(base({ transferSlackSecs: 180 }), 'D', h(8, 34))).toBe(h(8, 0));
    expect(leave(base({ transferSlackSecs: 180, transfers: [{ fromStopId: 'X', toStopId: 'X', minSecs: 60, exact: true }] }), 'D', h(8, 25))).toBe(h(8, 0));
    const walk = { fromStopId: 'X', toStopId: 'Y', minSecs: 120 };
    expect(leave(base({ transfers: [walk] }), 'E', h(8, 25))).toBe(h(8, 0));
    expect(leave(base({ transfers: [walk], transferSlackSecs: 180 }), 'E', h(8, 25))).toBeNull();
    expect(leave(base({ transfers: [{ ...walk, exact: true }], transferSlackSecs: 180 }), 'E', h(8, 25))).toBe(h(8, 0));
    // No slack on the walk from the origin: from X, walk to Y and take the 08:13 (by 08:25: leave X at 08:11).
    expect(leave(base({ transfers: [walk], transferSlackSecs: 600 }), 'E', h(8, 25), 'X')).toBe(h(8, 11));
  });
});
