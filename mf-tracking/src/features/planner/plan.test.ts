import { buyTicketHref, cityDateTime, cityTimeToday, cityToday, decodePlace, encodePlace, fareLegs, planQuery, planVariables, readPlan } from './plan';

describe('trip planner state', () => {
  it('round-trips stops and coordinates through the URL', () => {
    const from = { kind: 'stop' as const, stopId: 'T1', name: 'Terminal 1' };
    const to = { kind: 'geo' as const, lat: 19.1, lon: 72.85, name: 'My location' };
    const back = readPlan(new URLSearchParams(planQuery({ from, to, mode: 'window', windowMinutes: 45 })));
    expect(back).toEqual({ from, to: { ...to, lat: 19.1, lon: 72.85 }, mode: 'window', time: undefined, windowMinutes: 45 });
    expect(encodePlace(to)).toBe('geo:19.100000,72.850000');
  });
  it('refuses what is not a place', () => {
    expect(decodePlace('geo:100,1', null)).toBeNull();
    expect(decodePlace('stop:', null)).toBeNull();
    expect(decodePlace('<script>', null)).toBeNull();
    expect(readPlan(new URLSearchParams('from=stop:A'))).toBeNull();
  });
  it('turns a city time today into epoch ms (Asia/Kolkata)', () => {
    const now = Date.UTC(2026, 0, 5, 20, 0); // 01:30 on 6 Jan in Kolkata
    expect(new Date(cityTimeToday(now, '08:15')!).toISOString()).toBe('2026-01-06T02:45:00.000Z');
    expect(cityTimeToday(now, '25:00')).toBeNull();
  });
  it('asks planTrip for now, a time, or a window', () => {
    const from = { kind: 'stop' as const, stopId: 'A', name: 'A' };
    const now = Date.UTC(2026, 0, 5, 4, 0);
    expect(planVariables('mumbai', { from, to: from, mode: 'now' }, now)).toEqual({
      city: 'mumbai',
      from: { stopId: 'A' },
      to: { stopId: 'A' },
      departAt: now,
      windowMinutes: 0,
      arriveBy: false,
    });
    expect(planVariables('mumbai', { from, to: from, mode: 'window', windowMinutes: 30 }, now).windowMinutes).toBe(30);
  });
  it('arrive by or leave at any date and time, names a coordinate, and reads back from the URL', () => {
    const from = { kind: 'geo' as const, lat: 9.97, lon: 76.28, name: 'My location' };
    const to = { kind: 'stop' as const, stopId: 'V1', name: 'Vyttila' };
    const query = planQuery({ from, to, mode: 'by', date: '2026-02-14', time: '09:30' });
    const back = readPlan(new URLSearchParams(query))!;
    expect(back).toMatchObject({ mode: 'by', date: '2026-02-14', time: '09:30' });
    const v = planVariables('kochi', back, Date.UTC(2026, 0, 5, 4, 0));
    expect(v).toMatchObject({ arriveBy: true, windowMinutes: 0, from: { lat: 9.97, lon: 76.28, name: 'My location' }, to: { stopId: 'V1' } });
    expect(new Date(v.departAt).toISOString()).toBe('2026-02-14T04:00:00.000Z');
    expect(planVariables('kochi', { ...back, mode: 'at' }, 0).arriveBy).toBe(false);
    expect(cityDateTime('2026-02-30', '09:00')).toBeNull();
    expect(cityDateTime('2026-02-14', '9:5')).toBeNull();
    expect(cityToday(Date.UTC(2026, 0, 5, 20, 0))).toBe('2026-01-06');
    expect(readPlan(new URLSearchParams(planQuery({ from, to, mode: 'by', date: 'x', time: '09:30' })))!.date).toBeUndefined();
  });
  it('prices the rides of an itinerary and buys one straight from its stops', () => {
    const stop = (id: string) => ({ stop_id: id }) as never;
    const legs = [
      { mode: 'WALK', from: { stop_id: '' }, to: stop('A'), route: null },
      { mode: 'BUS', from: stop('A'), to: stop('B'), route: { route_id: 'R1' } },
      { mode: 'BUS', from: stop('C'), to: stop('D'), route: { route_id: 'R2' } },
    ] as never;
    expect(fareLegs({ legs })).toEqual([
      { routeId: 'R1', fromStopId: 'A', toStopId: 'B' },
      { routeId: 'R2', fromStopId: 'C', toStopId: 'D' },
    ]);
    expect(buyTicketHref('kochi', { routeId: 'R 1', fromStopId: 'A', toStopId: 'B' })).toBe('/app/select-trip/select-route?city=kochi&routeId=R+1&from=A&to=B');
  });
});
