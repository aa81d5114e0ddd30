import { departureGroups, departureWhen, nextDepartures, routePath, stopPath, type ArrivalIn } from './departures';

const NOW = Date.parse('2026-11-23T10:00:00+05:30');
const MIN = 60_000;
const arrival = (over: Partial<ArrivalIn>): ArrivalIn => ({
  route_id: 'R5',
  route_name: '5',
  headsign: 'Dadar',
  tripId: 't1',
  scheduledTime: NOW + 10 * MIN,
  vNo: null,
  tS: null,
  eta: null,
  passedAt: null,
  ...over,
});
const routes = [{ route_id: 'R5', color: 'FFD200', text_color: '000000' }];

describe('the next buses Home shows at a stop', () => {
  it('soonest first, live from a fresh position, scheduled otherwise, with the route colours', () => {
    const list = nextDepartures(
      [
        arrival({ tripId: 'sched', scheduledTime: NOW + 20 * MIN }),
        arrival({ tripId: 'live', route_id: 'R9', route_name: '9', vNo: 'MH01', tS: NOW - 20_000, eta: 6 * 60 }),
        arrival({ tripId: 'old', vNo: 'MH02', tS: NOW - 5 * MIN, eta: 3 * 60, scheduledTime: NOW + 30 * MIN }),
      ],
      routes,
      NOW,
    );
    expect(list.map((d) => [d.key.split('|')[0], d.status.kind])).toEqual([
      ['old', 'estimated'],
      ['live', 'live'],
      ['sched', 'scheduled'],
    ]);
    // the live ETA counts from when it was computed: 6 min 20 s ago it was 6 min
    expect(list[1].status).toEqual({ kind: 'live', minutes: 6 });
    expect(list[1].color).toBeNull(); // R9 has no colour in the stop's routes: the badge's default
    expect(list[2]).toMatchObject({ routeName: '5', color: 'FFD200', textColor: '000000', headsign: 'Dadar' });
  });
  it("an arrival's own route colours come first", () => {
    const [d] = nextDepartures([arrival({ route_color: '#0B3D91', route_text_color: '#FFFFFF' })], routes, NOW);
    expect(d).toMatchObject({ color: '#0B3D91', textColor: '#FFFFFF' });
  });
  it('leaves out buses that have left, and keeps at most `limit`', () => {
    const many = Array.from({ length: 6 }, (_, i) => arrival({ tripId: `t${i}`, scheduledTime: NOW + (i + 1) * MIN }));
    expect(nextDepartures([arrival({ tripId: 'gone', passedAt: NOW - 30_000 }), ...many], routes, NOW)).toHaveLength(3);
    expect(nextDepartures([arrival({ tripId: 'gone', passedAt: NOW - 5 * MIN })], routes, NOW)).toEqual([]);
    expect(nextDepartures(many, routes, NOW, 5).map((d) => d.key.split('|')[0])).toEqual(['t0', 't1', 't2', 't3', 't4']);
  });
  it('links to every bus at the stop and to the route map', () => {
    expect(stopPath('S 1', 'Sion / Circle', 123.6)).toBe('/nearest-bus-stop/all-buses/S%201/Sion%20%2F%20Circle/124');
    expect(stopPath('S1', 'Sion', null)).toBe('/nearest-bus-stop/all-buses/S1/Sion/-');
    expect(routePath('AE-T1')).toBe('/live-tracking/route-map/AE-T1');
  });
});

describe("Home's next buses by line and direction", () => {
  it('a row per route and headsign, soonest first, its next two buses; at most four rows; a bus that left never listed', () => {
    const groups = departureGroups(
      [
        arrival({ tripId: 'left', passedAt: NOW - 30_000 }),
        arrival({ tripId: 'a1', scheduledTime: NOW + 3 * MIN }),
        arrival({ tripId: 'a2', scheduledTime: NOW + 13 * MIN }),
        arrival({ tripId: 'a3', scheduledTime: NOW + 23 * MIN }),
        arrival({ tripId: 'b1', headsign: 'Sion', scheduledTime: NOW + 5 * MIN }),
        arrival({ tripId: 'c1', route_id: 'R9', route_name: '9', scheduledTime: NOW + 7 * MIN }),
        arrival({ tripId: 'd1', route_id: 'R7', route_name: '7', scheduledTime: NOW + 8 * MIN }),
        arrival({ tripId: 'e1', route_id: 'R8', route_name: '8', scheduledTime: NOW + 9 * MIN }),
        arrival({ tripId: 'b2', headsign: 'sion ', scheduledTime: NOW + 25 * MIN }),
      ],
      routes,
      NOW,
    );
    expect(groups.map((g) => [g.routeName, g.headsign, g.next.map((d) => d.key.split('|')[0])])).toEqual([
      ['5', 'Dadar', ['a1', 'a2']],
      ['5', 'Sion', ['b1', 'b2']],
      ['9', 'Dadar', ['c1']],
      ['7', 'Dadar', ['d1']],
    ]);
  });
  it('"in N min" up to an hour ahead, live or from the timetable; the clock time beyond', () => {
    expect(departureWhen({ kind: 'live', minutes: 4 }, NOW)).toEqual({ kind: 'in', minutes: 4 });
    expect(departureWhen({ kind: 'scheduled', at: NOW + 12 * MIN }, NOW)).toEqual({ kind: 'in', minutes: 12 });
    expect(departureWhen({ kind: 'scheduled', at: NOW + 60 * MIN }, NOW)).toEqual({ kind: 'in', minutes: 60 });
    expect(departureWhen({ kind: 'scheduled', at: NOW + 61 * MIN }, NOW)).toEqual({ kind: 'at', at: NOW + 61 * MIN });
  });
});
