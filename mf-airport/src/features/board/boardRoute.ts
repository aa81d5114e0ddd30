// Pure path helpers by their file: the package's index would bring the shell's runtime (and React) to a board.
import { appPath, matchPath } from '@sawari/runtime/src/paths';
import { routes } from '../../routes';

/** The board's route parameters when the path is a board, else null (a rider screen, or nothing of this remote). */
export function boardParams(pathname: string): Record<string, string> | null {
  const path = appPath(pathname) ?? '/';
  for (const r of routes) {
    const params = matchPath(r.path, path);
    if (params) return r.screen === 'board' ? params : null;
  }
  return null;
}
