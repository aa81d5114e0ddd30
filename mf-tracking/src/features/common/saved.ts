// Screens this device has shown (the last 8), kept in localStorage: what the offline panel offers when a screen
// cannot load without a connection. Pure helpers plus two storage calls; tested in saved.test.ts.

export type SavedScreen = { path: string; label: string; at: number };
const KEY = 'sawari.tracking.saved';
export const MAX_SAVED = 8;

/** The list with `entry` first, its older copy (same path) removed, at most MAX_SAVED. */
export function withSaved(list: readonly SavedScreen[], entry: SavedScreen): SavedScreen[] {
  return [entry, ...list.filter((s) => s.path !== entry.path)].slice(0, MAX_SAVED);
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;
const browserStorage = (): Store => localStorage;

export function readSaved(storage: () => Store = browserStorage): SavedScreen[] {
  try {
    const v = JSON.parse(storage().getItem(KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((s) => typeof s?.path === 'string' && s.path.startsWith('/') && typeof s.label === 'string') : [];
  } catch {
    return [];
  }
}

/** Remembers a screen the rider has seen with its data (its code and data are then in this device's caches). */
export function rememberScreen(path: string, label: string, now = Date.now(), storage: () => Store = browserStorage): void {
  try {
    storage().setItem(KEY, JSON.stringify(withSaved(readSaved(storage), { path, label, at: now })));
  } catch {
    // storage blocked: nothing to offer offline
  }
}
