import { createStore } from 'jotai';
import { sessionJsonAtom } from './storage';

/** A sessionStorage stand-in (Node has none); `broken` throws on every call, as a blocked storage does. */
function fakeSessionStorage(broken = false): Storage {
  const data = new Map<string, string>();
  const guard = <T>(f: () => T) =>
    broken
      ? (() => {
          throw new Error('blocked');
        })()
      : f();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => guard(() => data.get(k) ?? null),
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => guard(() => void data.set(k, String(v))),
  };
}

type Pick = { n: number };
const parse = (raw: unknown): Pick => {
  const n = (raw as Pick)?.n;
  if (typeof n !== 'number') throw new Error('bad');
  return { n };
};

describe('sessionJsonAtom', () => {
  const use = (storage: Storage) => Object.defineProperty(globalThis, 'sessionStorage', { value: storage, configurable: true });

  it('starts empty, writes each change through and reads it back in a new store', () => {
    use(fakeSessionStorage());
    const s = sessionJsonAtom('test.key', parse, { n: 0 });
    const store = createStore();
    expect(store.get(s.atom)).toEqual({ n: 0 });
    store.set(s.atom, (v) => ({ n: v.n + 1 }));
    store.set(s.atom, { n: 5 });
    expect(sessionStorage.getItem('test.key')).toBe('{"n":5}');
    expect(createStore().get(s.atom)).toEqual({ n: 5 });
    expect(s.read()).toEqual({ n: 5 });
  });

  it('answers the empty value for text that is not JSON or that parse refuses', () => {
    use(fakeSessionStorage());
    const s = sessionJsonAtom('test.key', parse, { n: 0 });
    sessionStorage.setItem('test.key', '{not json');
    expect(s.read()).toEqual({ n: 0 });
    sessionStorage.setItem('test.key', '{"n":"x"}');
    expect(s.read()).toEqual({ n: 0 });
  });

  it('a blocked storage keeps the value in memory only', () => {
    use(fakeSessionStorage(true));
    const s = sessionJsonAtom('test.key', parse, { n: 0 });
    const store = createStore();
    expect(() => store.set(s.atom, { n: 2 })).not.toThrow();
    expect(store.get(s.atom)).toEqual({ n: 2 });
    expect(s.read()).toEqual({ n: 0 });
  });
});
