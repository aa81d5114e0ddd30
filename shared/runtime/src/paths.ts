// Pure path helpers (no React, no state): the shell's root config may import this file directly.
/** The app's base path: every screen lives below it. */
export const BASE_PATH = '/app';

/** The path below /app ("/" for /app itself), or null for a path outside the app. */
export function appPath(pathname: string): string | null {
  if (pathname === BASE_PATH) return '/';
  if (!pathname.startsWith(BASE_PATH + '/')) return null;
  return pathname.slice(BASE_PATH.length) || '/';
}

/**
 * Matches a route pattern like "/airport-static-screens/:board/:terminalId" against a path below /app. Answers the
 * decoded parameters, or null. Trailing slashes are ignored. (A few lines instead of react-router on kiosk screens,
 * where react-router alone would be a third of the JS budget.)
 */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    let value: string;
    try {
      value = decodeURIComponent(got[i]);
    } catch {
      return null;
    }
    if (want[i].startsWith(':')) params[want[i].slice(1)] = value;
    else if (want[i] !== value) return null;
  }
  return params;
}
