import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { ApiRequestError } from '@sawari/runtime';
import styles from './tracking.module.css';

let firstScreen = true;

/**
 * A screen: an optional back link, one h1 and its content. After the first screen, the new screen's h1 takes the focus
 * (the shell's focus handling watches its own screens only, not a remote's outlet).
 */
export function Page({ heading, intro, back, children }: { heading: ReactNode; intro?: ReactNode; back?: { to: string; label: string }; children?: ReactNode }) {
  const id = useId();
  const h1 = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (firstScreen) {
      firstScreen = false;
      return;
    }
    window.scrollTo(0, 0);
    h1.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section className={styles.page} aria-labelledby={id}>
      {back && (
        <Link className={styles.back} to={back.to}>
          ← {back.label}
        </Link>
      )}
      <h1 id={id} ref={h1} tabIndex={-1}>
        {heading}
      </h1>
      {intro && <p className={styles.intro}>{intro}</p>}
      {children}
    </section>
  );
}


/** A live refresh that failed while older data stays on screen. */
export function StaleNotice({ error }: { error: ApiRequestError | null }) {
  const intl = useIntl();
  if (!error) return null;
  return (
    <p className={styles.warn} role="status">
      {intl.formatMessage({ id: 'common.stale' })}
    </p>
  );
}

export { LoadError, ListSkeleton } from '@sawari/ui/src/intl';
