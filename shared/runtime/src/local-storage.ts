// localStorage without jotai or React: the shell's root config reads it before anything else of the runtime loads
// (storage.ts builds the persisted atoms on it).

/** The rider's chosen city id (absent until onboarding). */
export const CITY_STORAGE_KEY = 'sawari.city';

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
