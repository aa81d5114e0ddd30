import type { ReactNode } from 'react';
import { ListSkeleton, LoadError } from '../common/Page';
import { RequireSession } from '../common/session';
import { useAsync } from '../common/useAsync';
import { getSos, type SosState } from './sosApi';

function Load({ children }: { children: (sos: SosState | null) => ReactNode }) {
  const sos = useAsync(getSos, 'sos');
  if (sos.status === 'loading') return <ListSkeleton />;
  if (sos.status === 'error' && sos.error.status !== 404) return <LoadError error={sos.error} onRetry={sos.retry} />;
  return <>{children(sos.data)}</>;
}

/** The signed-in rider's SOS settings (sign-in first, then a skeleton, an error with Retry, or `children(settings)`). */
export function WithSosSettings({ path, children }: { path: string; children: (sos: SosState | null) => ReactNode }) {
  return (
    <RequireSession path={path}>
      <Load>{children}</Load>
    </RequireSession>
  );
}
