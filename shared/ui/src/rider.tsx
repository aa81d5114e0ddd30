// Pieces the signed-in rider screens of mf-passes and mf-tickets share: page frame, sign-in and city gates, fare
// breakup, refused-request panel and purchase steps. Deliberately NOT exported from the package index (it pulls
// react-intl and react-router-dom, which the kiosk boards must not load). Wording comes from each remote's catalog.
// The components that draw take the remote's class map (rider.module.css merged with the remote's own module) through
// `riderUi(styles)`; each remote calls it once, so each bundle also keeps its own "first screen" flag.
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { loadSession, sessionAtom, sessionLoadedAtom, useCityConfig, type CityConfig } from '@sawari/runtime';
import { fareLineMeaning, formatPaise } from '@sawari/domain';
import { useIntl } from 'react-intl';
import { ListSkeleton, LoadError } from './intl';
import { riderError } from './rider-errors';
import { createPage, useT, type Styles } from './page';
import riderStyles from './rider.module.css';

export { riderStyles, useT, type Styles };

/** The signed-in rider's id (null until the stored session was read, or when signed out). */
export const useUserId = (): string | null => useAtomValue(sessionAtom).userId;

/** Renders children for a signed-in rider; a signed-out rider goes to /login/<this path> and comes back here. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const t = useT();
  const loaded = useAtomValue(sessionLoadedAtom);
  const signedIn = !!useAtomValue(sessionAtom).accessToken;
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    void loadSession();
  }, []);
  useEffect(() => {
    if (loaded && !signedIn) navigate(`/login/${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
  }, [loaded, signedIn, location.pathname, location.search, navigate]);
  if (loaded && signedIn) return <>{children}</>;
  return loaded ? <p role="status">{t('common.signIn')}</p> : <ListSkeleton />;
}

/** The components of `rider.tsx` that draw, with the remote's class map. Call once per remote, at module level. */
export function riderUi(styles: Styles) {
  const money = formatPaise;

  /**
   * City gating (spec §6): renders children with the rider's city config when `feature` is sold there (any city when
   * null); otherwise a clear panel with a way to change city. Works offline from the cached city list.
   */
  function CityGate({ children, feature }: { children: (city: CityConfig) => ReactNode; feature: 'passes' | 'tickets' | 'premium' | null }) {
    const t = useT();
    const { cityId, city, status, error, retry } = useCityConfig();
    if (!cityId)
      return (
        <div className={styles.empty}>
          <p>{t('city.none')}</p>
          <a href="/app/change-city">{t('city.choose')}</a>
        </div>
      );
    if (!city && (status === 'loading' || status === 'idle')) return <ListSkeleton />;
    if (!city && status === 'error') return <LoadError error={error} onRetry={() => void retry()} />;
    if (!city)
      return (
        <div className={styles.empty}>
          <p>{t('city.unknown')}</p>
          <a href="/app/change-city">{t('city.choose')}</a>
        </div>
      );
    if (feature && city.features[feature] !== true)
      return (
        <section className={styles.warn} aria-labelledby={`${feature}-off`}>
          <h2 id={`${feature}-off`}>{t(`city.${feature}Off.title`, { city: city.name })}</h2>
          <p>{t(`city.${feature}Off.body`)}</p>
          <p className={styles.actions}>
            <a href="/app/change-city">{t('city.change')}</a>
            <a href="/app/">{t('common.home')}</a>
          </p>
        </section>
      );
    return <>{children(city)}</>;
  }

  /**
   * The server's fare breakup lines (paise), each name in the rider's language through shared/domain's fareLineMeaning
   * (the remote's catalog has a `fareLine.<key>` message for each; a promotion's own title shows as written), and the
   * amount to pay.
   */
  function FareBreakup({
    lines,
    payable,
    caption,
    payableId,
  }: {
    lines: { name: string; value: number }[];
    payable: number;
    caption: string;
    payableId: string;
  }) {
    const t = useT();
    return (
      <table className={styles.breakup}>
        <caption className={styles.srOnly}>{caption}</caption>
        <tbody>
          {lines.map((l, i) => {
            const meaning = fareLineMeaning(l.name);
            return (
              <tr key={`${i}-${l.name}`}>
                <th scope="row">{meaning ? t(`fareLine.${meaning.key}`, meaning.values) : l.name}</th>
                <td>{l.value < 0 ? `− ${money(-l.value)}` : money(l.value)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t(payableId)}</th>
            <td>{money(payable)}</td>
          </tr>
        </tfoot>
      </table>
    );
  }

  /**
   * A refused request in words (`messageId` of its code, else error.generic with the server's reason), with the way
   * forward (`action`) and Retry; focused when it appears so screen readers read it.
   */
  function ProblemPanel({
    error,
    messageId,
    action,
    onRetry,
  }: {
    error: { code?: string; message?: string } | null;
    messageId: (code?: string) => string | null | undefined;
    action?: { path: string; labelId: string } | null;
    onRetry?: () => void;
  }) {
    const t = useT();
    const intl = useIntl();
    const ref = useRef<HTMLDivElement>(null);
    useEffect(() => {
      if (error) ref.current?.focus();
    }, [error]);
    if (!error) return null;
    const id = messageId(error.code);
    // A code the remote has no words for: the rider's words by its kind (never the API's message, which is for
    // developers); and with no action or retry, the home page is the way on.
    const rider = riderError(error as { code?: string; status?: number }, intl.locale);
    return (
      <div ref={ref} tabIndex={-1} className={styles.alert} role="alert">
        <p>{id ? t(id) : rider.message}</p>
        <p className={styles.actions}>
          {action && <Link to={action.path}>{t(action.labelId)}</Link>}
          {!action && !onRetry && <Link to="/">{rider.home}</Link>}
          {onRetry && (
            <button type="button" className={styles.textButton} onClick={onRetry}>
              {t('common.retry')}
            </button>
          )}
        </p>
      </div>
    );
  }

  /** Where the rider is in the purchase: the steps (message ids steps.<step>), the current one marked. */
  function Steps<S extends string>({ steps, current }: { steps: readonly S[]; current: S }) {
    const t = useT();
    return (
      <ol className={styles.steps} aria-label={t('steps.label')}>
        {steps.map((s) => (
          <li key={s} aria-current={s === current ? 'step' : undefined}>
            {t(`steps.${s}`)}
          </li>
        ))}
      </ol>
    );
  }

  return { Page: createPage(styles), CityGate, FareBreakup, ProblemPanel, Steps };
}
