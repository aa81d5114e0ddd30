// The frame of a remote's screen and its message helper. Deliberately NOT exported from the package index (it pulls
// react-intl and react-router-dom, which the kiosk boards must not load).
import { useCallback, useEffect, useId, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';

/** A remote's CSS module class map. */
export type Styles = Readonly<Record<string, string>>;

/** `t(id, values)`: a message of the remote's catalog. */
export const useT = () => {
  const intl = useIntl();
  return useCallback((id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values), [intl]);
};

/**
 * A screen: an optional back link, one h1 and its content, drawn with the remote's classes page, back and intro. After
 * the first screen, the new screen's h1 takes the focus (the shell's focus handling watches its own screens only, not a
 * remote's outlet). Call once per remote, at module level: the "first screen" flag is the remote's.
 */
export function createPage(styles: Styles) {
  let firstScreen = true;
  return function Page({
    heading,
    intro,
    back,
    children,
  }: {
    heading: ReactNode;
    intro?: ReactNode;
    back?: { to: string; label: string };
    children?: ReactNode;
  }) {
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
  };
}
