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

/**
 * Where a page load that starts at home goes first when no city is chosen yet: onboarding (the path, or null to stay).
 * Home would only send the rider on from there, after loading and drawing itself (HomeScreen keeps that rule for a
 * city removed later); deciding it before anything renders saves a screen's chunk and a render on every first visit.
 */
export function firstVisitPath(pathname: string, storedCity: string | null): string | null {
  if (storedCity) return null;
  return pathname === BASE_PATH || pathname === `${BASE_PATH}/` ? `${BASE_PATH}/onboarding` : null;
}
