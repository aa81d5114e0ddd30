import { nextDepartures, routePath, stopPath, type ArrivalIn } from './departures';

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
