import { cityTimeToday, decodePlace, encodePlace, planQuery, planVariables, readPlan } from './plan';

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
    expect(planVariables('mumbai', { from, to: from, mode: 'now' }, now)).toEqual({ city: 'mumbai', from: { stopId: 'A' }, to: { stopId: 'A' }, departAt: now, windowMinutes: 0 });
    expect(planVariables('mumbai', { from, to: from, mode: 'window', windowMinutes: 30 }, now).windowMinutes).toBe(30);
  });
});
