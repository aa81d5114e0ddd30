import { DEFAULT_PLANNER_WALK } from '@sawari/domain';
import { buildNetwork, decodeTimetable, encodeTimetable } from '@sawari/domain/src/planner';
import { keptDepartures } from './stop-departures';

const START = Date.UTC(2026, 0, 14, 18, 30); // 2026-01-15 00:00 in Kolkata
const stops = [
  { id: 'A', lat: 9.9, lon: 76.2 },
  { id: 'B', lat: 9.91, lon: 76.2 },
  { id: 'C', lat: 9.92, lon: 76.2 },
];
const trips = [0, 1, 2].map((k) => ({
  id: `t${k}`,
  routeId: 'R1',
  stopIds: ['A', 'B', 'C'],
  arrivals: [8 * 3600 + k * 1800, 8 * 3600 + k * 1800 + 600, 8 * 3600 + k * 1800 + 1200],
  departures: [8 * 3600 + k * 1800, 8 * 3600 + k * 1800 + 660, 8 * 3600 + k * 1800 + 1200],
}));
const tt = decodeTimetable(
  encodeTimetable({
    cityId: 'testville',
    feedVersion: '1',
    timeZone: 'Asia/Kolkata',
    slackSecs: 180,
    walk: DEFAULT_PLANNER_WALK,
    stopBased: false,
    stops: stops.map((s) => ({ stop_id: s.id, stop_name: `Stop ${s.id}`, stop_lat: s.lat, stop_lon: s.lon })),
    routes: [{ route_id: 'R1', route_short_name: '1', route_long_name: null, route_type: 3, route_color: 'F57C00', route_text_color: null, agency_name: 'T' }],
    days: [{ date: '20260115', startMs: START, network: buildNetwork({ stops, trips, transferSlackSecs: 180 }), headsigns: ['C', 'C', 'C'], tripsOnDate: 3 }],
  }),
);
const at = (h: number, m: number) => START + (h * 3600 + m * 60) * 1000;

describe('keptDepartures: a stop’s next buses from the timetable kept on the phone', () => {
  it('the departures at or after now, soonest first, with the route and where it goes', () => {
    expect(keptDepartures(tt, 'B', at(8, 20))).toEqual([
      { routeId: 'R1', routeName: '1', color: 'F57C00', textColor: null, headsign: 'C', at: at(8, 41) },
      { routeId: 'R1', routeName: '1', color: 'F57C00', textColor: null, headsign: 'C', at: at(9, 11) },
    ]);
    expect(keptDepartures(tt, 'A', at(7, 0), 1).map((d) => d.at)).toEqual([at(8, 0)]);
  });
  it('none from a last stop, an unknown stop, or after the last bus', () => {
    expect(keptDepartures(tt, 'C', at(7, 0))).toEqual([]);
    expect(keptDepartures(tt, 'X', at(7, 0))).toEqual([]);
    expect(keptDepartures(tt, 'A', at(12, 0))).toEqual([]);
  });
});
