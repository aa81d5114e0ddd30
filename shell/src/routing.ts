// Path rules of the root config: pure, no DOM, tested in routing.test.ts.
// Stateless constants and pure functions: a private copy is fine here (the root config must not load React).
import { BASE_PATH } from '@sawari/runtime/src/paths';

export const KIOSK_PREFIX = '/airport-static-screens';

/** One entry of remotes.json (docs/architecture.md), generated from the remote's manifest. */
export type { RemoteEntry } from '@sawari/runtime/src/manifest';

/** A remote prefix is active when the path is /app<prefix> or starts with /app<prefix>/. */
export function ownsPath(prefixes: readonly string[], pathname: string): boolean {
  return prefixes.some((p) => pathname === BASE_PATH + p || pathname.startsWith(BASE_PATH + p + '/'));
}

/** Kiosk mode: any path under /app/airport-static-screens/. */
export function isKioskPath(pathname: string): boolean {
  return pathname.startsWith(BASE_PATH + KIOSK_PREFIX + '/');
}
