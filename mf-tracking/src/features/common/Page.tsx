import { useIntl } from 'react-intl';
import { createPage } from '@sawari/ui/src/page';
import type { ApiRequestError } from '@sawari/runtime';
import type { ComponentProps } from 'react';
import { useRemember } from './useRemember';
import styles from './tracking.module.css';

const BasePage = createPage(styles);

/**
 * A screen: an optional back link, one h1 and its content. After the first screen, the new screen's h1 takes the focus
 * (the shell's focus handling watches its own screens only, not a remote's outlet). Every screen shown is remembered
 * under its heading (saved.ts): its code is then in this device's caches, so the offline panel offers it (a stop
 * page opened offline is offered by the route map's panel right after, never "nothing is saved").
 */
export function Page(props: ComponentProps<typeof BasePage>) {
  useRemember(typeof props.heading === 'string' && props.heading.trim() ? props.heading : null);
  return <BasePage {...props} />;
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
