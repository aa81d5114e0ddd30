import { atom, type WritableAtom } from 'jotai';

/** localStorage, or null when the browser blocks it (private mode, kiosk policy) or there is none (tests, server). */
export function localStore(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readStored(key: string): string | null {
  try {
    return localStore()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores `value` under `key` (null removes it). A blocked storage keeps the in-memory value only. */
export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) localStore()?.removeItem(key);
    else localStore()?.setItem(key, value);
  } catch {
    // keep the in-memory value
  }
}

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
