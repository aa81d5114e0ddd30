import { favouritePath } from './favouritePath';

describe('favouritePath', () => {
  it('a stop opens its arrivals, a route its map; names and ids are escaped as path segments', () => {
    expect(favouritePath({ kind: 'stop', refId: 'T1-BAY', label: 'Terminal 1 Bus Bay' })).toBe('/nearest-bus-stop/all-buses/T1-BAY/Terminal%201%20Bus%20Bay/-');
    expect(favouritePath({ kind: 'route', refId: 'AE-T1-KHR', label: 'AE1' })).toBe('/live-tracking/route-map/AE-T1-KHR');
    expect(favouritePath({ kind: 'stop', refId: 'a/b', label: 'x?y' })).toBe('/nearest-bus-stop/all-buses/a%2Fb/x%3Fy/-');
  });
  it('a trip (no screen of its own) and an empty id open nothing', () => {
    expect(favouritePath({ kind: 'trip', refId: 'x', label: 'x' })).toBeNull();
    expect(favouritePath({ kind: 'route', refId: '', label: 'x' })).toBeNull();
  });
});
