import { useIntl } from 'react-intl';
import { createPage } from '@sawari/ui/src/page';
import type { ApiRequestError } from '@sawari/runtime';
import styles from './tracking.module.css';

/**
 * A screen: an optional back link, one h1 and its content. After the first screen, the new screen's h1 takes the focus
 * (the shell's focus handling watches its own screens only, not a remote's outlet).
 */
export const Page = createPage(styles);

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
