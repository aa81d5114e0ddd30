import { createStore } from 'jotai';
import { EMPTY_FLOW } from './model';
import { FLOW_STORAGE_KEY, flowAtom, readFlow, writeFlow } from './flow';

/** A sessionStorage stand-in (Node has none). */
function fakeSessionStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

describe('flow state in sessionStorage', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'sessionStorage', { value: fakeSessionStorage(), configurable: true });
  });

  it('a change is written through; a new page (a new store) reads it back', () => {
    const store = createStore();
    expect(store.get(flowAtom)).toEqual(EMPTY_FLOW);
    store.set(flowAtom, (f) => ({ ...f, city: 'mumbai', configId: 'mum-general' }));
    store.set(flowAtom, (f) => ({
      ...f,
      details: { userName: 'Asha Rao', mailId: '', mobileNumber: '9876543210', gender: '', dob: '', passStartDate: '2025-08-14' },
    }));
    const reloaded = createStore();
    expect(reloaded.get(flowAtom)).toMatchObject({ city: 'mumbai', configId: 'mum-general', details: { userName: 'Asha Rao' } });
  });

  it('garbage in storage is the empty flow; blocked storage keeps the in-memory flow', () => {
    sessionStorage.setItem(FLOW_STORAGE_KEY, '{not json');
    expect(readFlow()).toEqual(EMPTY_FLOW);
    Object.defineProperty(globalThis, 'sessionStorage', {
      configurable: true,
      get() {
        throw new Error('blocked');
      },
    });
    expect(() => writeFlow({ ...EMPTY_FLOW, city: 'kochi' })).not.toThrow();
    expect(readFlow()).toEqual(EMPTY_FLOW);
    const store = createStore();
    store.set(flowAtom, { ...EMPTY_FLOW, city: 'kochi' });
    expect(store.get(flowAtom).city).toBe('kochi');
  });
});
