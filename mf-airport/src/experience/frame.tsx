// What every airport rider screen shares: links through single-spa (mf-airport has no react-router: the boards'
// budget), the message and time hooks, and the frame: the catalog, one h1 that takes the focus, the signed-in gate
// (the API needs a rider).
import { useCallback, useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useAtomValue } from 'jotai';
import { navigateToUrl } from 'single-spa';
import { formatCityTime } from '@sawari/domain';
import { loadSession, SawariIntlProvider, sessionAtom, sessionLoadedAtom } from '@sawari/runtime';
import { ListSkeleton } from '@sawari/ui/src/intl';
import styles from '@sawari/ui/src/rider.module.css';
import { EXPERIENCE_CATALOG } from './i18n/catalogs';
import own from './experience.module.css';

export { styles };

export const go = (path: string) => navigateToUrl(`/app${path}`);
export const linkTo = (path: string) => ({
  href: `/app${path}`,
  onClick: (e: { preventDefault(): void; metaKey?: boolean; ctrlKey?: boolean }) => {
    if (e.metaKey || e.ctrlKey) return;
    e.preventDefault();
    go(path);
  },
});
export const useT = () => {
  const intl = useIntl();
  return useCallback((id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values), [intl]);
};
export const useTime = () => {
  const { locale } = useIntl();
  return useCallback((ms: number) => formatCityTime(ms, locale), [locale]);
};

/** The frame: the catalog, one h1 that takes the focus, the signed-in gate (the API needs a rider). */
export function Frame({ heading, back, children }: { heading: string; back?: { path: string; label: string }; children: ReactNode }) {
  return (
    <SawariIntlProvider remote={EXPERIENCE_CATALOG} fallback={null}>
      <FrameInner heading={heading} back={back}>
        {children}
      </FrameInner>
    </SawariIntlProvider>
  );
}

function FrameInner({ heading, back, children }: { heading: string; back?: { path: string; label: string }; children: ReactNode }) {
  const t = useT();
  const loaded = useAtomValue(sessionLoadedAtom);
  const signedIn = !!useAtomValue(sessionAtom).accessToken;
  useEffect(() => {
    void loadSession();
  }, []);
  useEffect(() => {
    if (loaded && !signedIn) go(`/login/${encodeURIComponent(location.pathname.replace(/^\/app/, '') + location.search)}`);
  }, [loaded, signedIn]);
  return (
    <section className={`${styles.page} ${own.page}`} aria-labelledby="experience-h1">
      {back && (
        <a className={styles.back} {...linkTo(back.path)}>
          ← {t(back.label)}
        </a>
      )}
      <h1 id="experience-h1" tabIndex={-1}>
        {t(heading)}
      </h1>
      {loaded && signedIn ? children : loaded ? <p role="status">{t('common.signIn')}</p> : <ListSkeleton />}
    </section>
  );
}
