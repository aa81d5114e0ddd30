import { atom, type WritableAtom } from 'jotai';
import { readStored, writeStored } from './local-storage';

export { localStore, readStored, writeStored } from './local-storage';

/** A string atom read from localStorage once at start; writing it also stores it. */
export function persistedAtom<T extends string | null>(key: string, fallback: T): WritableAtom<T, [T], void> {
  const base = atom<T>((readStored(key) as T | null) || fallback);
  return atom(
    (get) => get(base),
    (_get, set, value: T) => {
      set(base, value);
      writeStored(key, value);
    },
  );
}

/** sessionStorage, or null when the browser blocks it or there is none. */
function sessionStore(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export interface SessionJson<T> {
  /** The value; read from sessionStorage on first use, written back on every change (a value or an updater). */
  atom: WritableAtom<T, [T | ((value: T) => T)], void>;
  /** The stored value through `parse`, or `empty` when there is none, it is not JSON or `parse` throws. */
  read(): T;
  /** Stores the value as JSON; a blocked or full storage keeps the in-memory value only. */
  write(value: T): void;
}

/** A JSON value kept in sessionStorage under `key` (a reload keeps it; a new tab starts from `empty`). */
export function sessionJsonAtom<T>(key: string, parse: (raw: unknown) => T, empty: T): SessionJson<T> {
  const read = (): T => {
    try {
      const raw = sessionStore()?.getItem(key);
      return raw ? parse(JSON.parse(raw)) : empty;
    } catch {
      return empty;
    }
  };
  const write = (value: T): void => {
    try {
      sessionStore()?.setItem(key, JSON.stringify(value));
    } catch {
      // storage blocked or full: the in-memory value still works for this visit
    }
  };
  const base = atom<{ value: T } | null>(null);
  const value = atom(
    (get) => (get(base) ?? { value: read() }).value,
    (get, set, update: T | ((value: T) => T)) => {
      const next = typeof update === 'function' ? (update as (value: T) => T)(get(base)?.value ?? read()) : update;
      set(base, { value: next });
      write(next);
    },
  );
  return { atom: value, read, write };
}
