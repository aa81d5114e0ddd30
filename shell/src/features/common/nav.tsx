import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigateToUrl } from 'single-spa';
import { BASE_PATH } from '@sawari/runtime';

/** '/SOS' → '/app/SOS' ('/' → '/app/'). */
export const appUrl = (path: string): string => BASE_PATH + path;

/** Goes to a path below /app without reloading; `replace` for redirects (Back does not return to them). */
export function go(path: string, { replace = false }: { replace?: boolean } = {}): void {
  if (replace) history.replaceState(history.state, '', appUrl(path));
  else navigateToUrl(appUrl(path));
}

/** Where a signed-out rider is sent from `path` (below /app): /app/login/<path, encoded>. */
export const loginPathFor = (path: string): string => `/login/${encodeURIComponent(path)}`;

/** A link to a path below /app that navigates in place (a modified click still opens a new tab). */
export function AppLink({ to, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    go(to);
  };
  return <a href={appUrl(to)} onClick={handle} {...rest} />;
}
