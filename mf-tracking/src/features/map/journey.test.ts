import { boundsOf } from './mapData';
import { DEFAULT_LINE_COLOR, WALK_COLOR, journeyMap, lineColor, type JourneyLeg } from './journey';

const place = (name: string, lon: number, lat: number, stop_id = '') => ({
  stop_id,
  stop_name: name,
  stop_lon: lon,
  stop_lat: lat,
  result_type: (stop_id ? 'STOP' : 'PLACE') as JourneyLeg['from']['result_type'],
  station_type: 'STOP',
  transport_type: null,
});
const home = place('My location', 76.28, 9.99);
const kaloor = place('Kaloor', 76.29, 9.995, 'S-KAL');
const vyttila = place('Vyttila Hub', 76.32, 9.97, 'S-VYT');
const vyttila2 = place('Vyttila (bay 2)', 76.3205, 9.9702, 'S-VYT2');
const mall = place('Lulu Mall', 76.31, 10.03, 'S-LULU');
const lulu = place('Lulu Mall, Edappally', 76.308, 10.027);

const walk = (from: typeof home, to: typeof home): JourneyLeg => ({ mode: 'WALK', tripId: null, from, to, route: null });
const ride = (from: typeof home, to: typeof home, name: string, color: string | null, tripId: string): JourneyLeg => ({
  mode: 'BUS',
  tripId,
  from,
  to,
  route: { route_name: name, color },
});

// Walk to Kaloor, bus 5 (blue) to Vyttila, walk to the other bay, bus 9 (no colour) to Lulu Mall, walk to the mall.
const legs: JourneyLeg[] = [
  walk(home, kaloor),
  ride(kaloor, vyttila, '5', '#1A73E8', 'T5'),
  walk(vyttila, vyttila2),
  ride(vyttila2, mall, '9', null, 'T9'),
  walk(mall, lulu),
];
const path5 = {
  shaped: true,
  coordinates: [
    [76.29, 9.995],
    [76.3, 9.99],
    [76.31, 9.98],
    [76.32, 9.97],
  ] as [number, number][],
  stops: [
    { stop_id: 'S-KAL', lon: 76.29, lat: 9.995 },
    { stop_id: 'S-MID', lon: 76.305, lat: 9.985 },
    { stop_id: 'S-VYT', lon: 76.32, lat: 9.97 },
  ],
};

describe('journeyMap', () => {
  it('draws each ride along its path in its route colour, the default colour without one, and walks as their own kind', () => {
    const m = journeyMap(legs, [null, path5, null, null, null]);
    expect(m.lines.features.map((f) => [f.properties.kind, f.properties.color, f.properties.index])).toEqual([
      ['walk', WALK_COLOR, 0],
      ['ride', '#1a73e8', 1],
      ['walk', WALK_COLOR, 2],
      ['ride', DEFAULT_LINE_COLOR, 3],
      ['walk', WALK_COLOR, 4],
    ]);
    // Bus 5 follows its path; bus 9's path is not known: boarding to alighting stop.
    expect(m.lines.features[1].geometry.coordinates).toEqual(path5.coordinates);
    expect(m.lines.features[3].geometry.coordinates).toEqual([
      [76.3205, 9.9702],
      [76.31, 10.03],
    ]);
  });

  it('marks where the journey starts and ends, where each ride is boarded and left, and the stops ridden past', () => {
    const m = journeyMap(legs, [null, path5, null, null, null]);
    expect(m.labelled.map((p) => [p.role, p.name, p.color])).toEqual([
      ['start', 'My location', WALK_COLOR],
      ['board', 'Kaloor', '#1a73e8'],
      ['alight', 'Vyttila Hub', '#1a73e8'],
      ['board', 'Vyttila (bay 2)', DEFAULT_LINE_COLOR],
      ['alight', 'Lulu Mall', DEFAULT_LINE_COLOR],
      ['end', 'Lulu Mall, Edappally', WALK_COLOR],
    ]);
    // The stop ridden past is a small point, not labelled.
    const roles = m.points.features.map((f) => f.properties.role);
    expect(roles.filter((r) => r === 'via')).toHaveLength(1);
    expect(m.points.features).toHaveLength(7);
  });

  it('makes one change point where a ride is left and the next boarded at the same stop, in the colour of the next', () => {
    const m = journeyMap([ride(kaloor, vyttila, '5', '1A73E8', 'T5'), ride(vyttila, mall, '9', 'c2410c', 'T9')]);
    expect(m.labelled.map((p) => [p.role, p.name, p.color])).toEqual([
      ['board', 'Kaloor', '#1a73e8'],
      ['change', 'Vyttila Hub', '#c2410c'],
      ['alight', 'Lulu Mall', '#c2410c'],
    ]);
    expect(m.lines.features.map((f) => f.properties.kind)).toEqual(['ride', 'ride']);
  });

  it('draws no walk of no length and skips points without a position', () => {
    const nowhere = place('Unplaced', 0, 0, 'S-0');
    const m = journeyMap([walk(kaloor, kaloor), ride(kaloor, nowhere, '5', null, 'T5')]);
    expect(m.lines.features).toEqual([]);
    expect(m.labelled.map((p) => p.name)).toEqual(['Kaloor']);
  });

  it('fits the map to everything drawn: the ride path past the straight line and both ends of the walks', () => {
    const bent = {
      ...path5,
      coordinates: [
        [76.29, 9.995],
        [76.35, 9.9],
        [76.32, 9.97],
      ] as [number, number][],
    };
    const m = journeyMap(legs, [null, bent, null, null, null]);
    expect(boundsOf(m.extent)).toEqual([
      [76.28, 9.9],
      [76.35, 10.03],
    ]);
  });
});

describe('lineColor', () => {
  it("takes the feed's colour with or without '#', and the default for a missing or malformed one", () => {
    expect(lineColor('F57C00')).toBe('#f57c00');
    expect(lineColor('#0000FF')).toBe('#0000ff');
    expect(lineColor('')).toBe(DEFAULT_LINE_COLOR);
    expect(lineColor(null)).toBe(DEFAULT_LINE_COLOR);
    expect(lineColor('blue')).toBe(DEFAULT_LINE_COLOR);
  });
});
