import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Skeleton, UnavailablePanel } from '@sawari/ui';
import type { ApiRequestError } from '@sawari/runtime';
import styles from './page.module.css';

/** A screen: one h1 (the layout focuses it on route change) and its content. */
export function Page({ heading, children, intro }: { heading: ReactNode; intro?: ReactNode; children?: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.page} aria-labelledby={id}>
      <h1 id={id}>{heading}</h1>
      {intro && <p className={styles.intro}>{intro}</p>}
      {children}
    </section>
  );
}

/** A load that failed: what happened, in the rider's language, and a Retry. */
export function LoadError({ error, onRetry }: { error: ApiRequestError | null; onRetry: () => void }) {
  const intl = useIntl();
  const offline = error?.code === 'NETWORK_ERROR';
  return (
    <UnavailablePanel
      title={intl.formatMessage({ id: 'common.error.title' })}
      message={intl.formatMessage({ id: offline ? 'common.error.network' : 'common.error.generic' })}
      retryLabel={intl.formatMessage({ id: 'common.retry' })}
      onRetry={onRetry}
    />
  );
}

/** Nothing to show yet: what this place is for, and how to fill it. */
export function EmptyState({ heading, children }: { heading: ReactNode; children?: ReactNode }) {
  return (
    <div className={styles.empty}>
      <h2>{heading}</h2>
      {children}
    </div>
  );
}

/** Grey rows while a list loads; screen readers hear "Loading…" once. */
export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  const intl = useIntl();
  return (
    <div className={styles.skeleton} role="status">
      <span className={styles.srOnly}>{intl.formatMessage({ id: 'common.loading' })}</span>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height="3.5rem" />
      ))}
    </div>
  );
}
