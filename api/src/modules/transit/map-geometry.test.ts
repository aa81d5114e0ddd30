import { cutShape, mergeLines, placeStopsOnShape, ridePath, roundLine, simplifyLine, type LonLat, type PathStop } from './map-geometry';

// About 111 m per 0.001 degree of latitude; at 10° N a 0.001 degree of longitude is about 110 m.
const stop = (stop_id: string, lon: number, lat: number): PathStop => ({ stop_id, lon, lat });

describe('simplifyLine', () => {
  it('drops points within the tolerance of the line and keeps corners and both ends', () => {
    // A straight run east with 1 m wobbles, then a corner north.
    const line: LonLat[] = [
      [76.0, 10.0],
      [76.001, 10.00001],
      [76.002, 9.99999],
      [76.003, 10.0],
      [76.003, 10.003],
    ];
    expect(simplifyLine(line, 5)).toEqual([
      [76.0, 10.0],
      [76.003, 10.0],
      [76.003, 10.003],
    ]);
    // A tolerance under the wobble keeps every point.
    expect(simplifyLine(line, 0.5)).toHaveLength(5);
  });

  it('keeps lines of one or two points as they are', () => {
    expect(simplifyLine([[1, 2]], 10)).toEqual([[1, 2]]);
    expect(simplifyLine([], 10)).toEqual([]);
  });
});

describe('mergeLines', () => {
  it('keeps each shared stretch once, either way round, and joins stretches into runs between junctions', () => {
    // Two routes share the road P-Q-R (one of them backwards), then part: R-S and R-T. A third is a ring U-V-W-U.
    const P: LonLat = [76.0, 10.0];
    const Q: LonLat = [76.001, 10.0];
    const R: LonLat = [76.002, 10.0];
    const S: LonLat = [76.003, 10.001];
    const T: LonLat = [76.003, 9.999];
    const [U, V, W]: LonLat[] = [
      [76.01, 10.01],
      [76.011, 10.01],
      [76.011, 10.011],
    ];
    const runs = mergeLines([
      [P, Q, R, S],
      [T, R, Q, P],
      [U, V, W, U],
    ]);
    const asKeys = runs.map((r) => r.map((p) => p.join(',')).join(' '));
    // P-Q-R once (R is a junction: three stretches meet there), R-S and R-T, and the ring whole.
    expect(runs).toHaveLength(4);
    expect(asKeys).toContainEqual([P, Q, R].map((p) => p.join(',')).join(' '));
    expect(asKeys.filter((k) => k.startsWith(R.join(',')) || k.endsWith(R.join(',')))).toHaveLength(3);
    const ring = runs.find((r) => r.length === 4)!;
    expect(ring[0]).toEqual(ring[3]);
    // Every stretch is drawn exactly once.
    const stretches = runs.flatMap((r) => r.slice(1).map((p, i) => [r[i].join(','), p.join(',')].sort().join('|')));
    expect(stretches).toHaveLength(new Set(stretches).size);
    expect(stretches).toHaveLength(7); // P-Q, Q-R, R-S, R-T and the ring's three
  });
});

describe('roundLine', () => {
  it('rounds to 5 decimals and drops repeated points', () => {
    expect(
      roundLine([
        [76.123456, 10.000001],
        [76.123459, 10.000004],
        [76.2, 10.1],
      ]),
    ).toEqual([
      [76.12346, 10.0],
      [76.2, 10.1],
    ]);
  });
});

describe('ridePath: a leg cut from its trip shape', () => {
  // An L-shaped road: east 0.004°, then north 0.004°. Stops A (start), B (east end, 20 m off the road), C (north end).
  const shape: LonLat[] = [
    [76.0, 10.0],
    [76.002, 10.0],
    [76.004, 10.0],
    [76.004, 10.002],
    [76.004, 10.004],
  ];
  const stops = [stop('A', 76.0, 10.0), stop('M', 76.003, 10.0002), stop('B', 76.004, 10.0018), stop('C', 76.004, 10.004)];

  it('follows the shape between the boarding and the alighting stop, starting and ending where they meet the road', () => {
    const r = ridePath(shape, stops, 'M', 'C')!;
    expect(r.shaped).toBe(true);
    expect(r.stops.map((s) => s.stop_id)).toEqual(['M', 'B', 'C']);
    // M projects onto the first leg of the L at 76.003; the corner is kept; the ride ends at C.
    expect(r.coordinates[0][0]).toBeCloseTo(76.003, 6);
    expect(r.coordinates[0][1]).toBeCloseTo(10.0, 6);
    expect(r.coordinates.slice(1)).toEqual([
      [76.004, 10.0],
      [76.004, 10.002],
      [76.004, 10.004],
    ]);
  });

  it('cuts a ride in the middle of the shape without its ends', () => {
    const r = ridePath(shape, stops, 'A', 'B')!;
    expect(r.shaped).toBe(true);
    expect(r.coordinates[0]).toEqual([76.0, 10.0]);
    const last = r.coordinates[r.coordinates.length - 1];
    expect(last[0]).toBeCloseTo(76.004, 6);
    expect(last[1]).toBeCloseTo(10.0018, 6);
    // Nothing of the shape past B.
    expect(r.coordinates.some(([, lat]) => lat > 10.0019)).toBe(false);
  });

  it('on a loop that passes a stop twice, takes the pass after the boarding stop', () => {
    // Out east and back west along the same road; the trip calls at X on the way out and at Y on the way back, then
    // at X again: the ride Y -> X is the way back, not the start of the shape.
    const loop: LonLat[] = [
      [76.0, 10.0],
      [76.004, 10.0],
      [76.004, 10.0001],
      [76.0, 10.0001],
    ];
    const trip = [stop('X', 76.001, 10.0), stop('Y', 76.004, 10.00005), stop('X', 76.001, 10.0001)];
    const r = ridePath(loop, trip, 'Y', 'X')!;
    expect(r.shaped).toBe(true);
    const [endLon, endLat] = r.coordinates[r.coordinates.length - 1];
    expect(endLon).toBeCloseTo(76.001, 6);
    expect(endLat).toBeCloseTo(10.0001, 6);
    expect(r.coordinates.length).toBeGreaterThanOrEqual(3);
  });

  it('draws straight lines through the stops when there is no shape, or the shape does not pass near the stops', () => {
    const none = ridePath([], stops, 'A', 'C')!;
    expect(none).toEqual({ shaped: false, stops, coordinates: stops.map((s) => [s.lon, s.lat]) });
    // A shape of another street 1 km north.
    const far: LonLat[] = shape.map(([lon, lat]) => [lon, lat + 0.01]);
    expect(ridePath(far, stops, 'A', 'C')!.shaped).toBe(false);
  });

  it('is null when the trip does not call at the alighting stop after the boarding one', () => {
    expect(ridePath(shape, stops, 'C', 'A')).toBeNull();
    expect(ridePath(shape, stops, 'A', 'Z')).toBeNull();
    expect(ridePath(shape, stops, 'Z', 'A')).toBeNull();
  });
});

describe('placeStopsOnShape and cutShape', () => {
  it('places stops in order along the shape and cuts between two places', () => {
    const shape: LonLat[] = [
      [0, 0],
      [0.001, 0],
      [0.002, 0],
    ];
    const placed = placeStopsOnShape(shape, [
      [0.0005, 0],
      [0.0015, 0.0001],
    ])!;
    expect(placed.map((p) => [p.segment, Number(p.t.toFixed(3))])).toEqual([
      [0, 0.5],
      [1, 0.5],
    ]);
    expect(placed[1].distanceMeters).toBeGreaterThan(10);
    expect(placed[1].distanceMeters).toBeLessThan(12);
    const round = (l: LonLat[]) => l.map(([lon, lat]) => [Number(lon.toFixed(9)), Number(lat.toFixed(9))]);
    expect(round(cutShape(shape, placed[0], placed[1]))).toEqual([
      [0.0005, 0],
      [0.001, 0],
      [0.0015, 0],
    ]);
    expect(placeStopsOnShape([[0, 0]], [[0, 0]])).toBeNull();
  });
});
