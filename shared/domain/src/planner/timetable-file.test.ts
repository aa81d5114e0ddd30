import { DEFAULT_PLANNER_WALK } from '../transit';
import { buildNetwork, type Network, type NetworkInput, type TripInput } from './network';
import { decodeTimetable, encodeTimetable, timetableFileInfo, TimetableFileError, type TimetableInput } from './timetable-file';

/** A small random city: stops on a line, routes with timed trips, a frequency route, a night trip from the day before. */
function randomInput(seed: number, trips: number): NetworkInput {
  let x = seed;
  const rnd = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  const stops = Array.from({ length: 40 }, (_, i) => ({ id: `s${i}`, lat: 9.9 + i * 0.002, lon: 76.2 + (i % 5) * 0.002 }));
  const list: TripInput[] = [];
  for (let t = 0; t < trips; t++) {
    const route = `r${t % 6}`;
    const start = Math.floor(rnd() * 35);
    const len = 2 + Math.floor(rnd() * 5);
    const ids = Array.from({ length: len }, (_, i) => `s${start + i}`);
    let clock = 5 * 3600 + Math.floor(rnd() * 18 * 3600);
    const arr: (number | null)[] = [];
    const dep: (number | null)[] = [];
    for (let i = 0; i < len; i++) {
      arr.push(i === 2 ? null : clock);
      clock += Math.floor(rnd() * 60);
      dep.push(i === 2 ? null : clock);
      clock += 60 + Math.floor(rnd() * 300);
    }
    list.push({ id: `t${t}`, routeId: route, stopIds: ids, arrivals: arr, departures: dep, dayOffset: t % 17 === 0 ? -1 : 0 });
  }
  list.push({
    id: 'freq',
    routeId: 'rf',
    stopIds: ['s0', 's1', 's2'],
    arrivals: [0, 300, 600],
    departures: [0, 330, 600],
    frequencies: [{ startSecs: 6 * 3600, endSecs: 9 * 3600, headwaySecs: 600 }],
  });
  list.push({ id: 'night', routeId: 'r0', dayOffset: -1, stopIds: ['s3', 's4'], arrivals: [86000, 87000], departures: [86000, 87000] });
  return {
    stops,
    trips: list,
    transfers: [
      { fromStopId: 's1', toStopId: 's2' },
      { fromStopId: 's2', toStopId: 's1', minSecs: 200, exact: true },
      { fromStopId: 's5', toStopId: 's5', minSecs: 90 },
    ],
    transferSlackSecs: 120,
  };
}

function fileInput(days: { date: string; input: NetworkInput }[]): { input: TimetableInput; networks: Network[] } {
  const networks = days.map((d) => buildNetwork(d.input));
  const routes = [...new Set(days.flatMap((d) => d.input.trips.map((t) => t.routeId)))].map((id) => ({
    route_id: id,
    route_short_name: id.toUpperCase(),
    route_long_name: null,
    route_type: 3,
    route_color: null,
    route_text_color: null,
    agency_name: 'Test',
  }));
  const stops = days[0].input.stops.map((s) => ({ stop_id: s.id, stop_name: `Stop ${s.id}`, stop_lat: s.lat ?? null, stop_lon: s.lon ?? null }));
  return {
    networks,
    input: {
      cityId: 'testville',
      feedVersion: '7@2026-01-01',
      timeZone: 'Asia/Kolkata',
      slackSecs: 120,
      walk: DEFAULT_PLANNER_WALK,
      stopBased: false,
      stops,
      routes,
      days: days.map((d, i) => ({
        date: d.date,
        startMs: Date.UTC(2026, 0, 15 + i) - 5.5 * 3_600_000,
        network: networks[i],
        headsigns: d.input.trips.map((t, k) => (k % 3 === 0 ? null : `To ${t.stopIds[t.stopIds.length - 1]}`)),
        tripsOnDate: d.input.trips.filter((t) => t.dayOffset !== -1).length,
      })),
    },
  };
}

/** Every field of a network (typed arrays by value, the stop map as entries). */
const plain = (n: Network) =>
  Object.fromEntries(
    Object.entries(n)
      .filter(([k]) => k !== 'stopIndex')
      .map(([k, v]) => [k, ArrayBuffer.isView(v) ? Array.from(v as Int32Array) : v])
      .concat([['stopIndex', [...n.stopIndex.entries()]]]),
  );

describe('offline timetable file', () => {
  const { input, networks } = fileInput([
    { date: '20260115', input: randomInput(1, 300) },
    { date: '20260116', input: randomInput(2, 280) },
  ]);
  const bytes = encodeTimetable(input);

  it('reads back every day network array for array as buildNetwork made it (derived arrays included)', () => {
    const tt = decodeTimetable(bytes);
    expect(tt.days.map((d) => d.date)).toEqual(['20260115', '20260116']);
    tt.days.forEach((d, i) => {
      // NaN-free coordinates here, so equality of the plain form is equality of the network.
      expect(plain(d.network)).toEqual(plain(networks[i]));
      expect(d.headsigns).toEqual(input.days[i].headsigns);
      expect(d.tripsOnDate).toBe(input.days[i].tripsOnDate);
      expect(d.startMs).toBe(input.days[i].startMs);
    });
    expect(tt.stops).toEqual(input.stops);
    expect(tt.routes).toEqual(input.routes);
    expect(tt).toMatchObject({ cityId: 'testville', feedVersion: '7@2026-01-01', timeZone: 'Asia/Kolkata', slackSecs: 120, stopBased: false });
    expect(timetableFileInfo(bytes)).toEqual({ cityId: 'testville', feedVersion: '7@2026-01-01', dates: ['20260115', '20260116'] });
  });

  it("writes the feed's footpaths once when the days share them", () => {
    const one = encodeTimetable({ ...input, days: [input.days[0]] });
    const same = encodeTimetable({ ...input, days: [input.days[0], { ...input.days[0], date: '20260116' }] });
    const dayBytes = one.length - 12;
    // The second, identical day costs its patterns and times but not its footpaths again.
    expect(same.length - one.length).toBeLessThan(dayBytes);
    const tt = decodeTimetable(same);
    expect(plain(tt.days[1].network)).toEqual(plain(networks[0]));
  });

  it('refuses a damaged, truncated or foreign file', () => {
    expect(() => decodeTimetable(bytes.subarray(0, bytes.length - 5))).toThrow(TimetableFileError);
    const other = bytes.slice();
    other[0] = 0;
    expect(() => decodeTimetable(other)).toThrow(/not a timetable file/);
    const format = bytes.slice();
    format[7] = 99;
    expect(() => decodeTimetable(format)).toThrow(/format 99/);
    expect(() => decodeTimetable(new Uint8Array(4))).toThrow(/too short/);
  });

  it('refuses day networks of other stops than the file', () => {
    const shorter = buildNetwork({ ...randomInput(3, 10), stops: randomInput(3, 10).stops.slice(0, 39) });
    expect(() => encodeTimetable({ ...input, days: [{ ...input.days[0], network: shorter }] })).toThrow(/other stops/);
  });
});
