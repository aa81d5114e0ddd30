import { MAX_SAVED, readSaved, rememberScreen, withSaved } from './saved';

describe('saved screens (offered offline)', () => {
  const data = new Map<string, string>();
  const storage = () => ({ getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) });
  beforeEach(() => data.clear());
  it('keeps the latest first, one entry per path, at most 8', () => {
    let list = withSaved([], { path: '/a', label: 'A', at: 1 });
    list = withSaved(list, { path: '/b', label: 'B', at: 2 });
    list = withSaved(list, { path: '/a', label: 'A again', at: 3 });
    expect(list.map((s) => s.label)).toEqual(['A again', 'B']);
    for (let i = 0; i < 20; i++) list = withSaved(list, { path: `/p${i}`, label: `P${i}`, at: 10 + i });
    expect(list).toHaveLength(MAX_SAVED);
    expect(list[0].path).toBe('/p19');
  });
  it('stores in localStorage and ignores anything malformed there', () => {
    rememberScreen('/live-tracking/route-map/R1', 'Route 1', 5, storage);
    expect(readSaved(storage)).toEqual([{ path: '/live-tracking/route-map/R1', label: 'Route 1', at: 5 }]);
    data.set('sawari.tracking.saved', '[{"path":"javascript:alert(1)","label":"x"},{"nope":1}]');
    expect(readSaved(storage)).toEqual([]);
    data.set('sawari.tracking.saved', 'not json');
    expect(readSaved(storage)).toEqual([]);
    // No storage at all (blocked): nothing, no throw.
    expect(
      readSaved(() => {
        throw new Error('blocked');
      }),
    ).toEqual([]);
  });
});
