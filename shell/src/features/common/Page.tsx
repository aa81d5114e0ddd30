import { useId, type ReactNode } from 'react';
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

/** Nothing to show yet: what this place is for, and how to fill it. */
export function EmptyState({ heading, children }: { heading: ReactNode; children?: ReactNode }) {
  return (
    <div className={styles.empty}>
      <h2>{heading}</h2>
      {children}
    </div>
  );
}

export { LoadError, ListSkeleton } from '@sawari/ui/src/intl';
