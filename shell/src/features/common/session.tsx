import { useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useAtomValue } from 'jotai';
import { appPath, loadSession, sessionAtom, sessionLoadedAtom } from '@sawari/runtime';
import { ListSkeleton } from './Page';
import { go, loginPathFor } from './nav';

/**
 * Renders `children` for a signed-in rider. A signed-out rider is sent to /app/login/<path> (replacing this entry,
 * so Back after signing in does not bounce). Waits for the stored session before deciding.
 */
export function RequireSession({ path, children }: { path: string; children: ReactNode }) {
  const intl = useIntl();
  const loaded = useAtomValue(sessionLoadedAtom);
  const signedIn = !!useAtomValue(sessionAtom).accessToken;
  useEffect(() => {
    void loadSession();
  }, []);
  useEffect(() => {
    // Not when the session ended by going home: a forced logout (spec §4) or sign-out has already moved to /app.
    if (loaded && !signedIn && appPath(location.pathname) !== '/') go(loginPathFor(path), { replace: true });
  }, [loaded, signedIn, path]);
  if (loaded && signedIn) return <>{children}</>;
  return loaded ? <p role="status">{intl.formatMessage({ id: 'common.signingIn' })}</p> : <ListSkeleton />;
}
