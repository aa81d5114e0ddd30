import { LAST_TRIP_KEY, planAgainPath, readLastTrip, recordLastTrip, tripFromAddress } from './lastTrip';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
};

describe('the last trip planned', () => {
  const search = '?from=stop%3ASION&fromName=Sion+Circle&to=geo%3A19.0%2C72.8&toName=Dadar&mode=at&time=08%3A30&date=2026-11-20';
  it('is read from a planner results address, planned again leaving now', () => {
    const t = tripFromAddress('/trip-planner/results', search, 'mumbai', 5);
    expect(t).toEqual({ city: 'mumbai', fromName: 'Sion Circle', toName: 'Dadar', at: 5, query: expect.any(String) });
    const q = new URLSearchParams(t!.query);
    expect(Object.fromEntries(q)).toEqual({ from: 'stop:SION', fromName: 'Sion Circle', to: 'geo:19.0,72.8', toName: 'Dadar', mode: 'now' });
    expect(planAgainPath(t!)).toBe(`/trip-planner/results?${t!.query}`);
  });
  it('ignores other addresses and results without both places', () => {
    expect(tripFromAddress('/trip-planner', search, 'mumbai', 5)).toBeNull();
    expect(tripFromAddress('/live-tracking/results', '?q=5', 'mumbai', 5)).toBeNull();
    expect(tripFromAddress('/trip-planner/results', '?from=stop%3ASION', 'mumbai', 5)).toBeNull();
  });
  it('is kept per device and offered only in the city it was planned in', () => {
    const s = memory();
    recordLastTrip(tripFromAddress('/trip-planner/results', search, 'mumbai', 5), s);
    expect(readLastTrip('mumbai', s)?.fromName).toBe('Sion Circle');
    expect(readLastTrip('kochi', s)).toBeNull();
    recordLastTrip(null, s);
    expect(readLastTrip('mumbai', s)?.toName).toBe('Dadar');
    s.setItem(LAST_TRIP_KEY, '{broken');
    expect(readLastTrip('mumbai', s)).toBeNull();
    s.setItem(LAST_TRIP_KEY, JSON.stringify({ city: 'mumbai', query: 1 }));
    expect(readLastTrip('mumbai', s)).toBeNull();
  });
});
